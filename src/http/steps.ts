// The steps of the signed request pipeline as plain functions — the key, body bytes, admission
// (authentication → signature → rate limit), replay storage and problem+json errors — shared by
// the Elysia pipeline (pipeline.ts) and the front door's fast path (fast-path.ts). Nothing here
// needs Elysia: the server answers its first requests before the Elysia app is built.
import type { Logger } from "../log.ts";
import { IdempotencyClaimLostError, StorageUnavailableError } from "../store/types.ts";
import type { Authenticator } from "./authenticate.ts";
import { decodeJsonBody, readBodyBytes } from "./body.ts";
import type { Idempotency } from "./idempotency.ts";
import { ApiError, type FieldError, internalError } from "../domain/errors.ts";
import { problemResponse } from "./problem.ts";
import { peekState, type RequestState } from "./request-state.ts";
import type { RouteTable } from "./route-table.ts";
import type { Runtime } from "../runtime.ts";
import { then } from "../domain/awaitable.ts";
import { addressBlock } from "../domain/address-block.ts";
import { JSON_CONTENT_TYPE } from "./json-type.ts";

export interface PipelineDeps {
  authenticator: Authenticator;
  idempotency: Idempotency;
  log: Logger;
  maxBodyBytes: number;
  routes: RouteTable;
}

/** The pipeline's dependencies, taken from the runtime. */
export function pipelineDepsOf(rt: Runtime, routes: RouteTable): PipelineDeps {
  return { authenticator: rt.authenticator, idempotency: rt.idempotency, log: rt.log, maxBodyBytes: rt.config.server.max_body_bytes, routes };
}

/** Marks a body that was read as bytes and awaits decoding after authentication. */
const UNDECODED = Object.freeze({ __undecoded: true });

/** Body problems an unauthenticated caller must not learn about: reported after authentication. */
const JUDGED_AFTER_AUTH = new Set(["malformed_json", "unsupported_media_type", "validation_failed"]);

/**
 * Reads the body once as exact bytes (what the signature covers) and decodes its JSON. A problem
 * is kept on the request state rather than thrown: Elysia would turn a parser's exception into a
 * generic parse error, and a decoding problem may only be reported once the caller is known.
 */
export async function takeBody(request: Request, state: RequestState, maxBodyBytes: number): Promise<unknown> {
  try {
    state.raw = await readBodyBytes(request, maxBodyBytes);
  } catch (e) {
    state.bodyError = e instanceof ApiError ? e : new ApiError("invalid_request", "the request body could not be read");
    state.raw = new Uint8Array(0);
    return UNDECODED;
  }
  try {
    return decodeJsonBody(request, state.raw);
  } catch (e) {
    state.bodyError = e as ApiError;
    return UNDECODED;
  }
}

const NO_BODY = new Uint8Array(0);

/**
 * takeBody for a caller whose key exists (Authenticator.identifyBeforeBody): a request refused on
 * its credentials alone is answered without its body being read, and with Connection: close, so
 * that Bun does not go on receiving a body nobody reads (one that never ends, for instance).
 */
export async function takeBodyOfKnownCaller(authenticator: Authenticator, request: Request, state: RequestState, maxBodyBytes: number): Promise<unknown> {
  // A request without a body has nothing to hold: it is authenticated as it always was.
  if (!request.headers.has("transfer-encoding") && !(Number(request.headers.get("content-length")) > 0)) return takeBody(request, state, maxBodyBytes);
  try {
    // Synchronous for a cached key (nearly always): no promise job to wait for then.
    const identified = authenticator.identifyBeforeBody(request, state);
    if (identified) await identified;
  } catch (e) {
    return refuseBeforeBody(state, e);
  }
  // A key's bodies arriving at once from one address are bounded (body-budget.ts): a chunked one
  // counts as the most it may be. Per address, so that whoever holds a key without its secret
  // cannot use up the budget of the key's owner elsewhere.
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  const bytes = Number.isFinite(declared) ? declared : maxBodyBytes;
  const counted = authenticator.bodies.reserve(state.claimed?.key ?? "", bytes, () => addressBlock(state.clientIp));
  if (counted === undefined) {
    return refuseBeforeBody(
      state,
      new ApiError("rate_limited", "this API key already has as many request bodies arriving from this address as the server reads at once; retry when one is answered", {
        headers: { "retry-after": "1" },
        extra: { violated_policies: ["concurrent_bodies"] },
      }),
    );
  }
  try {
    return await takeBody(request, state, maxBodyBytes);
  } finally {
    authenticator.bodies.release(counted, bytes);
  }
}

/** A refusal answered before the body arrives: with Connection: close, so that Bun stops receiving it. */
function refuseBeforeBody(state: RequestState, e: unknown): typeof UNDECODED {
  state.refusedBeforeBody = e instanceof ApiError ? new ApiError(e.code, e.detail, { ...e.options, headers: { ...e.options.headers, connection: "close" } }) : e;
  state.raw = NO_BODY;
  return UNDECODED;
}

/**
 * After the body was read (takeBody): a body too large or broken to read cannot be verified and
 * is refused without authentication; then the caller is authenticated and charged; then a body
 * that could not be decoded is reported to the now known caller. Synchronous when
 * authentication is (Authenticator.authenticate); its failures may then be thrown, not rejected.
 */
export function admit(authenticator: Authenticator, request: Request, state: RequestState): void | Promise<void> {
  if (state.refusedBeforeBody !== undefined) throw state.refusedBeforeBody;
  if (state.bodyError && !JUDGED_AFTER_AUTH.has(state.bodyError.code)) throw state.bodyError;
  return then(authenticator.authenticate(request, state), () => reportBodyError(state));
}

function reportBodyError(state: RequestState): void {
  if (state.bodyError) throw state.bodyError;
}

/** The problem+json answer to any failure inside the pipeline; an idempotency claim is released. */
export function errorResponse(deps: Pick<PipelineDeps, "idempotency" | "log" | "routes">, request: Request, code: string | number, error: unknown, path: string): Response {
  const state = peekState(request);
  if (state?.idempotency) deps.idempotency.abandon(state).catch((e) => deps.log.warn("idempotency release failed", { error: String(e) }));
  const apiError = toApiError(code, error, request, path, deps.routes);
  if (apiError.code === "internal_error" && request.signal.aborted) return clientGone(deps, state, path, error);
  if (state) state.problem = apiError.code;
  if (apiError.status >= 500 && apiError.code === "internal_error") {
    deps.log.error("unhandled error", { request_id: state?.id, path, error: String((error as Error)?.stack ?? error) });
  }
  return problemResponse(apiError, state?.id ?? "req_unknown", state?.headers ?? {});
}

/** nginx's "client closed request": no client reads it; the access log and metrics do. */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * The request failed because its client closed the connection (the work was cancelled through
 * request.signal, e.g. a scan given up on): not a server failure, so neither an error in the log
 * nor a 500 in the metrics.
 */
function clientGone(deps: Pick<PipelineDeps, "log">, state: RequestState | undefined, path: string, error: unknown): Response {
  if (state) state.problem = "client_closed_request";
  // The error is kept (at info) in case a real failure coincided with the client leaving.
  const name = (error as Error)?.name;
  deps.log.info("client closed the connection before the answer", { request_id: state?.id, path, ...(name === "AbortError" ? {} : { error: String((error as Error)?.stack ?? error) }) });
  return new Response(null, { status: CLIENT_CLOSED_REQUEST, headers: state?.headers ?? {} });
}

/** Serialises the response once, so the bytes stored for replay are exactly the bytes sent. */
export async function storeForReplay(
  idempotency: Idempotency,
  state: RequestState,
  value: unknown,
  setStatus: number | string | undefined,
  setHeaders: Record<string, string>,
  /** JSON.stringify(value), when the caller already made it. */
  json?: string,
): Promise<Response> {
  const status = value instanceof Response ? value.status : typeof setStatus === "number" ? setStatus : 200;
  const body = value instanceof Response ? await value.clone().text() : (json ?? JSON.stringify(value ?? null));
  const headers = { ...setHeaders, "content-type": value instanceof Response ? (value.headers.get("content-type") ?? JSON_CONTENT_TYPE) : JSON_CONTENT_TYPE };
  await idempotency.complete(state, status, headers, body);
  return new Response(body, { status, headers });
}

function toApiError(code: string | number, error: unknown, request: Request, path: string, routes: RouteTable): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof IdempotencyClaimLostError) {
    // Nothing was written: the retry runs the request, or replays a run that took its key.
    return new ApiError("idempotency_in_progress", "this request's Idempotency-Key claim was resolved as abandoned before its write committed; nothing was written: retry", {
      headers: { "retry-after": "1" },
    });
  }
  if (error instanceof StorageUnavailableError) {
    // docs/errors.md: every 503 carries Retry-After (as rate_limiter_unavailable and shutting_down do).
    return new ApiError("storage_unavailable", "storage is unavailable; retry later", { headers: { "retry-after": "1" } });
  }
  switch (code) {
    case "NOT_FOUND": {
      const allowed = routes.methodsFor(path);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return new ApiError("method_not_allowed", `${request.method} is not allowed on ${path}; use ${allowed.join(", ")}`, {
          headers: { allow: allowed.join(", ") },
        });
      }
      return new ApiError("not_found", `no route ${request.method} ${path}`);
    }
    case "VALIDATION":
      return new ApiError("validation_failed", "the request does not match the schema", { errors: validationErrors(error) });
    case "PARSE":
      return new ApiError("malformed_json", "the request body could not be parsed");
    default:
      return internalError();
  }
}

interface ValidationLike {
  type?: string;
  all?: { type?: number; path?: string; value?: unknown; message?: string; summary?: string; schema?: { anyOf?: { const?: unknown }[]; "x-pattern-message"?: string } }[];
}

/** TypeBox's ValueErrorType.StringPattern: a string that does not match its schema's pattern. */
const STRING_PATTERN = 53;
/** TypeBox's ValueErrorType.Union: a value that matches none of a union's variants. */
const UNION = 62;
const unionMessage = (schema: unknown, value: unknown): string | undefined =>
  (require("./union-message.ts") as typeof import("./union-message.ts")).unionMessage(schema as never, value);

/** TypeBox words a union of literals as "one of: 'string', 'string'": name the values instead. */
function enumMessage(schema: { anyOf?: { const?: unknown }[] } | undefined): string | undefined {
  const options = schema?.anyOf;
  if (!options?.length || !options.every((o) => o.const !== undefined)) return undefined;
  return `must be one of: ${options.map((o) => String(o.const)).join(", ")}`;
}

function validationErrors(error: unknown): FieldError[] {
  const v = error as ValidationLike;
  const where = v.type === "query" ? "/query" : v.type === "params" ? "/params" : "";
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of v.all ?? []) {
    const path = `${where}${e.path ?? ""}` || "/";
    // A pattern says what it requires in its schema's own words where it has them ("must not be
    // blank"), rather than as the regular expression.
    const patternMessage = e.type === STRING_PATTERN ? e.schema?.["x-pattern-message"] : undefined;
    const message = patternMessage ?? enumMessage(e.schema) ?? (e.type === UNION ? unionMessage(e.schema, e.value) : undefined) ?? e.summary ?? e.message ?? "invalid";
    const key = `${path}\n${message}`;
    if (!seen.has(key) && out.length < 50) {
      seen.add(key);
      out.push({ path, message });
    }
  }
  return out;
}
