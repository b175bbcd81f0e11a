// The scoring ensemble. Each finding contributes weight × score, the most that detector can add;
// contributions combine like independent pieces of evidence (noisy-OR):
//   risk = 100 · (1 − Π (1 − wᵢ·sᵢ))
// so one strong finding sets the score, more findings raise it towards 100 but never past it,
// and every point traces back to named findings. Weak, common signals (weekend, out of hours,
// period end, the isolation forest's unexplained score) combine among themselves first and are
// capped (WEAK_CAP) before they join the rest: many weak signals never make one strong one. Risk levels follow configurable cut-offs; an
// anomaly's severity is the level its own contribution would reach alone.
import { round2 } from "../domain/rounding.ts";
import type { RiskLevel } from "../domain/analysis.ts";
import type { ModulesConfig } from "./config-schema.ts";

export interface Contribution {
  weight: number;
  score: number;
  /** Weak, common signals share a group: together they add at most WEAK_CAP. */
  group?: "weak";
}

/** Codes whose findings are weak, common signals (timing; the unexplained model score). */
export const WEAK_CODES: ReadonlySet<string> = new Set(["weekend_posting", "out_of_hours_posting", "period_end_posting", "isolation_forest"]);
/** The most weak signals add together: below the default "high" (60), so a weekend night
 *  posting at period end with an odd model score is worth a look (medium), never an alarm. */
export const WEAK_CAP = 0.55;

export function riskScore(contributions: readonly Contribution[]): number {
  let keep = 1;
  let keepWeak = 1;
  for (const c of contributions) {
    const p = 1 - Math.min(1, Math.max(0, c.weight * c.score));
    if (c.group === "weak") keepWeak *= p;
    else keep *= p;
  }
  keep *= 1 - Math.min(WEAK_CAP, 1 - keepWeak);
  return Math.round((1 - keep) * 10_000) / 100;
}

export function riskLevel(score: number, cutoffs: ModulesConfig["scoring"]["risk_levels"]): RiskLevel {
  if (score >= cutoffs.critical) return "critical";
  if (score >= cutoffs.high) return "high";
  if (score >= cutoffs.medium) return "medium";
  return "low";
}

/**
 * The transaction's money at risk: what its findings state lost, those sharing a risk key (the
 * same money) counted once at their largest; where nothing is lost, what it owes (an overcharge).
 */
export function totalAtRisk(findings: readonly { amount_at_risk: number; risk_key?: string; owed?: boolean }[]): number {
  const lost = sumOnce(findings.filter((f) => !f.owed));
  // Money owed to the customer (an overcharge) is what is at risk only where nothing is lost: on a
  // bill that also loses money, adding the two would state neither.
  return lost > 0 ? lost : sumOnce(findings.filter((f) => f.owed));
}

/** The findings' amounts, those sharing a risk_key counted once at their largest. */
function sumOnce(findings: readonly { amount_at_risk: number; risk_key?: string }[]): number {
  const byKey = new Map<string, number>();
  let loose = 0;
  for (const f of findings) {
    if (f.amount_at_risk <= 0) continue;
    if (f.risk_key === undefined) loose += f.amount_at_risk;
    else byKey.set(f.risk_key, Math.max(byKey.get(f.risk_key) ?? 0, f.amount_at_risk));
  }
  let total = loose;
  for (const v of byKey.values()) total += v;
  return round2(total);
}
