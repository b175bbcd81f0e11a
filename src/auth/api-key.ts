// API keys and signing secrets. A key is `ak_` + 43 base62 characters (256 random bits) + a
// 6-character checksum, so a typo or a truncated paste is refused without a database lookup and
// secret scanners can recognise it. Only SHA-256 of the key is stored: 256 bits of entropy make a
// slow hash pointless and a fast one keeps every request cheap.
import { randomBytes } from "../domain/crypto.ts";

export const KEY_PREFIX = "ak_";
export const SECRET_PREFIX = "sk_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(bytes: Uint8Array, length: number): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < length; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

function checksum(body: string): string {
  const crc = Bun.hash.crc32(body);
  const bytes = new Uint8Array([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255]);
  return base62(bytes, CHECKSUM_LENGTH);
}

export function mintApiKey(): string {
  const body = base62(new Uint8Array(randomBytes(32)), BODY_LENGTH);
  return `${KEY_PREFIX}${body}${checksum(body)}`;
}

export function mintSecret(): string {
  return `${SECRET_PREFIX}${base62(new Uint8Array(randomBytes(32)), BODY_LENGTH)}`;
}

/** Shape and checksum only: says nothing about whether the key exists. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + BODY_LENGTH);
  return checksum(body) === key.slice(KEY_PREFIX.length + BODY_LENGTH);
}

export function hashApiKey(key: string): string {
  return new Bun.CryptoHasher("sha256").update(key).digest("hex");
}

/** What `keys list` shows so a person can tell keys apart: never enough to use one. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 8);
}
