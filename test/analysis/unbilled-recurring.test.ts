// unbilled_recurring_charge's rule (unbilled-recurring.ts): what an analyst requires before calling
// a contract period unbilled, case by case, on a small lease billed monthly.
import { describe, expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { addMonths, cadenceOf, RecurringBillings, RecurringSchedule, unbilledRecurringCharges } from "../../src/analysis/detectors/leakage/unbilled-recurring.ts";

const row = (sku: string, price: number, from: string, to?: string, extra: Partial<Contract> = {}): Contract => ({
  contract_id: "L1", customer_id: "T1", sku, price, valid_from: from, ...(to ? { valid_to: to } : {}), billing_frequency: "Monthly", ...extra,
});
let seq = 0;
const invoice = (date: string, lines: [string, number][], extra: Partial<Transaction> = {}): Transaction => ({
  transaction_id: `INV-${++seq}`, type: "invoice", date, customer_id: "T1", contract_id: "L1", currency: "USD",
  amount: lines.reduce((s, [, a]) => s + a, 0), lines: lines.map(([sku, amount]) => ({ sku, amount })), ...extra,
});

/** A year of monthly invoices (RENT 1000, PARK 50) on the 1st, Jan–Dec 2025, with `change` per month. */
function year(change: (month: string, lines: [string, number][]) => [string, number][] | null = (_, l) => l): Transaction[] {
  const out: Transaction[] = [];
  for (let m = 1; m <= 12; m++) {
    const day = `2025-${String(m).padStart(2, "0")}-01`;
    const lines = change(day.slice(0, 7), [["RENT", 1000], ["PARK", 50]]);
    if (lines) out.push(invoice(day, lines));
  }
  return out;
}

function judge(contracts: Contract[], txns: Transaction[]) {
  const schedule = RecurringSchedule.of(contracts)!;
  const billings = new RecurringBillings(schedule);
  for (const t of txns) billings.add(t);
  return unbilledRecurringCharges(schedule, billings).gaps;
}

const lease = [row("RENT", 1000, "2025-01-01", "2025-12-31"), row("PARK", 50, "2025-01-01", "2025-12-31")];

describe("cadence", () => {
  test("reads the usual spellings; none or an unknown one is no recurring charge", () => {
    expect(cadenceOf("Monthly")).toEqual({ months: 1, weeks: 0, arrears: false });
    expect(cadenceOf("QUARTERLY")).toEqual({ months: 3, weeks: 0, arrears: false });
    expect(cadenceOf("Annual")).toEqual({ months: 12, weeks: 0, arrears: false });
    expect(cadenceOf("Monthly in arrears")).toEqual({ months: 1, weeks: 0, arrears: true });
    expect(cadenceOf("monthly", "Arrears")).toEqual({ months: 1, weeks: 0, arrears: true });
    expect(cadenceOf("Weekly")).toEqual({ months: 0, weeks: 1, arrears: false });
    expect(cadenceOf("Fortnightly")).toEqual({ months: 0, weeks: 2, arrears: false });
    expect(cadenceOf("bi-weekly in arrears")).toEqual({ months: 0, weeks: 2, arrears: true });
    expect(cadenceOf("4-weekly")).toEqual({ months: 0, weeks: 4, arrears: false });
    expect(cadenceOf("bimonthly")).toEqual({ months: 2, weeks: 0, arrears: false });
    expect(cadenceOf("one-time")).toBeUndefined();
    expect(cadenceOf(undefined)).toBeUndefined();
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
  });

  test("a schedule without any cadence judges nothing", () => {
    expect(RecurringSchedule.of([{ contract_id: "C", customer_id: "X", sku: "A", price: 5, valid_from: "2025-01-01" }])).toBeUndefined();
  });
});

describe("unbilled_recurring_charge", () => {
  test("a dropped charge on the month's invoice is found there, its price at risk", () => {
    const txns = year((m, l) => (m === "2025-05" ? l.filter(([s]) => s !== "PARK") : l));
    const gaps = judge(lease, txns);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.transactionId).toBe(txns[4]!.transaction_id);
    expect(gaps[0]!.finding.amount_at_risk).toBe(50);
    expect(gaps[0]!.finding.expected).toMatchObject({ contract_id: "L1", sku: "PARK", period_from: "2025-05-01", period_to: "2025-05-31" });
  });

  test("a month without any document is a finding without a transaction, the whole schedule at risk per charge", () => {
    const gaps = judge(lease, year((m, l) => (m === "2025-06" ? null : l)));
    expect(gaps.map((g) => [g.finding.expected as { sku: string }].map((e) => e.sku)[0]).sort()).toEqual(["PARK", "RENT"]);
    expect(gaps.every((g) => g.transactionId === undefined && g.periodStart === "2025-06-01")).toBe(true);
  });

  test("billed in full regularly: nothing", () => {
    expect(judge(lease, year())).toHaveLength(0);
  });

  test("a row that ends or starts inside a period (move-out, termination, suspension gap) is not judged there", () => {
    const rows = [row("RENT", 1000, "2025-01-01", "2025-12-31"), row("PARK", 50, "2025-01-01", "2025-05-14"), row("PARK", 50, "2025-08-15", "2025-12-31")];
    // PARK not billed May–August: the row is not in force for the whole of May, June, July, August.
    const gaps = judge(rows, year((m, l) => (m >= "2025-05" && m <= "2025-08" ? l.filter(([s]) => s !== "PARK") : l)));
    expect(gaps).toHaveLength(0);
  });

  test("a price step mid-month (an anniversary on the 26th) leaves the month due, at the price of its first day", () => {
    const rows = [row("RENT", 1000, "2024-04-26", "2025-04-25"), row("RENT", 1030, "2025-04-26", "2026-04-25")];
    const txns: Transaction[] = [];
    for (let m = 0; m < 14; m++) {
      const day = addMonths("2024-11-01", m);
      if (day !== "2025-04-01") txns.push(invoice(day, [["RENT", day < "2025-05-01" ? 1000 : 1030]]));
    }
    const gaps = judge(rows, txns);
    expect(gaps.map((g) => [g.periodStart, g.finding.amount_at_risk])).toEqual([["2025-04-01", 1000]]);
  });

  test("a late catch-up of two periods next month, or an early bill, is billed — not leakage", () => {
    const late = year((m, l) => (m === "2025-04" ? l.filter(([s]) => s !== "PARK") : m === "2025-05" ? [...l, ["PARK", 50]] : l));
    expect(judge(lease, late)).toHaveLength(0);
    const early = year((m, l) => (m === "2025-04" ? l.filter(([s]) => s !== "PARK") : m === "2025-03" ? [...l, ["PARK", 50]] : l));
    expect(judge(lease, early)).toHaveLength(0);
  });

  test("a credit and a re-bill in the period leave it billed; a credit alone leaves it unbilled", () => {
    const txns = year();
    const may = txns[4]!;
    const credit: Transaction = { ...invoice("2025-05-03", [["RENT", -1000], ["PARK", -50]]), type: "credit_note", reference: may.transaction_id };
    const rebill = invoice("2025-05-04", [["RENT", 1000], ["PARK", 50]]);
    expect(judge(lease, [...txns, credit, rebill])).toHaveLength(0);
    const gaps = judge(lease, [...txns, credit]);
    expect(gaps.map((g) => (g.finding.expected as { sku: string }).sku).sort()).toEqual(["PARK", "RENT"]);
  });

  test("a free month recorded on the contract owes nothing", () => {
    const rows = [...lease, row("CONC", -1050, "2025-03-01", "2025-03-31")];
    expect(judge(rows, year((m, l) => (m === "2025-03" ? null : l)))).toHaveLength(0);
  });

  test("a month without any document and a concession: its charges' money at risk adds up to the month's net shortfall, no more", () => {
    // Parking waived for March (a concession row of -50), and March not billed at all: the month
    // owes 1,000, which the rent's finding holds whole; parking owed nothing more.
    const rows = [...lease, row("CONC", -50, "2025-03-01", "2025-03-31")];
    const gaps = judge(rows, year((m, l) => (m === "2025-03" ? null : l)));
    expect(gaps.map((g) => [(g.finding.expected as { sku: string }).sku, g.finding.amount_at_risk])).toEqual([["RENT", 1000]]);
    // Half the rent waived: the month owes 550, taken charge by charge in the schedule's order.
    const half = judge([...lease, row("CONC", -500, "2025-03-01", "2025-03-31")], year((m, l) => (m === "2025-03" ? null : l)));
    expect(half.map((g) => [(g.finding.expected as { sku: string }).sku, g.finding.amount_at_risk])).toEqual([["RENT", 550]]);
    // Without a concession each charge holds its own price.
    const full = judge(lease, year((m, l) => (m === "2025-03" ? null : l)));
    expect(full.map((g) => [(g.finding.expected as { sku: string }).sku, g.finding.amount_at_risk])).toEqual([["RENT", 1000], ["PARK", 50]]);
  });

  test("a charge folded into another scheduled line, or billed under a new code, is billed", () => {
    const bundled = year((m, l) => (m === "2025-07" ? [["RENT", 1050]] : l));
    expect(judge(lease, bundled)).toHaveLength(0);
    const migrated = year((m, l) => (m >= "2025-07" ? [["RENT", 1000], ["PARKING-V2", 50]] : l));
    expect(judge(lease, migrated)).toHaveLength(0);
  });

  test("a plan missing from the month's bill of usage and fees is that bill's; a late fee's invoice alone is no place for it", () => {
    const plan = [row("PLAN", 50, "2025-01-01", "2025-12-31")];
    const bills = year((m) => (m === "2025-05" ? [["USAGE", 12.4], ["E911", 0.4]] : m === "2025-08" ? null : [["PLAN", 50], ["USAGE", 9.9], ["E911", 0.4]]));
    const mayBill = bills.find((t) => t.date === "2025-05-01")!;
    bills.push(invoice("2025-08-06", [["LATE", 10]]));
    const gaps = judge(plan, bills);
    expect(gaps.map((g) => [g.periodStart, g.transactionId])).toEqual([["2025-05-01", mayBill.transaction_id], ["2025-08-01", undefined]]);
  });

  test("a one-off fee in the period (a late fee) is no new code for the charge", () => {
    const txns = year((m, l) => (m === "2025-07" ? l.filter(([s]) => s !== "PARK") : l));
    txns.push(invoice("2025-07-06", [["LATE", 75]]));
    expect(judge(lease, txns)).toHaveLength(1);
  });

  test("a charge dropped in a renewal's first month is found: a code billed every month is no new code for it", () => {
    // The renewal (lease L2 from July) bills RENT and RUBS in July, PARK from August; June was the old lease's.
    const rows = [row("RENT", 1000, "2025-07-01", "2026-06-30", { contract_id: "L2" }), row("PARK", 50, "2025-07-01", "2026-06-30", { contract_id: "L2" })];
    const txns = year((m, l) => [...(m === "2025-07" ? l.filter(([s]) => s !== "PARK") : l), ["RUBS", 60]]).map((t) => ({ ...t, contract_id: t.date! >= "2025-07-01" ? "L2" : "L1" }));
    const gaps = judge(rows, txns);
    expect(gaps.map((g) => [(g.finding.expected as { sku: string }).sku, g.periodStart])).toEqual([["PARK", "2025-07-01"]]);
  });

  test("a code unknown to the schedule billed every month does not explain a dropped charge", () => {
    const txns = year((m, l) => [...(m === "2025-07" ? l.filter(([s]) => s !== "PARK") : l), ["RUBS", 60]]);
    const gaps = judge(lease, txns);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.periodStart).toBe("2025-07-01");
  });

  test("the export's last month (its billing run may not have happened) and its first are never judged", () => {
    expect(judge(lease, year((m, l) => (m === "2025-12" || m === "2025-11" ? l.filter(([s]) => s !== "PARK") : l)))).toHaveLength(0);
    expect(judge(lease, year((m, l) => (m === "2025-01" ? l.filter(([s]) => s !== "PARK") : l)))).toHaveLength(0);
    // October is judged: November's run is over by 1 December.
    expect(judge(lease, year((m, l) => (m === "2025-10" ? l.filter(([s]) => s !== "PARK") : l)))).toHaveLength(1);
  });

  test("an annual charge billed once a year covers its year; a quarterly one its quarter", () => {
    const rows = [row("RENT", 1000, "2024-01-01", "2026-12-31"), row("SUPPORT", 1200, "2025-01-01", "2025-12-31", { billing_frequency: "Annual" }), row("PARK", 150, "2024-01-01", "2026-12-31", { billing_frequency: "Quarterly" })];
    const txns: Transaction[] = [];
    for (let m = 0; m < 25; m++) {
      const day = addMonths("2024-01-01", m);
      const lines: [string, number][] = [["RENT", 1000]];
      if (day === "2025-01-01") lines.push(["SUPPORT", 1200]);
      if (m % 3 === 0 && day !== "2025-04-01") lines.push(["PARK", 150]);
      txns.push(invoice(day, lines));
    }
    const gaps = judge(rows, txns);
    expect(gaps.map((g) => [(g.finding.expected as { sku: string }).sku, g.periodStart])).toEqual([["PARK", "2025-04-01"]]);
  });

  test("a price per month billed quarterly owes three months a quarter", () => {
    const rows = [row("PLAN", 100, "2025-01-01", "2025-12-31", { billing_frequency: "Quarterly", unit: "MO" })];
    const txns = [invoice("2025-01-01", [["PLAN", 300]]), invoice("2025-07-01", [["PLAN", 300]]), invoice("2025-10-01", [["PLAN", 300]]), invoice("2025-12-20", [["OTHER", 1]])];
    const gaps = judge(rows, txns);
    expect(gaps.map((g) => [g.periodStart, g.finding.amount_at_risk])).toEqual([["2025-04-01", 300]]);
  });

  test("a charge billed in arrears is placed in the month before its invoice", () => {
    const rows = [row("RENT", 1000, "2025-01-01", "2025-12-31"), row("USAGE", 80, "2025-01-01", "2025-12-31", { billing_timing: "arrears" })];
    // Each month's invoice bills the month's rent and last month's usage (none on 1 January).
    const txns = year((m, l) => [l[0]!, ...(m === "2025-01" ? [] : [["USAGE", 80] as [string, number]])]);
    expect(judge(rows, txns)).toHaveLength(0);
    const missing = year((m, l) => [l[0]!, ...(m === "2025-01" || m === "2025-07" ? [] : [["USAGE", 80] as [string, number]])]);
    const gaps = judge(rows, missing);
    expect(gaps.map((g) => g.periodStart)).toEqual(["2025-06-01"]);
  });

  test("a period named on the document places its lines (billed in advance on the 20th)", () => {
    const txns = year().map((t) => ({ ...t, date: addMonths(t.date!, -1).slice(0, 8) + "20", attributes: { period: `${t.date!.slice(5, 7)}/${t.date!.slice(0, 4)}` } }));
    expect(judge(lease, txns)).toHaveLength(0);
  });

  test("a charge never billed to the contract in the whole history is not judged (billed elsewhere)", () => {
    const rows = [...lease, row("STOR", 45, "2025-01-01", "2025-12-31")];
    expect(judge(rows, year())).toHaveLength(0);
  });

  test("without contract ids on the invoices the customer's documents bill the schedule", () => {
    const txns = year((m, l) => (m === "2025-05" ? l.filter(([s]) => s !== "PARK") : l)).map((t) => ({ ...t, contract_id: undefined }));
    expect(judge(lease, txns)).toHaveLength(1);
  });
});

describe("weekly and fortnightly cadences", () => {
  // Equipment hired by the week from Monday 6 January 2025: a crane at 900 and its operator's
  // insurance at 60, invoiced each Monday for the week ahead, to the end of June.
  const hire = [
    row("CRANE", 900, "2025-01-06", "2025-06-29", { billing_frequency: "Weekly" }),
    row("INS", 60, "2025-01-06", "2025-06-29", { billing_frequency: "Weekly" }),
  ];
  const weeks = (change: (monday: string, lines: [string, number][]) => [string, number][] | null = (_, l) => l): Transaction[] => {
    const out: Transaction[] = [];
    for (let d = Date.parse("2025-01-06T00:00:00Z"); d <= Date.parse("2025-06-23T00:00:00Z"); d += 7 * 86_400_000) {
      const monday = new Date(d).toISOString().slice(0, 10);
      const lines = change(monday, [["CRANE", 900], ["INS", 60]]);
      if (lines) out.push(invoice(monday, lines));
    }
    return out;
  };

  test("billed every week: nothing", () => {
    expect(judge(hire, weeks())).toHaveLength(0);
  });

  test("a week's dropped charge is found on that week's invoice; a week without any invoice on none", () => {
    const txns = weeks((m, l) => (m === "2025-03-10" ? l.filter(([s]) => s !== "INS") : m === "2025-04-14" ? null : l));
    const gaps = judge(hire, txns);
    const seen = gaps.map((g) => [(g.finding.expected as { sku: string }).sku, (g.finding.expected as { period_from: string }).period_from, (g.finding.expected as { period_to: string }).period_to, g.transactionId ?? null, g.finding.amount_at_risk]);
    expect(seen).toEqual([
      ["CRANE", "2025-04-14", "2025-04-20", null, 900],
      ["INS", "2025-03-10", "2025-03-16", txns.find((t) => t.date === "2025-03-10")!.transaction_id, 60],
      ["INS", "2025-04-14", "2025-04-20", null, 60],
    ]);
    expect((gaps[0]!.finding.expected as { billing_frequency: string }).billing_frequency).toBe("weekly");
  });

  test("a week billed the week after together with its own is billed late, not leakage", () => {
    const txns = weeks((m, l) => (m === "2025-03-10" ? null : m === "2025-03-17" ? [["CRANE", 1800], ["INS", 120]] : l));
    expect(judge(hire, txns)).toHaveLength(0);
  });

  test("a fortnightly charge is due per two weeks from the row's start", () => {
    const rows = [row("CLEAN", 200, "2025-01-06", "2025-06-29", { billing_frequency: "Fortnightly" })];
    const txns: Transaction[] = [];
    for (let k = 0; k < 12; k++) {
      const day = new Date(Date.parse("2025-01-06T00:00:00Z") + k * 14 * 86_400_000).toISOString().slice(0, 10);
      if (k !== 5) txns.push(invoice(day, [["CLEAN", 200]]));
    }
    const gaps = judge(rows, txns);
    expect(gaps.map((g) => [(g.finding.expected as { period_from: string }).period_from, (g.finding.expected as { period_to: string }).period_to])).toEqual([["2025-03-17", "2025-03-30"]]);
  });

  test("a weekly charge billed once a month (the month's weeks on one invoice) is not judged by the week", () => {
    // A hire priced by the week and invoiced monthly: every week after a month's first looks unbilled
    // when judged by the week, though the month's invoice bills all of them.
    const txns: Transaction[] = [];
    for (let m = 1; m <= 6; m++) {
      const day = `2025-0${m}-01`;
      txns.push(invoice(day, [["CRANE", 900 * 4], ["INS", 60 * 4]], { attributes: { period: `0${m}/2025` } }));
    }
    expect(judge(hire, txns)).toHaveLength(0);
    // The same without a named period: the invoice's date places it.
    expect(judge(hire, txns.map((t) => ({ ...t, attributes: undefined })))).toHaveLength(0);
  });
});

describe("a minimum charge with a cadence", () => {
  test("is a floor, not a charge due: a month billed above it owes no minimum line (below_minimum_charge judges the months below it)", () => {
    // A 3PL's rate sheet: a flat account fee and the monthly minimum as rows of their own codes,
    // "Monthly" like the storage; the month's activity (picks) is what reaches the minimum.
    const sheet = [row("ACCT-FEE", 250, "2025-01-01", "2025-12-31"), row("MIN-MONTHLY", 1500, "2025-01-01", "2025-12-31")];
    const txns = year((m) => (m === "2025-03" ? [["ACCT-FEE", 250], ["PICK", 700], ["MIN-MONTHLY", 550]] : m === "2025-06" ? [["PICK", 2100]] : [["ACCT-FEE", 250], ["PICK", 2100]]));
    const judged = (minimumSkus: string[]) => {
      const schedule = RecurringSchedule.of(sheet, minimumSkus)!;
      const billings = new RecurringBillings(schedule);
      for (const t of txns) billings.add(t);
      return unbilledRecurringCharges(schedule, billings).gaps.map((g) => `${(g.finding.expected as { sku: string }).sku} ${g.periodStart}`);
    };
    // The account fee dropped in June is still found; the minimum is due in no month.
    expect(judged(["MIN-MONTHLY"])).toEqual(["ACCT-FEE 2025-06-01"]);
  });
});

describe("a metered charge with a cadence", () => {
  // A colocation agreement: the cabinet's MRC, and metered power above the commit at a rate per
  // kWh, "Monthly" like the MRC in the billing system's rate plan. The overage is billed only in a
  // month whose draw went above the commit, each time on what was drawn.
  const plan = [row("CAB", 1000, "2025-01-01", "2025-12-31", { unit: "EA" }), row("PWR-OVER", 0.16, "2025-01-01", "2025-12-31", { unit: "KWH" })];
  const metered = (kwh: Record<string, number>, drop?: string): Transaction[] =>
    year((month) => {
      const lines: [string, number, number][] = [["CAB", 1000, 1]];
      if (kwh[month]) lines.push(["PWR-OVER", Math.round(kwh[month]! * 16) / 100, kwh[month]!]);
      return month === drop ? lines.filter(([s]) => s !== "CAB").map(([s, a]) => [s, a]) : lines.map(([s, a]) => [s, a]);
    }).map((t) => ({ ...t, lines: t.lines.map((l) => ({ ...l, quantity: l.sku === "CAB" ? 1 : Math.round((l.amount ?? 0) / 0.16), unit: l.sku === "CAB" ? "EA" : "KWH" })) }));
  const kwh = { "2025-02": 1840, "2025-05": 312, "2025-09": 77, "2025-10": 2975 };

  test("a month without its line is a month without usage above the commit, not a charge dropped", () => {
    expect(judge(plan, metered(kwh))).toHaveLength(0);
  });

  test("the fixed MRC beside it dropped in a month is still found", () => {
    // The cabinet's line missing in March (no overage that month either): still found.
    const gaps = judge(plan, metered(kwh, "2025-03"));
    expect(gaps.map((g) => `${(g.finding.expected as { sku: string }).sku} ${g.periodStart}`)).toEqual(["CAB 2025-03-01"]);
  });

  test("a charge billed at the same quantity most months (a plan, a second licence for two months) stays a recurring one", () => {
    const plan = [row("PLAN", 100, "2025-01-01", "2025-12-31", { unit: "EA" })];
    const txns = year((m) => (m === "2025-07" ? [["OTHER", 5]] : [["PLAN", m === "2025-10" || m === "2025-11" ? 200 : 100]])).map((t) => ({ ...t, lines: t.lines.map((l) => ({ ...l, quantity: l.sku === "PLAN" ? (l.amount ?? 0) / 100 : 1 })) }));
    expect(judge(plan, txns).map((g) => g.periodStart)).toEqual(["2025-07-01"]);
  });
});

describe("unbilled_recurring_charge with quantities in service", () => {
  // A colocation customer: 2 cabinets at 1,000.00 each a month to its disconnect on 10 June, and
  // its agreement's metered power overage rate (0.16 a kWh, "Monthly", no quantity), billed once.
  const inventory = [
    row("CAB", 1000, "2025-01-01", "2025-06-10", { quantity: 2 }),
    row("PWR-OVG", 0.16, "2025-01-01", undefined, { billing_timing: "In Arrears" }),
  ];
  // Other customers' invoices go on to December: the history's last month is not June's.
  const others = ["07", "08", "09", "10", "11", "12"].map((m) => invoice(`2025-${m}-01`, [["CAB", 900]], { customer_id: "T9", contract_id: "L9" }));
  const months = (drop?: string) => [...year((m) => {
    if (m > "2025-06") return null;
    if (m === drop) return [["OTHER", 5]];
    if (m === "2025-06") return [["CAB", 666.67]];
    return m === "2025-03" ? [["CAB", 2000], ["PWR-OVG", 80]] : [["CAB", 2000]];
  }), ...others];

  test("a customer leaving, its final month prorated: its usage rate is no charge due", () => {
    expect(judge(inventory, months())).toHaveLength(0);
  });

  test("a month not billed owes the price times the quantity in service", () => {
    const gaps = judge(inventory, months("2025-04"));
    expect(gaps.map((g) => [(g.finding.expected as { sku: string }).sku, g.finding.amount_at_risk])).toEqual([["CAB", 2000]]);
  });
});

describe("a credit given for a stated reason", () => {
  // A managed print dealer credits a month's base of a device that was down for days ("Device down
  // > 48h - SLA credit"), 100 % of it: the charge was billed, and taken back as a concession the
  // analyst accepts (revenue_leakage.accepted_adjustment_reasons), not left unbilled.
  const slaCredit = (reason: string | undefined): Transaction => ({
    ...invoice("2025-05-15", [["PARK", 50]]), type: "credit_note", reference: "INV-may",
    lines: [{ sku: "PARK", amount: -50, ...(reason ? { adjustment_reason: reason } : {}) }],
  });
  const judgedWith = (accepted: string[], credit: Transaction) => {
    const schedule = RecurringSchedule.of(lease)!;
    const billings = new RecurringBillings(schedule, undefined, accepted);
    for (const t of [...year(), credit]) billings.add(t);
    return unbilledRecurringCharges(schedule, billings).gaps.map((g) => `${(g.finding.expected as { sku: string }).sku} ${g.periodStart}`);
  };
  test("leaves the period billed when the reason is accepted", () => {
    expect(judgedWith(["*"], slaCredit("Device down > 48h - SLA credit"))).toEqual([]);
  });
  test("a credit without a reason, or with one not accepted, still takes the charge back", () => {
    expect(judgedWith(["*"], slaCredit(undefined))).toEqual(["PARK 2025-05-01"]);
    expect(judgedWith(["CO-97"], slaCredit("Device down > 48h - SLA credit"))).toEqual(["PARK 2025-05-01"]);
  });
});

describe("a member billed on the day of the month the agreement started", () => {
  // A gym bills each member on their own billing day (the 15th here), each bill naming the 15th to
  // the 14th; a freeze is written as a gap in the dues rows, from one billing day to the day before
  // another, billed the freeze fee instead.
  const member = (freezeTo = "2025-05-14") => [
    row("DUES", 50, "2025-01-15", "2025-04-14"), row("FREEZE", 10, "2025-04-15", freezeTo), row("DUES", 50, addDay(freezeTo), "2025-12-31"),
  ];
  function addDay(d: string) { return new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10); }
  const bills = (freezeFeeOn: string[]) => {
    const out: Transaction[] = [];
    for (let m = 1; m <= 12; m++) {
      const day = `2025-${String(m).padStart(2, "0")}-15`;
      out.push(invoice(day, freezeFeeOn.includes(day.slice(0, 7)) ? [["FREEZE", 10]] : [["DUES", 50]]));
    }
    return out;
  };
  test("a freeze billed past its end leaves the dues unbilled for the cycle the agreement resumed them", () => {
    const txns = bills(["2025-04", "2025-05"]);
    const gaps = judge(member(), txns);
    expect(gaps.map((g) => [(g.finding.expected as { sku: string }).sku, g.periodStart, g.finding.amount_at_risk, g.transactionId])).toEqual([["DUES", "2025-05-15", 40, txns[4]!.transaction_id]]);
  });
  test("the freeze ended as agreed: nothing", () => {
    expect(judge(member(), bills(["2025-04"]))).toHaveLength(0);
  });
  test("a row starting on a day the contract does not bill on keeps calendar months (its first one prorated, not judged)", () => {
    // Billed on the 1st; the charge starts on the 15th with a prorated line then: March is not judged.
    const rows = [row("DUES", 50, "2025-03-15", "2025-12-31")];
    const txns = [invoice("2025-03-15", [["DUES", 25]]), ...year((m) => (m < "2025-04" ? null : [["DUES", 50]]))];
    expect(judge(rows, txns)).toHaveLength(0);
  });
});

describe("an annual fee in a year whose monthly charge stepped up", () => {
  // The enhancement fee billed each June, beside dues that stepped up inside its year (a
  // promotion's half price ending in June): the year's dues are owed at each month's price.
  const rows = [row("DUES", 20, "2025-03-12", "2025-06-30"), row("DUES", 40, "2025-07-01"), row("AEF", 49.99, "2025-06-01", undefined, { billing_frequency: "Annual" })];
  const bills = (aefIn: string[]) => {
    const out: Transaction[] = [];
    for (let m = 0; m < 19; m++) {
      const day = addMonths("2025-04-01", m);
      const lines: [string, number][] = [["DUES", day < "2025-07-01" ? 20 : 40]];
      if (aefIn.includes(day.slice(0, 7))) lines.push(["AEF", 49.99]);
      out.push(invoice(day, lines));
    }
    return out;
  };
  test("skipped in its first June: found, the fee at risk", () => {
    const txns = bills(["2026-06"]);
    const gaps = judge(rows, txns);
    expect(gaps.map((g) => [(g.finding.expected as { sku: string }).sku, g.periodStart, g.finding.amount_at_risk, g.transactionId])).toEqual([["AEF", "2025-06-01", 49.99, txns[2]!.transaction_id]]);
  });
  test("billed each June: nothing", () => {
    expect(judge(rows, bills(["2025-06", "2026-06"]))).toHaveLength(0);
  });
  test("goes on the year's first bill, not a later one of more lines (an add-on from July)", () => {
    const withTowel = [...rows, row("TOWEL", 10, "2025-07-01", "2025-09-30")];
    const txns = bills(["2026-06"]).map((t) => ((t.date ?? "") >= "2025-07-01" && (t.date ?? "") <= "2025-09-30" ? { ...t, lines: [...t.lines, { sku: "TOWEL", amount: 10 }] } : t));
    const gaps = judge(withTowel, txns);
    expect(gaps.map((g) => [(g.finding.expected as { sku: string }).sku, g.periodStart, g.transactionId])).toEqual([["AEF", "2025-06-01", txns[2]!.transaction_id]]);
  });
});
