// Serves the app with Bun.serve: body size limit, optional TLS, and a graceful shutdown that
// refuses new requests (503 shutting_down, for server.shutdown_notice_s on a signal), lets
// in-flight ones finish (up to server.shutdown_grace_s), then stops background work and closes
// the database.
import { readFileSync } from "node:fs";
import { buildApp } from "./app.ts";
import { createDashboard, isDashboardPath } from "./dashboard/index.ts";
import { frontDoor } from "./http/front-door.ts";
import type { Runtime } from "./runtime.ts";
import { writeServerMarker } from "./store/server-marker.ts";

export interface RunningServer {
  url: string;
  port: number;
  /** `notice`: keep answering 503 shutting_down for server.shutdown_notice_s first (signal-driven stops). */
  stop(options?: { notice?: boolean }): Promise<void>;
}

export function startServer(rt: Runtime, overrides: { host?: string; port?: number } = {}): RunningServer {
  let draining = false;
  const { app, fast, routes, metrics } = buildApp(rt);
  if (metrics) rt.observers.push(metrics.observe);
  const { server: cfg } = rt.config;
  // The dashboard answers /dashboard itself, beside (not inside) the signed /v1 pipeline.
  const dashboard = rt.config.dashboard.enabled ? createDashboard(rt, { secure: cfg.tls !== undefined }) : undefined;
  const handle = dashboard ? (request: Request) => (isDashboardPath(request.url) ? dashboard(request) : app.handle(request)) : app.handle;
  const hostname = overrides.host ?? cfg.host;
  const port = overrides.port ?? cfg.port;
  const server = Bun.serve({
    hostname,
    port,
    // The pipeline refuses bodies over max_body_bytes with a problem+json 413; Bun's own limit
    // is a hard ceiling above it, so a bare 413 only meets bodies far beyond the limit.
    maxRequestBodySize: cfg.max_body_bytes * 4 + 65_536,
    ...(cfg.tls ? { tls: { cert: readFileSync(cfg.tls.cert, "utf8"), key: readFileSync(cfg.tls.key, "utf8") } } : {}),
    fetch: frontDoor(handle, {
      fast,
      log: rt.log,
      accessLog: cfg.access_log,
      maxBodyBytes: cfg.max_body_bytes,
      trustProxy: cfg.trust_proxy,
      draining: () => draining,
      observers: rt.observers,
      routeOf: (method, path) => routes.templateFor(method, path),
    }),
  });
  rt.start();
  // `assay restore` refuses to replace the database while this marker names a live server.
  // The marker guards a database file (assay restore); a shared PostgreSQL has no file here.
  const removeMarker = rt.config.storage.driver === "sqlite" ? writeServerMarker(rt.config.storage.path, new Date(rt.clock.now())) : () => {};
  const scheme = cfg.tls ? "https" : "http";
  const displayHost = hostname.includes(":") ? `[${hostname}]` : hostname;
  let stopping: Promise<void> | undefined;
  return {
    url: `${scheme}://${displayHost === "0.0.0.0" ? "127.0.0.1" : displayHost}:${server.port}`,
    port: server.port!,
    stop(options = {}) {
      stopping ??= (async () => {
        draining = true;
        // Bun's stop() closes idle keep-alive connections at once: a request already on its way
        // on one would meet a reset. First answer everything with 503 + Connection: close for a
        // moment, so such clients learn of the shutdown and reconnect elsewhere.
        // Background work (a running report goes back to the queue) stops at once, not after the notice.
        const quiet = rt.quiesce();
        if (options.notice && cfg.shutdown_notice_s > 0) await Bun.sleep(cfg.shutdown_notice_s * 1000);
        await quiet;
        const grace = rt.config.server.shutdown_grace_s * 1000;
        // stop(false) stops accepting and resolves when in-flight requests are done.
        await Promise.race([server.stop(false), Bun.sleep(grace).then(() => server.stop(true))]);
        await rt.close();
        removeMarker();
      })();
      return stopping;
    },
  };
}

