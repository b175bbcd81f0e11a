// A package rate posted as its elements: a hotel's bed-and-breakfast rate is one price a night in
// the rate calendar (BAR and breakfast for two), but the night audit posts it as the room less
// each adult's breakfast on the room code and the breakfast allocation on its own code, both
// under the package's rate code (1000-PKGBB-AUSDT-KING and 2015-PKGBB-AUSDT-KING) on the night's
// date. The room line is judged with the elements of its night that no reference row prices
// (docs/analysis.md, "Package elements").
import { expect, test } from "bun:test";
import type { PriceListEntry, Transaction, TransactionLine } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const calendar: PriceListEntry[] = [
  { sku: "1000-PKGBB-AUSDT-KING", list_price: 265, currency: "USD", valid_from: "2026-03-01" },
  { sku: "1000-PKGBB-AUSDT-KING", list_price: 275, currency: "USD", valid_from: "2026-03-02" },
];
const line = (code: string, date: string, qty: number, price: number): TransactionLine => ({
  sku: `${code}-PKGBB-AUSDT-KING`, base_sku: code, quantity: qty, unit_price: price, amount: Math.round(qty * price * 100) / 100, date,
});
const folio = (id: string, lines: TransactionLine[]): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-03-03", customer_id: "P7654321", currency: "USD", contract_id: "PKGBB",
  amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines,
});
const judged = (t: Transaction) => analyse(t, { ref: { price_list: calendar }, config });

test("the room less the breakfast, with the breakfast posted beside it, is the package's price", async () => {
  // One adult: the room is the package less one breakfast; two: less two.
  const r = await judged(folio("PKG1", [line("1000", "2026-03-01", 1, 247), line("2015", "2026-03-01", 1, 18), line("1000", "2026-03-02", 1, 239), line("2015", "2026-03-02", 2, 18)]));
  expect(codes(r.anomalies)).toEqual([]);
});

test("a package night below its price with its breakfast is still below the list", async () => {
  const r = await judged(folio("PKG2", [line("1000", "2026-03-01", 1, 200), line("2015", "2026-03-01", 2, 18)]));
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(29, 2);
});

test("a breakfast of another night does not make up a night's room", async () => {
  const r = await judged(folio("PKG3", [line("1000", "2026-03-01", 1, 229), line("2015", "2026-03-02", 2, 18)]));
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
});
