// The invoices' lines a history pass collects for deductions to be validated against
// (deduction-evidence.ts), kept in columns. Per invoice (a run of its lines): its key's bytes in
// one buffer (customer and invoice, one byte a character) and where its lines start; per line its
// item (an Int32 entry into a short list of codes), quantity and amount (Float64), in chunks
// allocated once each. A million lines
// of 330,000 invoices are then ~30 MB of typed arrays instead of a million JS arrays (~100 MB and a
// garbage collector walking each of them); no hash table of the keys is built while collecting —
// only the few invoices deductions name are looked up, once the pass is over (sumInto). A part
// collected by a split-scan worker crosses to the main thread as these arrays, without a copy.
import { hashOf, hashOfBytes, StringTable } from "../../string-table.ts";
import { doubled, resized } from "../../../domain/typed-arrays.ts";

/** An invoice's item, summed over its lines: [customer and invoice key, sku, quantity, amount]. */
export type InvoicedItemEntry = [string, string, number, number];

export interface InvoicedLinesState {
  /** Lines. */
  size: number;
  /** Invoices (runs of lines). */
  runs: number;
  /** Per run: where its key's bytes start (its end: the next run's start) and its first line. */
  keyStart: Int32Array;
  lineStart: Int32Array;
  keyBytes: Uint8Array;
  /** Runs whose key is not one byte a character: [run, key]. */
  wide: [number, string][];
  skus: string[];
  /** The lines in chunks of LINE_CHUNK: line i in chunk i >> LINE_CHUNK_BITS. */
  chunks: LineChunk[];
}

/** Lines: per line its item's entry in `skus`, its quantity and amount. */
export interface LineChunk {
  skuOf: Int32Array;
  quantity: Float64Array;
  amount: Float64Array;
}

/** Lines are stored in chunks of this many, allocated once each: growing never copies them, nor leaves the old arrays to the collector. */
const LINE_CHUNK_BITS = 16;
const LINE_CHUNK = 1 << LINE_CHUNK_BITS;
const LINE_MASK = LINE_CHUNK - 1;

function lineChunk(n: number): LineChunk {
  return { skuOf: new Int32Array(n), quantity: new Float64Array(n), amount: new Float64Array(n) };
}

export class InvoicedLines {
  size = 0;
  private runs = 0;
  private keyStart: Int32Array = new Int32Array(257);
  private lineStart: Int32Array = new Int32Array(257);
  private keyBytes: Uint8Array = new Uint8Array(4096);
  private usedBytes = 0;
  private wide: [number, string][] = [];
  private skus: string[] = [];
  private readonly skuIndex = new Map<string, number>();
  private chunks: LineChunk[] = [];

  static of(s: InvoicedLinesState): InvoicedLines {
    const l = new InvoicedLines();
    l.size = s.size;
    l.runs = s.runs;
    l.keyStart = s.keyStart;
    l.lineStart = s.lineStart;
    l.keyBytes = s.keyBytes;
    l.usedBytes = s.keyStart[s.runs]!;
    l.wide = s.wide;
    l.skus = s.skus;
    s.skus.forEach((sku, i) => l.skuIndex.set(sku, i));
    l.chunks = s.chunks;
    return l;
  }

  /** Begins an invoice's lines (those add() adds until the next invoice). */
  invoice(key: string) {
    if (this.runs + 1 >= this.keyStart.length) {
      this.keyStart = doubled(this.keyStart);
      this.lineStart = doubled(this.lineStart);
    }
    const run = this.runs++;
    this.lineStart[run] = this.size;
    const n = key.length;
    if (this.usedBytes + n > this.keyBytes.length) {
      const bigger = new Uint8Array(Math.max(Math.ceil(this.keyBytes.length * 1.5), this.usedBytes + n));
      bigger.set(this.keyBytes.subarray(0, this.usedBytes));
      this.keyBytes = bigger;
    }
    const start = this.usedBytes;
    let i = 0;
    for (; i < n; i++) {
      const c = key.charCodeAt(i);
      if (c > 0xff) break;
      this.keyBytes[start + i] = c;
    }
    if (i < n) this.wide.push([run, key]);
    else this.usedBytes += n;
    this.keyStart[run + 1] = this.usedBytes;
  }

  add(sku: string, quantity: number, amount: number) {
    const i = this.size;
    const c = i >> LINE_CHUNK_BITS;
    let chunk = this.chunks[c];
    if (chunk === undefined) this.chunks.push((chunk = lineChunk(c === 0 ? 1024 : LINE_CHUNK)));
    else if ((i & LINE_MASK) === chunk.quantity.length) {
      // Only the first chunk starts small (a short history), and grows up to a chunk's size.
      const n = Math.min(LINE_CHUNK, chunk.quantity.length * 4);
      chunk = this.chunks[c] = { skuOf: resized(chunk.skuOf, n), quantity: resized(chunk.quantity, n), amount: resized(chunk.amount, n) };
    }
    let s = this.skuIndex.get(sku);
    if (s === undefined) {
      s = this.skus.length;
      this.skus.push(sku);
      this.skuIndex.set(sku, s);
    }
    this.size++;
    const o = i & LINE_MASK;
    chunk.skuOf[o] = s;
    chunk.quantity[o] = quantity;
    chunk.amount[o] = amount;
  }

  state(): InvoicedLinesState {
    // The arrays as they are (not trimmed: a copy would cost more than the spare room); posted
    // with invoicedLinesTransfer, the sender keeps none of it.
    return { size: this.size, runs: this.runs, keyStart: this.keyStart, lineStart: this.lineStart, keyBytes: this.keyBytes, wide: this.wide, skus: this.skus, chunks: this.chunks };
  }

  /** The columns without their spare room (copied once, when they are to be kept with a context). */
  trimmed(): InvoicedLinesState {
    if (this.keyStart.length > this.runs + 1) {
      this.keyStart = this.keyStart.slice(0, this.runs + 1);
      this.lineStart = this.lineStart.slice(0, this.runs + 1);
    }
    if (this.keyBytes.length > this.usedBytes) this.keyBytes = this.keyBytes.slice(0, this.usedBytes);
    const c = this.chunks.length - 1, used = this.size - (c << LINE_CHUNK_BITS);
    const tail = this.chunks[c];
    if (tail && tail.quantity.length > used) this.chunks[c] = { skuOf: tail.skuOf.slice(0, used), quantity: tail.quantity.slice(0, used), amount: tail.amount.slice(0, used) };
    return this.state();
  }

  /** Adds to `into` (sku → quantity and amount), in line order, the lines of one run (invoice). */
  sumRun(run: number, into: Map<string, { quantity: number; amount: number }>) {
    const end = run + 1 < this.runs ? this.lineStart[run + 1]! : this.size;
    for (let i = this.lineStart[run]!; i < end; i++) {
      const chunk = this.chunks[i >> LINE_CHUNK_BITS]!, o = i & LINE_MASK;
      const sku = this.skus[chunk.skuOf[o]!]!;
      const q = chunk.quantity[o]!, a = chunk.amount[o]!;
      const item = into.get(sku);
      if (item) {
        item.quantity += q;
        item.amount += a;
      } else into.set(sku, { quantity: q, amount: a });
    }
  }

  /** Adds to `into` (key → sku → quantity and amount), in line order, the lines of the invoices `wanted` names. */
  sumInto(wanted: ReadonlySet<string>, into: Map<string, Map<string, { quantity: number; amount: number }>>) {
    if (wanted.size === 0 || this.runs === 0) return;
    // The wanted keys in a table probed with each run's bytes: no string made per invoice.
    const keys = [...wanted];
    let capacity = 16;
    while (capacity < keys.length * 2) capacity *= 2;
    const table = new StringTable(capacity);
    keys.forEach((k, i) => table.set(k, i));
    const wideAt = new Map(this.wide);
    for (let run = 0; run < this.runs; run++) {
      const w = wideAt.get(run);
      const k = w !== undefined ? table.get(w) : table.getBytes(this.keyBytes, this.keyStart[run]!, this.keyStart[run + 1]!);
      if (k === undefined) continue;
      const key = keys[k]!;
      let bySku = into.get(key);
      if (!bySku) into.set(key, (bySku = new Map()));
      this.sumRun(run, bySku);
    }
  }
}

/**
 * Any invoice's lines looked up by its key (a posted deduction may name any invoice of the
 * history): an open-addressed table of runs over the collected columns, probed with FNV-1a of the
 * key and compared byte for byte against the runs' own key bytes — no key copied, no string made.
 * Runs of the same key (an invoice on rows apart) are chained in line order. Built once the pass
 * is over, after trimming the columns' spare room: for 330,000 invoices, ~4 MB beside the lines.
 */
export class InvoicedLinesIndex {
  /** Per slot: the first run of a key, or -1; a power of two, at most half full. */
  private readonly slots: Int32Array;
  /** Per run: the next run of the same key, or -1. */
  private readonly next: Int32Array;
  private readonly wideRuns = new Map<string, number[]>();

  constructor(private readonly lines: InvoicedLines) {
    const s = lines.trimmed();
    let capacity = 16;
    while (capacity < s.runs * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(-1);
    this.next = new Int32Array(s.runs).fill(-1);
    // The last run of each slot's key while building: appending keeps the chain in line order.
    const last = new Int32Array(s.runs);
    const wideAt = new Map(s.wide);
    const mask = capacity - 1;
    for (let run = 0; run < s.runs; run++) {
      const w = wideAt.get(run);
      if (w !== undefined) {
        const runs = this.wideRuns.get(w);
        if (runs) runs.push(run);
        else this.wideRuns.set(w, [run]);
        continue;
      }
      const a = s.keyStart[run]!, b = s.keyStart[run + 1]!;
      for (let slot = hashOfBytes(s.keyBytes, a, b) & mask; ; slot = (slot + 1) & mask) {
        const first = this.slots[slot]!;
        if (first === -1) {
          this.slots[slot] = run;
          last[run] = run;
          break;
        }
        if (sameBytes(s.keyBytes, s.keyStart[first]!, s.keyStart[first + 1]!, a, b)) {
          this.next[last[first]!] = run;
          last[first] = run;
          break;
        }
      }
    }
  }

  /** Adds to `into` (sku → quantity and amount), in line order, the lines of the invoice `key`; whether it has any. */
  sumInto(key: string, into: Map<string, { quantity: number; amount: number }>): boolean {
    const s = this.lines.state();
    let first = -1;
    const wide = oneByteEach(key) ? undefined : (this.wideRuns.get(key) ?? []);
    if (wide === undefined) {
      const mask = this.slots.length - 1;
      for (let slot = hashOf(key) & mask; ; slot = (slot + 1) & mask) {
        const run = this.slots[slot]!;
        if (run === -1) break;
        if (sameKey(s.keyBytes, s.keyStart[run]!, s.keyStart[run + 1]!, key)) {
          first = run;
          break;
        }
      }
    }
    const runs = wide ?? [];
    if (wide === undefined) for (let run = first; run !== -1; run = this.next[run]!) runs.push(run);
    for (const run of runs) this.lines.sumRun(run, into);
    return runs.length > 0;
  }
}

function oneByteEach(key: string): boolean {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 0xff) return false;
  return true;
}

function sameBytes(buf: Uint8Array, a: number, b: number, c: number, d: number): boolean {
  if (b - a !== d - c) return false;
  for (let i = 0; i < b - a; i++) if (buf[a + i] !== buf[c + i]) return false;
  return true;
}

function sameKey(buf: Uint8Array, a: number, b: number, key: string): boolean {
  if (b - a !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (buf[a + i] !== key.charCodeAt(i)) return false;
  return true;
}


/** The buffers of a state, to hand over to another thread without a copy (the sender keeps none of it). */
export function invoicedLinesTransfer(s: InvoicedLinesState): ArrayBuffer[] {
  return [s.keyStart, s.lineStart, s.keyBytes, ...s.chunks.flatMap((c) => [c.skuOf, c.quantity, c.amount])].map((a) => a.buffer).filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}
