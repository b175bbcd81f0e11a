// Errors a client can see. Every one is an ApiError with a stable `code` from PROBLEMS; anything
// else becomes a 500 `internal_error` whose detail names only the request id. Rendering them as
// RFC 9457 problem+json is src/http/problem.ts's job.

/**
 * Stable codes (docs/errors.md, generated from this table): HTTP status, title, what it means and how to fix it. One table feeds
 * the errors, the pages the binary serves at /problems/<code> (each error's `type`), and
 * docs/errors.md (a test checks both). A new code = one entry here.
 */
export const PROBLEMS = {
  malformed_json: [400, "Malformed JSON", "The request body is not valid JSON (or is nested deeper than 64 levels).", "Send a JSON document with `Content-Type: application/json`; check quoting and trailing commas, and sign the exact bytes you send."],
  invalid_request: [400, "Invalid request", "The request is not well-formed HTTP for this API: a header, a query parameter or the body framing is wrong.", "Read `detail` and `errors[]`; correct the named header or parameter and send again."],
  missing_api_key: [401, "Missing API key", "No `Authorization: Bearer <API key>` header was sent.", "Send `Authorization: Bearer ak_…` with a key from `assay keys create`, and an `X-Service-Signature` (docs/signing.md)."],
  invalid_api_key: [401, "Invalid API key", "The API key is unknown, revoked or expired.", "Check for a typo or a truncated key; `assay keys list` shows the key's status. A rotated key stops working when its grace period ends: use the new one."],
  missing_signature: [401, "Missing signature", "The `X-Service-Signature` header is absent.", "Send `X-Service-Signature`: HMAC-SHA256 of the exact body bytes (the empty string for no body), keyed with the API secret (docs/signing.md)."],
  invalid_signature: [401, "Invalid signature", "The signature does not match HMAC-SHA256 of the exact body bytes (or of `<timestamp>.<body>` when X-Service-Timestamp is sent) under the key's secret.", "Sign the very bytes you send (serialise once; do not re-serialise), use the secret that belongs to this key, and with a timestamp sign `<timestamp>.<body>`. `assay sign` prints the expected value."],
  stale_timestamp: [401, "Stale timestamp", "`X-Service-Timestamp` is missing where required, not unix seconds, or further from the server clock than `security.signature.tolerance_s` (300 s).", "Send the current time in unix seconds and keep the client clock in sync (NTP)."],
  replayed_request: [401, "Replayed request", "The same timestamped, signed request was already accepted within the tolerance window.", "Sign each request afresh with the current timestamp; to retry a POST safely, use an `Idempotency-Key` instead of resending the same signature."],
  forbidden: [403, "Forbidden", "The key is valid but may not perform this operation or see this object.", "Use a key of the account that owns the object."],
  not_found: [404, "Not found", "There is no such route, or no such object in your account.", "Check the path and the id (ids look like `alrt_01J…`); objects of other accounts are never visible."],
  transaction_not_found: [404, "Transaction not found", "The connector has no transaction with this id.", "Check `transaction_id` and the connector; the source system may not have exported it yet."],
  method_not_allowed: [405, "Method not allowed", "The path exists but does not answer this method.", "Use one of the methods in the `Allow` response header."],
  idempotency_in_progress: [409, "Idempotent request in progress", "A request with the same `Idempotency-Key` is still being processed.", "Wait for the first request to finish, then retry: the stored answer is replayed."],
  invalid_state_transition: [409, "Invalid state transition", "The object cannot move from its current state to the requested one (e.g. reopening a resolved alert).", "Read the object's current `status`; `valid_transitions` lists the allowed next states."],
  payload_too_large: [413, "Payload too large", "The body is larger than `server.max_body_bytes` (1 MiB by default).", "Send less per request (analyse in several calls, or let a connector fetch the data), or raise the limit in the configuration."],
  range_not_satisfiable: [416, "Range not satisfiable", "The `Range` header asks for bytes past the end of a report's file (`Content-Range: bytes */<size>` gives its size).", "Ask for a range that starts before the end, or send no `Range` to download the whole file."],
  unsupported_media_type: [415, "Unsupported media type", "The body is not declared as JSON, is declared in another charset than UTF-8, or is compressed (`Content-Encoding`: nothing is decompressed).", "Send `Content-Type: application/json` (charset utf-8) and the body uncompressed, without `Content-Encoding`."],
  validation_failed: [422, "Validation failed", "The JSON is well-formed but a field is missing, of the wrong type or out of range.", "`errors[]` names each field by JSON pointer with what was expected; correct them and send again."],
  unknown_connector: [422, "Unknown connector", "The `connector` named in the request is not configured.", "Use one of `valid_values` (`GET /v1/connectors` lists them), or add the connector to the configuration."],
  unknown_module: [422, "Unknown module", "The analysis `module` named in the request does not exist.", "Use one of `valid_values` (`GET /v1/modules` lists them)."],
  idempotency_key_reused: [422, "Idempotency key reused", "The `Idempotency-Key` was used before with a different request (method, path or body).", "Use a fresh key for each distinct request; reuse a key only to retry the identical request."],
  rate_limited: [429, "Rate limit exceeded", "The account sent more requests than its plan allows in the last second or minute (`violated_policies` names the window), or already runs as many scans as the server allows at once (`concurrent_scans`) or has as many reports queued or running (`active_reports`), or the key already has 32 MiB of request bodies arriving at once from this address (`concurrent_bodies`, with `Connection: close`); or more requests than the server answers at once arrived pipelined on one connection (`pipelined_requests`, with `Connection: close`).", "Wait `Retry-After` seconds; pace requests using the `RateLimit` headers, or move the account to a larger plan (`assay accounts set-plan`); for scans, reports and bodies, wait for one to finish; send each request on a connection after the answer to the one before."],
  internal_error: [500, "Internal error", "Something failed inside Assay; the answer carries no detail on purpose.", "Retry later; if it persists, give the operator the `request_id`: the server log has the cause under that id."],
  connector_unavailable: [503, "Connector unavailable", "The source system behind the connector cannot be reached or refused the request.", "Retry after `Retry-After`; `GET /v1/connectors/{id}/status` shows the last error. Operators: check the connector's URL, credentials and network."],
  storage_unavailable: [503, "Storage unavailable", "Assay's own database is unavailable (locked, full or failing).", "Retry after `Retry-After`. Operators: check disk space and the database's health (`GET /v1/health`)."],
  rate_limiter_unavailable: [503, "Rate limiter unavailable", "The shared rate limiter (Redis) cannot be reached and the server is configured to refuse rather than limit on its own (`rate_limit.on_unavailable: reject`).", "Retry after `Retry-After`. Operators: check Redis (`rate_limit.url`); the log says when the outage began and ended."],
  shutting_down: [503, "Shutting down", "The server is draining before it stops.", "Retry against another instance or in a few seconds, once it has restarted."],
  connector_timeout: [504, "Connector timeout", "The source system did not answer within the connector's timeout (`timeout_ms`, one call), or a scan of it did not finish within `scan_timeout_s` (the whole scan; the detail names the setting).", "Retry later or narrow the request (a shorter period, one transaction, a smaller `options.limit`); operators may raise the connector's `timeout_ms` or `scan_timeout_s`."],
} as const satisfies Record<string, readonly [status: number, title: string, meaning: string, fix: string]>;

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
    // No stack trace: an ApiError is an answer to the caller, never a defect to trace, and
    // capturing one was the largest cost of a refusal (a rate-limited request spent ~15 % of the
    // server's time in Error's constructor under wrk: docs/benchmarks.md).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(detail);
    Error.stackTraceLimit = limit;
    this.name = "ApiError";
    [this.status, this.title] = PROBLEMS[code];
  }
}

/** What a client sees for a failure that is ours: no detail beyond the request id. */
export function internalError(): ApiError {
  return new ApiError("internal_error", "an unexpected error occurred; quote the request id when reporting it");
}
