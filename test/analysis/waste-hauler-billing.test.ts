// A commercial waste hauler's route billing (bench/quality/waste-hauler.ts; docs/quality.md): a
// front-load site billed monthly — its service, the fuel surcharge and the environmental recovery
// fee in % of the service, the city's franchise fee in % of the whole invoice —, a roll-off haul
// invoiced when done with its scale ticket, seasonal suspensions and fees waived with a reason.
// What the product must tell apart there: the fuel surcharge missing from a bill that carries the
// franchise fee on its total (the fee taken of the surcharges too is no basis of its own); a fee
// waived with a stated reason; a month the bill's own status says the service was suspended; the
// same scale ticket invoiced twice weeks apart.
import { describe, expect, test } from "bun:test";
import type { Contract, Transaction, TransactionLine } from "../../src/domain/transaction.ts";
import { RecurringBillings, RecurringSchedule, unbilledRecurringCharges } from "../../src/analysis/detectors/leakage/unbilled-recurring.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const agreement = (sku: string, price: number, unit: string, billing_frequency: string): Contract => ({ contract_id: "SA-70012", customer_id: "C200052", sku, price, unit, valid_from: "2025-03-01", billing_frequency });
const surcharges: Contract[] = [agreement("FUEL", 16.1, "%", "Per Invoice"), agreement("ENV", 6.9, "%", "Per Invoice"), agreement("FRAN", 10, "%", "Per Invoice")];
const rates: Contract[] = [agreement("FL-4YD-2X", 587.09, "MO", "Monthly"), agreement("CONTAM", 95, "EA", "Per Occurrence"), ...surcharges];

const pct = (sku: string, basis: number, rate: number): TransactionLine => ({ sku, quantity: basis, unit: "%", unit_price: rate, amount: Math.round(basis * rate) / 100 });
const bill = (id: string, lines: TransactionLine[], extra: Partial<Transaction> = {}): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-04-01", customer_id: "C200052", contract_id: "SA-70012",
  amount: Math.round(lines.reduce((s, l) => s + (l.amount ?? 0), 0) * 100) / 100, lines,
  attributes: { "Service Period From": "04/01/2026", "Service Period To": "04/30/2026" }, ...extra,
});
const service: TransactionLine = { sku: "FL-4YD-2X", quantity: 1, unit: "MO", unit_price: 587.09, amount: 587.09 };
/** The month's bill: service, fuel and environmental fee on it, the franchise fee on all of that. */
const month = (o: { fuel?: boolean } = {}) => {
  const lines = [service, ...(o.fuel === false ? [] : [pct("FUEL", 587.09, 16.1)]), pct("ENV", 587.09, 6.9)];
  const total = Math.round(lines.reduce((s, l) => s + l.amount!, 0) * 100) / 100;
  return bill("400995", [...lines, pct("FRAN", total, 10)]);
};

describe("the fuel surcharge on a bill of a franchise area", () => {
  test("missing beside the environmental fee, it is owed on the service the fee is taken of, though the franchise fee is taken of more", async () => {
    const found = (await analyse(month({ fuel: false }), { ref: { contracts: rates } })).anomalies.filter((a) => a.code === "percent_charge_missing");
    expect(found.map((a) => a.code)).toEqual(["percent_charge_missing"]);
    expect(found[0]!.message).toContain("FUEL");
    // 16.1 % of 587.09.
    expect(found[0]!.amount_at_risk).toBe(94.52);
    expect((await analyse(month(), { ref: { contracts: rates } })).anomalies.filter((a) => a.code === "percent_charge_missing")).toEqual([]);
  });
});

describe("charges the surcharges do not apply to", () => {
  test("a bill whose only percentage is the franchise fee on its whole (a compactor lease, a suspension fee) owes neither fuel nor the environmental fee", async () => {
    const lease: TransactionLine = { sku: "COMP-RENT", quantity: 1, unit: "MO", unit_price: 385, amount: 385 };
    const compactor = bill("402735", [lease, pct("FRAN", 385, 10)]);
    const leaseRates = [...rates, agreement("COMP-RENT", 385, "MO", "Monthly")];
    expect((await analyse(compactor, { ref: { contracts: leaseRates } })).anomalies.filter((a) => a.code === "percent_charge_missing")).toEqual([]);
    const suspension = bill("400994", [{ sku: "SUSP-FEE", quantity: 1, unit: "MO", unit_price: 15, amount: 15 }, pct("FRAN", 15, 10)], { attributes: { "Service Status": "Suspended" } });
    expect((await analyse(suspension, { ref: { contracts: rates } })).anomalies.filter((a) => a.code === "percent_charge_missing")).toEqual([]);
  });
  test("while one surcharge missing beside the other, on a bill of no franchise fee, is still owed", async () => {
    const noFranchise = rates.filter((c) => c.sku !== "FRAN");
    const found = (await analyse(bill("400672", [service, pct("ENV", 587.09, 6.9)]), { ref: { contracts: noFranchise } })).anomalies.filter((a) => a.code === "percent_charge_missing");
    expect(found.map((a) => a.message.slice(0, 4))).toEqual(["FUEL"]);
  });
});

describe("a fee waived with a reason", () => {
  const contamination = (waive?: string): TransactionLine => ({ sku: "CONTAM", quantity: 1, unit: "EA", unit_price: 0, amount: 0, description: "Contamination 03/12/2026 (photo on file)", ...(waive ? { adjustment_reason: waive } : {}) });
  const config = (reasons: string[]) => modulesConfig({ revenue_leakage: { accepted_adjustment_reasons: reasons } });
  test("is no zero-price line where the analyst accepts every stated reason ('*')", async () => {
    const waived = bill("401699", [service, contamination("FIRST OCCURRENCE - EDUCATION")]);
    expect(codes((await analyse(waived, { ref: { contracts: rates }, config: config(["*"]) })).anomalies)).toEqual([]);
  });
  test("a make-up lift at 0 with its reason bills the make-up, not the extra lift the route also did", async () => {
    const makeUp: TransactionLine = { sku: "EXTRA-4YD", quantity: 1, unit: "LIFT", unit_price: 0, amount: 0, description: "Make-up lift 12/27/2025 (missed pickup)", adjustment_reason: "MISSED PICKUP MAKE-UP" };
    const orders = [
      { shipment_id: "WO-900412", transaction_id: "401273", customer_id: "C200052", sku: "EXTRA-4YD", quantity: 1 },
      { shipment_id: "WO-900413", transaction_id: "401273", customer_id: "C200052", sku: "EXTRA-4YD", quantity: 1, billable: "N" },
    ];
    const ref = { contracts: [...rates, agreement("EXTRA-4YD", 72.03, "LIFT", "Per Lift")], shipments: orders };
    const found = (await analyse(bill("401273", [service, makeUp]), { ref, config: config(["*"]) })).anomalies;
    expect(codes(found)).toEqual(["unbilled_shipment"]);
    expect(found[0]!.amount_at_risk).toBe(72.03);
    // Both lifts on the bill: nothing unbilled.
    const both = bill("401274", [service, makeUp, { sku: "EXTRA-4YD", quantity: 1, unit: "LIFT", unit_price: 72.03, amount: 72.03 }]);
    expect(codes((await analyse(both, { ref: { ...ref, shipments: orders.map((o) => ({ ...o, transaction_id: "401274" })) }, config: config(["*"]) })).anomalies)).toEqual([]);
  });
  test("is still one without a reason, or where the accepted reasons are codes it does not carry", async () => {
    expect(codes((await analyse(bill("401700", [service, contamination()]), { ref: { contracts: rates }, config: config(["*"]) })).anomalies)).toEqual(["zero_price_line"]);
    expect(codes((await analyse(bill("401701", [service, contamination("FIRST OCCURRENCE - EDUCATION")]), { ref: { contracts: rates }, config: config(["97"]) })).anomalies)).toEqual(["zero_price_line"]);
  });
});

describe("a seasonal suspension", () => {
  const row: Contract = { ...agreement("FL-4YD-2X", 587.09, "MO", "Monthly"), valid_from: "2025-12-01" };
  const monthly = (m: number, status: string, lines: [string, number][]): Transaction => ({
    transaction_id: `INV-${m}`, type: "invoice", date: `2026-${String(m).padStart(2, "0")}-01`, customer_id: "C200052", contract_id: "SA-70012",
    amount: lines.reduce((s, [, a]) => s + a, 0), lines: lines.map(([sku, amount]) => ({ sku, amount })), attributes: { "Service Status": status },
  });
  const judge = (txns: Transaction[]) => {
    const schedule = RecurringSchedule.of([row])!;
    const billings = new RecurringBillings(schedule);
    for (const t of txns) billings.add(t);
    return unbilledRecurringCharges(schedule, billings).gaps.map((g) => g.transactionId ?? "no document");
  };
  test("a month whose bill says the service is suspended (a suspension fee instead) is not unbilled service", () => {
    const txns = [1, 2, 3, 4, 5, 6].map((m) => (m === 3 ? monthly(m, "Suspended", [["SUSP-FEE", 15], ["FRAN", 1.5]]) : monthly(m, "Active", [["FL-4YD-2X", 587.09], ["ENV", 40.51]])));
    expect(judge(txns)).toEqual([]);
  });
  test("the same month billed without its service while the bill says Active is", () => {
    const txns = [1, 2, 3, 4, 5, 6].map((m) => (m === 3 ? monthly(m, "Active", [["SUSP-FEE", 15], ["FRAN", 1.5]]) : monthly(m, "Active", [["FL-4YD-2X", 587.09], ["ENV", 40.51]])));
    expect(judge(txns)).toEqual(["INV-3"]);
  });
});

describe("a container upsized, the change never reaching billing", () => {
  // 4 yd to 6 yd from 12 March: the old service's row ends the day before, the new one's starts.
  const rows: Contract[] = [
    { contract_id: "SA-70489", customer_id: "C202119", sku: "FL-4YD-2X", price: 305.14, unit: "MO", valid_from: "2025-03-01", valid_to: "2026-03-11", billing_frequency: "Monthly" },
    { contract_id: "SA-70489", customer_id: "C202119", sku: "FL-6YD-2X", price: 373.45, unit: "MO", valid_from: "2026-03-12", billing_frequency: "Monthly" },
  ];
  const monthly = (m: number, lines: [string, number][]): Transaction => ({
    transaction_id: `INV-${m}`, type: "invoice", date: `2026-${String(m).padStart(2, "0")}-01`, customer_id: "C202119", contract_id: "SA-70489",
    amount: lines.reduce((s, [, a]) => s + a, 0), lines: lines.map(([sku, amount]) => ({ sku, amount, quantity: 1 })),
  });
  test("the new service's month billed at the old container is found, its shortfall the difference of the two", () => {
    // Jan–Mar at 4 yd; April and May still at 4 yd (the change missed); from June at 6 yd.
    const txns = [1, 2, 3, 4, 5, 6, 7, 8].map((m) => monthly(m, m <= 5 ? [["FL-4YD-2X", 305.14], ["ENV", 21.05]] : [["FL-6YD-2X", 373.45], ["ENV", 25.77]]));
    const schedule = RecurringSchedule.of(rows)!;
    const billings = new RecurringBillings(schedule);
    for (const t of txns) billings.add(t);
    const gaps = unbilledRecurringCharges(schedule, billings).gaps;
    expect(gaps.map((g) => [g.transactionId, g.finding.amount_at_risk])).toEqual([["INV-4", 68.31], ["INV-5", 68.31]]);
  });
});

describe("a roll-off haul invoiced twice", () => {
  const haul = (id: string, date: string, ticket: string, tons: number): Transaction => {
    const lines: TransactionLine[] = [
      { sku: "HAUL-30YD", quantity: 1, unit: "HAUL", unit_price: 450, amount: 450 },
      { sku: "DISP-CD", quantity: tons, unit: "TON", unit_price: 52, amount: Math.round(tons * 5200) / 100 },
    ];
    return { transaction_id: id, type: "invoice", date, customer_id: "R200117", contract_id: "SA-70027", amount: lines.reduce((s, l) => s + l.amount!, 0), lines, attributes: { "Ticket No": ticket, "Site No": "S-50009" } };
  };
  const first = haul("402301", "2026-05-04", "T3100417", 3.4);
  test("the same scale ticket on a second invoice weeks later is billed twice", async () => {
    const again = { ...first, transaction_id: "402388", date: "2026-05-21" };
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [first, again] })).anomalies)).toEqual(["duplicate_invoice"]);
  });
  test("hard negative: another haul of the same tons weeks later is another ticket", async () => {
    const next = haul("402388", "2026-05-21", "T3100502", 3.4);
    expect((await analyse(next, { module: "duplicate_detection", history: [first, next] })).anomalies).toEqual([]);
  });
});
