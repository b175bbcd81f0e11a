// unbilled_recurring_charge: a charge the contracts say is due for a period, with no line billing
// it — the leakage of recurring billing that no billed line shows (a parking fee dropped from a
// lease's invoices, an occupied unit not billed for a month, a subscription's add-on lost in a
// plan migration). Only contract rows that state a billing cadence (`billing_frequency`) are
// charges due every period; a contract price without one is a price, and a customer who simply
// did not order this month owes nothing.
//
// What an analyst requires before calling a period unbilled, and this rule with it:
//  - the row is in force for the whole period (its `valid_from`..`valid_to`): a row starting or
//    ending inside it (a move-in, a move-out, a termination, a suspension written as a gap in the
//    schedule) is prorated or not due, never judged;
//  - periods follow the cadence from the row's start (weekly, fortnightly, monthly, quarterly, annual:
//    an annual charge billed in January covers the year); a document's named period (`Period`,
//    `Service Period Start`…) places its lines there; without one, its date does, a month back for
//    a row billed in arrears;
//  - the charge's code is billed to the contract (or the customer) somewhere in the history: a
//    charge never billed in the export is billed elsewhere or mapped otherwise, not dropped;
//  - nothing of the code billed in the period, and no surplus of it in the period before or after
//    (billed early, or a catch-up of two periods next month: billed, late — not leakage);
//  - the contract's scheduled charges billed in the period fall short of what its rows net of
//    concessions owe by at least that much (a free month, a charge folded into another scheduled
//    line owe or bill the money otherwise), and the charges found unbilled in one period share
//    that shortfall in the schedule's order (a waived charge is not counted again per charge);
//  - no charge code the schedule does not know appears in the period that was not billed the last
//    time the charge was (the charge billed under a new code after a plan migration);
//  - no bill of the period says the service was not in use (a status column: Suspended, Vacant…,
//    service-idle.ts): a seasonal hold billed a suspension fee instead of the service;
//  - the period is over, and the month after it too, in the history: the billing run of the
//    export's last period may not have happened yet; nor is the history's first month judged.
// The finding goes on the contract's invoice of that period (the one billing most of its
// scheduled charges); a period with no invoice at all is a finding without a transaction.
import type { Contract, Transaction } from "../../../domain/transaction.ts";
import { roundMoney } from "../../../domain/rounding.ts";
import { addDays, AFTER_THE_CALENDAR, BEFORE_THE_CALENDAR, dayBefore, type DayOrder, dayOf, daysBetween } from "../../dates.ts";
import { money, type Finding } from "../types.ts";
import { namedPeriodStart } from "./billed-period.ts";
import { isMinimumCode } from "./minimum-top-up.ts";
import { acceptedAdjustmentReason } from "./adjustment-reasons.ts";
import { idleStatus } from "./service-idle.ts";
import { drawnFromPrepayment, drawnValue } from "./prepaid-drawdown.ts";

export const UNBILLED_RECURRING_CODE = "unbilled_recurring_charge" as const;

export interface Cadence {
  /** Months per period; 0 for a cadence in weeks. */
  months: number;
  /** Weeks per period (weekly, fortnightly, four-weekly); 0 for a cadence in months. */
  weeks: number;
  /** Billed after the period (usage, services rendered) rather than in advance. */
  arrears: boolean;
}

const FREQUENCIES: [RegExp, Omit<Cadence, "arrears">][] = [
  [/^(monthly|month|months|mo|mon|mth|m|1m|permonth|everymonth|pm)$/, { months: 1, weeks: 0 }],
  [/^(bimonthly|everytwomonths|2m)$/, { months: 2, weeks: 0 }],
  [/^(quarterly|quarter|qtr|q|3m|everyquarter|perquarter)$/, { months: 3, weeks: 0 }],
  [/^(semiannual|semiannually|halfyearly|halfyear|biannual|biannually|6m|semestrial)$/, { months: 6, weeks: 0 }],
  [/^(annual|annually|yearly|year|yr|y|a|12m|peryear|pa|everyyear)$/, { months: 12, weeks: 0 }],
  [/^(weekly|week|wk|w|1w|perweek|everyweek|pw)$/, { months: 0, weeks: 1 }],
  // "Bi-weekly" in billing is every two weeks (a pay period, a rent cycle), not twice a week.
  [/^(fortnightly|fortnight|biweekly|everytwoweeks|2w|2weekly|twoweekly)$/, { months: 0, weeks: 2 }],
  [/^(4weekly|fourweekly|every4weeks|everyfourweeks|4w|4wk|4weeks)$/, { months: 0, weeks: 4 }],
];

/**
 * The cadence a contract row states, or undefined when it states none (or one this rule does not
 * read: daily, one-time, usage). `frequency` may say "in arrears" itself ("Monthly in arrears").
 */
export function cadenceOf(frequency: string | undefined, timing?: string): Cadence | undefined {
  if (!frequency) return undefined;
  const text = frequency.toLowerCase();
  const arrears = /arrear/.test(text) || /arrear/.test((timing ?? "").toLowerCase());
  const word = text.replace(/\b(in )?(arrears?|advance)\b/g, "").replace(/[^a-z0-9]/g, "");
  for (const [re, every] of FREQUENCIES) if (re.test(word)) return { ...every, arrears };
  return undefined;
}

/** Units of time a price may be stated per: in months, or (negative) in weeks. */
const TIME_UNITS = new Map<string, number>([
  ["MO", 1], ["MON", 1], ["MTH", 1], ["MONTH", 1], ["MONTHS", 1], ["MONTHLY", 1], ["MNT", 1],
  ["QTR", 3], ["QUARTER", 3], ["QUARTERS", 3],
  ["YR", 12], ["YEAR", 12], ["YEARS", 12], ["ANN", 12], ["ANNUAL", 12], ["ANNUM", 12], ["ANNUALLY", 12],
  ["WK", -1], ["WEEK", -1], ["WEEKS", -1], ["WEEKLY", -1],
]);

/** What one period of `cadence` owes of a price stated per `unit` of time (TIME_UNITS): the price
 *  itself when the unit is none, or of the other kind (a price per month billed weekly). */
function perPeriod(price: number, cadence: Cadence, unit: number | undefined): number {
  if (unit === undefined) return price;
  if (unit > 0 && cadence.months > 0) return price * (cadence.months / unit);
  if (unit < 0 && cadence.weeks > 0) return price * (cadence.weeks / -unit);
  return price;
}

/** `day` moved by `k` periods of the cadence. */
function shift(day: string, cadence: Cadence, k: number): string {
  return cadence.weeks > 0 ? addDays(day, 7 * cadence.weeks * k) : addMonths(day, cadence.months * k);
}

/** How many periods of `inner` one period of `outer` holds (a monthly row thrice in a quarter),
 *  or 0 when they do not nest (months and weeks, a quarter in a semester's place). */
function periodsIn(outer: Cadence, inner: Cadence): number {
  const [o, i] = outer.weeks > 0 ? [outer.weeks, inner.weeks] : [outer.months, inner.months];
  return i > 0 && i <= o && o % i === 0 ? o / i : 0;
}

/** A contract row that is a charge due every period. */
export interface RecurringRow {
  row: Contract;
  cadence: Cadence;
  /** What one period owes: the price, or for a price per unit of time (`unit` MO, QTR, YR) the
   *  price times the units in a period (a plan priced per month and billed quarterly: 3 ×); times
   *  the row's quantity in service where it states one. */
  amount: number;
  from: string;
  /** Its last day; undefined: open. */
  to: string | undefined;
}

/**
 * The contract rows with a cadence, grouped by what bills them: the contract (when transactions
 * name it: `contract_id`) or else the customer.
 */
export class RecurringSchedule {
  private constructor(
    readonly rows: readonly RecurringRow[],
    private readonly contractIds: ReadonlySet<string>,
    private readonly customerIds: ReadonlySet<string>,
  ) {}

  /**
   * Undefined when no row states a cadence: then nothing is collected and nothing is judged. A row
   * of a minimum charge's code (`minimumSkus`: `revenue_leakage.minimum_charge_skus`) is a floor,
   * not a charge due, whatever cadence it states — a 3PL's "Monthly minimum" owes a line only in a
   * month whose charges fell short of it, which below_minimum_charge judges.
   *
   * Rows that state their quantity in service (`quantity`: a service inventory's 2 circuits, 30 kW)
   * owe their price per unit times it. Beside them, a row of the same contract whose code no row
   * states a quantity for is a rate for what is used — metered power above the commit, transit
   * burst, remote hands, which a rate plan states "Monthly" like the fixed charges — billed only
   * in a period with usage: no charge due (a customer leaving, its final month prorated, has its
   * usage rates still open and nothing to meter).
   */
  static of(contracts: readonly Contract[], minimumSkus: readonly string[] = []): RecurringSchedule | undefined {
    const rows: RecurringRow[] = [];
    const quantified = new Set<string>();
    for (const c of contracts) if (c.quantity !== undefined) quantified.add(`${c.contract_id}\u0000${c.sku}`).add(c.contract_id);
    for (const c of contracts) {
      if (minimumSkus.length > 0 && isMinimumCode(c.sku, minimumSkus)) continue;
      if (c.quantity === undefined && quantified.has(c.contract_id) && !quantified.has(`${c.contract_id}\u0000${c.sku}`)) continue;
      const cadence = cadenceOf(c.billing_frequency, c.billing_timing);
      const from = dayOf(c.valid_from);
      // A recurring row without a start cannot be cut into periods.
      if (!cadence || !from || !c.customer_id || c.customer_id === "*") continue;
      const per = c.unit ? TIME_UNITS.get(c.unit.toUpperCase().replace(/[^A-Z]/g, "")) : undefined;
      rows.push({ row: c, cadence, amount: perPeriod(c.price, cadence, per) * (c.quantity !== undefined && c.quantity >= 0 ? c.quantity : 1), from, to: dayOf(c.valid_to) ?? undefined });
    }
    if (rows.length === 0) return undefined;
    return new RecurringSchedule(rows, new Set(rows.map((r) => r.row.contract_id)), new Set(rows.map((r) => r.row.customer_id)));
  }

  /** Whether the transaction may bill a scheduled charge (its lines are kept). */
  concerns(t: Transaction): boolean {
    return (t.contract_id !== undefined && this.contractIds.has(t.contract_id)) || (t.customer_id !== undefined && this.customerIds.has(t.customer_id));
  }
}

/** One line billed to a contract or customer, at the day it bills (its named period, else its date). */
export interface Billed {
  sku: string;
  /** The day the line bills, before any arrears shift (YYYY-MM-DD). */
  day: string;
  /** Whether the day is the document's named period (not to be shifted for arrears). */
  named: boolean;
  amount: number;
  /** The line's quantity where it states one (a metered charge's varies from bill to bill). */
  quantity: number | undefined;
  /** The units of a whole period the line bills: its amount over its unit price (a prorated
   *  month's line bills part of one), else its quantity; signed as the amount. */
  units: number | undefined;
  doc: number;
}

export interface DocumentInfo {
  id: string;
  invoice: boolean;
  date: string | null;
  customer: string | undefined;
  currency: string | undefined;
  /** Its status column says the service was not in use (a suspension, a vacancy: service-idle.ts). */
  idle: boolean;
}

/** Collects, over the history pass, the lines of the transactions the schedule concerns. */
export class RecurringBillings {
  private readonly byContract = new Map<string, Billed[]>();
  private readonly byCustomer = new Map<string, Billed[]>();
  readonly documents: DocumentInfo[] = [];
  /** The history's first and last document days. */
  first: string | undefined;
  last: string | undefined;

  /** `dayOrder`: the order of day and month the connector's date format states (the one the
   *  export's documents show is known only after the pass), for a period that reads both ways;
   *  `acceptedReasons`: revenue_leakage.accepted_adjustment_reasons — a credit line stating one is
   *  a concession given for that reason (a print dealer's SLA credit of a down device's month), not
   *  the charge taken back as unbilled; `horizon`: the latest day a document may extend the
   *  history's last day to (a year past the scan's day: billing in advance reaches that far, a typo's
   *  year — 9999-11-01 for 2025-11-01 — does not). Every row's periods run to the last day, so one
   *  such document made each monthly row "unbilled" for every month of eight thousand years. */
  constructor(
    private readonly schedule: RecurringSchedule,
    private readonly dayOrder?: DayOrder,
    private readonly acceptedReasons: readonly string[] = [],
    private readonly horizon: string = AFTER_THE_CALENDAR,
  ) {}

  add(t: Transaction) {
    const day = dayOf(t.date);
    if (day === null) return;
    if (t.type !== "invoice" && t.type !== "credit_note") return;
    if (this.first === undefined || day < this.first) this.first = day;
    if ((this.last === undefined || day > this.last) && day <= this.horizon) this.last = day;
    if (!this.schedule.concerns(t)) return;
    const named = namedPeriodStart(t, this.dayOrder);
    const doc = this.documents.length;
    this.documents.push({ id: t.transaction_id, invoice: t.type === "invoice", date: day, customer: t.customer_id, currency: t.currency, idle: idleStatus(t) !== undefined });
    // A credit note's lines are written positive by some exports: a credit takes the charge back.
    const sign = t.type === "credit_note" ? -1 : 1;
    for (const l of t.lines) {
      if (!l.sku) continue;
      if (sign === -1 && acceptedAdjustmentReason(l, { accepted_adjustment_reasons: this.acceptedReasons as string[] }) !== undefined) continue;
      // Usage drawn from a prepaid commitment is billed at 0 by design: it bills what it drew.
      const raw = drawnFromPrepayment(l) ? drawnValue(l) : (l.amount ?? (l.unit_price !== undefined ? l.unit_price * (l.quantity ?? 1) : undefined));
      if (raw === undefined || !Number.isFinite(raw)) continue;
      const amount = sign === -1 ? -Math.abs(raw) : raw;
      const quantity = l.quantity !== undefined && Number.isFinite(l.quantity) ? Math.abs(l.quantity) : undefined;
      const units = l.unit_price !== undefined && Math.abs(l.unit_price) > 0 ? Math.abs(amount / l.unit_price) * Math.sign(amount) : quantity === undefined ? undefined : quantity * Math.sign(amount);
      const b: Billed = { sku: l.sku, day: named ?? day, named: named !== undefined, amount, quantity, units, doc };
      if (t.contract_id) push(this.byContract, t.contract_id, b);
      if (t.customer_id) push(this.byCustomer, t.customer_id, b);
    }
  }

  /** The lines that bill a row: its contract's when transactions name the contract, else its customer's. */
  linesOf(row: Contract): { key: string; lines: readonly Billed[] } {
    const byContract = this.byContract.get(row.contract_id);
    if (byContract) return { key: `contract ${row.contract_id}`, lines: byContract };
    return { key: `customer ${row.customer_id}`, lines: this.byCustomer.get(row.customer_id) ?? [] };
  }
}

/** A finding of the rule, with what a report shows of a finding that has no transaction. */
export interface RecurringGap {
  finding: Finding;
  /** The invoice the finding goes on; undefined: the contract has no document in the period. */
  transactionId: string | undefined;
  customerId: string;
  /** The period's first day (the finding's date in a report). */
  periodStart: string;
  currency: string | undefined;
}

/** The rule's findings: per invoice, and those of periods without a document. */
export class RecurringGaps {
  static readonly empty = new RecurringGaps([]);
  private readonly byTransaction = new Map<string, Finding[]>();
  readonly unattached: readonly RecurringGap[];

  constructor(readonly gaps: readonly RecurringGap[]) {
    for (const g of gaps) if (g.transactionId !== undefined) push(this.byTransaction, g.transactionId, g.finding);
    this.unattached = gaps.filter((g) => g.transactionId === undefined);
  }

  findingsFor(transactionId: string): readonly Finding[] {
    return this.byTransaction.get(transactionId) ?? NONE;
  }
}

const NONE: readonly Finding[] = [];

/** The charges due and not billed, judged as the header says. `tolerance`: money that is rounding. */
export function unbilledRecurringCharges(schedule: RecurringSchedule, billings: RecurringBillings, tolerance = 0.01): RecurringGaps {
  const first = billings.first;
  const last = billings.last;
  if (first === undefined || last === undefined) return RecurringGaps.empty;
  // The history's first month is not judged (its advance bills may precede the export), nor a
  // period whose following month the history has not seen to its end (the open billing run).
  const judgedFrom = addMonths(first, 1);
  const gaps: RecurringGap[] = [];
  const groups = new Map<string, { rows: RecurringRow[]; lines: readonly Billed[] }>();
  for (const r of schedule.rows) {
    const { key, lines } = billings.linesOf(r.row);
    const g = groups.get(key) ?? { rows: [], lines };
    g.rows.push(r);
    groups.set(key, g);
  }
  for (const { rows, lines } of groups.values()) {
    // Money at risk already found per period (start and cadence): the findings of one period
    // share its net shortfall, so that a concession is not counted once per unbilled charge.
    const taken = new Map<string, number>();
    const scheduledSkus = new Set(rows.map((r) => r.row.sku));
    const followers = new RowFollowers(rows);
    const coveredTo = coverage(rows, followers);
    const billedSkus = new Set(lines.map((l) => l.sku));
    // Codes a row of the contract bills in arrears (looked up per line: kept apart once).
    const arrears = new Set(rows.filter((r) => r.cadence.arrears).map((r) => r.row.sku));
    const cycle = cycleDay(lines.filter((l) => scheduledSkus.has(l.sku)));
    for (const r of rows) {
      const price = r.amount;
      if (!(price > tolerance) || !billedSkus.has(r.row.sku)) continue;
      const c = r.cadence;
      const dayOfLine = (l: Billed) => (l.named || !arrears.has(l.sku) ? l.day : shift(l.day, c, -1));
      const ofSku = lines.filter((l) => l.sku === r.row.sku);
      // A charge priced by the week but billed less often (a month's weeks on one invoice) is not
      // judged week by week: its weeks after each bill would all look unbilled.
      if (c.weeks > 0 && !billedEveryPeriod(ofSku, 7 * c.weeks)) continue;
      /** The charge's code billed (net) in from..to. */
      const billedIn = (from: string, to: string) => {
        let sum = 0;
        for (const l of ofSku) {
          const d = dayOfLine(l);
          if (d >= from && d <= to) sum += l.amount;
        }
        return sum;
      };
      // The charge is due to the end of the rows of its code that follow this one without a gap (a
      // price step on the anniversary, mid-month): a period this row begins is judged at its price.
      const end = coveredTo.get(r) ?? last;
      // A monthly charge is billed per calendar month (a row starting on the 20th is prorated for
      // its first month, not judged) — or per the contract's own cycle where it bills on one day of
      // the month and the row starts on that day (a member billed on the 15th, each bill the 15th to
      // the 14th, dues resuming on the 15th after a freeze); a longer cadence, and one in weeks,
      // runs from the row's start, so that a row from the 31st keeps its periods.
      const anchor = c.months === 1 && !r.from.endsWith("-01") && r.from.slice(8) !== cycle ? addMonths(`${r.from.slice(0, 8)}01`, 1) : r.from;
      if (metered(ofSku, r, c, anchor, end, first, last, billedIn, tolerance)) continue;
      for (const [k, ps, pe] of rowPeriods(anchor, c, end, last, r.to, judgedFrom)) {
        // The billing run after the period: a month on (a week-based cadence's next period).
        const runAfter = c.weeks > 0 ? shift(pe, c, 1) : addMonths(pe, 1);
        if (ps < judgedFrom || runAfter > last) continue;
        if (Math.abs(billedIn(ps, pe)) > tolerance) continue;
        // Billed early or late: a surplus of the code beside the period covers it.
        const prevFrom = shift(anchor, c, k - 1);
        const nextTo = dayBefore(shift(anchor, c, k + 2));
        const before = billedIn(prevFrom, dayBefore(ps)) - owedOf(rows, r.row.sku, prevFrom);
        const after = billedIn(addDays(pe, 1), nextTo) - owedOf(rows, r.row.sku, addDays(pe, 1));
        if (before >= price - tolerance || after >= price - tolerance) continue;
        // What the contract's scheduled charges owe net of concessions, against what they billed:
        // rows whose periods fit this one (a monthly row thrice in a quarter); a longer cadence
        // (an annual fee) is billed in one of its periods and left out with its code.
        let owed = 0;
        const counted = new Set<string>();
        for (const o of rows) {
          const times = periodsIn(c, o.cadence);
          if (times === 0 || o.from > ps || (o.to !== undefined && o.to < ps) || (coveredTo.get(o) ?? last) < pe) continue;
          // Each of its periods at the price then in force: monthly dues stepping up inside an
          // annual fee's year (a promotion ending, an increase) owe the year at each month's price.
          for (let j = 0; j < times; j++) owed += priceOn(followers, o, shift(ps, o.cadence, j));
          counted.add(o.row.sku);
        }
        // A code of the schedule billed in the period after its own rows ended bills the period
        // too (the old container's service billed after the upsize, the change never reaching
        // billing): what it billed is not lost, only the difference.
        const superseded = new Set<string>();
        for (const o of rows) if (!counted.has(o.row.sku) && periodsIn(c, o.cadence) > 0 && (coveredTo.get(o) ?? last) < ps) superseded.add(o.row.sku);
        for (const o of rows) if (o.from <= pe && (coveredTo.get(o) ?? last) >= ps) superseded.delete(o.row.sku);
        let billed = 0;
        const docs = new Map<number, number>();
        const inPeriod: Billed[] = [];
        for (const l of lines) {
          const d = dayOfLine(l);
          if (d < ps || d > pe) continue;
          inPeriod.push(l);
          if (!scheduledSkus.has(l.sku)) continue;
          docs.set(l.doc, (docs.get(l.doc) ?? 0) + 1);
          if (counted.has(l.sku) || superseded.has(l.sku)) billed += l.amount;
        }
        // The period's bill says the service was suspended (a seasonal hold billed a suspension
        // fee instead): nothing of the schedule was due, whatever the rows say.
        if (inPeriod.some((l) => billings.documents[l.doc]!.idle)) continue;
        const periodKey = `${ps}/${c.months}/${c.weeks}`;
        const atRisk = roundMoney(Math.min(price, owed - billed - (taken.get(periodKey) ?? 0)));
        if (atRisk <= tolerance) continue;
        if (renamed(lines, inPeriod, scheduledSkus, r.row.sku, prevFrom, ps, addDays(pe, 1), nextTo, dayOfLine)) continue;
        taken.set(periodKey, (taken.get(periodKey) ?? 0) + atRisk);
        // The contract's invoice of the period: one that bills its scheduled charges (a late fee's
        // invoice is no place for it); with none, the period's regular bill that bills the rest —
        // a telecom's or a SaaS's month of usage and fees whose plan line is the one missing.
        const doc = invoiceOf(docs, billings.documents, c.months > 1 && !c.arrears) ?? regularBillOf(inPeriod, billings.documents);
        const info = doc === undefined ? undefined : billings.documents[doc]!;
        const period = `${ps} – ${pe}`;
        gaps.push({
          transactionId: info?.id,
          customerId: r.row.customer_id,
          periodStart: ps,
          currency: r.row.currency ?? info?.currency ?? currencyOf(lines, billings.documents),
          finding: {
            code: UNBILLED_RECURRING_CODE,
            score: 0.9,
            message: `${r.row.sku} of contract ${r.row.contract_id} (${money(price)} ${cadenceName(c)}) is due for ${period} and not billed${info ? ` on ${info.id} or any other document of the period` : ": no document of the contract bills that period"}`,
            field: "lines",
            expected: { contract_id: r.row.contract_id, customer_id: r.row.customer_id, sku: r.row.sku, period_from: ps, period_to: pe, billing_frequency: cadenceName(c), amount: price },
            actual: { sku: r.row.sku, billed: 0, transaction_id: info?.id ?? null },
            amount_at_risk: atRisk,
            risk_key: `recurring:${r.row.contract_id}:${r.row.sku}:${ps}`,
          },
        });
      }
    }
  }
  return new RecurringGaps(gaps);
}

/**
 * A contract's rows by code, cadence and first day: the rows that follow one without a gap (a
 * price step, a renewal) looked up, not searched for among all of them at each step — a contract
 * of 1,000 monthly price steps made coverage() rows × steps × rows (5.3 s of CPU for one scan's
 * context).
 */
export class RowFollowers {
  private readonly byStart = new Map<string, RecurringRow[]>();

  constructor(rows: readonly RecurringRow[]) {
    for (const r of rows) {
      const key = RowFollowers.key(r, r.from);
      const list = this.byStart.get(key);
      if (list) list.push(r);
      else this.byStart.set(key, [r]);
    }
  }

  /** Per row, the rows of its code and cadence starting the day after it ends (made once per row: a day's arithmetic is a date parsed and printed). */
  private readonly following = new Map<RecurringRow, readonly RecurringRow[]>();

  /** The first row (in the rows' order) of `of`'s code and cadence that starts the day after `of` ends and `skip` does not leave out (none after an open row). */
  after(of: RecurringRow, skip: (o: RecurringRow) => boolean): RecurringRow | undefined {
    if (of.to === undefined) return undefined;
    let list = this.following.get(of);
    if (list === undefined) this.following.set(of, (list = this.byStart.get(RowFollowers.key(of, addDays(of.to, 1))) ?? []));
    for (const o of list) if (!skip(o)) return o;
    return undefined;
  }

  /** Rows of one code and cadence (the same months and weeks: in arrears or not) starting on `day`. */
  private static key(r: RecurringRow, day: string): string {
    return `${r.row.sku}\u0000${r.cadence.months}/${r.cadence.weeks}\u0000${day}`;
  }
}

/**
 * Per row, the last day its code stays due from it on: its end, carried through the rows of the
 * same code and cadence that start the next day (undefined: open).
 */
export function coverage(rows: readonly RecurringRow[], followers: RowFollowers): Map<RecurringRow, string | undefined> {
  const out = new Map<RecurringRow, string | undefined>();
  for (const r of rows) {
    let cur = r;
    const seen = new Set<RecurringRow>([r]);
    for (;;) {
      const follow = followers.after(cur, (o) => seen.has(o));
      if (!follow) break;
      seen.add(follow);
      cur = follow;
    }
    out.set(r, cur.to);
  }
  return out;
}

/**
 * Whether the lines of a code are billed at the rhythm of a period of `days` days: the median gap
 * between their billing days (net positive) at most one and a half periods.
 */
function billedEveryPeriod(lines: readonly Billed[], days: number): boolean {
  const billed = [...new Set(lines.filter((l) => l.amount > 0).map((l) => l.day))].sort();
  if (billed.length < 2) return false;
  const gaps: number[] = [];
  for (let i = 1; i < billed.length; i++) gaps.push(daysBetween(Date.parse(`${billed[i]}T00:00:00Z`), Date.parse(`${billed[i - 1]}T00:00:00Z`)));
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1]! <= 1.5 * days;
}

/**
 * Whether the row prices a metered charge rather than a recurring one: a rate per unit of what was
 * used (power above the commit per kWh, transit burst per Mbps, overage minutes), which a rate plan
 * states "Monthly" like the fixed charges beside it but bills only in a period with usage to bill,
 * each time on what was used. Its lines bill varying quantities (no quantity on more than half of
 * them: a plan, a seat count, a cabinet bills the same quantity most periods) and it is billed in
 * fewer than half of the whole periods the row is in force over the history: a period without its
 * line is a period without usage, not a charge dropped. A metered charge billed every period (a
 * royalty on each month's sales) stays judged: a month without it is one the bill missed.
 */
function metered(ofSku: readonly Billed[], r: RecurringRow, c: Cadence, anchor: string, end: string, first: string, last: string, billedIn: (from: string, to: string) => number, tolerance: number): boolean {
  const quantities = ofSku.filter((l) => l.amount > 0 && l.quantity !== undefined).map((l) => l.quantity!);
  if (quantities.length < 2) return false;
  const counts = new Map<number, number>();
  for (const q of quantities) counts.set(q, (counts.get(q) ?? 0) + 1);
  if (Math.max(...counts.values()) * 2 > quantities.length) return false;
  let periods = 0, billed = 0;
  for (const [, ps, pe] of rowPeriods(anchor, c, end, last, r.to, first)) {
    if (ps < first) continue;
    periods++;
    if (Math.abs(billedIn(ps, pe)) > tolerance) billed++;
  }
  return periods > 0 && billed * 2 < periods;
}

/** A row's whole periods from `anchor`, in order, as [k, first day, last day]: up to the end of
 *  its run of rows (`end`), the history's last day and the row's own end; from about `from` on —
 *  a period starting before it may be given, none starting on or after it is skipped. A row from
 *  long before the history (a typo's year 0202, a placeholder 0000-01-01) is not walked month by
 *  month through the centuries no caller judges. */
function* rowPeriods(anchor: string, c: Cadence, end: string, last: string, rowTo: string | undefined, from: string): Generator<[number, string, string]> {
  for (let k = firstPeriodNear(anchor, c, from); ; k++) {
    const ps = shift(anchor, c, k);
    const pe = dayBefore(shift(anchor, c, k + 1));
    if (pe > end || ps > last || (rowTo !== undefined && ps > rowTo)) return;
    yield [k, ps, pe];
  }
}

/** The index of a period of `anchor`'s cadence starting before `from` (at most one period before
 *  the first starting on or after it; 0 when `from` is not after `anchor`), counted from the
 *  months or days between them alone, as `shift` steps. */
function firstPeriodNear(anchor: string, c: Cadence, from: string): number {
  if (from <= anchor || from === AFTER_THE_CALENDAR) return 0;
  const periods =
    c.weeks > 0
      ? Math.floor(daysBetween(Date.parse(anchor), Date.parse(from)) / (7 * c.weeks))
      : Math.floor(((+from.slice(0, 4) - +anchor.slice(0, 4)) * 12 + (+from.slice(5, 7) - +anchor.slice(5, 7))) / c.months);
  return Number.isFinite(periods) ? Math.max(0, periods - 1) : 0;
}

/**
 * The day of the month (DD) a contract bills its scheduled charges on, where it has a cycle of its
 * own: most of its billing days (at least three) fall on one day, other than the 1st and at most
 * the 28th (a gym member billed on the 15th, a telecom account on its bill cycle's day).
 */
export function cycleDay(lines: readonly Billed[]): string | undefined {
  const days = new Set<string>();
  for (const l of lines) if (l.amount > 0) days.add(l.day);
  if (days.size < 3) return undefined;
  const counts = new Map<string, number>();
  for (const d of days) counts.set(d.slice(8), (counts.get(d.slice(8)) ?? 0) + 1);
  let best: string | undefined, most = 0;
  for (const [dd, n] of counts) if (n > most) [best, most] = [dd, n];
  return best !== undefined && most * 2 > days.size && best !== "01" && best <= "28" ? best : undefined;
}

/** What row `o` owes a period from `day`: its own price, or that of the row of its code and cadence
 *  following it without a gap that is in force then (a price step, a promotion's end). A row met
 *  again ends the walk at the row before it: rows ending before they start (a typo's dates) can
 *  follow each other in a loop, which held the thread for ever (twentieth attack pass). */
export function priceOn(followers: RowFollowers, o: RecurringRow, day: string): number {
  let cur = o;
  let met: Set<RecurringRow> | undefined;
  while (cur.to !== undefined && cur.to < day) {
    const at = cur;
    const next = followers.after(cur, (x) => x === at);
    if (!next) break;
    met ??= new Set([o]);
    if (met.has(next)) break;
    met.add(next);
    cur = next;
  }
  return cur.amount;
}

/** What the code's rows owe for the period starting `day` (0 when none is in force). */
function owedOf(rows: readonly RecurringRow[], sku: string, day: string): number {
  let sum = 0;
  for (const r of rows) if (r.row.sku === sku && r.from <= day && (r.to === undefined || r.to >= day)) sum += r.amount;
  return sum;
}

/**
 * Whether the charge went on under a code the schedule does not know (a plan migration, a renamed
 * SKU): the charge was billed before, and a code first billed after its last billing is billed in
 * the period and in the one before or after it. A one-off fee (a late fee, a move-out charge)
 * recurs in neither; a utility recovery billed all along is no new code; a charge never billed
 * before the period (a renewal's first month) has no successor to look for.
 */
function renamed(lines: readonly Billed[], inPeriod: readonly Billed[], scheduled: ReadonlySet<string>, sku: string, prevFrom: string, ps: string, nextFrom: string, nextTo: string, dayOf: (l: Billed) => string): boolean {
  let lastDay = "";
  for (const l of lines) {
    const d = dayOf(l);
    if (l.sku === sku && l.amount > 0 && d < ps && d > lastDay) lastDay = d;
  }
  if (lastDay === "") return false;
  const billedBetween = (code: string, from: string, to: string) => lines.some((l) => l.sku === code && l.amount > 0 && dayOf(l) >= from && dayOf(l) <= to);
  return inPeriod.some(
    (l) =>
      !scheduled.has(l.sku) &&
      l.amount > 0 &&
      !lines.some((o) => o.sku === l.sku && dayOf(o) <= lastDay) &&
      (billedBetween(l.sku, prevFrom, dayBefore(ps)) || billedBetween(l.sku, nextFrom, nextTo)),
  );
}

/** The document of the period billing most of the contract's scheduled charges (ties: the earliest); with `earliest`, the period's first that bills any of them. */
function invoiceOf(docs: ReadonlyMap<number, number>, documents: readonly DocumentInfo[], earliest = false): number | undefined {
  let best: number | undefined;
  for (const [doc, n] of docs) {
    if (!documents[doc]!.invoice) continue;
    if (earliest) {
      // A charge billed in advance for a period of several of the contract's bills (an annual fee
      // beside monthly dues) is due on the period's first bill, not on a later one of more lines.
      const day = documents[doc]!.date ?? "", bestDay = best === undefined ? "" : (documents[best]!.date ?? "");
      if (best === undefined || day < bestDay || (day === bestDay && doc < best)) best = doc;
    } else if (best === undefined || n > docs.get(best)! || (n === docs.get(best)! && doc < best)) best = doc;
  }
  return best !== undefined && documents[best] ? best : undefined;
}

/** Lines a bill needs, besides the missing one, to be the period's regular bill rather than a
 *  one-off charge's invoice (a late fee, a fee and its tax). */
const REGULAR_BILL_LINES = 2;

/**
 * The period's invoice of the most lines (the earliest of a tie), when it has at least
 * REGULAR_BILL_LINES (none of them the schedule's: no invoice of the period bills those) — usage,
 * fees, taxes: the month's bill the plan's line is missing from. undefined when every invoice of
 * the period is a one-off charge's.
 */
function regularBillOf(inPeriod: readonly Billed[], documents: readonly DocumentInfo[]): number | undefined {
  const lines = new Map<number, number>();
  for (const l of inPeriod) lines.set(l.doc, (lines.get(l.doc) ?? 0) + 1);
  const fullest = invoiceOf(lines, documents);
  return fullest !== undefined && lines.get(fullest)! >= REGULAR_BILL_LINES ? fullest : undefined;
}

function currencyOf(lines: readonly Billed[], documents: readonly DocumentInfo[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const c = documents[lines[i]!.doc]?.currency;
    if (c) return c;
  }
  return undefined;
}

function cadenceName(c: Cadence): string {
  if (c.weeks > 0) return c.weeks === 1 ? "weekly" : c.weeks === 2 ? "fortnightly" : `every ${c.weeks} weeks`;
  return c.months === 1 ? "monthly" : c.months === 3 ? "quarterly" : c.months === 6 ? "semi-annual" : c.months === 12 ? "annual" : `every ${c.months} months`;
}

/** `day` plus `n` months, the day of month kept or cut to the month's last (31 Jan + 1 = 28/29 Feb); off the calendar, as addDays (dates.ts). */
export function addMonths(day: string, n: number): string {
  if (day === AFTER_THE_CALENDAR || day === BEFORE_THE_CALENDAR) return day;
  const y = +day.slice(0, 4);
  const m = +day.slice(5, 7) - 1 + n;
  const d = +day.slice(8, 10);
  const year = y + Math.floor(m / 12);
  if (year > 9999) return AFTER_THE_CALENDAR;
  if (year < 0) return BEFORE_THE_CALENDAR;
  const month = ((m % 12) + 12) % 12;
  // Date.UTC reads a year under 100 as 19xx: the month's length is asked of a leap-alike year then.
  const last = new Date(Date.UTC(year < 100 ? year + 400 : year, month + 1, 0)).getUTCDate();
  // Four digits, as every day of the analysis is written: "202-02-01" is no date to a parser.
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}


function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
