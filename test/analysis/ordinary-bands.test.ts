// amount_outlier tells an ordinary entry by two bounds per context (AmountContexts.ordinaryBands)
// before reading the routines and the context's figures: inside every band of its contexts, no
// z-score judge() computes (the context's, any routine's there of min_history postings or more)
// may reach the threshold, or an alarm would be missed. Checked per context of a journal and of a
// ledger whose company field scopes the amounts, one- and two-sided, at the bands' edges and
// between them; and the bands are tight: just outside one, some z-score does reach it.
import { describe, expect, test } from "bun:test";
import { JOURNAL_FIELDS } from "../../bench/quality/journal.ts";
import type { AmountContexts } from "../../src/analysis/amount-contexts.ts";
import { contextDocCurrencyLedger, contextJournal, contextsOf } from "../support/amount-contexts.ts";

const ROUTINE_MIN_SCALE = 0.25;
const MIN_HISTORY = 20;
const THRESHOLD = 4.5;

const journal = contextJournal;
const docCurrency = contextDocCurrencyLedger;

/** The z-scores judge() computes at log amount x in context k: the context's and its routines' of min_history postings or more. */
function zScores(store: AmountContexts, k: number, x: number, users: number): number[] {
  const z = [(x - store.contextMedian(k)) / store.contextScale(k)];
  for (let u = 0; u < users; u++) {
    const r = store.routineAt(k, u);
    if (r >= 0 && store.routineN(r) >= MIN_HISTORY) z.push((x - store.routineMedian(r)) / Math.max(store.routineScale(r), ROUTINE_MIN_SCALE));
  }
  return z;
}

describe("amount_outlier's ordinary bands", () => {
  for (const [name, transactions, fields] of [
    ["journal", journal, JOURNAL_FIELDS],
    ["doc-currency ledger", docCurrency, "auto"],
  ] as const) {
    for (const twoSided of [false, true]) {
      test(`${name}, ${twoSided ? "two-sided" : "above only"}: inside a band no z-score reaches the threshold; just outside one does`, () => {
        const store = contextsOf(transactions, fields);
        const contexts = store.parts().contexts.field.length;
        const users = store.parts().users.length;
        const { lo, hi } = store.ordinaryBands(THRESHOLD, MIN_HISTORY, twoSided, ROUTINE_MIN_SCALE);
        expect(lo.length).toBe(contexts);
        const beyond = (z: number) => (twoSided ? Math.abs(z) >= THRESHOLD : z >= THRESHOLD);
        let bounded = 0;
        let routinesJudged = 0;
        for (let k = 0; k < contexts; k++) {
          const a = lo[k]!;
          const b = hi[k]!;
          expect(Number.isNaN(b)).toBe(false);
          if (!twoSided) expect(a).toBe(Number.NEGATIVE_INFINITY);
          // Two-sided, routines far apart may leave no amount ordinary for all: every one is judged.
          if (!(b > a)) {
            expect(twoSided).toBe(true);
            continue;
          }
          // Inside: at the edges (one step in) and between them.
          const from = Number.isFinite(a) ? a : b - 40;
          const inside = [from + 1e-7, b - 1e-7, (from + b) / 2, from + (b - from) / 3, from + (2 * (b - from)) / 3];
          for (const x of inside) for (const z of zScores(store, k, x, users)) expect(beyond(z)).toBe(false);
          routinesJudged += zScores(store, k, b, users).length - 1;
          // Just outside: some z-score reaches it (the band is not narrower than it must be, but
          // for the margin).
          expect(zScores(store, k, b + 1e-6 * (1 + Math.abs(b)), users).some(beyond)).toBe(true);
          if (twoSided) expect(zScores(store, k, a - 1e-6 * (1 + Math.abs(a)), users).some(beyond)).toBe(true);
          bounded++;
        }
        expect(bounded).toBeGreaterThan(100);
        expect(routinesJudged).toBeGreaterThan(100);
      });
    }

    test(`${name}: most entries are inside every band of their contexts, the planted outliers are not`, () => {
      const store = contextsOf(transactions, fields);
      const { lo, hi } = store.ordinaryBands(THRESHOLD, MIN_HISTORY, false, ROUTINE_MIN_SCALE);
      let inside = 0;
      for (const t of transactions) {
        const scope = store.scopeOf(t);
        const amount = Math.abs(t.amount ?? 0);
        let all = true;
        store.fields.forEach((f, i) => {
          if (f.kind || f.perLine || amount <= 0) return;
          const v = f.read(t);
          const k = v === undefined ? -1 : store.contextAt(i, v, scope);
          if (k >= 0 && !(Math.log(amount) > lo[k]! && Math.log(amount) < hi[k]!)) all = false;
        });
        if (all) inside++;
      }
      expect(inside).toBeGreaterThan(transactions.length * 0.9);
      expect(inside).toBeLessThan(transactions.length);
    });
  }

  test("the bands of one setting are made once and kept; another setting has its own", () => {
    const store = contextsOf(journal, JOURNAL_FIELDS);
    const a = store.ordinaryBands(THRESHOLD, MIN_HISTORY, false, ROUTINE_MIN_SCALE);
    expect(store.ordinaryBands(THRESHOLD, MIN_HISTORY, false, ROUTINE_MIN_SCALE)).toBe(a);
    const b = store.ordinaryBands(3, MIN_HISTORY, false, ROUTINE_MIN_SCALE);
    expect(b).not.toBe(a);
    // A lower threshold narrows every band.
    for (let k = 0; k < a.hi.length; k++) expect(b.hi[k]!).toBeLessThanOrEqual(a.hi[k]!);
  });
});
