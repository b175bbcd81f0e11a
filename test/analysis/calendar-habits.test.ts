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
  (await analyse(t, { module, history })).anomalies.map((a) => a.code).filter((c) => c === "weekend_posting" || c === "out_of_hours_posting" || c === "out_of_hours_for_user");

describe("calendar signals for a user without a habit of their own", () => {
  test("the ledger works weekends and evenings: the accountant's Saturday evening is no signal", async () => {
    expect(await calendarCodes(posting("lisa", "2025-03-22T20:15:00Z", 4200), ledger(true))).toEqual([]);
  });

  test("nobody posts on weekends or at night: the same posting is reported", async () => {
    expect(await calendarCodes(posting("lisa", "2025-03-22T20:15:00Z", 4200), ledger(false))).toEqual(["weekend_posting", "out_of_hours_posting"]);
  });

  test("a user with a habit of their own is judged by it, whatever the others do", async () => {
    // dana's 220-odd postings are all at 9–12h: an evening one is at an hour she never keys
    // (medium alone: below); the weekend stays the weak signal (a closing weekend is no crime).
    expect(await calendarCodes(posting("dana", "2025-03-22T20:15:00Z"), ledger(true))).toEqual(["weekend_posting", "out_of_hours_for_user"]);
  });
});

describe("calendar signals read when a transaction was keyed (entered_at), where the export says", () => {
  /** A bank feed: booked on a plain date; the moment each payment was initiated is `entered_at`. */
  function feed(): Transaction[] {
    const out: Transaction[] = [];
    for (let d = 0; d < 80; d++) {
      const day = new Date(Date.UTC(2025, 0, 6) + d * 86_400_000);
      const iso = day.toISOString().slice(0, 10);
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
      for (let k = 0; k < 4; k++) out.push({ ...posting("dana", iso), entered_at: `${iso}T${String(9 + k).padStart(2, "0")}:10:00Z` });
      // The analyst keys the subsidiary's salaries at 21h the evening before, every day: a habit.
      out.push({ ...posting("mike", iso), entered_at: `${new Date(day.getTime() - 86_400_000).toISOString().slice(0, 10)}T21:30:00Z` });
    }
    return out;
  }

  test("a payment booked on a Monday, initiated on the Sunday night by a user who never does: out of her hours", async () => {
    const t = { ...posting("dana", "2025-03-24", 4200), entered_at: "2025-03-23T23:40:00Z" };
    expect(await calendarCodes(t, feed())).toEqual(["weekend_posting", "out_of_hours_for_user"]);
    // Initiated in business hours on the booking day: nothing, though the feed has no time of booking.
    expect(await calendarCodes({ ...t, entered_at: "2025-03-24T10:05:00Z" }, feed())).toEqual([]);
  });

  test("a user who keys at night every day (read from entered_at too) is not reported for it", async () => {
    expect(await calendarCodes({ ...posting("mike", "2025-03-25", 4200), entered_at: "2025-03-24T21:50:00Z" }, feed())).toEqual([]);
  });

  test("an entry date without a time of day says nothing of the hour: the booking date is read", async () => {
    expect(await calendarCodes({ ...posting("dana", "2025-03-22T20:15:00Z"), entered_at: "2025-03-24" }, ledger(false))).toEqual(["weekend_posting", "out_of_hours_for_user"]);
  });
});

describe("out_of_hours_for_user: keyed at an hour a user with a long record never works", () => {
  /** `days` weekdays of `user` keying 4 postings at 9–12h; `nights` of them also one at 22h. */
  function clerk(user: string, days: number, nights: number): Transaction[] {
    const out: Transaction[] = [];
    for (let d = 0, n = 0; n < days; d++) {
      const day = new Date(Date.UTC(2025, 0, 6) + d * 86_400_000);
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
      const iso = day.toISOString().slice(0, 10);
      for (let k = 0; k < 4; k++) out.push(posting(user, `${iso}T${String(9 + k).padStart(2, "0")}:10:00Z`));
      if (n < nights) out.push(posting(user, `${iso}T22:05:00Z`));
      n++;
    }
    return out;
  }

  test("at 3h by a clerk whose 200 postings are all at 9–12h: medium on its own, not a capped weak signal", async () => {
    const r = await analyse(posting("dana", "2025-04-15T03:20:00Z"), { module, history: clerk("dana", 50, 0) });
    const found = r.anomalies.find((a) => a.code === "out_of_hours_for_user");
    expect(found?.severity).toBe("medium");
    expect(found!.message).toContain("0 of their 200 timed postings within an hour of 03h");
    expect(r.risk_level).toBe("medium");
  });

  test("too short a record (fewer than 100 timed postings), or an hour near the late evenings a user does work: the weak signal only", async () => {
    expect(await calendarCodes(posting("dana", "2025-04-15T03:20:00Z"), clerk("dana", 20, 0))).toEqual(["out_of_hours_posting"]);
    // 8 of 208 postings at 22h (4 %, within three hours of midnight): a user who works late now and then.
    expect(await calendarCodes(posting("dana", "2025-04-15T00:20:00Z"), clerk("dana", 50, 8))).toEqual(["out_of_hours_posting"]);
    // ... and 3 a.m. is still far from her latest evenings.
    expect(await calendarCodes(posting("dana", "2025-04-15T03:20:00Z"), clerk("dana", 50, 8))).toEqual(["out_of_hours_for_user"]);
  });

  test("near an hour the user does key (22h, then 23h): no strong signal", async () => {
    expect(await calendarCodes(posting("dana", "2025-04-15T23:20:00Z"), clerk("dana", 50, 1))).toEqual(["out_of_hours_posting"]);
  });
});

test("a Sunday afternoon by a clerk who never keys on weekends is the weak signal only: a closing weekend brings in users who never work weekends otherwise", async () => {
  const out: Transaction[] = [];
  for (let d = 0; d < 90; d++) {
    const day = new Date(Date.UTC(2025, 0, 6) + d * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (let k = 0; k < 3; k++) out.push(posting("omar", `${day.toISOString().slice(0, 10)}T${String(10 + k).padStart(2, "0")}:00:00Z`));
  }
  expect(await calendarCodes(posting("omar", "2025-04-13T15:00:00Z"), out)).toEqual(["weekend_posting"]);
});

test("an entry time with nobody named (a DATEV batch's creation, stamped on every row) is no one's hours: the booking date is read", async () => {
  const t: Transaction = { ...posting("x", "2025-03-24"), created_by: undefined, entered_at: "2025-03-22T21:40:00Z" };
  expect(await calendarCodes(t, ledger(false))).toEqual([]);
});
