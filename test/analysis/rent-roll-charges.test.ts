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
