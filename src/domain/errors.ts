// Errors a client can see. Every one is an ApiError with a stable `code` from PROBLEMS; anything
// else becomes a 500 `internal_error` whose detail names only the request id. Rendering them as
// RFC 9457 problem+json is src/http/problem.ts's job.

/** Stable codes (API.md §4) with their HTTP status and title. */
export const PROBLEMS = {
  malformed_json: [400, "Malformed JSON"],
  invalid_request: [400, "Invalid request"],
  missing_api_key: [401, "Missing API key"],
  invalid_api_key: [401, "Invalid API key"],
  missing_signature: [401, "Missing signature"],
  invalid_signature: [401, "Invalid signature"],
  stale_timestamp: [401, "Stale timestamp"],
  replayed_request: [401, "Replayed request"],
  forbidden: [403, "Forbidden"],
  not_found: [404, "Not found"],
  transaction_not_found: [404, "Transaction not found"],
  method_not_allowed: [405, "Method not allowed"],
  idempotency_in_progress: [409, "Idempotent request in progress"],
  invalid_state_transition: [409, "Invalid state transition"],
  payload_too_large: [413, "Payload too large"],
  unsupported_media_type: [415, "Unsupported media type"],
  validation_failed: [422, "Validation failed"],
  unknown_connector: [422, "Unknown connector"],
  unknown_module: [422, "Unknown module"],
  idempotency_key_reused: [422, "Idempotency key reused"],
  rate_limited: [429, "Rate limit exceeded"],
  internal_error: [500, "Internal error"],
  connector_unavailable: [503, "Connector unavailable"],
  storage_unavailable: [503, "Storage unavailable"],
  shutting_down: [503, "Shutting down"],
  connector_timeout: [504, "Connector timeout"],
} as const satisfies Record<string, readonly [number, string]>;

export type ProblemCode = keyof typeof PROBLEMS;

export interface FieldError {
  path: string;
  message: string;
}

export interface ProblemOptions {
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extra members of the problem object (e.g. violated_policies, valid values). */
  extra?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly options: ProblemOptions = {},
  ) {
    super(detail);
    this.name = "ApiError";
    [this.status, this.title] = PROBLEMS[code];
  }
}

/** What a client sees for a failure that is ours: no detail beyond the request id. */
export function internalError(): ApiError {
  return new ApiError("internal_error", "an unexpected error occurred; quote the request id when reporting it");
}
