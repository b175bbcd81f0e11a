// Request signatures (docs/api.md, "Authentication"): HMAC-SHA256 of the exact raw body bytes keyed with the API
// secret, or of `<timestamp>.<body>` when X-Service-Timestamp is sent. The header may be hex (any
// case), base64 or base64url (padding optional), optionally prefixed `sha256=`; decoded it must
// be exactly 32 bytes. Comparison is constant-time. The opt-in request scope signs
// `<timestamp>\n<METHOD>\n<path?query>\n<body>` instead (requestSigningString).
import { timingSafeEqual } from "../domain/crypto.ts";

const HEX = /^[0-9a-fA-F]{64}$/;
const B64 = /^[A-Za-z0-9+/]{43}=?$/;
const B64URL = /^[A-Za-z0-9_-]{43}=?$/;
const EMPTY = new Uint8Array(0);

const PREFIX = /^sha256=/i;

/** Decodes a signature header value to its 32 bytes, or null when it is not a valid encoding. */
export function decodeSignature(header: string): Uint8Array | null {
  // Runs on every request: no lower-cased copy, no second copy of the decoded bytes.
  let value = header.trim();
  if (PREFIX.test(value)) value = value.slice(7);
  let bytes: Buffer;
  if (HEX.test(value)) bytes = Buffer.from(value, "hex");
  else if (B64.test(value)) bytes = Buffer.from(value, "base64");
  else if (B64URL.test(value)) bytes = Buffer.from(value, "base64url");
  else return null;
  return bytes.length === 32 ? bytes : null;
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

export function computeSignature(secret: string, body: Uint8Array | string | undefined, timestamp?: string): Uint8Array {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const hmac = new Bun.CryptoHasher("sha256", secret);
  hmac.update(signedPayload(bytes, timestamp));
  return hmac.digest(); // a Buffer: already a Uint8Array, no copy
}

/** Hex signature, as `assay sign` and `openssl dgst -sha256 -hmac` print it. */
export function signHex(secret: string, body: Uint8Array | string | undefined, timestamp?: string): string {
  return Buffer.from(computeSignature(secret, body, timestamp)).toString("hex");
}

export function verifySignature(secret: string, body: Uint8Array | undefined, provided: Uint8Array, timestamp?: string): boolean {
  const expected = computeSignature(secret, body, timestamp);
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}
