// Random bytes, constant-time comparison and SHA-256 without `node:crypto`. The compiled binary
// hoists every module import to start-up, and node:crypto drags Node's stream machinery in with
// it (~3 ms of CPU before the first request; docs/benchmarks.md, cold start). Bun offers the same
// operations natively: WebCrypto's getRandomValues, its timingSafeEqual extension on the global
// `crypto`, and Bun.CryptoHasher.

/** `n` cryptographically random bytes. */
export function randomBytes(n: number): Buffer {
  const bytes = Buffer.allocUnsafe(n);
  crypto.getRandomValues(bytes);
  return bytes;
}

/** Constant-time equality of two byte strings of the same length (false when lengths differ). */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function sha256Hex(value: string | Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}

export function hmacSha256Hex(key: string | Uint8Array, value: string | Uint8Array): string {
  return new Bun.CryptoHasher("sha256", key).update(value).digest("hex");
}
