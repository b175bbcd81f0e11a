// A carrier's freight bill (docs/analysis.md, "Revenue leakage"): a fuel surcharge is a percentage
// of the linehaul, stated as the week's % on a line whose quantity is the linehaul it is taken
// of (unit %), and priced against the fuel table's % for the week; freight is rated at the tariff
// in force on the day it was picked up (`Ship Date`, `Pickup Date`), whatever day it is billed.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const fuelTable = [
  { sku: "FSC", list_price: 31.5, currency: "USD", unit: "%", valid_from: "2025-12-22" },
  { sku: "FSC", list_price: 33.0, currency: "USD", unit: "%", valid_from: "2025-12-29" },
  { sku: "FSC", list_price: 34.5, currency: "USD", unit: "%", valid_from: "2026-01-05" },
  { sku: "LGD", list_price: 85, currency: "USD", unit: "EA", valid_from: "2025-01-01" },
  { sku: "LGD", list_price: 90.02, currency: "USD", unit: "EA", valid_from: "2026-01-01" },
];
// The carrier's policy: no discount off the tariff without a pricing agreement.
const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const bill = (id: string, date: string, fuelPct: number, unit: string, extra: Partial<Transaction> = {}, liftgate = 90.02): Transaction => {
  const base = 412.4;
  const fuel = Math.round(base * fuelPct) / 100;
  return {
    transaction_id: id, type: "invoice", date, customer_id: "ACCT-1", currency: "USD", amount: Math.round((fuel + liftgate) * 100) / 100,
    lines: [
      { sku: "FSC", unit, quantity: base, unit_price: fuelPct, amount: fuel },
      { sku: "LGD", unit: "EA", quantity: 1, unit_price: liftgate, amount: liftgate },
    ],
    ...extra,
  };
};
const run = async (txn: Transaction) => codes((await analyse(txn, { ref: { price_list: fuelTable }, config })).anomalies);

test("a percentage line is priced in percent of its quantity: the week's fuel % is no price below 1 %", async () => {
  for (const unit of ["%", "PCT", "Percent", "P1"]) expect(await run(bill(`F-${unit}`, "2026-01-07T00:00:00Z", 34.5, unit))).toEqual([]);
  // A stale week's % (31.5 % in the week of 34.5 %) is below the table.
  expect(await run(bill("F-stale", "2026-01-07T00:00:00Z", 31.5, "%"))).toEqual(["price_below_list"]);
  // Three points short on a linehaul of 412.40 is 12.37 at risk, not 3 × 412.40.
  const stale = await analyse(bill("F-risk", "2026-01-07T00:00:00Z", 31.5, "%"), { ref: { price_list: fuelTable }, config });
  expect(Number(stale.amount_at_risk?.amount)).toBeCloseTo(12.37, 2);
});

test("freight picked up before a rate change is rated at the tariff of the pickup day", async () => {
  // Picked up on 30 December (fuel 33 %, liftgate 85.00), delivered and billed on 2 January.
  const picked = { attributes: { "Ship Date": "12/30/2025" } };
  expect(await run(bill("P-1", "2026-01-02T00:00:00Z", 33.0, "%", picked, 85))).toEqual([]);
  expect(await run(bill("P-2", "2026-01-02T00:00:00Z", 33.0, "%", { attributes: { "Pickup Date": "2025-12-30" } }, 85))).toEqual([]);
  // Without the pickup day the bill's day prices it: last year's liftgate rate is below the tariff.
  expect(await run(bill("P-3", "2026-01-12T00:00:00Z", 34.5, "%", {}, 85))).toEqual(["price_below_list"]);
  // A pickup after the change is rated at the new tariff.
  expect(await run(bill("P-4", "2026-01-12T00:00:00Z", 34.5, "%", { attributes: { "Ship Date": "01/06/2026" } }, 85))).toEqual(["price_below_list"]);
});

test("two shipments of one account billed alike (two minimum charges, one fuel week) are two bills; the same bill of lading billed again is a duplicate", async () => {
  const minimum = (id: string, date: string, attributes: Record<string, string>): Transaction => ({
    transaction_id: id, type: "invoice", date, customer_id: "ACCT-1", currency: "USD", amount: 126.35, contract_id: "PA-ACCT-1",
    lines: [{ sku: "MIN", amount: 95 }, { sku: "FSC", unit: "%", quantity: 95, unit_price: 33, amount: 31.35 }], attributes,
  });
  const first = minimum("418000007", "2025-03-31T00:00:00Z", { "BOL Number": "BOL552356", Consignee: "Grainger Dallas" });
  const second = minimum("418000014", "2025-03-31T00:00:00Z", { "BOL Number": "BOL552391", Consignee: "Uline Dallas" });
  expect((await analyse(second, { module: "duplicate_detection", history: [first, second] })).anomalies).toEqual([]);
  for (const [a, b] of [[{ "Bill of Lading": "7741" }, { "Bill of Lading": "7742" }], [{ "Shipment ID": "S-1" }, { "Shipment ID": "S-2" }], [{ Waybill: "W1" }, { Waybill: "W2" }]] as Record<string, string>[][]) {
    const x = minimum("A1", "2025-03-31T00:00:00Z", a!), y = minimum("A2", "2025-04-01T00:00:00Z", b!);
    expect((await analyse(y, { module: "duplicate_detection", history: [x, y] })).anomalies).toEqual([]);
  }
  // The shipment keyed again from its bill of lading under a new pro number.
  const copy = minimum("418000140", "2025-04-03T00:00:00Z", { "BOL Number": "bol552356 ", Consignee: "Grainger Dallas" });
  expect(codes((await analyse(copy, { module: "duplicate_detection", history: [first, second, copy] })).anomalies)).toEqual(["duplicate_invoice"]);
});

test("a shipment billed at a spot quote it names is priced by the quote, not the account's agreement; a line at 0 is still judged", async () => {
  const agreement = { contracts: [{ contract_id: "PA-ACCT-1", customer_id: "ACCT-1", sku: "LH34-70-5M", price: 14.2298, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" }] };
  const linehaul = (id: string, rate: number, attributes?: Record<string, string>): Transaction => ({
    transaction_id: id, type: "invoice", date: "2025-06-11T00:00:00Z", customer_id: "ACCT-1", currency: "USD", contract_id: "PA-ACCT-1", amount: Math.round(50 * rate * 100) / 100,
    lines: [{ sku: "LH34-70-5M", unit: "CWT", quantity: 50, unit_price: rate, amount: Math.round(50 * rate * 100) / 100 }], ...(attributes ? { attributes } : {}),
  });
  const judged = async (t: Transaction) => codes((await analyse(t, { ref: agreement, config })).anomalies);
  expect(await judged(linehaul("Q-1", 11.95, { "Quote ID": "Q318877" }))).toEqual([]);
  expect(await judged(linehaul("Q-2", 11.95, { "Quote ID": "" }))).toEqual(["price_below_contract"]);
  expect(await judged(linehaul("Q-3", 11.95))).toEqual(["price_below_contract"]);
  expect(await judged(linehaul("Q-4", 0, { "Quote ID": "Q318878" }))).toEqual(["zero_price_line"]);
});

// An account's absolute minimum charge (docs/analysis.md, "Minimum charges"): the agreement states
// it as a row of item MIN; the bill of a small shipment carries a MIN line instead of the
// linehaul. A bill whose linehaul — what the agreement prices — falls below the minimum, with no
// approver, has waived the minimum; fuel and accessorials (the tariff's) do not count towards it.
const minimumAgreement = {
  contracts: [
    { contract_id: "PA-ACCT-1", customer_id: "ACCT-1", sku: "LH34-70-1M", price: 14.2298, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
    { contract_id: "PA-ACCT-1", customer_id: "ACCT-1", sku: "MIN", price: 95, currency: "USD", valid_from: "2025-01-01", valid_to: "2026-12-31" },
    { contract_id: "PA-ACCT-2", customer_id: "ACCT-2", sku: "LH34-70-1M", price: 14.2298, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
  ],
  price_list: fuelTable,
};
const smallShipment = (id: string, o: { customer?: string; approved_by?: string; reference?: string; type?: Transaction["type"]; minimumLine?: boolean; liftgate?: boolean } = {}): Transaction => {
  const customer = o.customer ?? "ACCT-1";
  const sign = o.type === "credit_note" ? -1 : 1;
  const base = o.minimumLine ? 95 : 71.15;
  const lines: Transaction["lines"] = [
    o.minimumLine ? { sku: "MIN", amount: sign * 95 } : { sku: "LH34-70-1M", unit: "CWT", quantity: 5, unit_price: 14.2298, amount: sign * 71.15 },
    { sku: "FSC", unit: "%", quantity: base, unit_price: 34.5, amount: sign * Math.round(base * 34.5) / 100 },
    ...(o.liftgate ? [{ sku: "LGD", unit: "EA", quantity: 1, unit_price: 90.02, amount: sign * 90.02 }] : []),
  ];
  return {
    transaction_id: id, type: o.type ?? "invoice", date: "2026-01-07T00:00:00Z", customer_id: customer, currency: "USD", contract_id: `PA-${customer}`,
    amount: Math.round(lines.reduce((s, l) => s + (l.amount ?? 0), 0) * 100) / 100, lines,
    ...(o.approved_by ? { approved_by: o.approved_by } : {}), ...(o.reference ? { reference: o.reference } : {}),
  };
};

test("a bill whose linehaul is below the agreement's minimum charge, with no approver, waived the minimum; fuel and accessorials do not count towards it", async () => {
  const waived = await analyse(smallShipment("W-1", { liftgate: true }), { ref: minimumAgreement, config });
  expect(codes(waived.anomalies)).toEqual(["below_minimum_charge"]);
  // The minimum less the linehaul billed: 95.00 − 71.15 (the fuel's knock-on is not counted).
  expect(Number(waived.amount_at_risk?.amount)).toBeCloseTo(23.85, 2);
  expect(waived.anomalies[0]!.expected).toMatchObject({ contract_id: "PA-ACCT-1", sku: "MIN", minimum: 95 });
  // Waived with a pricing manager's approval; billed at the minimum; an account without one.
  expect(codes((await analyse(smallShipment("W-2", { approved_by: "jpelletier" }), { ref: minimumAgreement, config })).anomalies)).toEqual([]);
  expect(codes((await analyse(smallShipment("W-3", { minimumLine: true }), { ref: minimumAgreement, config })).anomalies)).toEqual([]);
  expect(codes((await analyse(smallShipment("W-4", { customer: "ACCT-2" }), { ref: minimumAgreement, config })).anomalies)).toEqual([]);
  // A credit of a small bill is no bill below the minimum.
  expect(codes((await analyse(smallShipment("CM-1", { type: "credit_note" }), { ref: minimumAgreement, config })).anomalies)).toEqual([]);
});

test("a balance due adding to a standing original is not judged against the minimum alone; a corrected bill replacing a credited one is", async () => {
  const original = smallShipment("418000007", { minimumLine: true });
  const balanceDue = { ...smallShipment("418000007B", { reference: "418000007" }), date: "2026-01-12T00:00:00Z" };
  expect(codes((await analyse(balanceDue, { ref: minimumAgreement, config, history: [original, balanceDue] })).anomalies)).toEqual([]);
  // The original credited in full: the corrected bill is the whole bill, and below the minimum.
  const credit = { ...smallShipment("CM90001", { type: "credit_note", minimumLine: true, reference: "418000007" }), date: "2026-01-10T00:00:00Z" };
  const corrected = { ...smallShipment("418000007C", { reference: "418000007" }), date: "2026-01-12T00:00:00Z" };
  expect(codes((await analyse(corrected, { ref: minimumAgreement, config, history: [original, credit, corrected] })).anomalies)).toEqual(["below_minimum_charge"]);
});

test("a bill below the minimum that a credit note took back in full and a new bill replaced is not judged again; credited in part, it still is", async () => {
  const short = smallShipment("418000021");
  const credit = { ...smallShipment("CM90021", { type: "credit_note", reference: "418000021" }), date: "2026-01-09T00:00:00Z" };
  const rebill = { ...smallShipment("418000021R", { minimumLine: true, reference: "418000021" }), date: "2026-01-09T00:00:00Z" };
  expect(codes((await analyse(short, { ref: minimumAgreement, config, history: [short, credit, rebill] })).anomalies)).toEqual([]);
  expect(codes((await analyse(rebill, { ref: minimumAgreement, config, history: [short, credit, rebill] })).anomalies)).toEqual([]);
  // Only the fuel taken back: the linehaul's shortfall stands.
  const fuelCredit: Transaction = { ...credit, transaction_id: "CM90022", amount: -credit.lines[1]!.amount!, lines: [credit.lines[1]!] };
  expect(codes((await analyse(short, { ref: minimumAgreement, config, history: [short, fuelCredit] })).anomalies)).toEqual(["below_minimum_charge"]);
});

test("an agreement stating only a minimum (a minimum fee) applies it to the whole bill", async () => {
  const ref = { contracts: [{ contract_id: "ENG-7", customer_id: "CL-9", sku: "Minimum Fee", price: 250, currency: "USD" }], price_list: [{ sku: "CONSULT-HR", list_price: 150, currency: "USD" }] };
  const fee = (id: string, hours: number): Transaction => ({
    transaction_id: id, type: "invoice", date: "2026-03-02T00:00:00Z", customer_id: "CL-9", currency: "USD", contract_id: "ENG-7", amount: hours * 150,
    lines: [{ sku: "CONSULT-HR", quantity: hours, unit_price: 150, amount: hours * 150 }],
  });
  expect(codes((await analyse(fee("F-1", 1), { ref, config })).anomalies)).toEqual(["below_minimum_charge"]);
  expect(codes((await analyse(fee("F-2", 2), { ref, config })).anomalies)).toEqual([]);
  // Another code for the minimum is configuration: the default codes then state no minimum.
  const own = modulesConfig({ revenue_leakage: { max_discount_pct: 0, minimum_charge_skus: ["MINFRT"] } });
  const ownRef = { ...ref, contracts: [{ ...ref.contracts[0]!, sku: "Min-Frt" }] };
  expect(codes((await analyse(fee("F-3", 1), { ref: ownRef, config: own })).anomalies)).toEqual(["below_minimum_charge"]);
  expect(codes((await analyse(fee("F-4", 1), { ref, config: own })).anomalies)).toEqual([]);
});

// A re-weigh billed as a balance due (the pro's B suffix, naming the original): the extra weight's
// linehaul is the difference of two ratings — the whole weight at the new break less the original
// weight at its own —, an amount for the extra hundredweights, not a rate per cwt.
test("a balance due billing the difference of two ratings is not judged as a rate; a supplementary line at a stated rate still is", async () => {
  const ref = { contracts: [
    { contract_id: "PA-ACCT-1", customer_id: "ACCT-1", sku: "LH34-70-5C", price: 16.0, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
    { contract_id: "PA-ACCT-1", customer_id: "ACCT-1", sku: "LH34-70-1M", price: 14.2298, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
  ], price_list: fuelTable };
  const doc = (id: string, date: string, line: Transaction["lines"][number], reference?: string): Transaction => ({
    transaction_id: id, type: "invoice", date, customer_id: "ACCT-1", currency: "USD", contract_id: "PA-ACCT-1", amount: line.amount!, lines: [line], ...(reference ? { reference } : {}),
  });
  const original = doc("418000021", "2026-01-07T00:00:00Z", { sku: "LH34-70-5C", unit: "CWT", quantity: 8, unit_price: 16.0, amount: 128.0 });
  // Re-weighed from 800 to 1,100 lb: 11 cwt at the 1M rate (156.53) less the 128.00 billed.
  const difference = doc("418000021B", "2026-01-14T00:00:00Z", { sku: "LH34-70-1M", unit: "CWT", quantity: 3, amount: 28.53 }, "418000021");
  const judged = async (t: Transaction, history: Transaction[]) => codes((await analyse(t, { ref, config, history })).anomalies);
  expect(await judged(difference, [original, difference])).toEqual([]);
  // A service-failure credit refunding the original in full weeks later does not make the earlier balance due a replacement.
  const refund: Transaction = { transaction_id: "CM90136", type: "credit_note", date: "2026-02-20T00:00:00Z", customer_id: "ACCT-1", currency: "USD", amount: 128.0, reference: "418000021", lines: [{ sku: "CLM", amount: -128.0 }] };
  expect(await judged(difference, [original, difference, refund])).toEqual([]);
  // Without its original in the history the balance due is judged alone.
  expect(await judged(difference, [difference])).toEqual(["price_below_contract"]);
  // Extra units billed at a stated rate below the agreement are a cut, balance due or not.
  const atRate = doc("418000021B", "2026-01-14T00:00:00Z", { sku: "LH34-70-1M", unit: "CWT", quantity: 3, unit_price: 9.51, amount: 28.53 }, "418000021");
  expect(await judged(atRate, [original, atRate])).toEqual(["price_below_contract"]);
});
