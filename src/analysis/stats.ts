// Robust statistics for the anomaly detectors. Amounts are compared on a log scale (money is
// multiplicative) with the median and the median absolute deviation, which a few outliers in the
// history cannot drag the way they drag a mean and a standard deviation.

/** 1.4826 · MAD estimates the standard deviation of a normal distribution. */
export const MAD_TO_SIGMA = 1.4826;

export function median(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function quantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const pos = Math.min(n - 1, Math.max(0, q * (n - 1)));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface RobustSummary {
  n: number;
  median: number;
  /** Scaled MAD (≈ σ for normal data), floored so that a constant history does not divide by 0. */
  scale: number;
}

/** Median and scaled MAD of values (not necessarily sorted). */
export function robustSummary(values: ArrayLike<number>, minScale = 0.05): RobustSummary {
  return robustSummaryOfSorted(Float64Array.from(values).sort(), minScale);
}

/** The same of values already sorted ascending. The history summarises thousands of contexts when
 *  it is built: typed arrays sort natively, several times faster than a sort with a comparator,
 *  and in the same order for the finite numbers summarised here. */
export function robustSummaryOfSorted(sorted: Float64Array, minScale = 0.05): RobustSummary {
  const n = sorted.length;
  const med = median(sorted);
  return { n, median: med, scale: Math.max(MAD_TO_SIGMA * medianDeviation(sorted, med), minScale) };
}

/**
 * The median of |x - med| over values sorted ascending. The deviations of the values below the
 * median fall as the values rise, those of the rest rise with them (rounding is monotone), so the
 * sorted deviations are two sorted runs merged from the median outwards: the two middle ones are
 * found in n/2 steps, without an array and its sort (the history summarises some 20,000 samples
 * when it is built). The same values as sorting them; NaN and infinite medians take the sort.
 */
export function medianDeviation(sorted: Float64Array, med: number): number {
  const n = sorted.length;
  if (n === 0 || !Number.isFinite(med) || Number.isNaN(sorted[n - 1]!)) {
    const deviations = new Float64Array(n);
    for (let i = 0; i < n; i++) deviations[i] = Math.abs(sorted[i]! - med);
    return median(deviations.sort());
  }
  // Below: indexes lo, lo - 1, ... (values under the median); above: hi, hi + 1, ...
  let hi = 0;
  while (hi < n && sorted[hi]! < med) hi++;
  let lo = hi - 1;
  const mid = n >> 1;
  let previous = 0;
  let current = 0;
  for (let rank = 0; rank <= mid; rank++) {
    const down = lo >= 0 ? Math.abs(sorted[lo]! - med) : Number.POSITIVE_INFINITY;
    const up = hi < n ? Math.abs(sorted[hi]! - med) : Number.POSITIVE_INFINITY;
    previous = current;
    if (up <= down) {
      current = up;
      hi++;
    } else {
      current = down;
      lo--;
    }
  }
  return n % 2 === 1 ? current : (previous + current) / 2;
}

export function robustZ(value: number, s: RobustSummary): number {
  return (value - s.median) / s.scale;
}

/** log of a money amount; amounts ≤ 0 have no log and are skipped by callers. */
export function logAmount(amount: number): number {
  return Math.log(Math.abs(amount));
}

/** Maps x ≥ from onto (0, 1]: `from` → floor, growing towards 1 by `span`. */
export function ramp(x: number, from: number, span: number, floor = 0.5): number {
  if (x < from) return 0;
  return Math.min(1, floor + (1 - floor) * Math.min(1, (x - from) / span));
}

/** Rounds to 4 decimals: keeps scores stable in JSON. */
export const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
