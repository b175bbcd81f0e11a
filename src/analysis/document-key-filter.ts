// A document's key (history.ts documentKey: type, counterparty, amount: what a fingerprint's
// twins share) and a filter in front of the history's table of them, for documentTwins.
//
// The key keeps the amount as its 8 bytes (-0 as 0, every NaN as one), not printed: equal amounts
// and only those have equal bytes, as with the printed form, and a scan worker's ledger batch
// writes the key's bytes without making a string or printing a number (documentKey with the
// printed amount was ~14 % of the batches' samples).
//
// Nearly every scanned document's key occurs in the history once at most (itself), and asking the
// key table for each one meant making the key's string and hashing it: ~14 % of a scan worker's
// samples for an answer that is nearly always "no twin". The filter keeps, per bucket of the key's
// hash (the table's FNV-1a, computed here from the fields without a string), how many of the
// history's keys fall in it, saturating at 3 (2 bits a bucket). That is never less than the key's
// own count, so a document whose bucket holds no more than itself has no twin; for the rest the
// table answers exactly. Sized at 16 buckets a key (at most 1 MiB): a bucket shared by chance
// sends ~5 % of documents to the table.

import type { ByteKey, StringTable } from "./string-table.ts";

/** At most 2^22 buckets (1 MiB). */
const MAX_BUCKETS = 2 ** 22;

const amountBits = new Float64Array(1);
const amountWords = new Uint32Array(amountBits.buffer);
/** The amount's 8 bytes as documentKey keeps them (amountBytes). */
export const AMOUNT_BYTES = new Uint8Array(amountBits.buffer);

const BAR = 0x7c;

/**
 * Fills AMOUNT_BYTES with the amount as a document key keeps it: its bits, -0 as 0 and every NaN
 * as one (what printing it did: equal amounts, and only those, have equal bytes).
 */
export function amountBytes(amount: number): Uint8Array {
  if (amount !== amount) {
    amountWords[0] = 0;
    amountWords[1] = 0x7ff80000;
  } else amountBits[0] = amount + 0;
  return AMOUNT_BYTES;
}

/** The bucket hash of a document key from its fields (type, counterparty, amount), no key made. */
export function documentKeyHash(type: string, customer: string, amount: number): number {
  // FNV-1a over "type|customer|" (the key's characters before the amount), then the amount's bytes.
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < type.length; i++) h = Math.imul(h ^ type.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ BAR, 0x01000193);
  for (let i = 0; i < customer.length; i++) h = Math.imul(h ^ customer.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ BAR, 0x01000193);
  const bytes = amountBytes(amount);
  for (let i = 0; i < 8; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return mixed(h);
}

/** documentKeyHash() of a key as documentKey makes it: its bytes buf[start, end), one a character. */
function hashOfKeyBytes(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
  return mixed(h);
}

/** documentKeyHash() of a key as documentKey makes it, as a string. */
function hashOfKey(key: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return mixed(h);
}

/** FNV's last step leaves the low bits (the bucket) poorly mixed. */
function mixed(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class DocumentKeyFilter {
  private readonly mask: number;

  /** `counts`: 2 bits a bucket, four buckets a byte (from DocumentKeyFilter.of, or its `counts` handed over). */
  constructor(readonly counts: Uint8Array) {
    this.mask = counts.length * 4 - 1;
  }

  /** The `counts` of an empty filter for about `n` keys. */
  static countsFor(n: number): number {
    let buckets = 64;
    while (buckets < n * 16 && buckets < MAX_BUCKETS) buckets *= 2;
    return buckets / 4;
  }

  /** The filter of a table of document keys (keys as documentKey makes them, values their counts). */
  static of(keys: StringTable): DocumentKeyFilter {
    const filter = new DocumentKeyFilter(new Uint8Array(DocumentKeyFilter.countsFor(keys.size)));
    // From the keys' bytes: a string per key (keyAt) made 200,000 keys cost ~0.9 s and ~180 MB for a moment.
    keys.forEachEntry((buf, start, end, wide, count) => filter.count(wide === undefined ? hashOfKeyBytes(buf, start, end) : hashOfKey(wide), count));
    return filter;
  }

  /** Counts `count` more of a key as documentKey makes it (a ledger batch's bytes, or the string). */
  add(key: string | ByteKey, count: number) {
    if (typeof key === "string") this.count(hashOfKey(key), count);
    else if (key.wide !== undefined) this.count(hashOfKey(key.wide), count);
    // A batch's key comes with its FNV-1a (string-table.ts hashOf): the same hash as the fields'.
    else this.count(mixed(key.hash), count);
  }

  private count(hash: number, count: number) {
    const bucket = hash & this.mask;
    const at = bucket >>> 2;
    const shift = (bucket & 3) * 2;
    const held = (this.counts[at]! >>> shift) & 3;
    const now = Math.min(3, held + count);
    this.counts[at] = (this.counts[at]! & ~(3 << shift)) | (now << shift);
  }

  /** Never less than how many of the keys are this one (0–3; 3: three or more). */
  bound(type: string, customer: string, amount: number): number {
    const bucket = documentKeyHash(type, customer, amount) & this.mask;
    return (this.counts[bucket >>> 2]! >>> ((bucket & 3) * 2)) & 3;
  }
}
