// Detection quality measures for the benchmark: precision, recall, F1 from counts, and the area
// under the precision–recall curve as average precision (the step-wise sum over ranked scores,
// ties broken pessimistically so that a constant score earns nothing).

export interface Prf {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export function prf(tp: number, fp: number, fn: number): Prf {
  const precision = tp + fp === 0 ? (fn === 0 ? 1 : 0) : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, precision, recall, f1 };
}

export function averagePrecision(items: readonly { score: number; positive: boolean }[]): number {
  const positives = items.filter((i) => i.positive).length;
  if (positives === 0) return 0;
  const sorted = [...items].sort((a, b) => b.score - a.score || Number(a.positive) - Number(b.positive));
  let tp = 0;
  let ap = 0;
  sorted.forEach((item, k) => {
    if (item.positive) {
      tp++;
      ap += tp / (k + 1);
    }
  });
  return ap / positives;
}

/** Best F1 over every score threshold (what a calibrated cut-off could reach). */
export function bestF1(items: readonly { score: number; positive: boolean }[]): { f1: number; threshold: number } {
  const positives = items.filter((i) => i.positive).length;
  const sorted = [...items].sort((a, b) => b.score - a.score);
  let tp = 0;
  let best = { f1: 0, threshold: Number.POSITIVE_INFINITY };
  sorted.forEach((item, k) => {
    if (item.positive) tp++;
    const next = sorted[k + 1];
    if (next && next.score === item.score) return;
    const f = prf(tp, k + 1 - tp, positives - tp).f1;
    if (f > best.f1) best = { f1: f, threshold: item.score };
  });
  return best;
}

/** The flagged documents that were not planted, by the kind of regular business each is
 *  ("unlabelled" without one), each as "<document> <codes>": the billing runners' false alarms. */
export function falseAlarmsByKind(flagged: ReadonlyMap<string, { codes: ReadonlySet<string> }>, planted: ReadonlySet<string>, regular: Readonly<Record<string, string>>): Map<string, string[]> {
  const byKind = new Map<string, string[]>();
  for (const [doc, e] of flagged) {
    if (planted.has(doc)) continue;
    const kind = regular[doc] ?? "unlabelled";
    byKind.set(kind, [...(byKind.get(kind) ?? []), `${doc} ${[...e.codes].join(",")}`]);
  }
  return byKind;
}
