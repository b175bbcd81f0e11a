// recurring_billed_beyond_service: a recurring charge billed for more units than the contract has
// in service in the period — a cross-connect's monthly charge billed after its disconnect date, a
// cancelled add-on still on the bill beside its code's other services. The counterpart of
// unbilled_recurring_charge, and like price_above_contract money owed back rather than lost; but
// where price_above_contract must guess what a price may be, this counts what a service inventory
// states: a row per service (or per quantity in service) with its start and its disconnect.
//
// Judged only where the rows say how many are in service: every row of the code states its
// `quantity` (docs/connectors.md), is billed in advance (a charge in arrears bills a period gone),
// and states a cadence of whole months. Per period of that cadence:
//  - what the rows owe, in units: each row's quantity times the share of the period it is in force
//    (a service disconnected on the 10th owes a third of its month; a step on the anniversary
//    hands the rest over to the next step), its rows read as the source states them (a second
//    service's row ends no other one's);
//  - what the lines bill, in units: each line's amount over its unit price (a prorated line bills
//    part of a month; a credit note takes back);
//  - a surplus of at least one whole unit, one the period before and the period after do not owe
//    (a month's partial first month billed in arrears on the next bill, a charge billed a month
//    early, a credit and rebill across a month's end: billed late or early, not billed twice); a
//    period billed by several invoices counts the one billing the most (a copy is not a surplus);
//  - one invoice of the contract's billing the code in the period (two are an invoice issued twice
//    or a separate order: duplicate_invoice's and the rebill's, not a count of services);
//  - the period is over, and the month after it too, in the history (as unbilled_recurring_charge).
// The finding goes on that invoice; its money is the surplus at the period's billed price per unit.
import { roundMoney } from "../../../domain/rounding.ts";
import { addDays, dayBefore, dayOf, daysBetween } from "../../dates.ts";
import { asStated } from "../../reference-index.ts";
import { money, type Finding } from "../types.ts";
import { addMonths, type Billed, cycleDay, type DocumentInfo, type RecurringBillings, type RecurringRow, type RecurringSchedule } from "./unbilled-recurring.ts";

export const RECURRING_BEYOND_SERVICE_CODE = "recurring_billed_beyond_service" as const;

/** Units short of a whole one that are still one: proration by a 30-day month against the calendar's. */
const UNIT_SLACK = 0.05;

/** The rule's findings, by the invoice they go on. */
export class RecurringSurpluses {
  static readonly empty = new RecurringSurpluses(new Map());
  constructor(private readonly byTransaction: ReadonlyMap<string, readonly Finding[]>) {}

  findingsFor(transactionId: string): readonly Finding[] {
    return this.byTransaction.get(transactionId) ?? NONE;
  }
}

const NONE: readonly Finding[] = [];

/** A row as the rule counts it: its quantity in service over its stated days. */
interface CountedRow {
  quantity: number;
  from: string;
  to: string | undefined;
}

/** The charges billed beyond the services in force, judged as the header says. */
export function recurringBilledBeyondService(schedule: RecurringSchedule, billings: RecurringBillings): RecurringSurpluses {
  const first = billings.first;
  const last = billings.last;
  if (first === undefined || last === undefined) return RecurringSurpluses.empty;
  const judgedFrom = addMonths(first, 1);
  // The rows of each code, grouped by what bills them (the contract, else the customer).
  const groups = new Map<string, { rows: RecurringRow[]; lines: readonly Billed[] }>();
  for (const r of schedule.rows) {
    const { key, lines } = billings.linesOf(r.row);
    const groupKey = `${key}\u0000${r.row.sku}`;
    const g = groups.get(groupKey) ?? { rows: [], lines };
    g.rows.push(r);
    groups.set(groupKey, g);
  }
  const found = new Map<string, Finding[]>();
  for (const { rows, lines } of groups.values()) {
    const months = rows[0]!.cadence.months;
    if (months < 1 || rows.some((r) => r.cadence.arrears || r.cadence.months !== months || r.row.quantity === undefined || !(r.row.quantity >= 0))) continue;
    const sku = rows[0]!.row.sku;
    const ofSku = lines.filter((l) => l.sku === sku);
    if (ofSku.length === 0 || ofSku.some((l) => l.units === undefined)) continue;
    const counted: CountedRow[] = rows.map((r) => {
      const stated = asStated(r.row);
      return { quantity: r.row.quantity!, from: dayOf(stated.valid_from) ?? r.from, to: dayOf(stated.valid_to) ?? undefined };
    });
    // Periods: calendar months for a monthly charge — or the contract's own cycle where it bills
    // the code on one day of the month (a member billed on the 15th, each bill the 15th to the
    // 14th) —, else from the earliest row's start.
    const start = counted.reduce((a, r) => (r.from < a ? r.from : a), counted[0]!.from);
    const cycle = months === 1 ? cycleDay(ofSku) : undefined;
    const onCycle = cycle === undefined ? "" : `${start.slice(0, 8)}${cycle}`;
    const anchor = months !== 1 ? start : cycle === undefined ? `${start.slice(0, 8)}01` : onCycle <= start ? onCycle : addMonths(onCycle, -1);
    const periods: [string, string][] = [];
    for (let k = 0; ; k++) {
      const ps = addMonths(anchor, months * k);
      if (ps > last) break;
      periods.push([ps, dayBefore(addMonths(anchor, months * (k + 1)))]);
    }
    const surplus = periods.map(([ps, pe]) => billedUnits(ofSku, billings.documents, ps, pe) - owedUnits(counted, ps, pe));
    for (let k = 1; k + 1 < periods.length; k++) {
      const [ps, pe] = periods[k]!;
      if (ps < judgedFrom || addMonths(pe, 1) > last) continue;
      const s = surplus[k]!;
      if (s < 1 - UNIT_SLACK || s + surplus[k - 1]! < 1 - UNIT_SLACK || s + surplus[k + 1]! < 1 - UNIT_SLACK) continue;
      const inPeriod = ofSku.filter((l) => l.day >= ps && l.day <= pe);
      const invoices = [...new Set(inPeriod.filter((l) => billings.documents[l.doc]!.invoice).map((l) => l.doc))];
      if (invoices.length !== 1) continue;
      const info = billings.documents[invoices[0]!]!;
      const billed = inPeriod.reduce((a, l) => a + l.amount, 0);
      const units = inPeriod.reduce((a, l) => a + l.units!, 0);
      if (!(billed > 0) || !(units > 0)) continue;
      const owed = units - s;
      const atRisk = roundMoney(Math.min(billed, (s * billed) / units));
      const row = rows[0]!.row;
      const finding: Finding = {
        code: RECURRING_BEYOND_SERVICE_CODE,
        score: 0.9,
        message: `${sku} of contract ${row.contract_id} is billed ${round2(units)} for ${ps} – ${pe} on ${info.id}, but its rows have ${round2(owed)} in service that period: ${money(atRisk)} billed beyond the services in force (a service billed after its disconnect?)`,
        field: "lines",
        expected: { contract_id: row.contract_id, customer_id: row.customer_id, sku, period_from: ps, period_to: pe, in_service: round2(owed) },
        actual: { sku, billed_units: round2(units), billed: roundMoney(billed), transaction_id: info.id },
        // Owed to the customer, not lost: a bill's amount at risk only where nothing is lost (scoring.ts).
        owed: true,
        amount_at_risk: atRisk,
        risk_key: `beyond-service:${row.contract_id}:${sku}:${ps}`,
      };
      const list = found.get(info.id);
      if (list) list.push(finding);
      else found.set(info.id, [finding]);
    }
  }
  return new RecurringSurpluses(found);
}

/**
 * The units the lines of a code bill in ps..pe: the credit notes' and one invoice's, the one
 * billing the most (an invoice issued twice, or credited and issued again, bills the period once).
 */
function billedUnits(lines: readonly Billed[], documents: readonly DocumentInfo[], ps: string, pe: string): number {
  let credited = 0;
  const perInvoice = new Map<number, number>();
  for (const l of lines) {
    if (l.day < ps || l.day > pe) continue;
    if (documents[l.doc]!.invoice) perInvoice.set(l.doc, (perInvoice.get(l.doc) ?? 0) + l.units!);
    else credited += l.units!;
  }
  return credited + (perInvoice.size === 0 ? 0 : Math.max(...perInvoice.values()));
}

/** The units the rows have in service over ps..pe: each row's quantity times its share of the period. */
function owedUnits(rows: readonly CountedRow[], ps: string, pe: string): number {
  const length = dayCount(ps, pe);
  let sum = 0;
  for (const r of rows) {
    const a = r.from > ps ? r.from : ps;
    const b = r.to !== undefined && r.to < pe ? r.to : pe;
    if (a > b) continue;
    sum += (r.quantity * dayCount(a, b)) / length;
  }
  return sum;
}

/** Days from a to b, both counted. */
function dayCount(a: string, b: string): number {
  return daysBetween(Date.parse(`${addDays(b, 1)}T00:00:00Z`), Date.parse(`${a}T00:00:00Z`));
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
