// rare_combination: two values that are each common but (almost) never occur together, where
// independence would predict many co-occurrences (expected = count(a)·count(b)/N). This is the
// "local anomaly" of journal-entry screening: a normal account with a normal posting key that
// never go together. Pairs involving a rare value are left to rare_value. Proves no loss.
import { round2 } from "../../../domain/rounding.ts";
import type { Detector, Finding } from "../types.ts";

export const rareCombinationDetector: Detector = {
  codes: ["rare_combination"],
  history: "full",
  detect({ txn, ctx, config, self }) {
    const cfg = config.anomaly_detection.rare_combination;
    const h = ctx.history;
    const inHistory = self ? 1 : 0;
    const values = h.readers.map((r) => r(txn));
    let best: { i: number; j: number; expected: number; seen: number } | undefined;
    for (let i = 0; i < values.length; i++) {
      const a = values[i];
      if (a === undefined) continue;
      for (let j = i + 1; j < values.length; j++) {
        const b = values[j];
        if (b === undefined) continue;
        const ca = h.valueCount(i, a) - inHistory;
        const cb = h.valueCount(j, b) - inHistory;
        const n = Math.min(h.fieldTotals[i]!, h.fieldTotals[j]!) - inHistory;
        if (ca <= 0 || cb <= 0 || n <= 0) continue;
        const expected = (ca * cb) / n;
        if (expected < cfg.min_expected) continue;
        const seen = h.pairCount(i, j, a, b) - inHistory;
        if (seen > cfg.max_count) continue;
        if (!best || expected > best.expected) best = { i, j, expected, seen };
      }
    }
    if (!best) return [];
    const fa = h.fields[best.i]!;
    const fb = h.fields[best.j]!;
    const finding: Finding = {
      code: "rare_combination",
      score: Math.min(1, 0.7 + 0.3 * Math.min(1, Math.log10(best.expected / cfg.min_expected))),
      message: `${fa} "${values[best.i]}" with ${fb} "${values[best.j]}" seen ${best.seen} time(s); independence predicts ${round2(best.expected)}`,
      field: `${fa},${fb}`,
      expected: { count_at_least: round2(best.expected) },
      actual: { [fa]: values[best.i], [fb]: values[best.j], count: best.seen },
      amount_at_risk: 0,
    };
    return [finding];
  },
};
