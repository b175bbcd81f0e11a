// The finished amount contexts are read from columns (amount-contexts.ts: a context is an index,
// its figures in one typed array, its summary made on first use). Each context is checked
// against the journal and ledger it was built from: found again by field, value and scope; its
// postings counted from the entries themselves; its median and scale those of its own sample; a
// user's routine there found by the user's name, with figures equal to its summary's.
import { describe, expect, test } from "bun:test";
import { JOURNAL_FIELDS } from "../../bench/quality/journal.ts";
import { PairCounts } from "../../src/analysis/pair-counts.ts";
import { robustSummaryOfSorted } from "../../src/analysis/stats.ts";
import { contextDocCurrencyLedger, contextJournal, contextsOf } from "../support/amount-contexts.ts";

const journal = contextJournal;
const docCurrency = contextDocCurrencyLedger;

describe("amount contexts in columns", () => {
  for (const [name, transactions, fields] of [
    ["journal", journal, JOURNAL_FIELDS],
    ["doc-currency ledger", docCurrency, "auto"],
  ] as const) {
    test(`${name}: every context found again, its postings counted from the entries, its figures its sample's`, () => {
      const store = contextsOf(transactions, fields);
      const c = store.parts().contexts;
      expect(c.field.length).toBeGreaterThan(100);
      // Postings per (field, value, scope), counted as the contexts are meant to count them: the
      // entry's amount for a field's value, each line's amount for its SKU.
      const counted = new Map<string, number>();
      const key = (i: number, value: string, scope: string) => `${i}\u0001${value}\u0001${scope}`;
      for (const t of transactions) {
        const scope = store.scopeOf(t);
        store.fields.forEach((f, i) => {
          if (f.kind) return;
          if (f.perLine) {
            for (const l of t.lines) if (l.sku && l.amount) counted.set(key(i, l.sku, scope), (counted.get(key(i, l.sku, scope)) ?? 0) + 1);
          } else if (Math.abs(t.amount ?? 0) > 0) {
            const v = f.read(t);
            if (v !== undefined) counted.set(key(i, v, scope), (counted.get(key(i, v, scope)) ?? 0) + 1);
          }
        });
      }
      expect(counted.size).toBe(c.field.length);
      const values = store.fields.map(() => new Set<string>());
      for (let k = 0; k < c.field.length; k++) {
        const i = c.field[k]!;
        const value = c.values[k]!;
        const scope = c.scopes[k]!;
        values[i]!.add(value);
        expect(store.contextAt(i, value, scope)).toBe(k);
        expect(store.contextsIn(scope)?.[i]?.get(value)).toBe(k);
        const s = store.contextSummary(k);
        expect(store.context(i, value, scope)).toBe(s);
        expect(s.n).toBe(counted.get(key(i, value, scope))!);
        expect([store.contextN(k), store.contextMedian(k), store.contextScale(k)]).toEqual([s.n, s.median, s.scale]);
        const own = robustSummaryOfSorted(Float64Array.from(s.sample).sort());
        expect([s.median, s.scale]).toEqual([own.median, own.scale]);
        expect(Array.from(s.sorted)).toEqual(Array.from(s.sample).sort((a, b) => a - b));
        expect(s.max).toBe(Math.exp(s.sorted[s.sorted.length - 1]!));
      }
      values.forEach((v, i) => expect(store.distinct(i)).toBe(v.size));
      expect(store.contextAt(0, "no such value", c.scopes[0]!)).toBe(-1);
      expect(store.contextsIn("no such scope")).toBeUndefined();
    });

    test(`${name}: a user's routine in a context, by name and by code alike, as the hashed index has it`, () => {
      const store = contextsOf(transactions, fields);
      const c = store.parts().contexts;
      // The routines' index as built (hashed); the store answers from its dense copy of it.
      const hashed = PairCounts.fromParts(store.parts().routineIndex);
      let users = 0;
      for (const [k, user, r] of hashed.entries()) {
        expect(store.routineAt(k, user)).toBe(r);
        users = Math.max(users, user + 1);
      }
      for (let k = 0; k < c.field.length; k++) for (let user = 0; user < users; user++) expect(store.routineAt(k, user)).toBe(c.routines[k] ? hashed.find(k, user, -1) : -1);
      let routines = 0;
      for (const t of transactions.slice(0, 2_000)) {
        const user = t.created_by;
        if (user === undefined) continue;
        const scope = store.scopeOf(t);
        store.fields.forEach((f, i) => {
          if (f.perLine || f.kind) return;
          const value = f.read(t);
          const k = value === undefined ? -1 : store.contextAt(i, value, scope);
          if (k < 0) return;
          const r = store.routineAt(k, store.userCode(user));
          const byName = store.routine(i, value!, scope, user);
          if (f.field === "created_by" || c.routines[k] === 0) {
            expect(r).toBe(-1);
            return;
          }
          expect(r).toBeGreaterThanOrEqual(0);
          routines++;
          expect(byName).toBe(store.routineSummary(r));
          expect([store.routineN(r), store.routineMedian(r), store.routineScale(r)]).toEqual([byName!.n, byName!.median, byName!.scale]);
          expect(store.largestOtherRoutine(k, store.userCode(user))).toBeLessThanOrEqual(store.contextN(k));
        });
      }
      expect(routines).toBeGreaterThan(1_000);
    });
  }
});
