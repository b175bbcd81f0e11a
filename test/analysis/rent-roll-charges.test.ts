// A property manager's charge-detail export (docs/analysis.md, "Revenue leakage"; docs/quality.md,
// the ninth data set): one invoice per lease and month, a line per charge code with an amount and
// no quantity, each lease's recurring charges as contract rows with From/To dates. A charge of an
// amount alone is one charge at that amount; a concession is a credit line the lease grants for
// some months only; two leases of one tenant are two supplies.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { jurisdictionOf } from "../../src/analysis/detectors/leakage/tax-habits.ts";
import { analyse, codes } from "./fixtures.ts";

const lease = (id: string, tenant: string) => [
  { contract_id: id, customer_id: tenant, sku: "RENT", price: 1520, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
  { contract_id: id, customer_id: tenant, sku: "PARK", price: 75, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
  // $100 off the first three months, recorded on the lease.
  { contract_id: id, customer_id: tenant, sku: "CONC", price: -100, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-03-31" },
];
const ref = { price_list: [], contracts: [...lease("L-1", "T-1"), ...lease("L-2", "T-1")] };

/** The month's charges of a lease: [charge code, amount] lines, no quantity, no unit price. */
function charges(id: string, date: string, lines: [string, number][], o: { contract?: string; customer?: string } = {}): Transaction {
  const amount = Math.round(lines.reduce((s, [, a]) => s + a, 0) * 100) / 100;
  return {
    transaction_id: id, type: "invoice", date: `${date}T00:00:00Z`, customer_id: o.customer ?? "T-1", contract_id: o.contract ?? "L-1", currency: "USD",
    amount, tax_amount: 0, lines: lines.map(([sku, a]) => ({ sku, amount: a })),
  };
}

test("a charge of an amount alone is one charge: rent keyed below the lease is reported, the lease's rent is not", async () => {
  const below = await analyse(charges("880101", "2025-06-01", [["RENT", 1250], ["PARK", 75]]), { ref });
  expect(codes(below.anomalies)).toEqual(["price_below_contract"]);
  expect(below.anomalies[0]!.amount_at_risk).toBe(270);
  expect(below.anomalies[0]!.actual).toMatchObject({ unit_price: 1250, quantity: 1 });
  expect((await analyse(charges("880102", "2025-06-01", [["RENT", 1520], ["PARK", 75]]), { ref })).anomalies).toEqual([]);
  // A line stating a unit price but no quantity still prices nothing: how many units is unknown.
  const unitOnly = charges("880103", "2025-06-01", [["RENT", 1250]]);
  unitOnly.lines = [{ sku: "RENT", unit_price: 1250 }];
  expect((await analyse(unitOnly, { ref })).anomalies).toEqual([]);
});

test("a concession beyond what the lease grants is reported, the difference at risk; the lease's own is not", async () => {
  const more = await analyse(charges("880201", "2025-02-01", [["RENT", 1520], ["CONC", -150], ["PARK", 75]]), { ref });
  expect(codes(more.anomalies)).toEqual(["price_below_contract"]);
  expect(more.anomalies[0]!.amount_at_risk).toBe(50);
  expect((await analyse(charges("880202", "2025-02-01", [["RENT", 1520], ["CONC", -100], ["PARK", 75]]), { ref })).anomalies).toEqual([]);
});

test("a concession continued after the months the lease grants it is reported, the whole credit at risk", async () => {
  const after = await analyse(charges("880301", "2025-05-01", [["RENT", 1520], ["CONC", -100], ["PARK", 75]]), { ref });
  expect(codes(after.anomalies)).toEqual(["contract_price_outside_validity"]);
  expect(after.anomalies[0]!.amount_at_risk).toBe(100);
  expect(after.anomalies[0]!.expected).toMatchObject({ valid_to: "2025-03-31" });
  // A credit no lease grants at any time (a deposit applied, a CAM reconciliation credit) is not judged.
  expect((await analyse(charges("880302", "2025-05-20", [["CLEAN", 175], ["DEPAPP", -1520]]), { ref })).anomalies).toEqual([]);
  // A positive charge outside its rows, without a list price, is not judged either (as before).
  expect((await analyse(charges("880303", "2026-02-01", [["RENT", 1520]]), { ref })).anomalies).toEqual([]);
});

test("hard negative: a tenant's two leases billed the same charges the same day are two supplies; a copy under one lease is a duplicate", async () => {
  const a = charges("880401", "2025-06-01", [["RENT", 1520], ["PARK", 75]], { contract: "L-1" });
  const b = charges("880402", "2025-06-01", [["RENT", 1520], ["PARK", 75]], { contract: "L-2" });
  expect((await analyse(b, { module: "duplicate_detection", history: [a, b], ref })).anomalies).toEqual([]);
  const copy = { ...a, transaction_id: "880403", date: "2025-06-02T00:00:00Z" };
  expect(codes((await analyse(copy, { module: "duplicate_detection", history: [a, b, copy], ref })).anomalies)).toEqual(["duplicate_invoice"]);
});

test("a rent roll's property state names the tax jurisdiction", () => {
  const withAttribute = (name: string, value: string) => ({ ...charges("880501", "2024-04-11", [["NSF", 50]]), attributes: { [name]: value } });
  expect(jurisdictionOf(withAttribute("Property State", "FL"))).toBe("FL");
  expect(jurisdictionOf(withAttribute("premises_state", "az"))).toBe("AZ");
  expect(jurisdictionOf(withAttribute("Property Name", "Biscayne Plaza"))).toBe("");
});

test("next month's charges invoiced in advance are priced by the terms in force when the period they bill begins", async () => {
  // The lease steps up on 1 January 2026 and grants $100 off January and February.
  const stepRef = {
    price_list: [],
    contracts: [
      { contract_id: "L-9", customer_id: "T-9", sku: "RENT", price: 4000, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
      { contract_id: "L-9", customer_id: "T-9", sku: "RENT", price: 4120, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
      { contract_id: "L-9", customer_id: "T-9", sku: "CONC", price: -100, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-02-28" },
    ],
  };
  const advance = (id: string, lines: [string, number][], attributes: Record<string, string>) => ({
    ...charges(id, "2025-12-20", lines, { contract: "L-9", customer: "T-9" }), attributes: { "Post Date": "12/20/2025", ...attributes },
  });
  // January's rent at the old step, invoiced on 20 December for the period 01/2026: the step was missed.
  const missed = await analyse(advance("880601", [["RENT", 4000]], { Period: "01/2026" }), { ref: stepRef });
  expect(codes(missed.anomalies)).toEqual(["price_below_contract"]);
  expect(missed.anomalies[0]!.amount_at_risk).toBe(120);
  // At the new step with January's concession: the lease's own terms.
  expect((await analyse(advance("880602", [["RENT", 4120], ["CONC", -100]], { Period: "01/2026" }), { ref: stepRef })).anomalies).toEqual([]);
  for (const period of ["2026-01", "Jan 2026", "January 2026", "01/01/2026"]) {
    expect((await analyse(advance("880603", [["RENT", 4120], ["CONC", -100]], { "Billing Period": period }), { ref: stepRef })).anomalies).toEqual([]);
  }
  // Without a period the invoice's day prices it: January's concession reads as given before its grant,
  // and January's rent as the step billed before the lease allows it (price_above_contract, medium).
  expect(codes((await analyse(advance("880604", [["RENT", 4120], ["CONC", -100]], {}), { ref: stepRef })).anomalies)).toEqual(["contract_price_outside_validity", "price_above_contract"]);
  // A due date is no period: every invoice on terms has one after its day.
  expect(codes((await analyse(advance("880605", [["RENT", 4120], ["CONC", -100]], { "Due Date": "01/01/2026" }), { ref: stepRef })).anomalies)).toEqual(["contract_price_outside_validity", "price_above_contract"]);
  // A period months ahead is no advance billing of it: the invoice's day stands.
  expect(codes((await analyse(advance("880606", [["RENT", 4120], ["CONC", -100]], { Period: "06/2026" }), { ref: stepRef })).anomalies)).toEqual(["contract_price_outside_validity", "price_above_contract"]);
});
