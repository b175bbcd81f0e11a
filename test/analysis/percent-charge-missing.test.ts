// percent_charge_missing (docs/analysis.md, "A percentage charge missing"): a percentage the
// customer's agreement prices beside another percentage of the same basis (a franchise's brand fund
// beside its royalty, both of gross sales), or one the bill's own header says the customer took (a
// rental's damage waiver accepted), absent from a bill that carries the basis. Hard negatives: the
// charge declined on the header (a certificate of insurance), suspended by a row at 0 %, a row no
// longer in force, a credit memo, a true-up naming the bill it adjusts, a bill of fees only, and a
// percentage billed on another basis.
import { expect, test } from "bun:test";
import { type Contract, isPercentUnit, type PriceListEntry, type Transaction, type TransactionLine } from "../../src/domain/transaction.ts";
import { ReferenceIndex } from "../../src/analysis/reference-index.ts";
import { analyse, reference } from "./fixtures.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";

const CODE = "percent_charge_missing";
const found = async (txn: Transaction, contracts: Contract[], price_list: PriceListEntry[] = []) =>
  (await analyse(txn, { ref: { contracts, price_list } })).anomalies.filter((a) => a.code === CODE);

// A franchise agreement: royalty and brand fund in % of gross sales, per report; a flat technology fee.
const agreement: Contract[] = [
  { contract_id: "FA-4105", customer_id: "L1005", sku: "ROYALTY", price: 6, unit: "%", currency: "USD", valid_from: "2022-08-21", billing_frequency: "Per Report" },
  { contract_id: "FA-4105", customer_id: "L1005", sku: "BRAND-FUND", price: 2, unit: "%", currency: "USD", valid_from: "2022-08-21", billing_frequency: "Per Report" },
  { contract_id: "FA-4105", customer_id: "L1005", sku: "TECH-FEE", price: 325, unit: "MO", currency: "USD", valid_from: "2026-01-01", billing_frequency: "Monthly" },
];
const SALES = 88204.12;
const royaltyBill = (o: { fund?: boolean; type?: Transaction["type"]; reference?: string; lines?: TransactionLine[] } = {}): Transaction => {
  const lines: TransactionLine[] = o.lines ?? [
    { sku: "ROYALTY", quantity: SALES, unit: "%", unit_price: 6, amount: 5292.25, description: "Royalty 6.00% of gross sales" },
    ...(o.fund ? [{ sku: "BRAND-FUND", quantity: SALES, unit: "%", unit_price: 2, amount: 1764.08, description: "Brand fund contribution 2.00% of gross sales" }] : []),
    { sku: "TECH-FEE", quantity: 1, unit: "MO", unit_price: 325, amount: 325, description: "Technology fee 06/2026" },
  ];
  return {
    transaction_id: "RI-1", type: o.type ?? "invoice", date: "2026-07-07T00:00:00Z", customer_id: "L1005", contract_id: "FA-4105", currency: "USD",
    amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines, ...(o.reference ? { reference: o.reference } : {}),
    attributes: { "Period Start": "06/01/2026", "Period End": "06/30/2026" },
  };
};

test("a brand fund the agreement prices beside the royalty, missing from a bill of the royalty, is owed on the royalty's sales", async () => {
  const missing = await found(royaltyBill(), agreement);
  expect(missing.map((a) => a.code)).toEqual([CODE]);
  // 2 % of 88,204.12.
  expect(missing[0]!.amount_at_risk).toBe(1764.08);
  expect(missing[0]!.message).toContain("BRAND-FUND");
  expect(await found(royaltyBill({ fund: true }), agreement)).toEqual([]);
});

test("a brand fund suspended by a row at 0 %, or whose row ended before the period, is not owed", async () => {
  const suspended: Contract[] = [...agreement, { contract_id: "FA-4105", customer_id: "L1005", sku: "BRAND-FUND", price: 0, unit: "%", currency: "USD", valid_from: "2026-05-01", valid_to: "2026-08-31", billing_frequency: "Per Report" }];
  expect(await found(royaltyBill(), suspended)).toEqual([]);
  const ended = agreement.map((c) => (c.sku === "BRAND-FUND" ? { ...c, valid_to: "2026-03-31" } : c));
  expect(await found(royaltyBill(), ended)).toEqual([]);
});

test("a credit memo, a true-up naming the bill it adjusts and a bill of fees only owe no brand fund", async () => {
  expect(await found(royaltyBill({ type: "credit_note" }), agreement)).toEqual([]);
  expect(await found(royaltyBill({ reference: "RI-0" }), agreement)).toEqual([]);
  const feesOnly = royaltyBill({ lines: [{ sku: "TECH-FEE", quantity: 1, unit: "MO", unit_price: 325, amount: 325 }] });
  expect(await found(feesOnly, agreement)).toEqual([]);
});

test("a percentage the agreement bills otherwise than the royalty (interest on royalties paid late) is not owed on every report", async () => {
  const interest: Contract[] = [...agreement, { contract_id: "FA-4105", customer_id: "L1005", sku: "INTEREST", price: 1.5, unit: "%", currency: "USD", valid_from: "2022-08-21", billing_frequency: "Per Occurrence" }];
  expect(await found(royaltyBill({ fund: true }), interest)).toEqual([]);
  // One that names what it applies to is owed on those charges only, when the bill carries them.
  const named: Contract[] = [...agreement, { contract_id: "FA-4105", customer_id: "L1005", sku: "LATE-INT", price: 1.5, unit: "%", currency: "USD", valid_from: "2022-08-21", billing_frequency: "Per Report", applies_to: "PAST-DUE" }];
  expect(await found(royaltyBill({ fund: true }), named)).toEqual([]);
});

// An equipment rental: the rate book prices the damage waiver and the environmental fee in % of the rental.
const book: PriceListEntry[] = [
  { sku: "200-1030", list_price: 195, unit: "DAY", currency: "USD", valid_from: "2026-01-01" },
  { sku: "DW", list_price: 14, unit: "%", currency: "USD", valid_from: "2026-01-01" },
  { sku: "ENVFEE", list_price: 2.5, unit: "%", currency: "USD", valid_from: "2026-01-01" },
];
const rentalBill = (waiver: string, o: { dw?: boolean; customer?: string } = {}): Transaction => {
  const rental = 585;
  const lines: TransactionLine[] = [
    { sku: "200-1030", quantity: 3, unit: "DAY", unit_price: 195, amount: rental, description: "Scissor lift 32 ft electric #20010233 03/02/2026-03/05/2026 3 days" },
    ...(o.dw ? [{ sku: "DW", quantity: rental, unit: "%", unit_price: 14, amount: 81.9, description: "Damage waiver 14% of rental" }] : []),
    { sku: "ENVFEE", quantity: rental, unit: "%", unit_price: 2.5, amount: 14.63, description: "Environmental service fee 2.5% of rental" },
  ];
  return {
    transaction_id: "4411872-001", type: "invoice", date: "2026-03-05T00:00:00Z", customer_id: o.customer ?? "C20417", contract_id: "4411872", currency: "USD",
    amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines, attributes: { "Date Out": "03/02/2026", "Damage Waiver": waiver },
  };
};

test("a damage waiver the header says the customer accepted, missing from the rental's bill, is owed at the rate book's percentage of the rental", async () => {
  const missing = await found(rentalBill("Accepted"), [], book);
  expect(missing.map((a) => a.code)).toEqual([CODE]);
  // 14 % of the 585.00 rental the environmental fee is taken of.
  expect(missing[0]!.amount_at_risk).toBe(81.9);
  expect(await found(rentalBill("Accepted", { dw: true }), [], book)).toEqual([]);
});

test("a damage waiver declined or waived on a certificate of insurance is not owed, whatever the agreement prices", async () => {
  expect(await found(rentalBill("Waived - COI on file"), [], book)).toEqual([]);
  expect(await found(rentalBill("Declined"), [], book)).toEqual([]);
  const national: Contract[] = [{ contract_id: "NA-ACME-2026", customer_id: "C30001", sku: "DW", price: 12, unit: "%", currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" }];
  expect(await found(rentalBill("Waived - COI on file", { customer: "C30001" }), national, book)).toEqual([]);
  // Accepted by a national account: the agreement's 12 %, not the book's 14 %.
  const accepted = await found(rentalBill("Accepted", { customer: "C30001" }), national, book);
  expect(accepted.map((a) => a.amount_at_risk)).toEqual([70.2]);
});

test("a period's end written day first in an export whose connector says so is read that way (a brand fund that ended with the period)", async () => {
  // A European franchisee's weekly report: the week ends 12/06/2026 (12 June, DD/MM/YYYY), billed
  // on 16 June; the brand fund ran until 14 June. Read month first (6 December) the period would not
  // have ended and only the bill's own day would count, after the fund's end.
  const weekly: Contract[] = agreement.map((c) => (c.sku === "BRAND-FUND" ? { ...c, valid_from: "2026-05-01", valid_to: "2026-06-14" } : c));
  const bill: Transaction = { ...royaltyBill(), date: "2026-06-16T00:00:00Z", attributes: { "Period End": "12/06/2026" } };
  const connector = Object.assign(memoryConnector({ transactions: [], reference: { ...reference, contracts: weekly, price_list: [] } }), { dayOrder: () => "day_first" as const });
  const { engine } = makeEngine([connector], modulesConfig());
  const result = await engine.analyze({ accountId: "acct_test", connector: "mem", module: "revenue_leakage", data: bill as unknown as Record<string, unknown> });
  expect(result.anomalies.filter((a) => a.code === CODE).map((a) => a.amount_at_risk)).toEqual([1764.08]);
});

test("a customer of tens of thousands of agreement rows: the brand fund is still owed, judged from the customer's rows in percent alone", async () => {
  const many: Contract[] = [...agreement];
  for (let i = 0; i < 20_000; i++) many.push({ contract_id: "FA-4105", customer_id: "L1005", sku: `SKU-${i}`, price: 10 + (i % 90), unit: "EA", currency: "USD", valid_from: "2022-08-21" });
  const missing = await found(royaltyBill(), many);
  expect(missing.map((a) => a.amount_at_risk)).toEqual([1764.08]);
});

test("ReferenceIndex.customerPercentRows: the customer's and the contract's rows in percent, each once, as customerRows has them", () => {
  const rows: Contract[] = [
    ...agreement,
    { contract_id: "FA-4105", customer_id: "OTHER", sku: "ROYALTY", price: 5, unit: "%", currency: "USD" },
    { contract_id: "FA-9000", customer_id: "L1005", sku: "ROYALTY", price: 7, unit: "percent", currency: "USD" },
    { contract_id: "FA-9000", customer_id: "L1005", sku: "SETUP", price: 900, unit: "EA", currency: "USD" },
  ];
  const index = new ReferenceIndex({ ...reference, contracts: rows });
  for (const [customer, contract] of [["L1005", "FA-4105"], ["L1005", undefined], [undefined, "FA-4105"], ["OTHER", "FA-9000"], ["NOBODY", "NONE"]] as const) {
    const expected = index.customerRows(customer, contract).filter((c) => isPercentUnit(c.unit));
    expect(index.customerPercentRows(customer, contract)).toEqual(expected);
  }
  // The customer's three rows in percent (two agreements) and the other customer's row on the named agreement.
  expect(index.customerPercentRows("L1005", "FA-4105").map((c) => c.price).sort()).toEqual([2, 5, 6, 7]);
});

// A customs broker's rate agreement: a disbursement fee of 2.5 % of the duty and fees it advances
// to customs (`applies_to`), a minimum per entry in EA; the brokerage a flat fee. The fee's basis
// is stated by the row itself, so no other percentage need be on the bill to witness it.
const brokerAgreement: Contract[] = [
  { contract_id: "RA-ACME", customer_id: "ACMELAX", sku: "BRK-ENTRY", price: 125, unit: "EA", currency: "USD", valid_from: "2025-01-01" },
  { contract_id: "RA-ACME", customer_id: "ACMELAX", sku: "ADV-FEE", price: 2.5, unit: "%", currency: "USD", valid_from: "2025-01-01", applies_to: "DUTY, MPF, HMF" },
  { contract_id: "RA-ACME", customer_id: "ACMELAX", sku: "ADV-FEE", price: 20, unit: "EA", currency: "USD", valid_from: "2025-01-01" },
];
const entryBill = (extra: TransactionLine[], disbursements = true): Transaction => {
  const lines: TransactionLine[] = [
    { sku: "BRK-ENTRY", quantity: 1, unit: "EA", unit_price: 125, amount: 125 },
    ...(disbursements ? [
      { sku: "DUTY", quantity: 1, unit: "EA", unit_price: 3120.4, amount: 3120.4, list_price: 3120.4 },
      { sku: "MPF", quantity: 1, unit: "EA", unit_price: 166.28, amount: 166.28, list_price: 166.28 },
      { sku: "HMF", quantity: 1, unit: "EA", unit_price: 60, amount: 60, list_price: 60 },
    ] : []),
    { sku: "DRAY", quantity: 1, unit: "EA", unit_price: 650, amount: 650, list_price: 650 },
    ...extra,
  ];
  return { transaction_id: "C01204411/A", type: "invoice", date: "2026-02-10T00:00:00Z", customer_id: "ACMELAX", contract_id: "RA-ACME", currency: "USD", amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines };
};

test("a percentage naming what it applies to is owed on those charges though the bill carries no other percentage (a broker's disbursement fee on the duty advanced)", async () => {
  const missing = await found(entryBill([]), brokerAgreement);
  expect(missing.map((a) => a.code)).toEqual([CODE]);
  // 2.5 % of 3,120.40 + 166.28 + 60.00 = 3,346.68; the drayage is no charge it names.
  expect(missing[0]!.amount_at_risk).toBe(83.67);
  expect(await found(entryBill([{ sku: "ADV-FEE", quantity: 3346.68, unit: "%", unit_price: 2.5, amount: 83.67 }]), brokerAgreement)).toEqual([]);
  // Billed at the minimum, in EA: billed.
  expect(await found(entryBill([{ sku: "ADV-FEE", quantity: 1, unit: "EA", unit_price: 20, amount: 20 }]), brokerAgreement)).toEqual([]);
});

test("a percentage naming charges the bill does not carry, or naming none beside no other percentage, is not owed", async () => {
  // The importer paid the duty by its own ACH statement: nothing advanced, no fee.
  expect(await found(entryBill([], false), brokerAgreement)).toEqual([]);
  // A row naming nothing it applies to and no other percentage on the bill: no basis is known.
  const unnamed = brokerAgreement.map((c) => (c.unit === "%" ? { ...c, applies_to: undefined } : c));
  expect(await found(entryBill([]), unnamed)).toEqual([]);
});

test("a percentage with a minimum (a row of the same code in a flat unit) is owed at the higher of the two: the minimum where the percentage falls below it", async () => {
  // 2.5 % of 166.28 + 60.00 (no duty: MPF and HMF only) = 5.66, below the minimum of 20.00 per entry.
  const small = entryBill([]);
  small.lines = small.lines.filter((l) => l.sku !== "DUTY");
  const missing = await found(small, brokerAgreement);
  expect(missing.map((a) => a.amount_at_risk)).toEqual([20]);
  expect(missing[0]!.message).toContain("minimum");
  // Above the minimum, the percentage (83.67, as before).
  expect((await found(entryBill([]), brokerAgreement)).map((a) => a.amount_at_risk)).toEqual([83.67]);
  // A minimum no longer in force on the bill's day, or in another currency, is not owed.
  const ended = brokerAgreement.map((c) => (c.sku === "ADV-FEE" && c.unit === "EA" ? { ...c, valid_to: "2025-12-31" } : c));
  expect((await found(small, ended)).map((a) => a.amount_at_risk)).toEqual([5.66]);
  const cad = brokerAgreement.map((c) => (c.sku === "ADV-FEE" && c.unit === "EA" ? { ...c, currency: "CAD" } : c));
  expect((await found(small, cad)).map((a) => a.amount_at_risk)).toEqual([5.66]);
  // Another code's flat row is no minimum of the fee (the brokerage's 125.00).
  const noMinimum = brokerAgreement.filter((c) => !(c.sku === "ADV-FEE" && c.unit === "EA"));
  expect((await found(small, noMinimum)).map((a) => a.amount_at_risk)).toEqual([5.66]);
});
