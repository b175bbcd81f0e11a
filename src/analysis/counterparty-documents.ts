// Per counterparty and currency (history.ts counterpartyDocumentKey), the positions of its
// invoices and payments in history order: the bills a run of payments alike may settle
// (duplicate_payment's instalments, instalments.ts).
//
// Kept compact: one Int32Array of positions grouped by counterparty and an offsets table, not a
// JavaScript array per counterparty. A ledger of 326,000 invoices over 7,659 counterparties held
// ~4 MB of arrays (8 bytes a position and each array's slack and header) in every thread that had
// the ledger — the main thread and each scan worker, ~13 MB of the 1,000,000-line report's peak;
// now 1.3 MB, and in shared memory (ledger-merge.ts shareLedger) the scan workers read the main
// thread's copy. Positions are added while the history is built and grouped on the first read
// after an addition (finish() groups them once; nothing reads the index while it is being built).
import { grownFor } from "../domain/typed-arrays.ts";

/** The index as plain arrays, to hand over to another thread (HistoryStats.ledgerParts). */
export interface CounterpartyDocumentsParts {
  /** The keys, in order of first appearance: key `g`'s positions are positions[offsets[g]..offsets[g + 1]). */
  keys: string[];
  offsets: Int32Array;
  positions: Int32Array;
}

const NO_POSITIONS = new Int32Array(0);

export class CounterpartyDocuments {
  private readonly groupOf = new Map<string, number>();
  private readonly keys: string[];
  private offsets: Int32Array;
  private positions: Int32Array;
  /**
   * Appended since the last grouping, by position: at `seq - pendingFrom` the key's index in `keys`
   * plus one (0: no document there). Four bytes a position of the history while it is built, not
   * a pair per document: the merge's end, while the ledger is being built, is the report's peak.
   */
  private pending = NO_POSITIONS;
  private pendingFrom = 0;
  private pendingEnd = 0;

  constructor(parts?: CounterpartyDocumentsParts) {
    this.keys = parts ? parts.keys.slice() : [];
    this.offsets = parts ? parts.offsets : new Int32Array(1);
    this.positions = parts ? parts.positions : NO_POSITIONS;
    for (let g = 0; g < this.keys.length; g++) this.groupOf.set(this.keys[g]!, g);
  }

  /** How many counterparties (keys). */
  get size(): number {
    return this.keys.length;
  }

  /** A document of the counterparty `key` at position `seq`, after those added before it (history order: positions come in increasing order). */
  add(key: string, seq: number) {
    this.addTo(this.keyOf(key), seq);
  }

  /** The index of `key` among the keys (a new one is added): for addTo. */
  keyOf(key: string): number {
    let g = this.groupOf.get(key);
    if (g === undefined) {
      g = this.keys.length;
      this.keys.push(key);
      this.groupOf.set(key, g);
    }
    return g;
  }

  /** add() of the key whose index keyOf gave (the merge looks each key of a batch up once: ledger-merge.ts). */
  addTo(g: number, seq: number) {
    // A position not after the last one added (nothing in the history adds one so): what came
    // before it is grouped first, so that it still comes after those.
    if (seq < this.pendingEnd) this.group();
    if (this.pendingEnd === this.pendingFrom) this.pendingFrom = this.pendingEnd = seq;
    const at = seq - this.pendingFrom;
    if (at >= this.pending.length) this.pending = grownFor(this.pending, Math.max(at + 1, 1024));
    this.pending[at] = g + 1;
    this.pendingEnd = seq + 1;
  }

  /** The counterparty's positions in the order added (a view: not to be written), or undefined for a counterparty with none. */
  get(key: string): Int32Array | undefined {
    const g = this.groupOf.get(key);
    if (g === undefined) return undefined;
    this.group();
    return this.positions.subarray(this.offsets[g]!, this.offsets[g + 1]!);
  }

  *[Symbol.iterator](): IterableIterator<[string, Int32Array]> {
    this.group();
    for (let g = 0; g < this.keys.length; g++) yield [this.keys[g]!, this.positions.subarray(this.offsets[g]!, this.offsets[g + 1]!)];
  }

  /** The grouped arrays (grouped first). */
  parts(): CounterpartyDocumentsParts {
    this.group();
    return { keys: this.keys, offsets: this.offsets, positions: this.positions };
  }

  /**
   * Groups what was added since the last grouping behind each key's positions (a counting sort:
   * each key's positions stay in the order added), and lets the pending array go.
   */
  group() {
    const keys = this.keys.length;
    const before = this.offsets;
    if (this.pendingEnd === this.pendingFrom && before.length === keys + 1) return;
    const pending = this.pending;
    const n = this.pendingEnd - this.pendingFrom;
    const offsets = new Int32Array(keys + 1);
    for (let g = 0; g + 1 < before.length; g++) offsets[g + 1] = before[g + 1]! - before[g]!;
    for (let i = 0; i < n; i++) if (pending[i] !== 0) offsets[pending[i]!]!++;
    for (let g = 0; g < keys; g++) offsets[g + 1]! += offsets[g]!;
    const positions = new Int32Array(offsets[keys]!);
    const next = offsets.slice(0, keys);
    for (let g = 0; g + 1 < before.length; g++) {
      positions.set(this.positions.subarray(before[g]!, before[g + 1]!), next[g]!);
      next[g]! += before[g + 1]! - before[g]!;
    }
    const from = this.pendingFrom;
    for (let i = 0; i < n; i++) if (pending[i] !== 0) positions[next[pending[i]! - 1]!++] = from + i;
    this.offsets = offsets;
    this.positions = positions;
    this.pending = NO_POSITIONS;
    this.pendingFrom = this.pendingEnd = 0;
  }
}
