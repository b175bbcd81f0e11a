// Statistics of a connector's transaction history, built in one streaming pass (bounded by
// context.history_limit) and then frozen: per-customer and per-SKU robust summaries of log
// amounts, value and pair frequencies of the categorical fields, first appearances of
// counterparties, fingerprints for duplicate detection, credit notes per invoice, and a seeded
// reservoir sample that trains the isolation forest.
import type { Transaction } from "../domain/transaction.ts";
import { fieldReader, type FieldReader } from "./fields.ts";
import { SeededRandom } from "./random.ts";
import { logAmount, quantile, robustSummary, type RobustSummary } from "./stats.ts";

/** Where a transaction stands in the history: duplicates are the later of two. */
export interface HistoryEntry {
  id: string;
  seq: number;
  ms: number;
  amount: number;
}

export interface HistoryOptions {
  categoricalFields: readonly string[];
  reservoirSize?: number;
  seed?: number;
}

const SEP = "\u0000";

export class HistoryBuilder {
  private seq = 0;
  private readonly stats: HistoryStats;
  private readonly customerLogs = new Map<string, number[]>();
  private readonly skuLogs = new Map<string, number[]>();
  private readonly amounts: number[] = [];
  private readonly rng: SeededRandom;
  private readonly reservoirSize: number;

  constructor(options: HistoryOptions) {
    this.stats = new HistoryStats(options.categoricalFields);
    this.rng = new SeededRandom(options.seed ?? 7);
    this.reservoirSize = options.reservoirSize ?? 4096;
  }

  add(t: Transaction) {
    const s = this.stats;
    const seq = this.seq++;
    const ms = t.date ? Date.parse(t.date) : Number.NaN;
    const amount = Math.abs(t.amount ?? 0);
    const entry: HistoryEntry = { id: t.transaction_id, seq, ms, amount };
    s.entries.set(t.transaction_id, entry);
    s.size++;
    if (!Number.isNaN(ms)) {
      s.startMs = Math.min(s.startMs, ms);
      s.endMs = Math.max(s.endMs, ms);
    }
    if (amount > 0) {
      this.amounts.push(amount);
      if (t.customer_id) pushTo(this.customerLogs, t.customer_id, logAmount(amount));
    }
    for (const line of t.lines) {
      if (line.sku && line.amount) pushTo(this.skuLogs, line.sku, logAmount(line.amount));
    }
    if (t.customer_id) {
      s.customerCounts.set(t.customer_id, (s.customerCounts.get(t.customer_id) ?? 0) + 1);
      const first = s.customerFirst.get(t.customer_id);
      if (!first || before(entry, first)) s.customerFirst.set(t.customer_id, entry);
    }
    if (t.type === "invoice") s.invoices.set(t.transaction_id, amount);
    if (t.type === "credit_note" && t.reference) pushTo(s.creditsByReference, t.reference, entry);
    if (t.type === "invoice" || t.type === "payment") {
      pushTo(s.fingerprints, fingerprint(t), entry);
      const key = documentKey(t);
      s.documentKeys.set(key, (s.documentKeys.get(key) ?? 0) + 1);
    }
    s.countCategoricals(t, 1);
    // Reservoir sampling (Algorithm R) keeps a uniform, seeded sample of any-length history.
    if (s.reservoir.length < this.reservoirSize) s.reservoir.push(t);
    else {
      const j = Math.floor(this.rng.next() * (seq + 1));
      if (j < this.reservoirSize) s.reservoir[j] = t;
    }
  }

  finish(): HistoryStats {
    const s = this.stats;
    for (const [k, logs] of this.customerLogs) s.customerAmounts.set(k, robustSummary(logs));
    for (const [k, logs] of this.skuLogs) s.skuLineAmounts.set(k, robustSummary(logs));
    this.amounts.sort((a, b) => a - b);
    s.sortedAmounts = this.amounts;
    return s;
  }
}

export class HistoryStats {
  size = 0;
  startMs = Number.POSITIVE_INFINITY;
  endMs = Number.NEGATIVE_INFINITY;
  readonly entries = new Map<string, HistoryEntry>();
  readonly customerAmounts = new Map<string, RobustSummary>();
  readonly skuLineAmounts = new Map<string, RobustSummary>();
  readonly customerCounts = new Map<string, number>();
  readonly customerFirst = new Map<string, HistoryEntry>();
  readonly invoices = new Map<string, number>();
  readonly creditsByReference = new Map<string, HistoryEntry[]>();
  readonly fingerprints = new Map<string, HistoryEntry[]>();
  /** Cheap pre-key of fingerprints (type, counterparty, amount): most documents have no twin. */
  readonly documentKeys = new Map<string, number>();
  readonly reservoir: Transaction[] = [];
  sortedAmounts: number[] = [];
  readonly readers: FieldReader[];
  /** Per categorical field: value → count, and how many transactions had a value at all. */
  readonly valueCounts: Map<string, number>[];
  readonly fieldTotals: number[];
  /** Per pair of fields (i < j): "a\0b" → count. */
  readonly pairCounts: Map<string, number>[][];

  constructor(readonly fields: readonly string[]) {
    this.readers = fields.map(fieldReader);
    this.valueCounts = fields.map(() => new Map());
    this.fieldTotals = fields.map(() => 0);
    // Only [i][j] with i < j is used; the square keeps the indexing simple.
    this.pairCounts = fields.map(() => fields.map(() => new Map<string, number>()));
  }

  countCategoricals(t: Transaction, delta: number) {
    const values = this.readers.map((r) => r(t));
    for (let i = 0; i < values.length; i++) {
      const a = values[i];
      if (a === undefined) continue;
      this.fieldTotals[i]! += delta;
      const vc = this.valueCounts[i]!;
      vc.set(a, (vc.get(a) ?? 0) + delta);
      for (let j = i + 1; j < values.length; j++) {
        const b = values[j];
        if (b === undefined) continue;
        const pc = this.pairCounts[i]![j]!;
        const key = a + SEP + b;
        pc.set(key, (pc.get(key) ?? 0) + delta);
      }
    }
  }

  valueCount(field: number, value: string): number {
    return this.valueCounts[field]!.get(value) ?? 0;
  }

  pairCount(i: number, j: number, a: string, b: string): number {
    return this.pairCounts[i]![j]!.get(a + SEP + b) ?? 0;
  }

  amountQuantile(q: number): number {
    return quantile(this.sortedAmounts, q);
  }
}

/** Same type, counterparty, currency, amount and lines: what two copies of one document share. */
export function fingerprint(t: Transaction): string {
  const lines = t.lines
    .map((l) => `${l.sku ?? ""}:${l.quantity ?? ""}:${l.amount !== undefined ? l.amount.toFixed(2) : ""}`)
    .sort()
    .join(",");
  return [t.type, t.customer_id ?? "", t.currency ?? "", (t.amount ?? 0).toFixed(2), lines].join("|");
}

export function documentKey(t: Transaction): string {
  return `${t.type}|${t.customer_id ?? ""}|${t.amount ?? 0}`;
}

/** History order: by date, then by position in the source. */
export function before(a: HistoryEntry, b: HistoryEntry): boolean {
  const am = Number.isNaN(a.ms) ? Number.POSITIVE_INFINITY : a.ms;
  const bm = Number.isNaN(b.ms) ? Number.POSITIVE_INFINITY : b.ms;
  return am !== bm ? am < bm : a.seq < b.seq;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
