// Object ids: `<prefix>_<ULID>` (docs/api.md, "Objects, ids, lists"). A ULID is 48 bits of milliseconds and 80 random
// bits in Crockford base32, so ids sort by creation time. Within one millisecond the random
// part is incremented, keeping ids from one process strictly increasing.

export const ID_PREFIXES = ["acct", "key", "anl", "alrt", "rpt", "evt", "whk", "sup", "mdl", "usr", "aud"] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
let lastTime = -1;
let timeTextAt = -1;
let timeTextOf = "";
/** The random part of the last id, as its 16 base32 characters. */
let lastRandomText = "";
// Random bytes are drawn in blocks: one system call per 409 ids instead of one per id.
const POOL = new Uint8Array(4096);
let poolOffset = POOL.length;

function randomTen(): Uint8Array {
  if (poolOffset + 10 > POOL.length) {
    crypto.getRandomValues(POOL);
    poolOffset = 0;
  }
  poolOffset += 10;
  return POOL.subarray(poolOffset - 10, poolOffset);
}

export function ulid(now = Date.now()): string {
  if (now <= lastTime) {
    now = lastTime;
    lastRandomText = incrementText(lastRandomText);
  } else {
    lastTime = now;
    const random = randomTen();
    random[0]! &= 0x7f; // leave room to increment without overflow
    lastRandomText = encodeRandom(random);
  }
  return timeText(now) + lastRandomText;
}

/**
 * The 80-bit random part plus one, on its base32 text: the same number as incrementing the bytes
 * and encoding them again, but only the characters that change are made (most ids of a busy
 * millisecond differ in the last one).
 */
function incrementText(text: string): string {
  let i = text.length - 1;
  while (text.charCodeAt(i) === 90 /* "Z", the last digit */) i--; // i ≥ 0: the top bit was left clear
  return text.slice(0, i) + CROCKFORD[CROCKFORD.indexOf(text[i]!) + 1] + "0".repeat(text.length - 1 - i);
}

/** The 10-character time part; ids of one millisecond share it, so it is encoded once per ms. */
function timeText(now: number): string {
  if (now === timeTextAt) return timeTextOf;
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  timeTextAt = now;
  timeTextOf = time;
  return time;
}

export function newId(prefix: IdPrefix, now?: number): string {
  return `${prefix}_${ulid(now)}`;
}

/**
 * The least id of `prefix` made at `ms` or later: every id made earlier sorts below it (a ULID's
 * first ten characters are its time), so "older than" is a range of the primary key.
 */
export function firstIdAt(prefix: IdPrefix, ms: number): string {
  return `${prefix}_${timeText(ms)}`;
}

const ID_PATTERN = /^[a-z]+_[0-9A-HJKMNP-TV-Z]{26}$/;
export function isId(value: string, prefix?: IdPrefix): boolean {
  return ID_PATTERN.test(value) && (!prefix || value.startsWith(`${prefix}_`));
}


function encodeRandom(bytes: Uint8Array): string {
  // 80 bits → 16 base32 characters.
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const b of bytes) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}
