// weekend_posting / out_of_hours_posting for a user with too few postings to have a habit of their
// own (an external accountant keying year-end entries twice a year): judged by the ledger's habit.
// In a small business whose owner keys invoices at night and on weekends, the accountant's
// Saturday afternoon is how the business works; in one where nobody posts on weekends, it stays
// remarkable. A user with a habit of their own is judged by it (calendar.ts).
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse } from "./fixtures.ts";

let seq = 0;
function posting(user: string, at: string, amount = 120): Transaction {
  return { transaction_id: `C${++seq}`, type: "journal_entry", date: at, customer_id: `V${seq % 7}`, currency: "USD", amount, created_by: user, lines: [] };
}

/** 80 days: the bookkeeper on weekdays 9–14h; with `owner`, the owner every day at 19–22h too. */
function ledger(owner: boolean): Transaction[] {
  const out: Transaction[] = [];
  for (let d = 0; d < 80; d++) {
    const day = new Date(Date.UTC(2025, 0, 6) + d * 86_400_000);
    const iso = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) for (let k = 0; k < 4; k++) out.push(posting("dana", `${iso}T${String(9 + k).padStart(2, "0")}:10:00Z`));
    if (owner) for (let k = 0; k < 3; k++) out.push(posting("mike", `${iso}T${19 + k}:30:00Z`));
  }
  // The accountant's one session so far: a Tuesday afternoon.
  for (let k = 0; k < 5; k++) out.push(posting("lisa", "2025-02-18T15:00:00Z"));
  return out;
}

const module = "anomaly_detection";
const calendarCodes = async (t: Transaction, history: Transaction[]) =>
  (await analyse(t, { module, history })).anomalies.map((a) => a.code).filter((c) => c === "weekend_posting" || c === "out_of_hours_posting");

describe("calendar signals for a user without a habit of their own", () => {
  test("the ledger works weekends and evenings: the accountant's Saturday evening is no signal", async () => {
    expect(await calendarCodes(posting("lisa", "2025-03-22T20:15:00Z", 4200), ledger(true))).toEqual([]);
  });

  test("nobody posts on weekends or at night: the same posting is reported", async () => {
    expect(await calendarCodes(posting("lisa", "2025-03-22T20:15:00Z", 4200), ledger(false))).toEqual(["weekend_posting", "out_of_hours_posting"]);
  });

  test("a user with a habit of their own is judged by it, whatever the others do", async () => {
    expect(await calendarCodes(posting("dana", "2025-03-22T20:15:00Z"), ledger(true))).toEqual(["weekend_posting", "out_of_hours_posting"]);
  });
});
