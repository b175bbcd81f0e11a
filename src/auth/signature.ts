// Request signatures (docs/api.md, "Authentication"): HMAC-SHA256 of the exact raw body bytes keyed with the API
// secret, or of `<timestamp>.<body>` when X-Service-Timestamp is sent. The header may be hex (any
// case), base64 or base64url (padding optional), optionally prefixed `sha256=`; decoded it must
// be exactly 32 bytes. Comparison is constant-time. The opt-in request scope signs
// `<timestamp>\n<METHOD>\n<path?query>\n<body>` instead (requestSigningString).
import { timingSafeEqual } from "../domain/crypto.ts";

const B64 = /^[A-Za-z0-9+/]{43}=?$/;
const B64URL = /^[A-Za-z0-9_-]{43}=?$/;
const EMPTY = new Uint8Array(0);

const PREFIX = /^sha256=/i;

/** Decodes a signature header value to its 32 bytes, or null when it is not a valid encoding. */
export function decodeSignature(header: string): Uint8Array | null {
  // Runs on every request: no lower-cased copy, no second copy of the decoded bytes.
  let value = header.trim();
  if (PREFIX.test(value)) value = value.slice(7);
  let bytes: Uint8Array | null;
  if (value.length === 64) return hexBytes(value);
  if (B64.test(value)) bytes = Buffer.from(value, "base64");
  else if (B64URL.test(value)) bytes = Buffer.from(value, "base64url");
  else return null;
  return bytes.length === 32 ? bytes : null;
}

/** The value of one hex digit (either case), or -1. */
function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1; // a-f, A-F
}

/** 64 hex digits to 32 bytes, or null: on every request, so no regex and no Buffer. */
function hexBytes(value: string): Uint8Array | null {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const hi = hexDigit(value.charCodeAt(2 * i));
    const lo = hexDigit(value.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) return null;
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** The bytes that are signed: the body, or `<timestamp>.<body>` in timestamp mode. */
export function signedPayload(body: Uint8Array | undefined, timestamp?: string): Uint8Array {
  const raw = body ?? EMPTY;
  if (timestamp === undefined) return raw;
  const head = new TextEncoder().encode(`${timestamp}.`);
  const out = new Uint8Array(head.length + raw.length);
  out.set(head);
  out.set(raw, head.length);
  return out;
}

/**
 * The string signed in the request scope (`security.signature.scope: request`):
 * `<timestamp>\n<METHOD>\n<path?query>\n<body>`, the method upper-case, the path and query
 * exactly as in the request line, the body its exact bytes (empty for none).
 */
export function requestSigningString(timestamp: string, method: string, target: string, body: Uint8Array | string | undefined): Uint8Array {
  const head = new TextEncoder().encode(`${timestamp}\n${method.toUpperCase()}\n${target}\n`);
  const raw = typeof body === "string" ? new TextEncoder().encode(body) : (body ?? EMPTY);
  const out = new Uint8Array(head.length + raw.length);
  out.set(head);
  out.set(raw, head.length);
  return out;
}

/**
 * HMAC state keyed with each recently used secret: a signature then costs a copy of it instead
 * of a new key schedule. Bounded; secrets are in the key cache's memory anyway.
 */
const keyedHmacs = new Map<string, Bun.CryptoHasher>();
/** HMAC of the empty payload per secret: every body-less request (GET) of a key signs exactly that. */
const emptyPayloadMacs = new Map<string, Uint8Array>();
const KEYED_LIMIT = 4096;

/**
 * The value kept for `secret` in `cache`, made by `make(secret)` on first use; the cache is
 * emptied when full. `make` is a module-level function: no closure per request.
 */
function perSecret<T>(cache: Map<string, T>, secret: string, make: (secret: string) => T): T {
  let value = cache.get(secret);
  if (value === undefined) {
    if (cache.size >= KEYED_LIMIT) cache.clear();
    cache.set(secret, (value = make(secret)));
  }
  return value;
}

const newKeyedHmac = (secret: string) => new Bun.CryptoHasher("sha256", secret);
const emptyPayloadMac = (secret: string) => computeSignature(secret, EMPTY);

function keyedHmac(secret: string): Bun.CryptoHasher {
  return perSecret(keyedHmacs, secret, newKeyedHmac);
}

export function computeSignature(secret: string, body: Uint8Array | string | undefined, timestamp?: string): Uint8Array {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return keyedHmac(secret).copy().update(signedPayload(bytes, timestamp)).digest(); // a Buffer: already a Uint8Array
}

/** The expected signature, for comparison only (a cached value is shared: never hand it out). */
function expectedSignature(secret: string, body: Uint8Array | undefined, timestamp: string | undefined): Uint8Array {
  if (timestamp !== undefined || (body !== undefined && body.length > 0)) return computeSignature(secret, body, timestamp);
  return perSecret(emptyPayloadMacs, secret, emptyPayloadMac);
}

/** Hex signature, as `assay sign` and `openssl dgst -sha256 -hmac` print it. */
export function signHex(secret: string, body: Uint8Array | string | undefined, timestamp?: string): string {
  return Buffer.from(computeSignature(secret, body, timestamp)).toString("hex");
}

export function verifySignature(secret: string, body: Uint8Array | undefined, provided: Uint8Array, timestamp?: string): boolean {
  const expected = expectedSignature(secret, body, timestamp);
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}
