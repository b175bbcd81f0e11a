// unbilled_recurring_charge follows a contract row to the rows of its code and cadence that start
// the day after it ends (a price step, a renewal): how long its code stays due (coverage) and the
// price in force on a day (priceOn). Each step searched all of the contract's rows, so a contract
// of 1,000 monthly price steps made coverage rows × steps × rows (5.3 s of CPU in process). The
// rows are now looked up by code, cadence and first day (RowFollowers); the searches are kept here
// as they were, and both must give the same answers on random contracts.
import { describe, expect, test } from "bun:test";
import { addDays } from "../../src/analysis/dates.ts";
import { cadenceOf, coverage, priceOn, RecurringBillings, type RecurringRow, RecurringSchedule, RowFollowers, unbilledRecurringCharges } from "../../src/analysis/detectors/leakage/unbilled-recurring.ts";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { mulberry32 } from "../../bench/quality/mulberry32.ts";

const sameCadence = (a: RecurringRow["cadence"], b: RecurringRow["cadence"]) => a.months === b.months && a.weeks === b.weeks;

/** coverage as it was: a search of all rows at each step. */
function coverageSearch(rows: readonly RecurringRow[]): Map<RecurringRow, string | undefined> {
  const out = new Map<RecurringRow, string | undefined>();
  for (const r of rows) {
    let end = r.to;
    const seen = new Set<RecurringRow>([r]);
    for (;;) {
      if (end === undefined) break;
      const next = addDays(end, 1);
      const follow = rows.find((o) => !seen.has(o) && o.row.sku === r.row.sku && sameCadence(o.cadence, r.cadence) && o.from === next);
      if (!follow) break;
      seen.add(follow);
      end = follow.to;
    }
    out.set(r, end);
  }
  return out;
}

/** priceOn as it was, but for its end at a row met again (where it looped for ever). */
function priceSearch(rows: readonly RecurringRow[], o: RecurringRow, day: string): number {
  let cur = o;
  const met = new Set([o]);
  while (cur.to !== undefined && cur.to < day) {
    const end = cur.to;
    const next = rows.find((x) => x !== cur && x.row.sku === cur.row.sku && sameCadence(x.cadence, cur.cadence) && x.from === addDays(end, 1));
    if (!next || met.has(next)) break;
    met.add(next);
    cur = next;
  }
  return cur.amount;
}

const day = (base: number, k: number) => new Date(base + k * 86_400_000).toISOString().slice(0, 10);

function row(sku: string, frequency: string, from: string, to: string | undefined, amount: number): RecurringRow {
  return { row: { contract_id: "L1", customer_id: "T1", sku, price: amount, valid_from: from, ...(to ? { valid_to: to } : {}) }, cadence: cadenceOf(frequency)!, amount, from, to };
}

describe("the rows following a contract row, looked up", () => {
  test("1,000 monthly price steps: the rows are read once, not at each step of each row's chain", () => {
    const base = Date.UTC(1950, 0, 1);
    const rows = Array.from({ length: 1_000 }, (_, k) => row("RENT", "Monthly", day(base, 30 * k), day(base, 30 * k + 29), 1_000 + k));
    let reads = 0;
    const counted = new Proxy(rows, { get: (t, k, r) => (typeof k === "string" && /^\d+$/.test(k) && reads++, Reflect.get(t, k, r)) });
    const followers = new RowFollowers(counted);
    const covered = coverage(counted, followers);
    expect(covered.get(rows[0]!)).toBe(rows[999]!.to);
    expect(priceOn(followers, rows[0]!, rows[999]!.from)).toBe(1_999);
    // Searched at each step: about 170 million reads.
    expect(reads).toBeLessThan(5_000);
  });

  test("on 2,000 random contracts (codes, cadences, rows starting the same day, chains that loop, open rows), the same answers as the searches", () => {
    let chained = 0;
    for (let seed = 1; seed <= 2_000; seed++) {
      const rnd = mulberry32(seed * 31_337);
      const base = Date.UTC(2024, 0, 1);
      const n = 1 + Math.floor(rnd() * 30);
      const rows: RecurringRow[] = [];
      for (let k = 0; k < n; k++) {
        const previous = rows.length > 0 && rnd() < 0.6 ? rows[Math.floor(rnd() * rows.length)] : undefined;
        // Mostly following an earlier row (the day after it ends), else anywhere; a few open, a few
        // ending before they start (a typo's dates, which can make a chain loop).
        const from = previous?.to !== undefined ? addDays(previous.to, 1) : day(base, Math.floor(rnd() * 60));
        const length = Math.floor(rnd() * 40) - 5;
        const to = rnd() < 0.1 ? undefined : day(Date.parse(`${from}T00:00:00Z`), length);
        const sku = previous && rnd() < 0.8 ? previous.row.sku : ["RENT", "PARK"][Math.floor(rnd() * 2)]!;
        const frequency = previous && rnd() < 0.8 ? (previous.cadence.months === 3 ? "Quarterly" : previous.cadence.weeks ? "Weekly" : rnd() < 0.2 ? "Monthly in arrears" : "Monthly") : ["Monthly", "Quarterly", "Weekly"][Math.floor(rnd() * 3)]!;
        rows.push(row(sku, frequency, from, to, 10 + k));
      }
      const followers = new RowFollowers(rows);
      const covered = coverage(rows, followers);
      const searched = coverageSearch(rows);
      for (const r of rows) {
        expect(covered.get(r)).toBe(searched.get(r));
        if (searched.get(r) !== r.to) chained++;
        for (let j = 0; j < 4; j++) {
          const on = day(base, Math.floor(rnd() * 200));
          expect(priceOn(followers, r, on)).toBe(priceSearch(rows, r, on));
        }
      }
    }
    // Not a comparison of lone rows: many rows' code stays due through the rows after them.
    expect(chained).toBeGreaterThan(2_000);
  });
});

// Rows that end before they start (a typo's dates) can follow each other in a loop: Y from 1 May to
// 15 April follows the row ending 30 April, the row from 16 April follows it, and it follows that
// one again. The price of Y in May (for the quarter a quarterly fee is missing from) walked that
// loop for ever, so a contracts table of five rows held the thread that judges it without end.
describe("rows that follow each other in a loop", () => {
  test("the quarter's missing fee is found, and the price walk ends", () => {
    const row = (sku: string, price: number, from: string, to: string, frequency: string): Contract => ({ contract_id: "L1", customer_id: "T1", sku, price, valid_from: from, valid_to: to, billing_frequency: frequency });
    const contracts = [
      row("FEE", 300, "2025-01-01", "2025-12-31", "Quarterly"),
      row("Y", 10, "2025-01-01", "2025-04-30", "Monthly"),
      row("Y", 11, "2025-05-01", "2025-04-15", "Monthly"),
      row("Y", 12, "2025-04-16", "2025-04-30", "Monthly"),
      row("Y", 13, "2025-05-01", "2025-12-31", "Monthly"),
    ];
    const schedule = RecurringSchedule.of(contracts)!;
    const billings = new RecurringBillings(schedule);
    for (let m = 1; m <= 12; m++) {
      const lines = [{ sku: "Y", amount: 10 }, ...(m % 3 === 1 && m !== 4 ? [{ sku: "FEE", amount: 300 }] : [])];
      const t: Transaction = { transaction_id: `INV-${m}`, type: "invoice", date: `2025-${String(m).padStart(2, "0")}-01`, customer_id: "T1", contract_id: "L1", currency: "USD", amount: 0, lines };
      billings.add(t);
    }
    const gaps = unbilledRecurringCharges(schedule, billings).gaps;
    expect(gaps.map((g) => [g.transactionId, g.finding.expected])).toEqual([["INV-4", expect.objectContaining({ sku: "FEE", period_from: "2025-04-01", period_to: "2025-06-30" })]]);
  });
});
