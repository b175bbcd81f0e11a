// Shipments the customer's own agreement says owe nothing apart (docs/analysis.md,
// "unbilled_shipment"): a customs broker's filings extract lists every entry, its additional HTS
// lines and its ISF, whatever the client's agreement bills for them. A filing the agreement prices
// at 0 (free ISF for a key account) is owed nothing when the invoice leaves it off; a client on a
// flat all-in fee per entry, whose agreement row names the filings' codes it applies to, is billed
// for them under that fee. Hard negatives of the rule: a client whose agreement prices the filing,
// billed without it; an all-in fee left off; a fee whose row names nothing it covers (a policy's
// term premium beside an endorsement left off); a code priced by the code it extends.
import { describe, expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { analyse } from "./fixtures.ts";

const price_list = [
  { sku: "BRK-ENTRY", list_price: 195, unit: "EA", currency: "USD", valid_from: "2025-01-01" },
  { sku: "HTS-ADDL", list_price: 8, unit: "LINE", currency: "USD", valid_from: "2025-01-01" },
  { sku: "ISF-FILING", list_price: 50, unit: "EA", currency: "USD", valid_from: "2025-01-01" },
];
const row = (customer: string, sku: string, price: number, unit = "EA"): Contract => ({ contract_id: `RA-${customer}`, customer_id: customer, sku, price, unit, currency: "USD", valid_from: "2025-08-01", valid_to: "2026-07-31" });
const contracts: Contract[] = [
  // A key account: brokerage, lines, and the ISF at no charge.
  row("KEYACCT", "BRK-ENTRY", 85), row("KEYACCT", "HTS-ADDL", 4, "LINE"), row("KEYACCT", "ISF-FILING", 0),
  // A standard client: the ISF at 40.
  row("STANDARD", "BRK-ENTRY", 125), row("STANDARD", "HTS-ADDL", 6, "LINE"), row("STANDARD", "ISF-FILING", 40),
  // An all-in client: one fee per entry covering the brokerage, the lines and the ISF, its disbursement fee in percent.
  { ...row("ALLIN", "ALL-IN", 165), applies_to: "BRK-ENTRY HTS-ADDL ISF-FILING" }, { ...row("ALLIN", "ADV-FEE", 2.5, "%"), applies_to: "DUTY, MPF" },
  // An all-in client whose agreement does not say what its fee covers.
  row("UNSAID", "ALL-IN", 165),
];
const bill = (customer: string, lines: { sku: string; qty: number; rate: number; unit?: string }[]): Transaction => ({
  transaction_id: "C01204400/A",
  type: "invoice",
  date: "2026-02-12",
  customer_id: customer,
  contract_id: `RA-${customer}`,
  currency: "USD",
  amount: lines.reduce((s, l) => s + l.qty * l.rate, 0),
  lines: lines.map((l) => ({ sku: l.sku, quantity: l.qty, unit: l.unit ?? "EA", unit_price: l.rate, amount: Math.round(l.qty * l.rate * 100) / 100 })),
});
const filings = [{ sku: "BRK-ENTRY", quantity: 1 }, { sku: "HTS-ADDL", quantity: 7 }, { sku: "ISF-FILING", quantity: 1 }];
const unbilled = async (txn: Transaction, shipped = filings) =>
  (await analyse(txn, { ref: { contracts, price_list, shipments: shipped.map((s, i) => ({ shipment_id: `F${i}`, transaction_id: txn.transaction_id, ...s })) }, history: [txn] })).anomalies.filter(
    (a) => a.code === "unbilled_shipment",
  );
const duty = [{ sku: "DUTY", qty: 1, rate: 3120.4 }, { sku: "MPF", qty: 1, rate: 166.28 }];

describe("filings the customer's agreement bills otherwise", () => {
  test("an ISF the agreement prices at 0, not on the invoice, is owed nothing", async () => {
    expect(await unbilled(bill("KEYACCT", [{ sku: "BRK-ENTRY", qty: 1, rate: 85 }, { sku: "HTS-ADDL", qty: 7, rate: 4, unit: "LINE" }, ...duty]))).toEqual([]);
  });

  test("an ISF the agreement prices, not on the invoice, is still unbilled at the agreement's price", async () => {
    const found = await unbilled(bill("STANDARD", [{ sku: "BRK-ENTRY", qty: 1, rate: 125 }, { sku: "HTS-ADDL", qty: 7, rate: 6, unit: "LINE" }, ...duty]));
    expect(found.map((a) => a.amount_at_risk)).toEqual([40]);
  });

  test("a flat all-in fee: the filings' codes its row applies to are billed under it", async () => {
    expect(await unbilled(bill("ALLIN", [{ sku: "ALL-IN", qty: 1, rate: 165 }, ...duty, { sku: "ADV-FEE", qty: 3286.68, rate: 2.5, unit: "%" }]))).toEqual([]);
    // The fee's row names no code: the filings are still owed, at the schedule's prices less the policy's 10 %.
    const unsaid = await unbilled(bill("UNSAID", [{ sku: "ALL-IN", qty: 1, rate: 165 }, ...duty]));
    expect(unsaid.map((a) => a.amount_at_risk).sort((a, b) => a - b)).toEqual([45, 50.4, 175.5]);
  });

  test("the all-in fee left off, or a client with no agreement: the filings are still owed", async () => {
    // The all-in fee left off: the bill carries the duty alone.
    const found = await unbilled(bill("ALLIN", duty));
    expect(found.map((a) => (a.expected as { sku?: string }).sku).sort()).toEqual(["BRK-ENTRY", "HTS-ADDL", "ISF-FILING"]);
    // A client with no agreement at all: the schedule's prices less the policy's 10 % (ISF 50, 7 lines at 8).
    const none = await unbilled(bill("WALKIN", [{ sku: "BRK-ENTRY", qty: 1, rate: 195 }, ...duty]));
    expect(none.map((a) => a.amount_at_risk).sort((a, b) => a - b)).toEqual([45, 50.4]);
  });
});

describe("a shipped code the agreement prices by a code it extends", () => {
  // A print dealer's meter worksheet keys a device's clicks by its serial (CLICK-MONO-E7300037),
  // priced by the contract's CLICK-MONO; the bill carries the base fee, which no meter read names.
  const print: Contract[] = [
    { contract_id: "MPS-9", customer_id: "P9", sku: "BASE-A3C", price: 140, unit: "MO", currency: "USD", valid_from: "2026-01-01" },
    { contract_id: "MPS-9", customer_id: "P9", sku: "CLICK-MONO", price: 0.012, currency: "USD", valid_from: "2026-01-01" },
  ];
  test("is no code the agreement leaves out: the device's clicks are still unbilled", async () => {
    const txn: Transaction = { transaction_id: "MP-301", type: "invoice", date: "2026-03-02", customer_id: "P9", contract_id: "MPS-9", currency: "USD", amount: 140, lines: [{ sku: "BASE-A3C", quantity: 1, unit: "MO", unit_price: 140, amount: 140 }] };
    const found = (await analyse(txn, { ref: { contracts: print, shipments: [{ shipment_id: "M1", transaction_id: "MP-301", sku: "CLICK-MONO-E7300037", quantity: 5000 }] }, history: [txn] })).anomalies.filter((a) => a.code === "unbilled_shipment");
    expect(found.map((a) => a.amount_at_risk)).toEqual([60]);
  });
});

describe("an agreement that prices a shipped code", () => {
  // A parcel carrier's customer: its agreement prices the ground service by zone and weight; the
  // hub scanned the parcel at 12 lb and a residential delivery, the invoice billed it at 8 lb alone.
  const parcel: Contract[] = [
    { contract_id: "PA-4", customer_id: "S4", sku: "GND-5-8", price: 14.1, currency: "USD", valid_from: "2026-01-01" },
    { contract_id: "PA-4", customer_id: "S4", sku: "GND-5-12", price: 18.3, currency: "USD", valid_from: "2026-01-01" },
  ];
  test("speaks the shipments' terms: an accessorial scanned and not billed is still unbilled beside a variant it billed", async () => {
    const txn: Transaction = { transaction_id: "PX-9", type: "invoice", date: "2026-03-09", customer_id: "S4", contract_id: "PA-4", currency: "USD", amount: 14.1, lines: [{ sku: "GND-5-8", base_sku: "GND", quantity: 1, unit_price: 14.1, amount: 14.1 }] };
    const shipments = [{ shipment_id: "H1", transaction_id: "PX-9", sku: "GND-5-12", quantity: 1 }, { shipment_id: "H2", transaction_id: "PX-9", sku: "RESI", quantity: 1 }];
    const found = (await analyse(txn, { ref: { contracts: parcel, price_list: [{ sku: "RESI", list_price: 5.5, currency: "USD" }], shipments }, history: [txn] })).anomalies.filter((a) => a.code === "unbilled_shipment");
    expect(found.map((a) => (a.expected as { sku?: string }).sku).sort()).toEqual(["GND-5-12", "RESI"]);
  });
});
