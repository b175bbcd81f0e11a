// Serves the app with Bun.serve: body size limit, optional TLS, and a graceful shutdown that
// refuses new requests (503 shutting_down, for server.shutdown_notice_s on a signal), lets
// in-flight ones finish (up to server.shutdown_grace_s), then stops background work and closes
// the database.
//
// Start-up answers signed health first: the server listens with the front door's health route
// (which needs no Elysia), and the Elysia app, the dashboard and the background work follow on
// the first request that needs them or APP_BUILD_DELAY_MS after listening, whichever comes first.
// Loading and building them is most of a cold start (docs/benchmarks.md). An app that cannot be
// built stops the server (onFatal: `assay serve` exits 1 naming the error): before, the process
// lived on answering every request but health 500 internal_error, /livez too, so neither a load
// balancer nor a supervisor saw anything to act on (eleventh attack pass).
import { ApiError } from "./domain/errors.ts";
import { listenFailure } from "./http/listen-failure.ts";
import { readTlsFiles } from "./http/tls-files.ts";
import { healthFastRoute, healthReporter } from "./api/health/report.ts";
import type { AppParts } from "./app.ts";
import { isDashboardPath } from "./dashboard/path.ts";
import { type FastPath, fastPath } from "./http/fast-path.ts";
import { frontDoor } from "./http/front-door.ts";
import { RouteTable } from "./http/route-table.ts";
import { pipelineDepsOf } from "./http/steps.ts";
import type { Runtime } from "./runtime.ts";
import { writeServerMarker } from "./store/server-marker.ts";

/** A request that waited for an app that could not be built: the server is stopping (startServer's failed()). */
function stoppingAfterFailure(): never {
  throw new ApiError("shutting_down", "the server could not start and is stopping; retry on another node", { headers: { "retry-after": "5", connection: "close" } });
}

/** How long after listening the app is built and background work starts, unless a request needs them sooner. */
const APP_BUILD_DELAY_MS = 50;
/** How long closing connectors and storage may take at the end of a shutdown (a database that hangs is not waited for). */
const CLOSE_DEADLINE_MS = 5_000;

type Handler = (request: Request) => Response | Promise<Response>;

export interface RunningServer {
  url: string;
  port: number;
  /** `notice`: keep answering 503 shutting_down for server.shutdown_notice_s first (signal-driven stops). */
  stop(options?: { notice?: boolean }): Promise<void>;
}

export interface ServerOptions {
  host?: string;
  port?: number;
  /**
   * The app could not be built (or its background work not started): the server has begun to stop
   * (requests meanwhile answer 503 shutting_down). Absent, the error is logged and the server stops.
   */
  onFatal?: (error: unknown) => void;
}

export function startServer(rt: Runtime, overrides: ServerOptions = {}): RunningServer {
  let draining = false;
  const { server: cfg } = rt.config;
  const health = healthReporter(rt);
  // Until the app is built the route table knows health alone (the observers' route names).
  const healthRoute = healthFastRoute(health);
  const routes = new RouteTable();
  routes.load([healthRoute]);
  let fast: FastPath = fastPath([healthRoute], pipelineDepsOf(rt, routes));
  let handle: Handler | undefined;
  let building: Promise<Handler> | undefined;
  let stopping: Promise<void> | undefined;
  const build = (): Promise<Handler> =>
    (building ??= Promise.all([import("./app.ts"), rt.config.dashboard.enabled ? import("./dashboard/index.ts") : undefined]).then(([{ buildApp }, dashboardModule]) => {
      // Test-only fault point (ASSAY_TEST_FAULT, inert unless named): the app cannot be built.
      if (process.env.ASSAY_TEST_FAULT === "app_build_fails") throw new Error("app_build_fails (test fault point)");
      const parts: AppParts = buildApp(rt, { health, routes });
      // The dashboard answers /dashboard itself, beside (not inside) the signed /v1 pipeline.
      const dashboard = dashboardModule?.createDashboard(rt, { secure: cfg.tls !== undefined || /^https:/i.test(rt.config.dashboard.public_url ?? "") });
      const app = parts.app;
      fast = parts.fast;
      handle = dashboard ? (request) => (isDashboardPath(request.url) ? dashboard(request) : app.handle(request)) : app.handle;
      return handle;
    }));
  const hostname = overrides.host ?? cfg.host;
  const port = overrides.port ?? cfg.port;
  // Read before listening: a certificate's problem names its setting, not the listen address.
  const tls = cfg.tls ? readTlsFiles(cfg.tls) : undefined;
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      hostname,
      port,
      // The pipeline refuses bodies over max_body_bytes with a problem+json 413 (a declared length
      // at once, a chunked body as soon as it passes it: http/body.ts); Bun's own limit is a hard
      // ceiling above it, so its bare 413 only meets a declared Content-Length far beyond the limit.
      maxRequestBodySize: cfg.max_body_bytes * 4 + 65_536,
      ...(tls ? { tls } : {}),
      fetch: frontDoor((request) => (handle ? handle(request) : startRest().then((h) => h(request), stoppingAfterFailure)), {
        fast: (request, path) => fast(request, path),
        log: rt.log,
        accessLog: cfg.access_log,
        maxBodyBytes: cfg.max_body_bytes,
        trustProxy: cfg.trust_proxy,
        draining: () => draining,
        observers: rt.observers,
        routeOf: (method, path) => routes.templateFor(method, path),
      }),
    });
  } catch (e) {
    throw listenFailure(e, hostname, port);
  }
  void rt.warmKeys();
  // Background work (learned models, the report worker, connector checks, …) starts with the app.
  let started = false;
  let fatal = false;
  const startRest = (): Promise<Handler> => {
    try {
      if (!started && !stopping) {
        started = true;
        rt.start();
      }
    } catch (e) {
      building ??= Promise.reject(e);
    }
    return build().catch((e) => {
      failed(e);
      throw e;
    });
  };
  /** Once, whoever met the failure first (the timer or a request): log it and stop serving. */
  const failed = (e: unknown) => {
    if (fatal) return;
    fatal = true;
    draining = true;
    rt.log.error("building the app failed: the server stops", { error: String((e as Error)?.stack ?? e) });
    if (overrides.onFatal) overrides.onFatal(e);
    else void running.stop();
  };
  const startTimer = setTimeout(() => startRest().catch(() => {}), APP_BUILD_DELAY_MS);
  // `assay restore` refuses to replace the database while this marker names a live server.
  // The marker guards a database file (assay restore); a shared PostgreSQL has no file here.
  const removeMarker = rt.config.storage.driver === "sqlite" ? writeServerMarker(rt.config.storage.path, new Date(rt.clock.now())) : () => {};
  const scheme = cfg.tls ? "https" : "http";
  const displayHost = hostname.includes(":") ? `[${hostname}]` : hostname;
  const running: RunningServer = {
    url: `${scheme}://${displayHost === "0.0.0.0" ? "127.0.0.1" : displayHost}:${server.port}`,
    port: server.port!,
    stop(options = {}) {
      stopping ??= (async () => {
        draining = true;
        clearTimeout(startTimer);
        // Bun's stop() closes idle keep-alive connections at once: a request already on its way
        // on one would meet a reset. First answer everything with 503 + Connection: close for a
        // moment, so such clients learn of the shutdown and reconnect elsewhere.
        // Background work (a running report goes back to the queue) stops at once, not after the notice.
        const quiet = rt.quiesce();
        if (options.notice && cfg.shutdown_notice_s > 0) await Bun.sleep(cfg.shutdown_notice_s * 1000);
        // Every wait below is bounded: with a database that hangs (paused, partitioned), the
        // usage flush, the report worker's query and closing the pool waited as long as it did,
        // and a SIGTERMed node outlived its grace by as much (26 s in a chaos run).
        const grace = rt.config.server.shutdown_grace_s * 1000;
        const graceOver = Bun.sleep(grace).then(() => "over" as const);
        if ((await Promise.race([quiet.then(() => "done" as const), graceOver])) === "over") {
          rt.log.warn("shutdown: background work did not stop within shutdown_grace_s; going on without it", { grace_s: cfg.shutdown_grace_s });
        }
        // stop(false) stops accepting and resolves when in-flight requests are done.
        await Promise.race([server.stop(false), graceOver.then(() => server.stop(true))]);
        const closed = await Promise.race([rt.close().then(() => "done" as const), Bun.sleep(CLOSE_DEADLINE_MS).then(() => "over" as const)]);
        if (closed === "over") rt.log.warn("shutdown: connectors and storage did not close in time (unreachable?); exiting without waiting for them", { waited_ms: CLOSE_DEADLINE_MS });
        removeMarker();
      })();
      return stopping;
    },
  };
  return running;
}

