// The bounded lists of an analysis's result: a scan keeps its strongest anomalies and riskiest
// transactions as they stream by, and a single transaction of thousands of lines lists its
// strongest anomalies too (options.max_anomalies), so that neither a result nor what is recorded
// and alerted of it grows with what a client sends.
import type { Anomaly } from "../domain/analysis.ts";

/** Keeps the `max` strongest items seen by `order`, ties in arrival order (a stable, bounded top list). */
export class Strongest<T> {
  private items: { x: T; i: number }[] = [];
  private count = 0;

  constructor(
    private readonly max: number,
    private readonly order: (a: T, b: T) => number,
  ) {}

  add(x: T) {
    this.items.push({ x, i: this.count++ });
    if (this.items.length >= this.max * 2) this.trim();
  }

  /** How many were added, kept or not. */
  get seen(): number {
    return this.count;
  }

  list(): T[] {
    this.trim();
    return this.items.map((e) => e.x);
  }

  private trim() {
    this.items.sort((a, b) => this.order(a.x, b.x) || a.i - b.i);
    if (this.items.length > this.max) this.items.length = this.max;
  }
}

/** The strongest anomalies: by severity, then score. */
export class StrongestAnomalies extends Strongest<Anomaly> {
  constructor(max: number) {
    super(max, (a, b) => severityRank(b) - severityRank(a) || b.score - a.score);
  }
}

/**
 * One transaction's anomalies as its result lists them: all of them in their order when there are
 * at most `max`, else the `max` strongest, strongest first (as a scan lists its own).
 */
export function listedAnomalies(anomalies: Anomaly[], max: number): Anomaly[] {
  if (anomalies.length <= max) return anomalies;
  const keep = new StrongestAnomalies(max);
  for (const a of anomalies) keep.add(a);
  return keep.list();
}

const RANK = { low: 0, medium: 1, high: 2, critical: 3 } as const;
const severityRank = (a: Anomaly) => RANK[a.severity];
