// recurring_component_missing: a component a service's bills carry month after month is missing
// from one bill and present again on the next — a commercial bill without its demand charge (the
// demand register read, not billed), a bill without its customer charge, a telecom bill without
// its plan line. What an analyst requires:
//  - the component is the only line of its unit on the bills that carry it (the kW of demand, the
//    month of a customer charge): a block or tier sharing its unit with others (a second energy
//    block, a water tier) comes and goes with the usage and says nothing alone; a percentage of
//    other lines (a fee, a discount) follows its base;
//  - a line of its unit is billed (positive) on the month before and on the month after, all
//    three consecutive — under one code, or under the season's (a summer and a winter demand
//    code) — and the bill in between carries no line of that unit at all (a code replaced by
//    another of the same unit — a plan change — is not missing);
//  - the service bills the unit month after month: on at least REGULAR_SHARE of its months;
//  - the bill in between is the service's regular bill: it still bills usage (a month without any
//    usage is usage_stopped's, or a season's) and at least MIN_SHARED codes its neighbours bill;
//  - no month of the four says the premise or service was not in use (a status column);
//  - the component is no minimum charge's code (`revenue_leakage.minimum_charge_skus`): a minimum
//    is a floor topped up only in a month whose charges fell short of it (a print contract's
//    minimum volume commitment, met in a busy month), which below_minimum_charge judges.
// What is at risk can be estimated: the mean of the component on the bills before and after.
import { roundMoney } from "../../../domain/rounding.ts";
import { money } from "../types.ts";
import { consecutive, monthName, type MonthBill, type ServiceFinding } from "./billed-components.ts";
import { isMinimumCode } from "./minimum-top-up.ts";

export const COMPONENT_MISSING_CODE = "recurring_component_missing" as const;

/** Consecutive months carrying the component before the one missing it. */
const MIN_BEFORE = 1;
/** Share of a service's months that bill a unit for it to be one of its bills' components. */
const REGULAR_SHARE = 0.8;
/** Codes the bill missing the component shares with its neighbours: a regular bill, not a fee's invoice. */
const MIN_SHARED = 2;

/** Unit → the one code billing it (positive) in the month; units billed by two codes or more are left out. */
function soleCodesByUnit(m: MonthBill): Map<string, string> {
  const byUnit = new Map<string, string | null>();
  for (const [code, c] of m.components) {
    if (c.kind === "percent" || !(c.amount > 0)) continue;
    const seen = byUnit.get(c.unit);
    byUnit.set(c.unit, seen === undefined ? code : seen === code ? code : null);
  }
  // Another code of the unit billing nothing or a credit still shares it.
  for (const [code, c] of m.components) if (c.kind !== "percent" && !(c.amount > 0) && byUnit.has(c.unit) && byUnit.get(c.unit) !== code) byUnit.set(c.unit, null);
  const out = new Map<string, string>();
  for (const [unit, code] of byUnit) if (code !== null && code !== undefined) out.set(unit, code);
  return out;
}

function billsUsage(m: MonthBill): boolean {
  for (const c of m.components.values()) if (c.kind === "usage" && c.quantity > 0 && c.amount > 0) return true;
  return false;
}

/** The findings of one service's months (in month order), as the header says. */
export function componentsMissing(months: readonly MonthBill[], documents: readonly string[], tolerance = 0.01, minimumSkus: readonly string[] = []): ServiceFinding[] {
  const out: ServiceFinding[] = [];
  const monthsBilling = new Map<string, number>();
  for (const m of months) for (const unit of new Set([...m.components.values()].filter((c) => c.amount > 0).map((c) => c.unit))) monthsBilling.set(unit, (monthsBilling.get(unit) ?? 0) + 1);
  for (let i = MIN_BEFORE; i + 1 < months.length; i++) {
    if (!consecutive(months, i - MIN_BEFORE, i + 1)) continue;
    const around = [...months.slice(i - MIN_BEFORE, i), months[i + 1]!];
    const m = months[i]!;
    if (m.idle || around.some((a) => a.idle) || !billsUsage(m)) continue;
    const shared = [...m.components.keys()].filter((code) => around.every((a) => a.components.has(code)));
    if (shared.length < MIN_SHARED) continue;
    const unitsHere = new Set([...m.components.values()].map((c) => c.unit));
    const sole = around.map(soleCodesByUnit);
    for (const [unit, code] of sole[sole.length - 2]!) {
      const after = sole[sole.length - 1]!.get(unit);
      if (unitsHere.has(unit) || after === undefined || !sole.every((s) => s.has(unit))) continue;
      if (isMinimumCode(code, minimumSkus)) continue;
      if ((monthsBilling.get(unit) ?? 0) < REGULAR_SHARE * months.length) continue;
      const before = months[i - 1]!.components.get(code)!.amount;
      const afterAmount = months[i + 1]!.components.get(after)!.amount;
      const atRisk = roundMoney((before + afterAmount) / 2);
      if (!(atRisk > tolerance)) continue;
      const docs = m.documents.filter((d) => d.codes.filter((c) => shared.includes(c)).length >= MIN_SHARED).map((d) => d.doc);
      if (docs.length === 0) continue;
      out.push({
        documents: docs,
        finding: {
          code: COMPONENT_MISSING_CODE,
          score: 0.9,
          message: `${code} (the service's only line in ${unit}) is missing from the bill of ${monthName(m.month)}: billed the month before (${money(before)} the month before) and again the month after (${after === code ? "" : `as ${after}, `}${money(afterAmount)})`,
          field: "lines",
          expected: { sku: code, unit, billed_before: roundMoney(before), billed_after: roundMoney(afterAmount), sku_after: after },
          actual: { sku: code, billed: 0, transaction_id: documents[docs[0]!] ?? null },
          amount_at_risk: atRisk,
          risk_key: `component:${documents[docs[0]!]}:${code}`,
        },
      });
    }
  }
  return out;
}
