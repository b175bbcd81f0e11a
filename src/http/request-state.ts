// What the pipeline learns about a request as it passes through (id, raw body, caller, limits),
// kept beside the Request object so that routes and hooks share it without module globals.
import type { AuthenticatedKey } from "../auth/key-service.ts";
import type { IdempotencyRef } from "../domain/idempotency.ts";
import { ulid } from "../domain/ids.ts";
import type { ApiError } from "../domain/errors.ts";

export interface RequestState {
  id: string;
  startedAt: number;
  /** The exact body bytes as received; undefined until read. */
  raw?: Uint8Array;
  /** Why the body could not be decoded; reported only once the caller is authenticated. */
  bodyError?: ApiError;
  /** Why the request was refused before its body was read (its credentials alone): its answer. */
  refusedBeforeBody?: unknown;
  auth?: AuthenticatedKey;
  /** The account and key a well-formed, known API key names, even if its signature then fails (usage counts). */
  claimed?: { account: string; key: string };
  /** The replay guard's key of a timestamped request, recorded as seen (undone if the limiter refuses it). */
  replayKey?: string;
  /** The client address, worked out on first use (most requests never need it). */
  readonly clientIp: string;
  /** Idempotency claim held by this request (its token names this claim alone). */
  idempotency?: { key: string; fingerprint: string; token: string };
  /** The problem code this request was answered with, if any (for observers). */
  problem?: string;
  /** Response headers every response of this request carries (request id, rate limits). */
  headers: Record<string, string>;
}

// Kept on the Request itself under a private symbol: a WeakMap keyed by thousands of short-lived
// requests a second made the garbage collector's ephemeron work the largest cost of a request.
const STATE = Symbol("assay.requestState");
type WithState = Request & { [STATE]?: RequestState };

/** Works out a request's client address; called at most once per request, on first need. */
export type AddressOf = (request: Request) => string;

/** A class, not an object literal with a getter: a literal would allocate the getter per request. */
class State implements RequestState {
  raw?: Uint8Array;
  bodyError?: ApiError;
  refusedBeforeBody?: unknown;
  auth?: AuthenticatedKey;
  claimed?: { account: string; key: string };
  replayKey?: string;
  idempotency?: { key: string; fingerprint: string; token: string };
  problem?: string;
  readonly headers: Record<string, string>;
  private ip: string | undefined;
  private readonly addressOf: AddressOf | undefined;

  constructor(
    readonly id: string,
    readonly startedAt: number,
    private readonly request: Request,
    address: string | AddressOf,
  ) {
    // nosniff on every answer: API bodies echo what clients sent, on the dashboard's origin.
    this.headers = { "request-id": id, "x-content-type-options": "nosniff" };
    if (typeof address === "string") this.ip = address;
    else this.addressOf = address;
  }

  get clientIp(): string {
    return (this.ip ??= this.addressOf!(this.request));
  }
}

const BODY_SOURCE = Symbol("assay.bodySource");
type Readdressed = Request & { [BODY_SOURCE]?: Request };

/**
 * `received` under another URL (front-door.ts routable), without a body of its own: its body is
 * read from `received` (bodySource). A Request built from another with its body turns that body
 * into a JavaScript stream read chunk by chunk, and 900 KB sent as 1-byte chunks then took ~2 s
 * of the event loop to read (a short Host header was enough to ask for it); read from the
 * request Bun received, the same body takes ~40 ms.
 */
export function readdressed(received: Request, url: string): Request {
  const request: Readdressed = new Request(url, { method: received.method, headers: received.headers, signal: received.signal });
  request[BODY_SOURCE] = received;
  return request;
}

/** The request whose body to read: the one Bun received, also for a re-addressed request. */
export function bodySource(request: Request): Request {
  return (request as Readdressed)[BODY_SOURCE] ?? request;
}

/** Begins a request's state. `clientIp` is the address, or how to work it out from the request. */
export function beginRequest(request: Request, clientIp: string | AddressOf, now: number): RequestState {
  const state = new State(`req_${ulid()}`, now, request, clientIp);
  (request as WithState)[STATE] = state;
  return state;
}

/** The request's state; begun here when the app is called without the front door (app.handle). */
export function stateOf(request: Request): RequestState {
  return (request as WithState)[STATE] ?? beginRequest(request, "unknown", performance.now());
}

export function peekState(request: Request): RequestState | undefined {
  return (request as WithState)[STATE];
}

/** The authenticated caller of a /v1 route (the pipeline guarantees it is set). */
export function callerOf(request: Request): AuthenticatedKey {
  const auth = stateOf(request).auth;
  if (!auth) throw new Error("route reached without authentication");
  return auth;
}

/** The Idempotency-Key claim this request holds, for the write that answers it to record. */
export function claimOf(request: Request): IdempotencyRef | undefined {
  const state = stateOf(request);
  return state.idempotency && state.auth ? { account_id: state.auth.account.id, key: state.idempotency.key, token: state.idempotency.token } : undefined;
}
