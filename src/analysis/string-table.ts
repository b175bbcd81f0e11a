// A hash map from strings to numbers that keeps its keys as bytes in one growing buffer and
// everything else in typed arrays. The history ledger and the CSV index hold a few hundred
// thousand keys (transaction ids, fingerprints): as JavaScript strings in a Map they are that many
// small long-lived allocations, scattered among a scan's short-lived ones, which the collector
// has to walk on every full collection and which pin memory pages (measured on a
// 200,000-transaction history: ~280 MB of resident memory for ~60 MB of keys). Here they are a
// handful of buffers.
//
// Keys whose characters are all Latin-1 (ids and fingerprints practically always are) are stored
// one byte per character; any other key goes to a plain Map beside the buffers. Open addressing
// with linear probing on FNV-1a over the characters (Bun.hash.crc32 measured no faster once the
// call is counted); keys are compared character for character, so a hash collision never
// confuses two keys.

const EMPTY = -1;

/**
 * A key handed over as bytes: the Latin-1 characters buf[start, start + length) with their hashOf
 * (a scan worker's ledger batch, ledger-merge.ts), or `wide`, the string itself, when it has a
 * wider character. The table then neither hashes nor decodes it. One object is refilled per key.
 */
export class ByteKey {
  buf: Uint8Array = new Uint8Array(0);
  start = 0;
  length = 0;
  hash = 0;
  wide: string | undefined = undefined;

  /** The key as a string (only where a Map needs it: rare). */
  text(): string {
    return this.wide ?? Buffer.from(this.buf.buffer, this.buf.byteOffset + this.start, this.length).toString("latin1");
  }
}

/** A table's contents as plain arrays (see StringTable.parts). */
export interface StringTableParts {
  size: number;
  used: number;
  slots: Int32Array;
  hashes: Int32Array;
  starts: Float64Array;
  lengths: Int32Array;
  values: Float64Array;
  bytes: Uint8Array;
  /** Keys that are not one byte per character → their entry. */
  wide: [string, number][];
}
/** lengths[] of an entry kept in the `wide` map. */
const WIDE = -1;

export class StringTable {
  size = 0;
  /** Whether the last entryOfKey() added its key. */
  inserted = false;
  /** Entry per slot, EMPTY when free; its length is a power of two, at most half full. */
  private slots: Int32Array;
  private hashes: Int32Array;
  private starts: Float64Array;
  private lengths: Int32Array;
  private values: Float64Array;
  private bytes: Uint8Array;
  private used = 0;
  private readonly wide = new Map<string, number>();
  private readonly wideKeys = new Map<number, string>();

  constructor(capacity = 1024) {
    this.slots = new Int32Array(capacity * 2).fill(EMPTY);
    this.hashes = new Int32Array(capacity);
    this.starts = new Float64Array(capacity);
    this.lengths = new Int32Array(capacity);
    this.values = new Float64Array(capacity);
    this.bytes = new Uint8Array(capacity * 16);
  }

  /**
   * An empty table for `capacity` keys (a power of two) and `byteCapacity` key bytes, its arrays
   * in shared memory (another thread can be handed them without a copy). Growing past either
   * allocates ordinary arrays. Pages never written are not resident: a generous byteCapacity is free.
   */
  static sharedFor(capacity: number, byteCapacity: number): StringTable {
    const t = new StringTable(1);
    t.slots = sharedArray(Int32Array, capacity * 2).fill(EMPTY);
    t.hashes = sharedArray(Int32Array, capacity);
    t.starts = sharedArray(Float64Array, capacity);
    t.lengths = sharedArray(Int32Array, capacity);
    t.values = sharedArray(Float64Array, capacity);
    t.bytes = sharedArray(Uint8Array, byteCapacity);
    return t;
  }

  get(key: string): number | undefined {
    const entry = this.find(key, hashOf(key));
    return entry === EMPTY ? undefined : this.values[entry];
  }

  has(key: string): boolean {
    return this.find(key, hashOf(key)) !== EMPTY;
  }

  /** Sets the key's value; returns the key's entry number (kept when the key is set again). */
  set(key: string, value: number): number {
    const h = hashOf(key);
    const found = this.find(key, h);
    if (found !== EMPTY) {
      this.values[found] = value;
      return found;
    }
    return this.insert(key, h, value);
  }

  /** Adds `delta` to the key's value (0 when absent). */
  add(key: string, delta: number): void {
    const h = hashOf(key);
    const found = this.find(key, h);
    if (found !== EMPTY) this.values[found]! += delta;
    else this.insert(key, h, delta);
  }

  /**
   * get() of the key whose characters are the bytes of buf[start, end), each byte one character
   * (ASCII text read from a file: the caller makes sure of it). No string is made.
   */
  getBytes(buf: Uint8Array, start: number, end: number): number | undefined {
    const entry = this.findBytes(buf, start, end, hashOfBytes(buf, start, end));
    return entry === EMPTY ? undefined : this.values[entry];
  }

  /** set() of the key given as bytes (see getBytes); returns its entry number. */
  setBytes(buf: Uint8Array, start: number, end: number, value: number): number {
    return this.setBytesHashed(buf, start, end, hashOfBytes(buf, start, end), value);
  }

  private setBytesHashed(buf: Uint8Array, start: number, end: number, h: number, value: number): number {
    const found = this.findBytes(buf, start, end, h);
    if (found !== EMPTY) {
      this.values[found] = value;
      return found;
    }
    return this.insertBytes(buf, start, end, h, value);
  }

  private insertBytes(buf: Uint8Array, start: number, end: number, h: number, value: number): number {
    if (this.size === this.values.length) this.growEntries();
    const entry = this.size++;
    this.values[entry] = value;
    const n = end - start;
    this.reserve(n);
    // A loop: keys are short, and a subarray and a native copy per key cost more.
    const bytes = this.bytes;
    const at = this.used;
    for (let i = 0; i < n; i++) bytes[at + i] = buf[start + i]!;
    this.starts[entry] = this.used;
    this.lengths[entry] = n;
    this.used += n;
    this.hashes[entry] = h;
    this.place(entry, h);
    return entry;
  }

  /** get() of a key given as a string or a ByteKey. */
  getKey(key: string | ByteKey): number | undefined {
    if (typeof key === "string") return this.get(key);
    if (key.wide !== undefined) return this.get(key.wide);
    const entry = this.findBytes(key.buf, key.start, key.start + key.length, key.hash);
    return entry === EMPTY ? undefined : this.values[entry];
  }

  /**
   * The entry of a key given as a string or a ByteKey, added with `value` when the table has no
   * such key (`inserted` says which): one hash and one probe where getKey() then setKey() take
   * two of each. The history ledger does this for every transaction's id and every document's
   * fingerprint (HistoryStats.record, addFingerprint).
   */
  entryOfKey(key: string | ByteKey, value: number): number {
    if (typeof key === "string" || key.wide !== undefined) {
      const text = typeof key === "string" ? key : key.wide!;
      const h = hashOf(text);
      const found = this.find(text, h);
      this.inserted = found === EMPTY;
      return found === EMPTY ? this.insert(text, h, value) : found;
    }
    const end = key.start + key.length;
    const found = this.findBytes(key.buf, key.start, end, key.hash);
    this.inserted = found === EMPTY;
    return found === EMPTY ? this.insertBytes(key.buf, key.start, end, key.hash, value) : found;
  }

  /** The value of entry `entry` (from entryOfKey). */
  valueAt(entry: number): number {
    return this.values[entry]!;
  }

  /** Sets the value of entry `entry` (from entryOfKey). */
  setValueAt(entry: number, value: number): void {
    this.values[entry] = value;
  }

  /** set() of a key given as a string or a ByteKey. */
  setKey(key: string | ByteKey, value: number): number {
    if (typeof key === "string") return this.set(key, value);
    if (key.wide !== undefined) return this.set(key.wide, value);
    return this.setBytesHashed(key.buf, key.start, key.start + key.length, key.hash, value);
  }

  /** add() of a key given as a string or a ByteKey. */
  addKey(key: string | ByteKey, delta: number): void {
    if (typeof key === "string") return this.add(key, delta);
    if (key.wide !== undefined) return this.add(key.wide, delta);
    const entry = this.findBytes(key.buf, key.start, key.start + key.length, key.hash);
    if (entry !== EMPTY) this.values[entry]! += delta;
    else this.setBytesHashed(key.buf, key.start, key.start + key.length, key.hash, delta);
  }

  /**
   * Visits every entry in insertion order without making its key's string: a Latin-1 key as its
   * bytes buf[start, end) (`wide` undefined), a wider one as `wide`.
   */
  forEachEntry(visit: (buf: Uint8Array, start: number, end: number, wide: string | undefined, value: number) => void): void {
    for (let e = 0; e < this.size; e++) {
      const n = this.lengths[e]!;
      if (n === WIDE) visit(this.bytes, 0, 0, this.wideKeys.get(e)!, this.values[e]!);
      else visit(this.bytes, this.starts[e]!, this.starts[e]! + n, undefined, this.values[e]!);
    }
  }

  /** The key of entry `i` (entries are numbered in insertion order). */
  keyAt(i: number): string {
    const n = this.lengths[i]!;
    if (n === WIDE) return this.wideKeys.get(i)!;
    const start = this.starts[i]!;
    return String.fromCharCode(...this.bytes.subarray(start, start + n));
  }

  private insert(key: string, h: number, value: number): number {
    if (this.size === this.values.length) this.growEntries();
    const entry = this.size++;
    this.values[entry] = value;
    const n = key.length;
    this.reserve(n);
    const bytes = this.bytes;
    const start = this.used;
    for (let i = 0; i < n; i++) {
      const c = key.charCodeAt(i);
      if (c > 0xff) {
        // Not one byte per character: kept aside (the bytes written so far are overwritten later).
        this.lengths[entry] = WIDE;
        this.wide.set(key, entry);
        this.wideKeys.set(entry, key);
        return entry;
      }
      bytes[start + i] = c;
    }
    this.starts[entry] = start;
    this.lengths[entry] = n;
    this.used += n;
    this.hashes[entry] = h;
    this.place(entry, h);
    return entry;
  }

  /** Room for `n` more key bytes. */
  private reserve(n: number) {
    if (this.used + n > this.bytes.length) {
      // Grow by half: the buffer is most of the table's memory, doubling would waste up to half.
      const bigger = new Uint8Array(Math.max(Math.ceil(this.bytes.length * 1.5), this.used + n));
      bigger.set(this.bytes.subarray(0, this.used));
      this.bytes = bigger;
    }
  }

  /**
   * The table's arrays, for handing it to another thread (ledger-merge.ts copies them into shared
   * memory so that scan workers read one table instead of each a copy).
   */
  parts(): StringTableParts {
    return {
      size: this.size,
      used: this.used,
      slots: this.slots,
      hashes: this.hashes,
      starts: this.starts,
      lengths: this.lengths,
      values: this.values,
      bytes: this.bytes,
      wide: [...this.wide],
    };
  }

  /** A table over arrays from parts() (not copied: the caller hands them over). */
  static fromParts(p: StringTableParts): StringTable {
    const t = new StringTable(1);
    t.size = p.size;
    t.used = p.used;
    t.slots = p.slots;
    t.hashes = p.hashes;
    t.starts = p.starts;
    t.lengths = p.lengths;
    t.values = p.values;
    t.bytes = p.bytes;
    for (const [key, entry] of p.wide) {
      t.wide.set(key, entry);
      t.wideKeys.set(entry, key);
    }
    return t;
  }

  /** The entry holding the key, or EMPTY. */
  private find(key: string, h: number): number {
    const n = key.length;
    const mask = this.slots.length - 1;
    const bytes = this.bytes;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === EMPTY) break;
      if (this.hashes[entry] !== h || this.lengths[entry] !== n) continue;
      const start = this.starts[entry]!;
      let i = 0;
      while (i < n && bytes[start + i] === key.charCodeAt(i)) i++;
      if (i === n) return entry;
    }
    return this.wide.size === 0 ? EMPTY : (this.wide.get(key) ?? EMPTY);
  }

  /** find() of a key given as bytes (one character each: never a `wide` key, which has a character over 0xff). */
  private findBytes(buf: Uint8Array, start: number, end: number, h: number): number {
    const n = end - start;
    const mask = this.slots.length - 1;
    const bytes = this.bytes;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === EMPTY) return EMPTY;
      if (this.hashes[entry] !== h || this.lengths[entry] !== n) continue;
      const at = this.starts[entry]!;
      let i = 0;
      while (i < n && bytes[at + i] === buf[start + i]) i++;
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
    for (let e = 0; e < this.size; e++) if (this.lengths[e] !== WIDE) this.place(e, this.hashes[e]!);
  }
}

/** FNV-1a over the UTF-16 code units. */
export function hashOf(key: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h;
}

/** hashOf() of the string whose characters are these bytes. */
export function hashOfBytes(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
  return h;
}

function copyInto<A extends Int32Array | Float64Array>(to: A, from: A): A {
  to.set(from);
  return to;
}

/** A typed array of `n` elements over a SharedArrayBuffer. */
export function sharedArray<A extends Int32Array | Float64Array | Uint8Array>(type: { new (b: SharedArrayBuffer): A; BYTES_PER_ELEMENT: number }, n: number): A {
  return new type(new SharedArrayBuffer(n * type.BYTES_PER_ELEMENT));
}
