// The users' posting days the dormant-user detector reads: local days, distinct and ascending
// whatever the source's order, a plain date read as its own day.
import { expect, test } from "bun:test";
import { PostingDays } from "../../src/analysis/posting-days.ts";
import { parseDateMs } from "../../src/analysis/dates.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

const t = (date: string, created_by?: string): Transaction => ({ transaction_id: date, type: "journal_entry", date, lines: [], ...(created_by ? { created_by } : {}) });

test("days per user, sorted and counted when the source is out of order; entries without a user count for the ledger only", () => {
  const p = new PostingDays(0);
  for (const x of [t("2025-03-02T10:00:00Z", "ann"), t("2025-03-02T11:00:00Z", "ann"), t("2025-03-01T09:00:00Z", "ann"), t("2025-03-05T09:00:00Z"), t("2025-03-02", "bob")]) p.add(x, parseDateMs(x.date!));
  p.finish();
  const day = (s: string) => Math.floor(Date.parse(s) / 86_400_000);
  expect([...p.timeline("ann")!.days]).toEqual([day("2025-03-01"), day("2025-03-02")]);
  expect([...p.timeline("ann")!.counts]).toEqual([1, 2]);
  expect([...p.timeline("bob")!.days]).toEqual([day("2025-03-02")]);
  expect(p.lastDay).toBe(day("2025-03-05"));
});

test("a date-time is read in the configured offset, a plain date as its own day", () => {
  const p = new PostingDays(120);
  const late = t("2025-03-01T23:30:00Z", "ann");
  const plain = t("2025-03-01", "ann");
  expect(p.dayOf(late.date!, parseDateMs(late.date!))).toBe(Math.floor(Date.parse("2025-03-02") / 86_400_000));
  expect(p.dayOf(plain.date!, parseDateMs(plain.date!))).toBe(Math.floor(Date.parse("2025-03-01") / 86_400_000));
});
