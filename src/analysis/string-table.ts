// A hash map from strings to numbers that keeps its keys as UTF-16 code units in one growing
// buffer and everything else in typed arrays. The history ledger holds a few hundred thousand keys
// (transaction ids, fingerprints): as JavaScript strings in a Map they are that many small
// long-lived allocations, scattered among the scan's short-lived ones, which the collector has to
// walk on every full collection and which pin memory pages (measured on a 200,000-transaction
// history: ~280 MB of resident memory for ~60 MB of keys). Here they are a handful of buffers.
// Open addressing with linear probing; keys are compared unit for unit, so a hash collision
// never confuses two keys. Keys are read with charCodeAt: no encoding, no temporary buffer.

const EMPTY = -1;

export class StringTable {
  size = 0;
  /** Entry index per slot, EMPTY when free; its length is a power of two, at most half full. */
  private slots: Int32Array;
  private hashes: Int32Array;
  private starts: Float64Array;
  private lengths: Int32Array;
  private values: Float64Array;
  private units: Uint16Array;
  private used = 0;

  constructor(capacity = 1024) {
    this.slots = new Int32Array(capacity * 2).fill(EMPTY);
    this.hashes = new Int32Array(capacity);
    this.starts = new Float64Array(capacity);
    this.lengths = new Int32Array(capacity);
    this.values = new Float64Array(capacity);
    this.units = new Uint16Array(capacity * 32);
  }

  get(key: string): number | undefined {
    const entry = this.find(key);
    return entry === EMPTY ? undefined : this.values[entry];
  }

  has(key: string): boolean {
    return this.find(key) !== EMPTY;
  }

  /** Sets the key's value; returns the key's entry number (kept when the key is set again). */
  set(key: string, value: number): number {
    const found = this.find(key);
    if (found !== EMPTY) {
      this.values[found] = value;
      return found;
    }
    return this.insert(key, value);
  }

  /** Adds `delta` to the key's value (0 when absent). */
  add(key: string, delta: number): void {
    const found = this.find(key);
    if (found !== EMPTY) this.values[found]! += delta;
    else this.insert(key, delta);
  }

  private insert(key: string, value: number): number {
    if (this.size === this.values.length) this.growEntries();
    const n = key.length;
    if (this.used + n > this.units.length) {
      const bigger = new Uint16Array(Math.max(this.units.length * 2, this.used + n));
      bigger.set(this.units.subarray(0, this.used));
      this.units = bigger;
    }
    const entry = this.size++;
    const units = this.units;
    const start = this.used;
    for (let i = 0; i < n; i++) units[start + i] = key.charCodeAt(i);
    this.starts[entry] = start;
    this.lengths[entry] = n;
    this.used += n;
    this.values[entry] = value;
    const h = hashOf(key);
    this.hashes[entry] = h;
    this.place(entry, h);
    return entry;
  }

  /** The key of entry `i` (entries are numbered in insertion order). */
  keyAt(i: number): string {
    const start = this.starts[i]!;
    return String.fromCharCode(...this.units.subarray(start, start + this.lengths[i]!));
  }

  /** The entry holding the key, or EMPTY. */
  private find(key: string): number {
    const h = hashOf(key);
    const n = key.length;
    const mask = this.slots.length - 1;
    const units = this.units;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === EMPTY) return EMPTY;
      if (this.hashes[entry] !== h || this.lengths[entry] !== n) continue;
      const start = this.starts[entry]!;
      let i = 0;
      while (i < n && units[start + i] === key.charCodeAt(i)) i++;
      if (i === n) return entry;
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

/** FNV-1a over the UTF-16 code units. */
function hashOf(key: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h;
}

function copyInto<A extends Int32Array | Float64Array>(to: A, from: A): A {
  to.set(from);
  return to;
}
