// A filter in front of the history's document keys (history.ts documentKey: type, counterparty,
// amount), for documentTwins. Nearly every scanned document's key occurs in the history once at
// most (itself), and asking the key table for each one meant printing the amount into the key's
// string and hashing the string character by character: ~14 % of a scan worker's samples for an
// answer that is nearly always "no twin". Here the key's three fields are hashed as they are (the
// amount by its bits: equal printed amounts are equal numbers, and the reverse) into one of a
// power of two of buckets, each holding how many of the history's keys fall in it, saturating at
// 3 (2 bits a bucket). That is never less than the key's own count, so a document whose bucket
// holds no more than itself has no twin; for the rest the table answers exactly. Sized at 16
// buckets a key (at most 1 MiB): a bucket shared by chance sends ~5 % of documents to the table.

import type { ByteKey, StringTable } from "./string-table.ts";

/** At most 2^22 buckets (1 MiB). */
const MAX_BUCKETS = 2 ** 22;

const amountBits = new Float64Array(1);
const amountWords = new Uint32Array(amountBits.buffer);

const BAR = 0x7c;

/** The bucket hash of a document key from its fields (what documentKey prints, unprinted). */
export function documentKeyHash(type: string, customer: string, amount: number): number {
  // FNV-1a over "type|customer" (as over the characters of the key up to its last bar), then the amount's bits.
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < type.length; i++) h = Math.imul(h ^ type.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ BAR, 0x01000193);
  for (let i = 0; i < customer.length; i++) h = Math.imul(h ^ customer.charCodeAt(i), 0x01000193);
  return withAmount(h, amount);
}

/** documentKeyHash() of a key as documentKey prints it: its bytes buf[start, end), one a character. */
function hashOfKeyBytes(buf: Uint8Array, start: number, end: number): number {
  // type|customer|amount: the printed amount has no bar, so the last one ends the counterparty.
  let last = end - 1;
  while (buf[last] !== BAR) last--;
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < last; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
  return withAmount(h, printedAmount(buf, last + 1, end));
}

/**
 * Number() of the amount printed in buf[start, end), without making its string (a string per key
 * held ~45 MB for a moment at 200,000 keys, the main thread's peak): "-?digits(.digits)?" with at
 * most 15 digits is the integer of its digits divided by a power of ten, both exact doubles, so
 * the one rounding of the division is Number()'s own; anything else (an exponent, NaN, Infinity,
 * more digits) is read by Number().
 */
function printedAmount(buf: Uint8Array, start: number, end: number): number {
  let i = start;
  const negative = buf[i] === 0x2d;
  if (negative) i++;
  let digits = 0;
  let decimals = -1;
  let m = 0;
  for (; i < end; i++) {
    const c = buf[i]!;
    if (c >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 0x2e && decimals < 0) decimals = 0;
    else break;
  }
  if (i < end || digits === 0 || digits > 15 || decimals === 0) {
    let printed = "";
    for (let j = start; j < end; j++) printed += String.fromCharCode(buf[j]!);
    return Number(printed);
  }
  const value = decimals > 0 ? m / POWERS_OF_TEN[decimals]! : m;
  return negative ? -value : value;
}

/** 10^0 … 10^15, each exact. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** documentKeyHash() of a key as documentKey prints it, as a string. */
function hashOfKey(key: string): number {
  const first = key.indexOf("|");
  const last = key.lastIndexOf("|");
  return documentKeyHash(key.slice(0, first), key.slice(first + 1, last), Number(key.slice(last + 1)));
}

function withAmount(h: number, amount: number): number {
  // `${amount}` prints -0 as "0" and every NaN as "NaN": those are one key each.
  let lo: number;
  let hi: number;
  if (amount !== amount) {
    lo = 0;
    hi = 0x7ff80000;
  } else {
    amountBits[0] = amount + 0;
    lo = amountWords[0]!;
    hi = amountWords[1]!;
  }
  h = Math.imul(h ^ lo, 0x01000193);
  h = Math.imul(h ^ hi, 0x01000193);
  // FNV's last step leaves the low bits (the bucket) poorly mixed.
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

  /** The filter of a table of document keys (keys as documentKey prints them, values their counts). */
  static of(keys: StringTable): DocumentKeyFilter {
    const filter = new DocumentKeyFilter(new Uint8Array(DocumentKeyFilter.countsFor(keys.size)));
    // From the keys' bytes: a string per key made 200,000 keys cost ~0.9 s and ~180 MB for a moment.
    keys.forEachEntry((buf, start, end, wide, count) => filter.count(wide === undefined ? hashOfKeyBytes(buf, start, end) : hashOfKey(wide), count));
    return filter;
  }

  /** Counts `count` more of a key as documentKey prints it (a ledger batch's bytes, or the string). */
  add(key: string | ByteKey, count: number) {
    if (typeof key === "string") this.count(hashOfKey(key), count);
    else if (key.wide !== undefined) this.count(hashOfKey(key.wide), count);
    else this.count(hashOfKeyBytes(key.buf, key.start, key.start + key.length), count);
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
