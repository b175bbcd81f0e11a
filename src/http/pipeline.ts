// The cross-cutting request pipeline, installed once on the app: the raw body, authentication →
// signature → rate limit (before any validation), JSON decoding, idempotency and problem+json
// errors. Routes only ever see authenticated, decoded requests. Request ids and the access log
// live in the front door (front-door.ts), around the app.
import { Elysia } from "elysia";
import { admit, errorResponse, type PipelineDeps, storeForReplay, takeBodyOfKnownCaller } from "./steps.ts";
import { peekState, stateOf } from "./request-state.ts";

/** The parser every route with a body names: it keeps the exact bytes for the signature. */
export const BODY_PARSER = "assayBody";

/**
 * Route option for every route with a body (`...RAW_JSON_BODY`). Typed as Elysia's "json" parser,
 * which is what it is to the route: the body arrives decoded from JSON.
 */
export const RAW_JSON_BODY = { parse: BODY_PARSER } as unknown as { parse: "json" };

function isApiPath(path: string) {
  return path === "/v1" || path.startsWith("/v1/");
}

export function pipeline(deps: PipelineDeps) {
  const { authenticator, idempotency, maxBodyBytes } = deps;

  return new Elysia({ name: "assay.pipeline" })
    // A named parser that routes with a body opt into (`...RAW_JSON_BODY`), rather than a global
    // parse hook: Elysia makes every route slower when one exists, GETs included.
    .parser(BODY_PARSER, ({ request }) => takeBodyOfKnownCaller(authenticator, request, stateOf(request), maxBodyBytes))
    // Hooks destructure only what they use: Elysia then skips building the rest of the context
    // (query, headers, cookies) for every request.
    .onTransform({ as: "global" }, async ({ request, path, set }) => {
      if (!isApiPath(path)) return;
      const state = stateOf(request);
      // Elysia skips the parser for some requests (no Content-Type): read the bytes anyway, so
      // that the signature always covers exactly what was sent.
      if (state.raw === undefined) await takeBodyOfKnownCaller(authenticator, request, state, maxBodyBytes);
      await admit(authenticator, request, state);
      Object.assign(set.headers, state.headers);
    })
    .onBeforeHandle({ as: "global" }, async ({ request, path }) => {
      const state = peekState(request);
      if (!state?.auth) return;
      return idempotency.begin(request, state, path);
    })
    // Synchronous unless there is an idempotent response to store: an async hook here would make
    // every request pay for a promise it does not need.
    // Elysia does not send an error thrown here to onError: it would reach the front door as an
    // unhandled 500. Storing the answer fails when storage does (the write itself committed):
    // that is a 503; the retry replays the answer if storing it committed after all, and else
    // the owner completes the orphaned claim from the committed write, within seconds (docs/reliability.md).
    .mapResponse({ as: "global" }, ({ request, responseValue, set, path }) => {
      const state = peekState(request);
      if (!state?.idempotency) return;
      return storeForReplay(idempotency, state, responseValue, set.status, set.headers as Record<string, string>).catch((e) =>
        errorResponse(deps, request, "UNKNOWN", e, path),
      );
    })
    .onError({ as: "global" }, ({ request, code, error, path }) => errorResponse(deps, request, code, error, path));
}
