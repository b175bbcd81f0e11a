// A hash map from strings to numbers that keeps its keys as UTF-8 bytes in one growing buffer
// and everything else in typed arrays. The history ledger holds a few hundred thousand keys
// (transaction ids, fingerprints): as JavaScript strings in a Map they are that many small
// long-lived allocations, scattered among the scan's short-lived ones, which the collector has to
// walk on every full collection and which pin memory pages (measured on a 200,000-transaction
// history: ~280 MB of resident memory for ~60 MB of keys). Here they are a handful of buffers.
// Open addressing with linear probing; keys are compared byte for byte, so a hash collision
// never confuses two keys.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const EMPTY = -1;

export class StringTable {
  size = 0;
  /** Entry index per slot, EMPTY when free; its length is a power of two, at most half full. */
  private slots: Int32Array;
  private hashes: Int32Array;
  private starts: Float64Array;
  private lengths: Int32Array;
  private values: Float64Array;
  private bytes: Uint8Array;
  private used = 0;
  private scratch = new Uint8Array(256);

  constructor(capacity = 1024) {
    this.slots = new Int32Array(capacity * 2).fill(EMPTY);
    this.hashes = new Int32Array(capacity);
    this.starts = new Float64Array(capacity);
    this.lengths = new Int32Array(capacity);
    this.values = new Float64Array(capacity);
    this.bytes = new Uint8Array(capacity * 32);
  }

  get(key: string): number | undefined {
    const entry = this.find(this.encode(key));
    return entry === EMPTY ? undefined : this.values[entry];
  }

  has(key: string): boolean {
    return this.find(this.encode(key)) !== EMPTY;
  }

  /** Sets the key's value; returns the key's entry number (kept when the key is set again). */
  set(key: string, value: number): number {
    const n = this.encode(key);
    const found = this.find(n);
    if (found !== EMPTY) {
      this.values[found] = value;
      return found;
    }
    return this.insert(n, value);
  }

  /** Adds `delta` to the key's value (0 when absent). */
  add(key: string, delta: number): void {
    const n = this.encode(key);
    const found = this.find(n);
    if (found !== EMPTY) this.values[found]! += delta;
    else this.insert(n, delta);
  }

  private insert(n: number, value: number): number {
    if (this.size === this.values.length) this.growEntries();
    if (this.used + n > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.used + n));
      bigger.set(this.bytes.subarray(0, this.used));
      this.bytes = bigger;
    }
    const entry = this.size++;
    this.bytes.set(this.scratch.subarray(0, n), this.used);
    this.starts[entry] = this.used;
    this.lengths[entry] = n;
    this.used += n;
    this.values[entry] = value;
    const h = this.hashOf(n);
    this.hashes[entry] = h;
    this.place(entry, h);
    return entry;
  }

  /** The key of entry `i` (entries are numbered in insertion order). */
  keyAt(i: number): string {
    const start = this.starts[i]!;
    return decoder.decode(this.bytes.subarray(start, start + this.lengths[i]!));
  }

  /** Encodes the key into scratch; returns its byte length. */
  private encode(key: string): number {
    if (key.length * 3 > this.scratch.length) this.scratch = new Uint8Array(key.length * 3);
    return encoder.encodeInto(key, this.scratch).written;
  }

  /** FNV-1a over the encoded key. */
  private hashOf(n: number): number {
    const s = this.scratch;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ s[i]!, 0x01000193);
    return h;
  }

  /** The entry holding the encoded key (scratch[0..n]), or EMPTY. */
  private find(n: number): number {
    const h = this.hashOf(n);
    const mask = this.slots.length - 1;
    const s = this.scratch;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === EMPTY) return EMPTY;
      if (this.hashes[entry] !== h || this.lengths[entry] !== n) continue;
      const start = this.starts[entry]!;
      let same = true;
      for (let i = 0; i < n; i++) {
        if (this.bytes[start + i] !== s[i]) {
          same = false;
          break;
        }
      }
      if (same) return entry;
    }
  }

  private place(entry: number, h: number) {
    const mask = this.slots.length - 1;
    let slot = h & mask;
    while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.slots[slot] = entry;
  }

  private growEntries() {
    const capacity = this.values.length * 2;
    this.hashes = copyInto(new Int32Array(capacity), this.hashes);
    this.starts = copyInto(new Float64Array(capacity), this.starts);
    this.lengths = copyInto(new Int32Array(capacity), this.lengths);
    this.values = copyInto(new Float64Array(capacity), this.values);
    this.slots = new Int32Array(capacity * 2).fill(EMPTY);
    for (let e = 0; e < this.size; e++) this.place(e, this.hashes[e]!);
  }
}

function copyInto<A extends Int32Array | Float64Array>(to: A, from: A): A {
  to.set(from);
  return to;
}
