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

/**
 * The challenge of a 401 (RFC 9110 §11.6.1): the Bearer scheme with the RFC 6750 error, and where
 * the signature goes, so a client that only reads headers learns both halves of the scheme.
 */
export function authenticateChallenge(code: string): string {
  const error = code === "missing_api_key" ? "" : `, error="invalid_token", error_description="${code}"`;
  return `Bearer realm="assay"${error}, signature="HMAC-SHA256 of the body in X-Service-Signature", error_uri="/problems/${code}"`;
}

/** One kept Headers object for every problem (response-headers.ts): a flood of refusals (429s,
 *  401s) repeats the same names, and a plain object was converted header by header each time. */
const problemHeaders = new ResponseHeaders();

export function problemResponse(error: ApiError, requestId: string, headers: Record<string, string> = {}): Response {
  const challenge = error.status === 401 ? { "www-authenticate": authenticateChallenge(error.code) } : undefined;
  const fields = { ...headers, ...error.options.headers, ...challenge, "content-type": PROBLEM_CONTENT_TYPE, "x-content-type-options": "nosniff", "request-id": requestId };
  return new Response(JSON.stringify(problemBody(error, requestId)), { status: error.status, headers: problemHeaders.of(fields) });
}
