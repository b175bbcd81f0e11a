// usage_stopped: a service whose bills carried its usage month after month bills none for two
// months or more while its charge per period goes on — a utility's stuck meter on an occupied
// premise (the register reads the same, the customer charge alone is billed), a telecom line or
// a SaaS seat whose usage feed stopped while the subscription bills on. What an analyst requires:
//  - before the stop, MIN_RUN_BEFORE consecutive months on which one metered code (a line whose
//    unit is a usage unit: kWh, kgal, GB) billed a quantity above 0, and usage was the bulk of
//    the bill (USAGE_SHARE of its charges: the service is its usage, not a metered add-on a
//    customer may simply stop using);
//  - then MIN_RUN_STOPPED or more consecutive months whose bills carry no usage at all — no line
//    of a usage unit with a quantity, none negative either (net metering's months of negative
//    net usage, an estimate's correction are usage) — and still bill the charges per period
//    (unit MO…) that the months before billed: the service was billed on, not ended (a service
//    ended is never billed again) nor suspended (then the charge per period stops too);
//  - no month of the stop, nor of the months before, says the premise or service is not in use
//    (a status column: vacant, inactive, suspended), and the stop is the same account's (a vacant
//    premise billed to its owner is another account's service);
//  - the stop is not the season: no month SEASON_MONTHS around the same months a year before or
//    after bills no usage of the code either (an irrigation meter idle every winter: last
//    winter's January–March say this November–December is the season too), and the code is not
//    one that most services billing it bill no usage of in those calendar months (UsageSeasons:
//    an irrigation meter connected in June has no winter of its own in the history, its peers do).
// Only usage is at risk, and it can be estimated: the median usage billed in the months before,
// per month stopped. A month billing usage again ends the stop; a stop running to the end of the
// history is judged (a meter still stuck).
import { roundMoney } from "../../../domain/rounding.ts";
import { median } from "../../stats.ts";
import { money } from "../types.ts";
import { consecutive, monthName, type MonthBill, type ServiceFinding } from "./billed-components.ts";

export const USAGE_STOPPED_CODE = "usage_stopped" as const;

/** Consecutive months of usage before the stop. */
const MIN_RUN_BEFORE = 3;
/** Consecutive months without usage: one may be a reading skipped, two are a pattern. */
const MIN_RUN_STOPPED = 2;
/** How far from a year before or after a month without usage still says "the season". */
const SEASON_MONTHS = 2;
/** Months of services billing a code in a calendar month before its peers say anything of it (a
 *  service alone would call its own stop a season). */
const MIN_SEASON_MONTHS = 10;
/** A calendar month in which fewer than this share of the services billing a code bill usage of it is its off season. */
const IN_SEASON_SHARE = 0.5;
/** Share of a month's charges that its usage lines carried, on every month before the stop. */
const USAGE_SHARE = 0.5;

/**
 * Per metered code and calendar month, how many of the months of the services that bill the code
 * bill usage of it: a code most services bill no usage of in January (irrigation) is off season.
 */
export class UsageSeasons {
  /** code → per calendar month: [months billing usage of it, months of the services billing it]. */
  private readonly byCode = new Map<string, [number, number][]>();

  constructor(histories: readonly (readonly MonthBill[])[]) {
    for (const months of histories) {
      const codes = new Set<string>();
      for (const m of months) for (const [code, c] of m.components) if (c.kind === "usage" && c.quantity > 0) codes.add(code);
      for (const code of codes) {
        let counts = this.byCode.get(code);
        if (!counts) this.byCode.set(code, (counts = Array.from({ length: 12 }, () => [0, 0] as [number, number])));
        for (const m of months) {
          const cell = counts[m.month % 12]!;
          cell[1]++;
          if ((m.components.get(code)?.quantity ?? 0) > 0) cell[0]++;
        }
      }
    }
  }

  /** Whether `month` (year × 12 + month − 1) is the code's off season. */
  offSeason(code: string, month: number): boolean {
    const cell = this.byCode.get(code)?.[month % 12];
    return cell !== undefined && cell[1] >= MIN_SEASON_MONTHS && cell[0] < IN_SEASON_SHARE * cell[1];
  }
}

function hasUsage(m: MonthBill): boolean {
  for (const c of m.components.values()) if (c.kind === "usage" && Math.abs(c.quantity) > 1e-9) return true;
  return false;
}

/** The month's usage lines' amount and its charges' (positive lines) total. */
function usageAndCharges(m: MonthBill): { usage: number; charges: number } {
  let usage = 0;
  let charges = 0;
  for (const c of m.components.values()) {
    if (c.amount > 0) charges += c.amount;
    if (c.kind === "usage" && c.quantity > 0) usage += c.amount;
  }
  return { usage, charges };
}

/** The metered codes every month of `before` billed above 0, usage the bulk of each month. */
function meteredThroughout(before: readonly MonthBill[]): string[] {
  let codes: string[] | undefined;
  for (const m of before) {
    const { usage, charges } = usageAndCharges(m);
    if (!(usage > 0) || usage < USAGE_SHARE * charges) return [];
    const here = [...m.components].filter(([, c]) => c.kind === "usage" && c.quantity > 0 && c.amount > 0).map(([code]) => code);
    codes = codes === undefined ? here : codes.filter((c) => here.includes(c));
    if (codes.length === 0) return [];
  }
  return codes ?? [];
}

/** The charges per period every month of `before` billed (positive). */
function periodChargesThroughout(before: readonly MonthBill[]): string[] {
  let codes: string[] | undefined;
  for (const m of before) {
    const here = [...m.components].filter(([, c]) => c.kind === "time" && c.amount > 0).map(([code]) => code);
    codes = codes === undefined ? here : codes.filter((c) => here.includes(c));
  }
  return codes ?? [];
}

/** The findings of one service's months (in month order), as the header says. */
export function usageStopped(months: readonly MonthBill[], documents: readonly string[], seasons: UsageSeasons, tolerance = 0.01): ServiceFinding[] {
  const out: ServiceFinding[] = [];
  const byMonth = new Map(months.map((m) => [m.month, m]));
  let i = MIN_RUN_BEFORE;
  while (i < months.length) {
    const start = i;
    const before = months.slice(start - MIN_RUN_BEFORE, start);
    const stops = !hasUsage(months[start]!) && consecutive(months, start - MIN_RUN_BEFORE, start) && !before.some((m) => m.idle);
    if (!stops) {
      i++;
      continue;
    }
    const metered = meteredThroughout(before);
    const perPeriod = periodChargesThroughout(before);
    // The stop: consecutive months without usage, not idle, still billing a charge per period.
    let end = start;
    while (
      end < months.length &&
      !hasUsage(months[end]!) &&
      !months[end]!.idle &&
      (end === start || months[end]!.month === months[end - 1]!.month + 1) &&
      perPeriod.some((code) => (months[end]!.components.get(code)?.amount ?? 0) > 0)
    )
      end++;
    i = Math.max(end, start + 1);
    if (metered.length === 0 || end - start < MIN_RUN_STOPPED) continue;
    const stopped = months.slice(start, end);
    const idleThen = (k: number) => {
      const other = byMonth.get(k);
      return other !== undefined && !metered.some((code) => (other.components.get(code)?.quantity ?? 0) > 0);
    };
    const seasonal = stopped.some((m) => {
      if (metered.every((code) => seasons.offSeason(code, m.month))) return true;
      for (let d = -SEASON_MONTHS; d <= SEASON_MONTHS; d++) if (idleThen(m.month - 12 + d) || idleThen(m.month + 12 + d)) return true;
      return false;
    });
    if (seasonal) continue;
    const usual = median(before.map((m) => usageAndCharges(m).usage).sort((a, b) => a - b));
    const atRisk = roundMoney(usual);
    if (!(atRisk > tolerance)) continue;
    const code = metered[0]!;
    const from = monthName(stopped[0]!.month);
    const to = monthName(stopped[stopped.length - 1]!.month);
    for (const m of stopped) {
      const docs = m.documents.filter((d) => d.codes.some((c) => perPeriod.includes(c))).map((d) => d.doc);
      if (docs.length === 0) continue;
      out.push({
        documents: docs,
        finding: {
          code: USAGE_STOPPED_CODE,
          score: 0.9,
          message: `no usage billed for ${monthName(m.month)} (${stopped.length} months without usage, ${from} – ${to}) while the service's charge per period is billed on; ${code} billed a quantity every month before, usually ${money(usual)} of usage a month: a meter stuck or a usage feed stopped`,
          field: "lines",
          expected: { sku: code, months_with_usage_before: MIN_RUN_BEFORE, usual_usage_amount: roundMoney(usual) },
          actual: { sku: code, quantity: 0, months_without_usage: stopped.length, period_charges: perPeriod, transaction_id: documents[docs[0]!] ?? null },
          amount_at_risk: atRisk,
          risk_key: `usage:${documents[docs[0]!]}:${code}`,
        },
      });
    }
  }
  return out;
}
