// The hottest routes (GET /v1/health, POST /v1/analyze) answered by a plain function in the front
// door instead of Elysia's compiled handler. It runs the very same pipeline steps in the same
// order — the key, body bytes, authentication → signature → rate limit, body validation with Elysia's own
// validator and ValidationError, idempotency, the handler, replay storage, problem+json errors —
// so answers, errors and headers are those of the Elysia route (tests go through both). What it
// skips is framework work: context objects, lifecycle dispatch, Response.json mapping and the
// response-schema check (the schemas stay on the routes for the OpenAPI document; the tests check
// these two responses against them).
import type { ValidationError } from "elysia";
import { admit, errorResponse, type PipelineDeps, storeForReplay, takeBodyOfKnownCaller } from "./steps.ts";
import { type RequestState, stateOf } from "./request-state.ts";
import { then } from "../domain/awaitable.ts";
import { ResponseHeaders } from "./response-headers.ts";
import { JSON_CONTENT_TYPE } from "./json-type.ts";

/** What Elysia's compiled body validator offers (getSchemaValidator). */
export interface BodyValidator {
  Check(value: unknown): boolean;
  Decode(value: unknown): unknown;
}

/** A route's body validation: Elysia's validator and its error class, loaded with the route. */
export interface BodyValidation {
  validator: BodyValidator;
  ValidationError: typeof ValidationError;
  /**
   * The body's top-level properties whose schema holds a transform (transformed-keys.ts): a body
   * with none of them decodes to an equal copy of itself, so Decode is skipped. Undefined: always decode.
   */
  transformed?: ReadonlySet<string>;
}

export interface FastRoute {
  method: "GET" | "POST";
  path: string;
  /**
   * Elysia's validator of the route's body schema, so failures read exactly as the route's.
   * Built on the route's first request: compiling it costs start-up several milliseconds. This
   * module itself never loads Elysia (health is answered before the Elysia app is built).
   */
  body?: () => BodyValidation;
  handle(request: Request, body: unknown, state: RequestState): FastAnswer | Promise<FastAnswer>;
}

/** A route's answer; `json`, when the handler already has it, is JSON.stringify(value) (not made again). */
export interface FastAnswer {
  status: number;
  value: unknown;
  json?: string;
}

const JSON_TYPE = JSON_CONTENT_TYPE;
const EMPTY = new Uint8Array(0);

/** Exactly what Elysia's compiled route does with a decoded body before its handler sees it. */
function validated({ validator, ValidationError, transformed }: BodyValidation, decoded: unknown): unknown {
  const isNotEmptyObject = !!decoded && typeof decoded === "object" && Object.keys(decoded).length > 0;
  const body = Object.assign({}, decoded);
  // A "__proto__" key of the JSON (an own property after JSON.parse) went through the
  // __proto__ setter of Object.assign: the body would inherit whatever it held. The route's
  // body keeps no such key, and neither does this one.
  if (Object.getPrototypeOf(body) !== Object.prototype) Object.setPrototypeOf(body, Object.prototype);
  if (!validator.Check(body)) throw new ValidationError("body", validator as never, body);
  if (!isNotEmptyObject || (transformed !== undefined && !sendsAny(body, transformed))) return body;
  try {
    return validator.Decode(body);
  } catch (error) {
    if ((error as Error).constructor.name === "TransformDecodeError") {
      throw (error as { error?: unknown }).error ?? new ValidationError("body", validator as never, body);
    }
    return body;
  }
}

function sendsAny(body: object, keys: ReadonlySet<string>): boolean {
  for (const key of keys) if (Object.hasOwn(body, key)) return true;
  return false;
}

export type FastPath = (request: Request, path: string) => Response | Promise<Response> | undefined;

export function fastPath(routes: FastRoute[], deps: PipelineDeps): FastPath {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const responseHeaders = new ResponseHeaders();

  function respond(state: RequestState, { status, value, json }: FastAnswer): Response {
    const headers = state.headers;
    headers["content-type"] = JSON_TYPE;
    return new Response(json ?? JSON.stringify(value), { status, headers: responseHeaders.of(headers) });
  }

  /**
   * A route without a body (GET /v1/health): its body is empty, known without reading, and it
   * takes no Idempotency-Key, so the whole answer is synchronous while authentication and the
   * handler are — no promise per request.
   */
  function runWithoutBody(route: FastRoute, request: Request, state: RequestState): Response | Promise<Response> {
    // No body to refuse (body.ts refuseBodyOnGet): a GET with Content-Length or Transfer-Encoding
    // never comes here (the Elysia route answers it, below), so neither header is read again.
    state.raw = EMPTY;
    return then(admit(deps.authenticator, request, state), () => then(route.handle(request, undefined, state), (answer) => respond(state, answer)));
  }

  async function runWithBody(route: FastRoute & { body: () => BodyValidation }, request: Request, path: string, state: RequestState): Promise<Response> {
    const decoded = await takeBodyOfKnownCaller(deps.authenticator, request, state, deps.maxBodyBytes);
    await admit(deps.authenticator, request, state);
    const body = validated(route.body(), decoded);
    const replay = await deps.idempotency.begin(request, state, path);
    if (replay) return replay;
    const answer = await route.handle(request, body, state);
    if (state.idempotency) return await storeForReplay(deps.idempotency, state, answer.value, answer.status, { ...state.headers }, answer.json);
    return respond(state, answer);
  }

  function run(route: FastRoute, request: Request, path: string): Response | Promise<Response> {
    const state = stateOf(request);
    const fail = (e: unknown) => {
      const validation = route.body?.();
      return errorResponse(deps, request, validation && e instanceof validation.ValidationError ? "VALIDATION" : "UNKNOWN", e, path);
    };
    try {
      const answer = route.body ? runWithBody(route as FastRoute & { body: () => BodyValidation }, request, path, state) : runWithoutBody(route, request, state);
      return answer instanceof Promise ? answer.catch(fail) : answer;
    } catch (e) {
      return fail(e);
    }
  }

  return (request, path) => {
    const route = byPath.get(path);
    if (route === undefined || route.method !== request.method) return undefined;
    // Only a body with a declared, non-zero length: Elysia has its own ways with empty and
    // chunked bodies (its default parsers run), which the route keeps answering.
    if (route.body && !(Number(request.headers.get("content-length")) > 0)) return undefined;
    // A GET with a body is rare and odd: the Elysia route reads and signs whatever was sent.
    if (!route.body && (request.headers.has("content-length") || request.headers.has("transfer-encoding"))) return undefined;
    return run(route, request, path);
  };
}
