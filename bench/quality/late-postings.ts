// A labelled general ledger with an entry date beside the posting date, for the auditors' test of
// post-closing and backdated entries (PCAOB AS 2401, ISA 240): entries recorded into a period
// after it had closed. Written from how closes and interfaces work, before reading any detector.
//
// One company, two years of single-line journal entries (posting dates Dec 2023 – Dec 2025), each
// with its posting date and its entry date-time, as a Business Central / NetSuite export has
// them ("Posting Date", "Created On"). The close calendar: each month's entries stop arriving on
// the 4th–9th working day of the next (a month-end close), December's up to six weeks into
// January (the year-end close with the auditors).
//
// Regular business (hard negatives, each labelled with its kind; a naive "posted into a past
// month" rule flags many of them):
//  - ap_invoice: two payables clerks, posting date the entry day or 1–3 working days before,
//    into the prior month while it is still open;
//  - ar_invoice, payment: receivables and treasury, posting date = entry day;
//  - bank_feed: a nightly import (weekends too), each statement line dated 1–3 days before;
//  - payroll: an import posted to the pay date (the last working day), entered 2–6 working days
//    later — after the month's end, within its close;
//  - expense_report: an expense system posting each receipt on the receipt date, 5–60 days before
//    the report is approved and imported: its lag is its habit, into closed months all the time;
//  - card_feed: a purchasing-card feed switched on in the second year (March 2025), each card
//    transaction posted on its transaction date 10–40 days before the statement is imported;
//  - month_end_close: controllers' accruals, allocations and adjustments entered in the first
//    working days of the next month, posted to the last day of the closed month;
//  - reversal: the accruals' reversals, entered with them, posted to the 1st of the new month;
//  - year_end_close: controllers' and the external auditors' adjustments entered up to six weeks
//    into January, posted to 31 December (the auditor posts nothing else);
//  - weekend_batch: the depreciation run on the first Saturday night after a month's end;
//  - holiday_catch_up: a clerk back from two weeks away enters the backlog at the receipt dates;
//  - manual_journal: controllers' journals during the month, same day or a day or two back.
// Planted (labelled):
//  - post_close_user: an entry into a period long after its close (3 weeks – 4 months) by a user
//    who never posts late (receivables, treasury, sales operations), to revenue or a P&L account
//    they post to every week, described as they always do, small or large;
//  - near_close: the same, but only 8–20 days after the close (a lag of three to five weeks): what
//    a reviewer still wants to see, nearer to what a close window tolerates;
//  - backdated_quarter: a controller's entry into a prior quarter's or the prior year's last day,
//    months after that quarter or year had closed;
//  - habit_break: an ordinary-lag user or source (a payables clerk, the bank feed) that suddenly
//    posts 60–150 days back.
import { mulberry32 } from "./mulberry32.ts";

export const LATE_KINDS = ["post_close_user", "near_close", "backdated_quarter", "habit_break"] as const;
export type LateKind = (typeof LATE_KINDS)[number];
export const REGULAR_KINDS = ["ap_invoice", "ar_invoice", "payment", "bank_feed", "payroll", "expense_report", "card_feed", "month_end_close", "reversal", "year_end_close", "weekend_batch", "holiday_catch_up", "manual_journal", "open_period_tail"] as const;
export type RegularKind = (typeof REGULAR_KINDS)[number];

export interface LateRow {
  entryNo: string;
  /** YYYY-MM-DD */
  postingDate: string;
  /** YYYY-MM-DD HH:mm:ss, local time of the company. */
  createdOn: string;
  user: string;
  source: string;
  account: string;
  accountName: string;
  description: string;
  amount: number;
  currency: string;
  partner: string;
  kind: RegularKind | LateKind;
  planted: boolean;
}

export interface LateLedger {
  rows: LateRow[];
  positives: Set<string>;
  regular: Map<string, RegularKind>;
  plantedKind: Map<string, LateKind>;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");
const weekday = (ms: number) => new Date(ms).getUTCDay();
const isHoliday = (ms: number) => {
  const d = new Date(ms);
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  return (m === 0 && day === 1) || (m === 11 && (day === 25 || day === 26)) || (m === 4 && day === 1);
};
const isWorkday = (ms: number) => weekday(ms) !== 0 && weekday(ms) !== 6 && !isHoliday(ms);
const monthStart = (y: number, m: number) => Date.UTC(y, m, 1);
const monthEnd = (y: number, m: number) => Date.UTC(y, m + 1, 0);

/**
 * The periods the company closes, numbered twelve a year: calendar months (year × 12 + month), or
 * a retail 4-4-5 calendar's periods of whole weeks, its 52-week fiscal years starting on the Sunday
 * 2023-01-01, 2023-12-31, 2024-12-29, 2025-12-28 (the 4-4-5 variant's `year_starts`).
 */
interface LedgerPeriods {
  of(ms: number): number;
  start(i: number): number;
  /** The period's last day. */
  end(i: number): number;
}

const MONTH_PERIODS: LedgerPeriods = {
  of: (ms) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth(),
  start: (i) => monthStart(Math.floor(i / 12), i % 12),
  end: (i) => monthEnd(Math.floor(i / 12), i % 12),
};

const FISCAL_ANCHOR = Date.UTC(2023, 0, 1);
const WEEKS_445 = [4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5];
const OFFSETS_445 = WEEKS_445.map((_, k) => WEEKS_445.slice(0, k).reduce((a, w) => a + w * 7, 0));
/** The 4-4-5 variant's fiscal years, as late_posting.fiscal_calendar.year_starts. */
export const FISCAL_YEAR_STARTS = ["2023-01-01", "2023-12-31", "2024-12-29", "2025-12-28"];
const FISCAL_445: LedgerPeriods = {
  of(ms) {
    const y = Math.floor((ms - FISCAL_ANCHOR) / (364 * DAY));
    const into = (ms - FISCAL_ANCHOR - y * 364 * DAY) / DAY;
    let k = 11;
    while (k > 0 && OFFSETS_445[k]! > into) k--;
    return y * 12 + k;
  },
  start: (i) => FISCAL_ANCHOR + (Math.floor(i / 12) * 364 + OFFSETS_445[i % 12]!) * DAY,
  end: (i) => FISCAL_445.start(i + 1) - DAY,
};
/** The n-th working day (1-based) on or after `from`. */
function nthWorkday(from: number, n: number): number {
  let d = from;
  let k = 0;
  for (;;) {
    if (isWorkday(d) && ++k === n) return d;
    d += DAY;
  }
}
function workdaysBefore(ms: number, n: number): number {
  let d = ms;
  for (let k = 0; k < n; ) {
    d -= DAY;
    if (isWorkday(d)) k++;
  }
  return d;
}

const EXPENSE_ACCOUNTS: [string, string][] = [["6100", "Office supplies"], ["6200", "Rent"], ["6300", "Utilities"], ["6400", "IT services"], ["6500", "Consulting"], ["6600", "Marketing"], ["6700", "Freight"], ["6800", "Repairs"], ["5000", "Materials"], ["5100", "Subcontracting"]];
const TRAVEL: [string, string][] = [["6910", "Travel"], ["6920", "Meals"], ["6930", "Mileage"], ["6940", "Hotel"]];
const REVENUE: [string, string][] = [["4000", "Revenue products"], ["4100", "Revenue services"], ["4200", "Revenue licences"]];
const TREASURY_PL: [string, string][] = [["6650", "Bank fees"], ["7100", "Interest income"], ["7200", "Interest expense"]];
const CLOSE_ACCOUNTS: [string, string][] = [["2400", "Accrued liabilities"], ["6990", "Cost allocations"], ["1300", "Prepaid expenses"], ["6500", "Consulting"], ["6400", "IT services"], ["2450", "Accrued bonuses"], ["4900", "Revenue deferral"], ["1400", "Inventory adjustment"]];

export function generateLateLedger(options: { seed: number; calendar?: "months" | "4-4-5" }): LateLedger {
  const fiscal = options.calendar === "4-4-5";
  const P = fiscal ? FISCAL_445 : MONTH_PERIODS;
  const rnd = mulberry32(options.seed * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const between = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const logAmount = (mu: number, sigma: number) => Math.round(Math.exp(mu + sigma * gauss()) * 100) / 100;
  function gauss() {
    const u = Math.max(rnd(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
  }
  const vendors = Array.from({ length: 80 }, (_, i) => `V${10000 + i}`);
  const customers = Array.from({ length: 60 }, (_, i) => `C${20000 + i}`);
  const employees = Array.from({ length: 35 }, (_, i) => `E${300 + i}`);
  const rows: LateRow[] = [];
  let seq = 0;
  const add = (r: Omit<LateRow, "entryNo" | "currency" | "planted"> & { planted?: boolean }) => {
    rows.push({ ...r, entryNo: `JE${String(++seq).padStart(7, "0")}`, currency: "EUR", planted: r.planted ?? false });
  };
  /** A time of day (ms since midnight) in office hours, or around `hour` ± spread. */
  const office = () => (between(8, 17) * 3600 + between(0, 3599)) * 1000;
  const at = (hour: number, spreadMin: number) => Math.max(0, (hour * 3600 + between(0, spreadMin * 60)) * 1000);

  // The close calendar: period i stops taking entries on its close day (the year's last period, the
  // year-end close, five to six weeks into the next year).
  const closeOf = new Map<number, number>();
  for (let i = P.of(Date.UTC(2023, 0, 1)); i <= P.of(Date.UTC(2026, 11, 31)); i++) {
    const next = P.start(i + 1);
    closeOf.set(i, i % 12 === 11 ? nthWorkday(next, between(24, 29)) : nthWorkday(next, between(4, 9)));
  }
  const closeFor = (ms: number) => closeOf.get(P.of(ms))!;
  /** Whether a posting date's period is still open on `entry` (the close day itself included). */
  const open = (posting: number, entry: number) => entry <= closeFor(posting) + DAY - 1;

  const START = Date.UTC(2024, 0, 1);
  const END = Date.UTC(2025, 11, 31);
  // A clerk's two weeks away each year (ap.clerk2): the backlog is entered on return.
  const holidays: [number, number][] = [
    [Date.UTC(2024, 6, 15) + between(0, 4) * DAY, 0],
    [Date.UTC(2025, 9, 6) + between(0, 4) * DAY, 0],
  ].map(([s]) => [s!, s! + 14 * DAY]);
  const away = (ms: number) => holidays.some(([s, e]) => ms >= s && ms < e);

  for (let day = START; day <= END; day += DAY) {
    const d = new Date(day);
    const y = d.getUTCFullYear();
    const work = isWorkday(day);
    // bank_feed: every night, statement lines of 1–3 days before.
    for (let i = between(4, 10); i > 0; i--) {
      const posting = day - between(1, 3) * DAY;
      const inflow = rnd() < 0.5;
      add({ postingDate: iso(posting), createdOn: stamp(day + at(2, 40)), user: "BANKFEED", source: "BANK", account: "1200", accountName: "Bank", description: inflow ? "Incoming transfer" : "Direct debit", amount: logAmount(inflow ? 8 : 6.5, 1.1), partner: inflow ? pick(customers) : pick(vendors), kind: "bank_feed" });
    }
    if (!work) continue;
    // ap_invoice: two clerks.
    for (const clerk of ["ap.clerk1", "ap.clerk2"]) {
      if (clerk === "ap.clerk2" && away(day)) continue;
      for (let i = between(3, 8); i > 0; i--) {
        let posting = rnd() < 0.6 ? day : workdaysBefore(day, between(1, 3));
        if (!open(posting, day)) posting = day;
        const [account, accountName] = pick(EXPENSE_ACCOUNTS);
        add({ postingDate: iso(posting), createdOn: stamp(day + office()), user: clerk, source: "PURCHASES", account, accountName, description: "Vendor invoice", amount: logAmount(7, 1.2), partner: pick(vendors), kind: "ap_invoice" });
      }
    }
    // holiday_catch_up: the first two days back, the receipts of the fortnight away.
    for (const [, e] of holidays) {
      let back = e;
      while (!isWorkday(back)) back += DAY;
      if (day !== back && day !== nthWorkday(back, 2)) continue;
      for (let i = between(12, 20); i > 0; i--) {
        let posting = e - between(1, 14) * DAY;
        while (!isWorkday(posting)) posting -= DAY;
        if (!open(posting, day)) posting = day;
        const [account, accountName] = pick(EXPENSE_ACCOUNTS);
        add({ postingDate: iso(posting), createdOn: stamp(day + office()), user: "ap.clerk2", source: "PURCHASES", account, accountName, description: "Vendor invoice", amount: logAmount(7, 1.2), partner: pick(vendors), kind: "holiday_catch_up" });
      }
    }
    // ar_invoice and payment: same day.
    for (let i = between(2, 6); i > 0; i--) {
      const [account, accountName] = pick(REVENUE);
      add({ postingDate: iso(day), createdOn: stamp(day + office()), user: rnd() < 0.85 ? "ar.clerk" : "sales.ops", source: "SALES", account, accountName, description: "Customer invoice", amount: logAmount(8, 1), partner: pick(customers), kind: "ar_invoice" });
    }
    for (let i = between(1, 4); i > 0; i--) {
      add({ postingDate: iso(day), createdOn: stamp(day + office()), user: "treasury", source: "PAYMENTS", account: "2000", accountName: "Accounts payable", description: "Payment run", amount: logAmount(8, 1), partner: pick(vendors), kind: "payment" });
    }
    // Treasury's own P&L postings: bank fees and interest, same day.
    if (rnd() < 0.4) {
      const [account, accountName] = pick(TREASURY_PL);
      add({ postingDate: iso(day), createdOn: stamp(day + office()), user: "treasury", source: "PAYMENTS", account, accountName, description: accountName, amount: logAmount(5.5, 1.2), partner: "", kind: "payment" });
    }
    // expense_report: approved reports imported at noon, each receipt on its own date.
    for (let i = between(1, 6); i > 0; i--) {
      const posting = day - between(5, 60) * DAY;
      const [account, accountName] = pick(TRAVEL);
      add({ postingDate: iso(posting), createdOn: stamp(day + at(12, 30)), user: "EXPENSES", source: "EXPENSE", account, accountName, description: "Expense report receipt", amount: logAmount(4.5, 0.9), partner: pick(employees), kind: "expense_report" });
    }
    // card_feed: from March 2025, the card statements imported on two days a month.
    if (day >= Date.UTC(2025, 2, 1) && (d.getUTCDate() === 3 || d.getUTCDate() === 18 || (!isWorkday(day - DAY) && (d.getUTCDate() === 4 || d.getUTCDate() === 19)))) {
      for (let i = between(15, 30); i > 0; i--) {
        const posting = day - between(10, 40) * DAY;
        const [account, accountName] = pick(EXPENSE_ACCOUNTS.slice(0, 4));
        add({ postingDate: iso(posting), createdOn: stamp(day + at(6, 30)), user: "CARDFEED", source: "PCARD", account, accountName, description: "Card transaction", amount: logAmount(5, 1), partner: pick(vendors), kind: "card_feed" });
      }
    }
    // manual_journal: controllers during the month.
    if (rnd() < 0.7) {
      let posting = rnd() < 0.7 ? day : workdaysBefore(day, between(1, 2));
      if (!open(posting, day)) posting = day;
      const [account, accountName] = pick(CLOSE_ACCOUNTS);
      add({ postingDate: iso(posting), createdOn: stamp(day + office()), user: pick(["c.schmidt", "a.rossi"]), source: "GENJNL", account, accountName, description: "Reclassification", amount: logAmount(8, 1.3), partner: "", kind: "manual_journal" });
    }
    // The close of the previous period, in its first working days (to its close day).
    const current = P.of(day);
    const prev = current - 1;
    const close = closeOf.get(prev)!;
    const prevEnd = P.end(prev);
    if (day <= close) {
      const yearEnd = prev % 12 === 11;
      // month_end_close / year_end_close by the controllers.
      for (let i = between(yearEnd ? 1 : 2, yearEnd ? 3 : 6); i > 0; i--) {
        const [account, accountName] = pick(CLOSE_ACCOUNTS);
        add({ postingDate: iso(prevEnd), createdOn: stamp(day + office()), user: pick(["c.schmidt", "a.rossi"]), source: "GENJNL", account, accountName, description: yearEnd ? "Year-end adjustment" : pick(["Accrual", "Cost allocation", "Adjustment", "Prepaid release"]), amount: logAmount(8.5, 1.4), partner: "", kind: yearEnd ? "year_end_close" : "month_end_close" });
        // reversal: an accrual's reversal, entered with it, on the 1st of the new month.
        if (!yearEnd && rnd() < 0.4) {
          add({ postingDate: iso(P.start(current)), createdOn: stamp(day + office()), user: "c.schmidt", source: "GENJNL", account: "2400", accountName: "Accrued liabilities", description: "Accrual reversal", amount: -logAmount(8, 1), partner: "", kind: "reversal" });
        }
      }
      // The auditors' adjustments: the second half of the year-end close.
      if (yearEnd && day >= nthWorkday(P.start(current - (current % 12)), 10) && rnd() < 0.35) {
        for (let i = between(1, 3); i > 0; i--) {
          const [account, accountName] = pick(CLOSE_ACCOUNTS);
          add({ postingDate: iso(prevEnd), createdOn: stamp(day + office()), user: "ext.auditor", source: "GENJNL", account, accountName, description: "Audit adjustment", amount: logAmount(9, 1.3), partner: "", kind: "year_end_close" });
        }
      }
      // payroll: posted to the pay date, imported 2–6 working days after it.
      let pay = prevEnd;
      while (!isWorkday(pay)) pay -= DAY;
      if (day === nthWorkday(pay + DAY, 2 + (((prev % 12) * 7 + y) % 5))) {
        for (const [account, accountName] of [["6000", "Salaries"], ["6010", "Social security"], ["2300", "Payroll liabilities"]] as const) {
          add({ postingDate: iso(pay), createdOn: stamp(day + at(7, 20)), user: "PAYROLL", source: "PAYROLL", account, accountName, description: "Payroll import", amount: logAmount(11, 0.1), partner: "", kind: "payroll" });
        }
      }
    }
  }
  // weekend_batch: the depreciation run, the first Saturday night after each month's end.
  for (let i = P.of(START); i <= P.of(END); i++) {
    const end = P.end(i);
    let sat = end + DAY;
    while (weekday(sat) !== 6) sat += DAY;
    if (sat > END) continue;
    for (const [account, accountName] of [["6800", "Depreciation buildings"], ["6810", "Depreciation equipment"], ["6820", "Depreciation vehicles"]] as const) {
      add({ postingDate: iso(end), createdOn: stamp(sat + at(22, 50)), user: "BATCH", source: "FA-DEPR", account, accountName, description: "Depreciation run", amount: logAmount(9, 0.05), partner: "", kind: "weekend_batch" });
    }
  }
  // open_period_tail (the 4-4-5 calendar only): a period's first days that lie in the calendar
  // month before its end (26–31 January in the period 26 January – 22 February) are open until
  // the period closes. Invoices dated on delivery there are keyed when the signed delivery note
  // comes back, two to four weeks later, by users who otherwise post the day they enter: into a
  // calendar month closed weeks before, into a fiscal period still open.
  if (fiscal) {
    for (let i = P.of(START); i <= P.of(END); i++) {
      const first = P.start(i);
      const end = P.end(i);
      const monthOfEnd = new Date(end).getUTCMonth();
      if (new Date(first).getUTCMonth() === monthOfEnd) continue;
      const tailEnd = Date.UTC(new Date(end).getUTCFullYear(), monthOfEnd, 0);
      for (let n = between(2, 4); n > 0; n--) {
        const posting = first + Math.floor(rnd() * ((tailEnd - first) / DAY + 1)) * DAY;
        let entry = posting + between(14, 24) * DAY;
        while (!isWorkday(entry)) entry += DAY;
        if (entry > end || entry > END) continue;
        const user = pick(["ar.clerk", "sales.ops", "treasury"]);
        if (user === "treasury") {
          const [account, accountName] = pick(TREASURY_PL);
          add({ postingDate: iso(posting), createdOn: stamp(entry + office()), user, source: "PAYMENTS", account, accountName, description: accountName, amount: logAmount(5.5, 1.2), partner: "", kind: "open_period_tail" });
        } else {
          const [account, accountName] = pick(REVENUE);
          add({ postingDate: iso(posting), createdOn: stamp(entry + office()), user, source: "SALES", account, accountName, description: "Customer invoice", amount: logAmount(8, 1), partner: pick(customers), kind: "open_period_tail" });
        }
      }
    }
  }
  // Planted entries, in the second year (a first year of history before them).
  const plantAfter = Date.UTC(2024, 9, 1);
  const plantedKind = new Map<string, LateKind>();
  const plant = (kind: LateKind, user: string, source: string, posting: number, entry: number, account: [string, string], amount: number, partner: string, description: string) => {
    add({ postingDate: iso(posting), createdOn: stamp(entry), user, source, account: account[0], accountName: account[1], description, amount, partner, kind, planted: true });
  };
  const randomWorkday = (from: number, to: number) => {
    for (;;) {
      const d = from + Math.floor(rnd() * ((to - from) / DAY)) * DAY;
      if (isWorkday(d)) return d;
    }
  };
  // post_close_user: users who never post late.
  for (let i = between(5, 8); i > 0; i--) {
    const entry = randomWorkday(plantAfter, END - 5 * DAY);
    const user = pick(["ar.clerk", "treasury", "sales.ops"]);
    // A period that closed 3 weeks to 4 months before the entry.
    let posting = entry - between(30, 130) * DAY;
    if (rnd() < 0.5) posting = P.end(P.of(posting));
    while (closeFor(posting) + 21 * DAY > entry) posting -= 20 * DAY;
    const large = rnd() < 0.4;
    const amount = large ? logAmount(11.5, 0.6) : logAmount(7.5, 1);
    // Into the accounts the user always posts to, as they always describe them: only the lag tells.
    if (user === "treasury") {
      const account = pick(TREASURY_PL);
      plant("post_close_user", user, "PAYMENTS", posting, entry + office(), account, amount, "", account[1]);
    } else plant("post_close_user", user, "SALES", posting, entry + office(), pick(REVENUE), amount, pick(customers), "Customer invoice");
  }
  // near_close: the same users, 8–20 days after the month's close.
  for (let i = between(3, 5); i > 0; i--) {
    const month = randomWorkday(plantAfter, END - 60 * DAY);
    const end = P.end(P.of(month));
    const posting = rnd() < 0.5 ? end : month;
    let entry = closeFor(posting) + between(8, 20) * DAY;
    while (!isWorkday(entry)) entry += DAY;
    const user = pick(["ar.clerk", "treasury", "sales.ops"]);
    const amount = rnd() < 0.4 ? logAmount(11.5, 0.6) : logAmount(7.5, 1);
    if (user === "treasury") {
      const account = pick(TREASURY_PL);
      plant("near_close", user, "PAYMENTS", posting, entry + office(), account, amount, "", account[1]);
    } else plant("near_close", user, "SALES", posting, entry + office(), pick(REVENUE), amount, pick(customers), "Customer invoice");
  }
  // backdated_quarter: a controller into a prior quarter's or year's end, months after its close.
  for (let i = between(3, 5); i > 0; i--) {
    const entry = randomWorkday(Date.UTC(2025, 2, 1), END - 5 * DAY);
    const current = P.of(entry);
    const yearFirst = current - (current % 12);
    const quarter = Math.floor((current % 12) / 3);
    // The end of the quarter before the last closed one, or the prior year's end.
    const yearBack = rnd() < 0.4;
    const posting = yearBack ? P.end(yearFirst - 1) : P.end(yearFirst + quarter * 3 - 4);
    if (closeFor(posting) + 30 * DAY > entry) continue;
    plant("backdated_quarter", pick(["c.schmidt", "a.rossi"]), "GENJNL", posting, entry + office(), pick(CLOSE_ACCOUNTS), logAmount(9.5, 1.2), "", pick(["Adjustment", "Accrual", "Revenue deferral release"]));
  }
  // habit_break: an ordinary-lag user or source suddenly 60–150 days back.
  for (let i = between(2, 4); i > 0; i--) {
    const entry = randomWorkday(plantAfter, END - 5 * DAY);
    const posting = entry - between(60, 150) * DAY;
    if (rnd() < 0.5) {
      const account = pick(EXPENSE_ACCOUNTS);
      plant("habit_break", pick(["ap.clerk1", "ap.clerk2"]), "PURCHASES", posting, entry + office(), account, logAmount(7.5, 1.2), pick(vendors), "Vendor invoice");
    } else {
      plant("habit_break", "BANKFEED", "BANK", posting, entry + at(2, 40), ["1200", "Bank"], logAmount(8, 1.1), pick(customers), "Incoming transfer");
    }
  }
  // As an export lists them: by entry number in the order they were entered.
  rows.sort((a, b) => (a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : 0));
  const renumbered = rows.map((r, i) => ({ ...r, entryNo: `JE${String(i + 1).padStart(7, "0")}` }));
  const positives = new Set<string>();
  const regular = new Map<string, RegularKind>();
  for (const r of renumbered) {
    if (r.planted) {
      positives.add(r.entryNo);
      plantedKind.set(r.entryNo, r.kind as LateKind);
    } else regular.set(r.entryNo, r.kind as RegularKind);
  }
  return { rows: renumbered, positives, regular, plantedKind };
}

/**
 * The export as CSV. `entryDate`: the label of the entry-date column ("Created On"), or false for
 * a ledger that does not carry one (the column left out). `german`: as a German installation
 * writes it (`;`, DD.MM.YYYY, decimal comma, German headers: "Buchungsdatum", "Erfassungsdatum").
 */
export function toLateCsv(ledger: LateLedger, entryDate: string | false = "Created On", german = false): string {
  const header = german
    ? ["Lfd. Nr.", "Buchungsdatum", ...(entryDate ? [entryDate] : []), "Benutzer", "Herkunftscode", "Sachkontonr.", "Sachkontoname", "Buchungstext", "Betrag", "Währung", "Partner"]
    : ["Entry No.", "Posting Date", ...(entryDate ? [entryDate] : []), "User ID", "Source Code", "G/L Account No.", "G/L Account Name", "Description", "Amount", "Currency", "Partner"];
  const sep = german ? ";" : ",";
  const q = (v: string | number) => {
    const s = String(v);
    return s.includes(sep) || /["\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const day = (isoDay: string) => (german ? `${isoDay.slice(8, 10)}.${isoDay.slice(5, 7)}.${isoDay.slice(0, 4)}` : isoDay);
  const lines = [header.map(q).join(sep)];
  for (const r of ledger.rows) {
    const created = `${day(r.createdOn.slice(0, 10))}${r.createdOn.slice(10)}`;
    const amount = german ? r.amount.toFixed(2).replace(".", ",") : r.amount.toFixed(2);
    lines.push([r.entryNo, day(r.postingDate), ...(entryDate ? [created] : []), r.user, r.source, r.account, r.accountName, r.description, amount, r.currency, r.partner].map(q).join(sep));
  }
  return `${lines.join("\n")}\n`;
}
