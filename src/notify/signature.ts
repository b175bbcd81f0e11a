// Webhook signatures. A delivery carries X-Assay-Timestamp (unix seconds) and
// X-Assay-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the target's
// secret>. Signing the timestamp with the body lets a receiver refuse old replays.
import { hmacSha256Hex, timingSafeEqual } from "../domain/crypto.ts";

export const SIGNATURE_HEADER = "x-assay-signature";
export const TIMESTAMP_HEADER = "x-assay-timestamp";
export const EVENT_ID_HEADER = "x-assay-event-id";
export const EVENT_TYPE_HEADER = "x-assay-event-type";

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

/** What a receiver does (docs/alerts.md shows the same in a few lines): true when authentic and fresh. */
export function verifyWebhook(
  secret: string,
  headers: { signature: string | null; timestamp: string | null },
  body: string,
  options: { toleranceS?: number; nowMs?: number } = {},
): boolean {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  const age = Math.abs((options.nowMs ?? Date.now()) / 1000 - Number(timestamp));
  if (age > (options.toleranceS ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
