// The scoring ensemble. Each finding contributes weight × score, the most that detector can add;
// contributions combine like independent pieces of evidence (noisy-OR):
//   risk = 100 · (1 − Π (1 − wᵢ·sᵢ))
// so one strong finding sets the score, more findings raise it towards 100 but never past it,
// and every point traces back to named findings. Risk levels follow configurable cut-offs; an
// anomaly's severity is the level its own contribution would reach alone.
import { round2 } from "../domain/rounding.ts";
import type { RiskLevel } from "../domain/analysis.ts";
import type { ModulesConfig } from "./config-schema.ts";

export interface Contribution {
  weight: number;
  score: number;
}

export function riskScore(contributions: readonly Contribution[]): number {
  let keep = 1;
  for (const c of contributions) keep *= 1 - Math.min(1, Math.max(0, c.weight * c.score));
  return Math.round((1 - keep) * 10_000) / 100;
}

export function riskLevel(score: number, cutoffs: ModulesConfig["scoring"]["risk_levels"]): RiskLevel {
  if (score >= cutoffs.critical) return "critical";
  if (score >= cutoffs.high) return "high";
  if (score >= cutoffs.medium) return "medium";
  return "low";
}

/** Sums money so that findings sharing a risk key (the same money) count once, at their largest. */
export function totalAtRisk(findings: readonly { amount_at_risk: number; risk_key?: string }[]): number {
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
