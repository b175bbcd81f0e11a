// The outermost layer of every request, in plain code around the Elysia app: the request id,
// refusals that need no routing (shutting down, a declared body over the limit), the Request-Id
// header and the access log. Kept outside Elysia's hooks because it runs on every request and
// each hook there costs a few microseconds more than this does.
import { round2 } from "../domain/rounding.ts";
import type { Server } from "bun";
import type { AccessEntry, Logger } from "../log.ts";
import { checkDeclaredLength } from "./body.ts";
import { ApiError, internalError } from "../domain/errors.ts";
import type { FastPath } from "./fast-path.ts";
import { problemResponse } from "./problem.ts";
import type { RequestObserver } from "./observe.ts";
import { type AddressOf, beginRequest, readdressed, type RequestState } from "./request-state.ts";
import { then } from "../domain/awaitable.ts";
import { pathStart } from "../domain/request-url.ts";
import { pipeliningGuard } from "./pipelining-guard.ts";
import { runOverdue } from "../domain/turn-end.ts";

export interface FrontDoorOptions {
  log: Logger;
  accessLog: boolean;
  maxBodyBytes: number;
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  /** True once shutdown has begun: new requests get 503 shutting_down. */
  draining: () => boolean;
  /** Routes answered without Elysia (fast-path.ts); undefined for any other request. */
  fast?: FastPath;
  /** Called once per answered request (metrics, usage counting); see observe.ts. */
  observers?: readonly RequestObserver[];
  /** The route template of a request, for observers. */
  routeOf?: (method: string, path: string) => string | undefined;
}

/** The path of a request URL, without the query: cheaper than new URL(). */
function pathOf(url: string, start: number): string {
  if (start === -1) return "/";
  const query = url.indexOf("?", start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Elysia finds the path in request.url by searching for "/" from index 11 (just past
 * "http://" and the shortest host it expects). With a Host of 1-3 characters ("Host: x") that
 * skips into the path, so "/v1/health" would route as "/health". Such a request is re-addressed
 * to a long enough host; the path, query, method, headers and body are unchanged.
 */
export function routable(request: Request, url = request.url, start = pathStart(url)): Request {
  if (start >= 11) return request;
  const rest = start === -1 ? "/" : url.slice(start);
  return readdressed(request, `http://localhost${rest}`);
}

/**
 * The client address: behind a trusted proxy, the last X-Forwarded-For entry — the one that proxy
 * wrote (nginx's $proxy_add_x_forwarded_for appends it to what the client sent, so the entries
 * before it are the client's own claims) — else the socket's peer.
 */
function clientAddress(request: Request, server: Server<unknown>, trustProxy: boolean): string {
  const header = trustProxy ? request.headers.get("x-forwarded-for") : null;
  const forwarded = header ? header.slice(header.lastIndexOf(",") + 1).trim() : undefined;
  return forwarded || server.requestIP(request)?.address || "unknown";
}

export function frontDoor(handle: Handler, o: FrontDoorOptions) {
  // Not an async function: a fast-path answer that is ready at once is returned as it is, and Bun
  // sends a Response it gets back synchronously with less work than a promise's. Nothing here is
  // allocated per request beyond the request's state: no closures (the collector's work per
  // request is a measurable part of a health answer).
  let addressOf: AddressOf | undefined;
  const checkPipelining = pipeliningGuard();
  return (received: Request, server: Server<unknown>): Response | Promise<Response> => {
    const url = received.url;
    const start = pathStart(url);
    const request = routable(received, url, start);
    // The server object is the same for every request: one resolver serves them all. A
    // re-addressed request is not the one the server knows, so its address is taken at once.
    const arrived = performance.now();
    const state = beginRequest(request, request === received ? (addressOf ??= (r) => clientAddress(r, server, o.trustProxy)) : clientAddress(received, server, o.trustProxy), arrived);
    const path = pathOf(url, start);
    let response: Response | Promise<Response>;
    try {
      // Deferred work (the group commit, the log) a starved event loop has not run: turn-end.ts.
      runOverdue(arrived);
      if (o.draining()) {
        throw new ApiError("shutting_down", "the server is shutting down; retry on another node or shortly", {
          headers: { "retry-after": "5", connection: "close" },
        });
      }
      checkPipelining(received, server);
      if (request.method !== "GET" && request.method !== "HEAD") checkDeclaredLength(request, o.maxBodyBytes);
      // A fast-path answer carries the request's headers, request id included.
      response = o.fast?.(request, path) ?? then(handle(request), (r) => withRequestId(r, state.id));
    } catch (e) {
      return answered(o, request, path, state, refused(o, state, e));
    }
    return response instanceof Promise
      ? response.then(
          (r) => answered(o, request, path, state, r),
          (e) => answered(o, request, path, state, refused(o, state, e)),
        )
      : answered(o, request, path, state, response);
  };
}

/** Errors inside the app become problems there; only the front door's own refusals arrive here. */
function refused(o: FrontDoorOptions, state: RequestState, e: unknown): Response {
  const error = e instanceof ApiError ? e : internalError();
  if (!(e instanceof ApiError)) o.log.error("unhandled error", { request_id: state.id, error: String((e as Error)?.stack ?? e) });
  state.problem = error.code;
  return problemResponse(error, state.id);
}

/** Observers and the access log see every answered request. */
function answered(o: FrontDoorOptions, request: Request, path: string, state: RequestState, response: Response): Response {
  if (o.observers?.length) notify(o, request, path, state, response);
  if (o.accessLog) {
    const entry: AccessEntry = {
      method: request.method,
      path,
      status: response.status,
      duration_ms: round2(performance.now() - state.startedAt),
      request_id: state.id,
      account: state.auth?.account.id,
      key: state.auth?.key.id,
      ip: state.clientIp,
    };
    if (o.log.request) o.log.request(entry);
    else o.log.info("request", entry as unknown as Record<string, unknown>);
  }
  return response;
}

function withRequestId(response: Response, id: string): Response {
  response.headers.set("request-id", id);
  // Every answer, whichever route made it (the API's JSON and problems echo what clients sent).
  response.headers.set("x-content-type-options", "nosniff");
  return response;
}

function notify(o: FrontDoorOptions, request: Request, path: string, state: RequestState, response: Response) {
  const observation = {
    method: request.method,
    route: o.routeOf?.(request.method, path) ?? "unmatched",
    status: response.status,
    duration_ms: performance.now() - state.startedAt,
    // A failed signature still names the (known) key it presented: usage counts it there.
    account: state.auth?.account.id ?? state.claimed?.account,
    key: state.auth?.key.id ?? state.claimed?.key,
    outcome: state.problem ?? (response.status < 400 ? "ok" : "error"),
  };
  for (const observer of o.observers!) {
    try {
      observer(observation);
    } catch (e) {
      o.log.warn("request observer failed", { error: String(e) });
    }
  }
}
