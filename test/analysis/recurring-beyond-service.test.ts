// recurring_billed_beyond_service's rule (recurring-beyond-service.ts): a colocation customer's
// cross-connects, a row per service stating its quantity in service, billed monthly in advance.
import { describe, expect, test } from "bun:test";
import type { Contract, Transaction, TransactionLine } from "../../src/domain/transaction.ts";
import { RecurringBillings, RecurringSchedule } from "../../src/analysis/detectors/leakage/unbilled-recurring.ts";
import { recurringBilledBeyondService } from "../../src/analysis/detectors/leakage/recurring-beyond-service.ts";
import { closeSupersededRows } from "../../src/analysis/reference-index.ts";

/** A service's row: its code, rate per unit, quantity in service, start and disconnect. */
const row = (sku: string, price: number, quantity: number | undefined, from: string, to?: string): Contract => ({
  contract_id: "MSA-1", customer_id: "C1", sku, price, valid_from: from, ...(to ? { valid_to: to } : {}), billing_frequency: "Monthly", billing_timing: "In Advance", ...(quantity === undefined ? {} : { quantity }),
});
/** A line: code, quantity, unit price and the share of the month it bills. */
const line = (sku: string, quantity: number, price: number, share = 1): TransactionLine => ({ sku, quantity, unit_price: price, amount: Math.round(quantity * price * share * 100) / 100 });
let seq = 0;
const invoice = (date: string, lines: TransactionLine[], type: "invoice" | "credit_note" = "invoice"): Transaction => ({
  transaction_id: `INV-${++seq}`, type, date, customer_id: "C1", contract_id: "MSA-1", currency: "USD", amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines,
});

/** Three cross-connects from January 2025; the third disconnected on 10 March (its March prorated). */
const rows = (quantity: number | undefined) => [row("XC-SMF", 280, quantity, "2025-01-01"), row("XC-SMF", 280, quantity, "2025-01-01"), row("XC-SMF", 280, quantity, "2025-01-01", "2025-03-10")];

/** A year of invoices on the 1st, each month's lines from `linesOf`. */
function year(linesOf: (month: number) => TransactionLine[]): Transaction[] {
  const out: Transaction[] = [];
  for (let m = 1; m <= 12; m++) out.push(invoice(`2025-${String(m).padStart(2, "0")}-01`, linesOf(m)));
  return out;
}
const regular = (m: number) => [line("XC-SMF", 1, 280), line("XC-SMF", 1, 280), ...(m < 3 ? [line("XC-SMF", 1, 280)] : m === 3 ? [line("XC-SMF", 1, 280, 10 / 31)] : [])];

function judge(contracts: Contract[], txns: Transaction[]) {
  const schedule = RecurringSchedule.of(contracts)!;
  const billings = new RecurringBillings(schedule);
  for (const t of txns) billings.add(t);
  const found = recurringBilledBeyondService(schedule, billings);
  return txns.flatMap((t) => found.findingsFor(t.transaction_id).map((f) => ({ id: t.transaction_id, f })));
}

describe("recurring_billed_beyond_service", () => {
  test("a disconnected service billed a whole month after its disconnect is found on that invoice, its month at risk", () => {
    const txns = year((m) => (m === 5 ? [...regular(m), line("XC-SMF", 1, 280)] : regular(m)));
    const found = judge(rows(1), txns);
    expect(found).toHaveLength(1);
    expect(found[0]!.id).toBe(txns[4]!.transaction_id);
    expect(found[0]!.f.amount_at_risk).toBe(280);
    expect(found[0]!.f.owed).toBe(true); // a refund owed, not money lost
    expect(found[0]!.f.expected).toMatchObject({ sku: "XC-SMF", period_from: "2025-05-01", period_to: "2025-05-31", in_service: 2 });
  });

  test("billed as the rows stand (the final month prorated): nothing", () => {
    expect(judge(rows(1), year(regular))).toHaveLength(0);
  });

  test("rows that do not state their quantity in service are not judged", () => {
    expect(judge(rows(undefined), year((m) => (m === 5 ? [...regular(m), line("XC-SMF", 1, 280)] : regular(m))))).toHaveLength(0);
  });

  test("a rate per unit times the quantity in service (kW) is what is owed; a kW more is found", () => {
    const power = [row("PWR-KW", 180, 4, "2025-01-01")];
    expect(judge(power, year(() => [line("PWR-KW", 4, 180)]))).toHaveLength(0);
    const found = judge(power, year((m) => [line("PWR-KW", m === 7 ? 5 : 4, 180)]));
    expect(found).toHaveLength(1);
    expect(found[0]!.f.amount_at_risk).toBe(180);
  });

  test("services added mid-month, their partial first month billed in arrears beside the first whole one, are no surplus", () => {
    const added = [...rows(1), row("XC-SMF", 280, 1, "2025-06-03"), row("XC-SMF", 280, 1, "2025-06-03")];
    const txns = year((m) => [...regular(m), ...(m === 7 ? [line("XC-SMF", 1, 280, 28 / 30), line("XC-SMF", 1, 280, 28 / 30)] : []), ...(m >= 7 ? [line("XC-SMF", 1, 280), line("XC-SMF", 1, 280)] : [])]);
    expect(judge(added, txns)).toHaveLength(0);
  });

  test("a month billed late beside the next one (a catch-up) is no surplus", () => {
    const txns = year((m) => (m === 6 ? [line("XC-SMF", 1, 280)] : m === 7 ? [...regular(m), line("XC-SMF", 1, 280)] : regular(m)));
    expect(judge(rows(1), txns)).toHaveLength(0);
  });

  test("an invoice issued twice in a period is duplicate_invoice's, not a count of services", () => {
    const txns = year(regular);
    txns.push(invoice("2025-05-01", regular(5)));
    expect(judge(rows(1), txns)).toHaveLength(0);
  });

  test("a second service's row that the index ends is counted as the source states it", () => {
    // The first service's open row is 'superseded' by the second's later start (closeSupersededRows):
    // both stay in service, and two lines a month are what they owe.
    const two = closeSupersededRows([row("XC-SMF", 280, 1, "2025-01-01"), row("XC-SMF", 272, 1, "2025-04-01")]);
    const txns = year((m) => [line("XC-SMF", 1, 280), ...(m >= 4 ? [line("XC-SMF", 1, 272)] : [])]);
    expect(judge([...two], txns)).toHaveLength(0);
  });
});

describe("recurring_billed_beyond_service, a neighbour billed twice", () => {
  test("a copy of the previous month's invoice does not hide that month's partial service billed in arrears", () => {
    // A fourth service from 2 July: July's invoice (issued twice) does not bill it; August bills
    // its July in arrears beside its August. The copy is one invoice, not July's service billed.
    const added = [...rows(1), row("XC-SMF", 280, 1, "2025-07-02")];
    const txns = year((m) => [...regular(m), ...(m === 8 ? [line("XC-SMF", 1, 280, 30 / 31)] : []), ...(m >= 8 ? [line("XC-SMF", 1, 280)] : [])]);
    txns.push(invoice("2025-07-01", regular(7)));
    expect(judge(added, txns)).toHaveLength(0);
  });
});

describe("a member billed on the day of the month the agreement started", () => {
  // A gym member billed on the 15th, each bill the 15th to the 14th; the agreement ends on 14 May
  // after 30 days' notice (April's bill was the final month).
  const dues = [row("DUES", 50, 1, "2025-01-15", "2025-05-14")];
  const bills = (through: string) => {
    const out: Transaction[] = [];
    for (let m = 1; m <= 12; m++) {
      const day = `2025-${String(m).padStart(2, "0")}-15`;
      if (day <= through) out.push(invoice(day, [line("DUES", 1, 50)]));
      else out.push(invoice(day, [line("TOWEL", 1, 10)])); // the export goes on
    }
    return out;
  };
  test("billed a month after the agreement ended: found on that bill, its month at risk", () => {
    const txns = bills("2025-05-15");
    const found = judge(dues, txns);
    expect(found.map((x) => [x.id, x.f.amount_at_risk, (x.f.expected as { period_from: string }).period_from])).toEqual([[txns[4]!.transaction_id, 50, "2025-05-15"]]);
  });
  test("the final month billed and no more: nothing", () => {
    expect(judge(dues, bills("2025-04-15"))).toHaveLength(0);
  });
});
