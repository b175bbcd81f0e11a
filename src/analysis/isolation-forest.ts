// Isolation forest (Liu, Ting & Zhou, 2008), implemented here with no dependency: an ensemble of
// random trees, each grown on a small subsample by splitting a random feature at a random value.
// Anomalies are isolated near the root, so a short average path means an anomaly:
//   score(x) = 2^(−E[h(x)] / c(ψ)),   c(n) = 2·H(n−1) − 2(n−1)/n.
// Seeded, so the same history gives the same forest. Each score is explained by the features
// that cut the point off: every split on its path credits its feature, more for shallow splits
// in trees where the point was isolated early. One deliberate departure from the paper: a value
// far outside the training range of a node's split feature isolates the point at that node.
import { SeededRandom } from "./random.ts";

interface Leaf {
  leaf: true;
  size: number;
}
interface Split {
  leaf: false;
  feature: number;
  threshold: number;
  /** Range of the split feature among the node's training rows. */
  min: number;
  max: number;
  left: Node;
  right: Node;
}
type Node = Leaf | Split;

export interface ForestOptions {
  trees: number;
  sampleSize: number;
  seed: number;
}

export interface ForestScore {
  /** In (0, 1): about 0.5 for ordinary points, towards 1 for anomalies. */
  score: number;
  /** Share of the isolation credited to each feature (sums to 1). */
  attribution: number[];
}

const EULER = 0.5772156649;
const OUTSIDE_MARGIN = 0.5;

/** Average path length of an unsuccessful search in a binary search tree of n points. */
export function averagePathLength(n: number): number {
  if (n <= 1) return 0;
  if (n === 2) return 1;
  return 2 * (Math.log(n - 1) + EULER) - (2 * (n - 1)) / n;
}

export class IsolationForest {
  private constructor(
    private readonly roots: Node[],
    private readonly normaliser: number,
    readonly featureCount: number,
  ) {}

  static train(rows: readonly number[][], options: ForestOptions): IsolationForest {
    if (rows.length === 0) throw new Error("isolation forest: no training rows");
    const featureCount = rows[0]!.length;
    const rng = new SeededRandom(options.seed);
    const psi = Math.min(options.sampleSize, rows.length);
    const heightLimit = Math.ceil(Math.log2(Math.max(psi, 2)));
    const roots: Node[] = [];
    for (let t = 0; t < options.trees; t++) {
      const sample = sampleRows(rows, psi, rng);
      roots.push(grow(sample, 0, heightLimit, featureCount, rng));
    }
    return new IsolationForest(roots, averagePathLength(psi), featureCount);
  }

  score(x: readonly number[]): ForestScore {
    const attribution = new Array<number>(this.featureCount).fill(0);
    let total = 0;
    const used: number[] = [];
    for (const root of this.roots) {
      used.length = 0;
      let node = root;
      let depth = 0;
      let outside = false;
      while (!node.leaf) {
        used.push(node.feature);
        const v = x[node.feature]!;
        depth++;
        // Far beyond the node's training range (by half the range again), any split of that
        // range would cut the point off here: it is isolated now. Plain isolation forests send
        // it on with the extreme rows, which hides values never seen in training when the data
        // is discrete; the margin keeps ordinary tail values of continuous data from counting.
        const margin = (node.max - node.min) * OUTSIDE_MARGIN;
        if (v < node.min - margin || v > node.max + margin) {
          outside = true;
          break;
        }
        node = v < node.threshold ? node.left : node.right;
      }
      const h = outside || node.leaf === false ? depth : depth + averagePathLength(node.size);
      total += h;
      // Splits in trees that isolated the point quickly explain its anomaly most.
      const credit = 1 / Math.max(h, 1);
      for (let d = 0; d < used.length; d++) attribution[used[d]!]! += credit / (d + 1);
    }
    const mean = total / this.roots.length;
    const sum = attribution.reduce((a, b) => a + b, 0) || 1;
    return { score: Math.pow(2, -mean / this.normaliser), attribution: attribution.map((a) => a / sum) };
  }
}

function sampleRows(rows: readonly number[][], size: number, rng: SeededRandom): number[][] {
  if (size >= rows.length) return [...rows];
  // Partial Fisher–Yates over indices: a uniform sample without replacement.
  const idx = Array.from({ length: rows.length }, (_, i) => i);
  const out: number[][] = [];
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(rng.next() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    out.push(rows[idx[i]!]!);
  }
  return out;
}

function grow(rows: number[][], depth: number, limit: number, features: number, rng: SeededRandom): Node {
  if (depth >= limit || rows.length <= 1) return { leaf: true, size: rows.length };
  // Choose among the features that still vary in this node; a constant one cannot split.
  const varying: { f: number; min: number; max: number }[] = [];
  for (let f = 0; f < features; f++) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const r of rows) {
      const v = r[f]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (max > min) varying.push({ f, min, max });
  }
  if (varying.length === 0) return { leaf: true, size: rows.length };
  const { f, min, max } = varying[Math.floor(rng.next() * varying.length)]!;
  const threshold = min + rng.next() * (max - min);
  const left: number[][] = [];
  const right: number[][] = [];
  for (const r of rows) (r[f]! < threshold ? left : right).push(r);
  return {
    leaf: false,
    feature: f,
    threshold,
    min,
    max,
    left: grow(left, depth + 1, limit, features, rng),
    right: grow(right, depth + 1, limit, features, rng),
  };
}
