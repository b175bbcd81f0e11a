// refund_beyond_schedule (refund-schedule.ts): a student's complete withdrawal is refunded by the
// published schedule, a percentage that only falls as the term goes on (100 % the first week,
// 75 % the second, 50 % the third and fourth, 25 % the fifth and sixth). A refund at a higher
// percentage than the term's earlier withdrawals got is beyond it. Hard negatives: the schedule
// kept, another term (its own start), another part of term (a second summer session starting
// later), a drop's reversal (no withdrawal date), too few withdrawals to show a schedule.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, serviceHistoryFindings } from "./fixtures.ts";

const MON = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** Banner's DD-MON-YYYY of `days` after 26 August 2024 (a fall term's first day). */
const banner = (days: number, start = "2024-08-26") => {
  const d = new Date(Date.parse(start) + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, "0")}-${MON[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
};
const scheduled = (days: number) => (days < 7 ? 100 : days < 14 ? 75 : days < 28 ? 50 : days < 42 ? 25 : 0);

let seq = 0;
/** A withdrawal's reversal of a 4,620.00 assessment at `pct`, the student withdrawn `days` into the term. */
const refund = (days: number, pct: number, o: { term?: string; start?: string; extra?: Record<string, string> } = {}): Transaction => {
  const amount = -Math.round(4620 * pct) / 100;
  const n = ++seq;
  return {
    transaction_id: `AR41${String(n).padStart(5, "0")}`,
    type: "credit_note",
    date: new Date(Date.parse(o.start ?? "2024-08-26") + (days + 3) * 86_400_000).toISOString().slice(0, 10),
    customer_id: `A0120${String(n).padStart(4, "0")}`,
    reference: `AR40${String(n).padStart(5, "0")}`,
    currency: "USD",
    amount,
    lines: [{ sku: "TUUF", quantity: -1, unit: "TERM", unit_price: 4620, amount }],
    attributes: { "Term Code": o.term ?? "202510", "Reason Code": "WD", "Refund Pct": String(pct), "Withdrawal Date": banner(days, o.start), ...o.extra },
  };
};
/** A term's withdrawals refunded by the schedule, two a week for six weeks. */
const term = (o: { term?: string; start?: string; extra?: Record<string, string> } = {}) =>
  [1, 4, 8, 11, 15, 18, 22, 25, 29, 32, 36, 39].map((d) => refund(d, scheduled(d), o));

test("a withdrawal in the term's fifth week refunded in full, where the term's earlier withdrawals got 75, 50 and 25 %", () => {
  const beyond = refund(33, 100);
  const found = serviceHistoryFindings([...term(), beyond]);
  // Refunded 4,620.00 where the term's withdrawals before it got at most 25 %: 3,465.00 beyond.
  expect([...found]).toEqual([[beyond.transaction_id, ["refund_beyond_schedule:3465"]]]);
});

test("hard negatives: the schedule kept, another term and another part of term starting later, a drop's reversal, a term of few withdrawals", () => {
  const spring = term({ term: "202520", start: "2025-01-13" });
  // Summer session B starts five weeks after session A: its first week refunds in full.
  const summerA = term({ term: "202530", start: "2025-05-19", extra: { "Part of Term": "S1" } });
  const summerB = [2, 5, 9].map((d) => refund(d, scheduled(d), { term: "202530", start: "2025-06-23", extra: { "Part of Term": "S2" } }));
  const drop = { ...refund(30, 100), attributes: { "Term Code": "202510", "Reason Code": "DD", "Refund Pct": "100" } };
  const few = [refund(20, 50, { term: "202610" }), refund(30, 100, { term: "202610" })];
  expect(serviceHistoryFindings([...term(), ...spring, ...summerA, ...summerB, drop, ...few]).size).toBe(0);
});

test("through the engine, over the connector's history", async () => {
  const beyond = refund(26, 100);
  const history = [...term(), beyond];
  expect(codes((await analyse(beyond, { history })).anomalies)).toContain("refund_beyond_schedule");
});
