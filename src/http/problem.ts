// RFC 9457 problem details: how an ApiError (src/domain/errors.ts) looks on the wire.
import type { ApiError } from "../domain/errors.ts";

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

export function problemResponse(error: ApiError, requestId: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problemBody(error, requestId)), {
    status: error.status,
    headers: { ...headers, ...error.options.headers, "content-type": PROBLEM_CONTENT_TYPE, "request-id": requestId },
  });
}
