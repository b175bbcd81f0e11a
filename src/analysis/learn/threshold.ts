// The alert threshold a learned model takes: the one with the best F1 on the training labels,
// among the current threshold and the labels' scores (nearest the current one on ties). Counted
// by a sweep of the labels in score order — how many labels of each class score at least each
// candidate — rather than scoring every label again for each candidate: scores have up to 10,001
// values (0–100 to the hundredth), so that was labels × 10,001 steps, on the server's thread when
// it learns on a schedule (32,000 labels: seconds).
import { Confusion } from "../backtest/metrics.ts";
import { lowerBound } from "../sorted-search.ts";

/** The threshold (a score of a training example, or the current one) with the best F1; ties: nearest the current, then the first met. */
export function bestThreshold(scored: readonly { score: number; label: boolean }[], current: number): number {
  const byScore = [...scored].sort((a, b) => a.score - b.score);
  const scores = Float64Array.from(byScore, (s) => s.score);
  // positivesFrom[i]: the positives among the labels of the i-th lowest score and above.
  const positivesFrom = new Int32Array(byScore.length + 1);
  for (let i = byScore.length - 1; i >= 0; i--) positivesFrom[i] = positivesFrom[i + 1]! + (byScore[i]!.label ? 1 : 0);
  const positives = positivesFrom[0]!;
  const negatives = scored.length - positives;
  const candidates = [...new Set([current, ...scored.map((s) => s.score).filter((s) => s > 0)])];
  let best = current;
  let bestF1 = -1;
  for (const t of candidates) {
    const from = lowerBound(scores, t);
    const c = new Confusion();
    c.tp = positivesFrom[from]!;
    c.fp = scored.length - from - c.tp;
    c.fn = positives - c.tp;
    c.tn = negatives - c.fp;
    const f1 = c.metrics().f1 ?? 0;
    if (f1 > bestF1 + 1e-9 || (Math.abs(f1 - bestF1) <= 1e-9 && Math.abs(t - current) < Math.abs(best - current))) {
      best = t;
      bestF1 = f1;
    }
  }
  return best;
}
