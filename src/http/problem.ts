// RFC 9457 problem details: how an ApiError (src/domain/errors.ts) looks on the wire.
import type { ApiError } from "../domain/errors.ts";
import { ResponseHeaders } from "./response-headers.ts";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export function problemBody(error: ApiError, requestId: string): Record<string, unknown> {
  return {
    type: `/problems/${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    request_id: requestId,
    ...(error.options.errors ? { errors: error.options.errors } : {}),
    ...error.options.extra,
  };
}

/** What the signature covers in the spec's scheme, the default (`security.signature`). */
const BODY_SIGNED = "HMAC-SHA256 of the body in X-Service-Signature";

/**
 * What the signature covers under `security.signature` (docs/api.md), as the challenge's
 * `signature` parameter says it: a quoted string, so no backslash or line feed in it.
 */
export function signatureScheme(signature: { timestamp: "optional" | "required"; scope: "body" | "request" }): string {
  const timestamp = "the unix seconds in X-Service-Timestamp";
  if (signature.scope === "request") return `HMAC-SHA256 of timestamp, METHOD, path?query and body, one a line, in X-Service-Signature, ${timestamp}`;
  if (signature.timestamp === "required") return `HMAC-SHA256 of <timestamp>.<body> in X-Service-Signature, ${timestamp}`;
  return BODY_SIGNED;
}

/**
 * The challenge of a 401 (RFC 9110 §11.6.1): the Bearer scheme with the RFC 6750 error, and where
 * the signature goes and what it covers (`signed`: signatureScheme of the server's setting), so a
 * client that only reads headers learns both halves of the scheme.
 */
export function authenticateChallenge(code: string, signed = BODY_SIGNED): string {
  const error = code === "missing_api_key" ? "" : `, error="invalid_token", error_description="${code}"`;
  return `Bearer realm="assay"${error}, signature="${signed}", error_uri="/problems/${code}"`;
}

/** One kept Headers object for every problem (response-headers.ts): a flood of refusals (429s,
 *  401s) repeats the same names, and a plain object was converted header by header each time. */
const problemHeaders = new ResponseHeaders();

export function problemResponse(error: ApiError, requestId: string, headers: Record<string, string> = {}): Response {
  // The authenticator names its own scheme (Authenticator.failed); any other 401 gets the spec's.
  const challenge = error.status === 401 && !error.options.headers?.["www-authenticate"] ? { "www-authenticate": authenticateChallenge(error.code) } : undefined;
  const fields = { ...headers, ...error.options.headers, ...challenge, "content-type": PROBLEM_CONTENT_TYPE, "x-content-type-options": "nosniff", "request-id": requestId };
  return new Response(JSON.stringify(problemBody(error, requestId)), { status: error.status, headers: problemHeaders.of(fields) });
}
