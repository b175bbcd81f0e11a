// `assay serve`: runs until SIGTERM/SIGINT, then drains.
import type { AssayConfig } from "../config/load.ts";
import { reloadConfig, watchConfig } from "../reload.ts";
import { createRuntime } from "../runtime.ts";
import { startServer } from "../server.ts";
import { describeStore } from "../store/open.ts";
import { liveServer } from "../store/server-marker.ts";
import { hostname } from "../domain/host.ts";
import { VERSION } from "../version.ts";
import { CliFailure, type CliIO, loadCliConfig, parseHost, parsePort } from "./common.ts";
import { plainHttpWarning } from "./plain-http-warning.ts";
import type { Args } from "./framework.ts";

/** How long start-up waits for the keys' secrets before it listens anyway. */
const KEY_WARM_UP_WAIT_MS = 20;

export async function serve(a: Args, io: CliIO) {
  const portFlag = a.string("port");
  const port = portFlag === undefined ? undefined : parsePort(portFlag);
  const hostFlag = a.string("host");
  const host = hostFlag === undefined ? undefined : parseHost(hostFlag);
  return serveUntilSignal(loadCliConfig(a.string("config"), io), io, { host, port });
}

/** Serves until SIGTERM or SIGINT, then drains and closes; `assay demo` serves the same way. */
export async function serveUntilSignal(config: AssayConfig, io: CliIO, overrides: { host?: string; port?: number }): Promise<number> {
  refuseSecondServer(config);
  const rt = createRuntime(config, { env: io.env });
  try {
    // PostgreSQL: apply pending migrations before taking traffic (SQLite did on open).
    const applied = await rt.store.migrate();
    if (applied.length > 0) rt.log.info("migrations applied", { versions: applied });
    await rt.checkMasterKey();
    // Before listening: an exact copy of a request the previous process answered is still a replay.
    await rt.restoreReplayGuard();
    // The keys' secrets before listening: the first signed request then finds its secret
    // decrypted. Listening first, it nearly always came before the (asynchronous) warm-up ended
    // and decrypted synchronously through node:crypto, loaded for it (~2.5 ms of a cold start,
    // docs/benchmarks.md). Many keys do not hold the start up: the rest follow after listening.
    await Promise.race([rt.warmKeys(), Bun.sleep(KEY_WARM_UP_WAIT_MS)]);
  } catch (e) {
    await rt.close().catch(() => {});
    throw e;
  }
  // An app that cannot be built ends the command (exit 1, the error named) once the server stopped.
  let fatal: unknown;
  let onFatal = (_e: unknown) => {};
  const server = startServer(rt, { ...overrides, onFatal: (e) => onFatal(e) });
  rt.log.info("listening", { url: server.url, version: VERSION, config: config.file, storage: describeStore(config.storage) });
  const plain = plainHttpWarning({ host: overrides.host ?? config.server.host, tls: config.server.tls !== undefined, dashboardEnabled: config.dashboard.enabled, publicUrl: config.dashboard.public_url });
  if (plain !== null) rt.log.warn(plain, { host: overrides.host ?? config.server.host });
  // SIGHUP, or an edit of the file, reloads modules, rules and the alert threshold in place.
  const reload = () => reloadConfig(rt, "SIGHUP", io.env);
  process.on("SIGHUP", reload);
  const unwatch = watchConfig(rt, io.env);
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      process.off("SIGHUP", reload);
      unwatch();
      rt.log.info("shutting down", { signal });
      server.stop({ notice: true }).then(resolve, (e) => {
        rt.log.error("shutdown failed", { error: String(e) });
        resolve();
      });
    };
    onFatal = (e) => {
      fatal = e;
      process.off("SIGHUP", reload);
      unwatch();
      server.stop().then(resolve, resolve);
    };
    process.once("SIGTERM", () => shutdown("SIGTERM"));
    process.once("SIGINT", () => shutdown("SIGINT"));
  });
  if (fatal !== undefined) throw new CliFailure(`the server could not start: ${(fatal as Error)?.message ?? String(fatal)}`);
  rt.log.info("stopped");
  return 0;
}

/**
 * A SQLite database is served by one process: a second would keep its own in-process rate limiter
 * (each account getting its plan's limit once per process) and its own group commit, and
 * `assay restore` would see only the last one's marker. Several nodes share PostgreSQL and Redis
 * (docs/deployment.md). A marker from another host (shared storage) is left to `assay restore`:
 * a container's host name changes with each container, so it cannot tell a live one from a crash.
 */
function refuseSecondServer(config: AssayConfig) {
  if (config.storage.driver !== "sqlite" || config.storage.path === ":memory:") return;
  const other = liveServer(config.storage.path);
  if (!other || other.host !== hostname() || other.pid === process.pid) return;
  throw new CliFailure(
    `a server (pid ${other.pid}, since ${other.started_at}) already serves ${config.storage.path}: stop it first, or give this one another storage.path; several servers of one database share PostgreSQL and Redis (docs/deployment.md)`,
  );
}
