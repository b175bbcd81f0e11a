// Per counterparty and currency (history.ts counterpartyDocumentKey), the positions of its
// invoices and payments in history order: the bills a run of payments alike may settle
// (duplicate_payment's instalments, instalments.ts).
//
// Kept compact: one Int32Array of positions grouped by counterparty and an offsets table, not a
// JavaScript array per counterparty. A ledger of 326,000 invoices over 7,659 counterparties held
// ~4 MB of arrays (8 bytes a position and each array's slack and header) in every thread that had
// the ledger — the main thread and each scan worker, ~13 MB of the 1,000,000-line report's peak;
// now 1.3 MB, and in shared memory (ledger-merge.ts shareLedger) the scan workers read the main
// thread's copy. Positions are appended while the history is built and grouped on the first read
// after an append (finish() groups them once; nothing reads the index while it is being built).
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
  /** Appended since the last grouping: each one's key (its index in `keys`) and position. */
  private addedGroups = NO_POSITIONS;
  private addedPositions = NO_POSITIONS;
  private added = 0;

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

  /** A document of the counterparty `key` at position `seq` (after those appended before it). */
  add(key: string, seq: number) {
    let g = this.groupOf.get(key);
    if (g === undefined) {
      g = this.keys.length;
      this.keys.push(key);
      this.groupOf.set(key, g);
    }
    const i = this.added++;
    if (i === this.addedGroups.length) {
      this.addedGroups = grownFor(this.addedGroups, 1024);
      this.addedPositions = grownFor(this.addedPositions, 1024);
    }
    this.addedGroups[i] = g;
    this.addedPositions[i] = seq;
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
   * Groups what was appended since the last grouping behind each key's positions (a counting
   * sort: each key's positions stay in the order added), and lets the appended arrays go.
   */
  group() {
    const n = this.added;
    if (n === 0 && this.offsets.length === this.keys.length + 1) return;
    const keys = this.keys.length;
    const before = this.offsets;
    const counts = new Int32Array(keys + 1);
    for (let g = 0; g + 1 < before.length; g++) counts[g + 1] = before[g + 1]! - before[g]!;
    const groups = this.addedGroups;
    for (let i = 0; i < n; i++) counts[groups[i]! + 1]!++;
    const offsets = counts;
    for (let g = 0; g < keys; g++) offsets[g + 1]! += offsets[g]!;
    const positions = new Int32Array(offsets[keys]!);
    const next = offsets.slice(0, keys);
    for (let g = 0; g + 1 < before.length; g++) {
      positions.set(this.positions.subarray(before[g]!, before[g + 1]!), next[g]!);
      next[g]! += before[g + 1]! - before[g]!;
    }
    const seqs = this.addedPositions;
    for (let i = 0; i < n; i++) positions[next[groups[i]!]!++] = seqs[i]!;
    this.offsets = offsets;
    this.positions = positions;
    this.addedGroups = NO_POSITIONS;
    this.addedPositions = NO_POSITIONS;
    this.added = 0;
  }
}
