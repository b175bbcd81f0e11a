// The server's front door in process, for the in-process request benchmarks (analyze-inprocess.ts,
// analyze-ir.ts): the runtime's app behind frontDoor, as `serve` builds it, and a stand-in for
// Bun's server giving each request a connection of its own. (analyze-ab-inprocess.ts keeps its own
// copy: it loads each checkout's modules, and an older checkout has no such file.)
import { buildApp } from "../src/app.ts";
import { frontDoor } from "../src/http/front-door.ts";
import type { Logger } from "../src/log.ts";
import type { startServer } from "../test/support/server.ts";

type Runtime = Awaited<ReturnType<typeof startServer>>["rt"];

/** The fetch handler `serve` would run over `rt`, with its access log on or off. */
export function inProcessFrontDoor(rt: Runtime, o: { log?: Logger; accessLog?: boolean } = {}) {
  const { app, fast, routes } = buildApp(rt);
  return frontDoor((r) => app.handle(r), {
    fast,
    log: o.log ?? rt.log,
    accessLog: o.accessLog ?? false,
    observers: rt.observers,
    routeOf: (method, path) => routes.templateFor(method, path),
    maxBodyBytes: rt.config.server.max_body_bytes,
    trustProxy: false,
    draining: () => false,
  });
}

/**
 * Each request on a connection of its own (a port per request), as wrk's 64 connections each send
 * one request and wait: the pipelining guard (src/http/pipelining-guard.ts) counts a turn's
 * requests per peer address and port, and one port for all would read as one client pipelining.
 */
export function connectionPerRequest(): never {
  let port = 0;
  return { requestIP: () => ({ address: "127.0.0.1", port: (port = (port + 1) & 0xffff) }) } as never;
}
