// The background report worker: `concurrency` loops that each claim the oldest queued report,
// run it, and record the outcome. One report failing fails that report only; one interrupted by
// a storage failure runs again (up to max_attempts). Reports left
// running by a process that died (a killed server, an interrupted `assay reports create --wait`)
// are put back in the queue; on a graceful stop our own running reports are re-queued too.
// Finished reports older than the retention are deleted, row and file.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ReportsConfig } from "./config-schema.ts";
import { hostname } from "../domain/host.ts";
import { iso } from "../domain/clock.ts";
import { ApiError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import type { ReportRecord } from "../store/types.ts";
import { type RunnerDeps, runReport } from "./runner.ts";
import { ReportError } from "./types.ts";

const PROGRESS_EVERY_MS = 250;
/** How long a report interrupted by a storage failure waits before it goes back to the queue. */
const STORAGE_RETRY_PAUSE_MS = 2_000;
const RETENTION_EVERY_MS = 3_600_000;
/** While the worker's passes keep failing (storage down), how often the failures are summed in the log. */
const FAILING_LOG_EVERY_MS = 60_000;

/** Identifies the process running a report: "<role>:<pid>@<host>". */
export function runnerId(role: "server" | "cli"): string {
  return `${role}:${process.pid}@${hostname()}`;
}

/**
 * A running report is held by a lease its runner renews while it runs; a node that finds the
 * lease expired (the runner died, on whatever host) puts the report back in the queue.
 */
export const REPORT_LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

/** Whether the runner process lives on this host (checked by pid), or on another one (then only its lease tells). */
export function runnerHost(runner: string | null): "here" | "elsewhere" {
  const m = runner ? /^(?:server|cli):(\d+)@(.*)$/.exec(runner) : null;
  return m && m[2] !== hostname() ? "elsewhere" : "here";
}

/** True when the runner is a live process other than this one on this host (never a guess about other hosts). */
export function runnerAlive(runner: string | null, self: string): boolean {
  if (!runner || runner === self) return false;
  const m = /^(?:server|cli):(\d+)@(.*)$/.exec(runner);
  if (!m || m[2] !== hostname()) return false;
  const pid = Number(m[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}

export interface ReportWorkerDeps extends RunnerDeps {
  log: Logger;
  config: ReportsConfig;
  runner?: string;
}

export class ReportWorker {
  private readonly runner: string;
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private readonly active = new Map<string, AbortController>();
  private lastRetention = 0;

  /** While passes fail: when that was last logged, the failed passes in all and since then. */
  private failing: { lastLogged: number; passes: number; unlogged: number } | undefined;

  constructor(private readonly deps: ReportWorkerDeps) {
    this.runner = deps.runner ?? runnerId("server");
  }

  async start() {
    if (this.running) return;
    this.running = true;
    await this.recoverOrphans().catch((e) => this.deps.log.warn("report recovery failed", { error: String(e) }));
    this.removeStaleParts();
    for (let i = 0; i < this.deps.config.concurrency; i++) this.loops.push(this.loop());
  }

  /** A report was queued: look now rather than at the next poll. */
  kick() {
    for (const wake of this.wakers) wake();
  }

  async stop() {
    this.running = false;
    for (const c of this.active.values()) c.abort(new Error("worker stopping"));
    this.kick();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Runs the next queued report, if any; returns false when the queue was empty. */
  async runNext(): Promise<boolean> {
    const now = this.deps.clock.now();
    const report = await this.deps.store.reports.claimNext(this.runner, iso(now), iso(now + REPORT_LEASE_MS));
    if (!report) return false;
    await this.execute(report);
    return true;
  }

  /** Runs a report already claimed by this worker's runner id (the CLI's --wait path). */
  async execute(report: ReportRecord): Promise<void> {
    const { store, clock, log, config } = this.deps;
    if (report.attempts > config.max_attempts) {
      await store.reports.fail(report.id, iso(clock.now()), "report_interrupted", `the report was interrupted ${report.attempts - 1} times; create it again`);
      return;
    }
    const controller = new AbortController();
    this.active.set(report.id, controller);
    // Renew the lease while the report runs; a lost lease (another node took it back) stops this run.
    const holder = report.runner ?? this.runner;
    let leaseLost = false;
    const renewal = setInterval(() => {
      store.reports.renew(report.id, holder, iso(clock.now() + REPORT_LEASE_MS)).then(
        (held) => {
          if (held) return;
          leaseLost = true;
          controller.abort(new Error("the report's lease was lost"));
        },
        () => {},
      );
    }, RENEW_EVERY_MS);
    let lastWrite = 0;
    // Progress writes go one after another (a pooled store could land them out of order) and
    // the last one lands before the completion that copies it into progress_total.
    let progressWrites: Promise<void> = Promise.resolve();
    const started = clock.monotonic();
    try {
      const result = await runReport(this.deps, report, {
        signal: controller.signal,
        onProgress: (processed, total) => {
          const now = clock.monotonic();
          if (now - lastWrite < PROGRESS_EVERY_MS && total === null) return;
          lastWrite = now;
          progressWrites = progressWrites.then(() => store.reports.progress(report.id, processed, total)).catch(() => {});
        },
      });
      await progressWrites;
      await store.reports.complete(report.id, iso(clock.now()), result.summary, result.file, result.bytes);
      log.info("report completed", { report: report.id, type: report.type, bytes: result.bytes, duration_ms: Math.round(clock.monotonic() - started) });
    } catch (e) {
      if (leaseLost) {
        // Another node holds it now: write nothing, it finishes the report.
        log.warn("report abandoned: its lease passed to another runner", { report: report.id });
        return;
      }
      if (controller.signal.aborted && !this.running) {
        // Stopping: the report goes back to the queue and runs again after the restart.
        await store.reports.requeue(report.id, this.runner).catch(() => {});
        return;
      }
      if (this.running && (e as Error)?.name === "StorageUnavailableError") {
        // Storage went away under the report (a PostgreSQL restart, a killed connection, a
        // statement timeout): an interruption like a crash, not a failure of the report, which
        // a blip used to fail for good ("create it again"). It goes back to the queue after a
        // pause and runs again, counted against max_attempts; should the re-queue fail too, the
        // orphan pass re-queues it once storage answers (its runner is this live process, but
        // the report is no longer among its active ones).
        log.warn("report interrupted: storage unavailable; it will run again", { report: report.id, attempt: report.attempts, error: String((e as Error).message) });
        await pause(STORAGE_RETRY_PAUSE_MS, controller.signal);
        await store.reports.requeue(report.id, holder).catch(() => {});
        return;
      }
      const { code, message } = publicError(e, report.id);
      if (code === "internal_error") log.error("report failed", { report: report.id, error: String((e as Error)?.stack ?? e) });
      // A file the worker could not write names its errno and folder here, for the operator.
      else log.warn("report failed", { report: report.id, code, message, ...((e as Error)?.cause !== undefined ? { error: String((e as Error).cause), dir: this.deps.dir } : {}) });
      await store.reports.fail(report.id, iso(clock.now()), code, message).catch((err) => log.error("cannot record report failure", { report: report.id, error: String(err) }));
    } finally {
      clearInterval(renewal);
      this.active.delete(report.id);
    }
  }

  /** Running reports whose runner is gone go back to the queue: a dead process on this host, or an expired lease. */
  async recoverOrphans() {
    const now = iso(this.deps.clock.now());
    for (const r of await this.deps.store.reports.running()) {
      if (this.active.has(r.id) || runnerAlive(r.runner, this.runner)) continue;
      if (runnerHost(r.runner) === "elsewhere" && r.lease_until !== null && r.lease_until > now) continue;
      if (await this.deps.store.reports.requeue(r.id, r.runner ?? "")) {
        this.deps.log.info("report re-queued: its runner stopped", { report: r.id, runner: r.runner });
      }
    }
  }

  async applyRetention() {
    const { store, clock, config, dir } = this.deps;
    const before = iso(clock.now() - config.retention_days * 86_400_000);
    for (;;) {
      const expired = await store.reports.expired(before, 200);
      for (const r of expired) {
        if (r.file) rmSync(join(dir, r.file), { force: true });
        await store.reports.delete(r.id);
      }
      if (expired.length < 200) return;
    }
  }

  private async loop() {
    while (this.running) {
      let worked = false;
      try {
        await this.housekeeping();
        worked = await this.runNext();
        this.passSucceeded();
      } catch (e) {
        this.passFailed(e);
      }
      if (worked || !this.running) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, this.deps.config.poll_interval_ms);
        this.wakers.add(done);
      });
    }
  }

  /**
   * An outage fails every loop's every poll: its first failure is logged, repeats are summed once
   * a minute, and its end is logged once — not a line per poll per loop.
   */
  private passFailed(e: unknown) {
    const error = String((e as Error)?.message ?? e);
    const now = this.deps.clock.monotonic();
    if (!this.failing) {
      this.failing = { lastLogged: now, passes: 1, unlogged: 0 };
      this.deps.log.warn("report worker pass failed", { error });
      return;
    }
    this.failing.passes++;
    this.failing.unlogged++;
    if (now - this.failing.lastLogged < FAILING_LOG_EVERY_MS) return;
    this.deps.log.warn("report worker passes still failing", { error, failed_passes: this.failing.unlogged });
    this.failing.lastLogged = now;
    this.failing.unlogged = 0;
  }

  private passSucceeded() {
    if (!this.failing) return;
    this.deps.log.info("report worker recovered", { failed_passes: this.failing.passes });
    this.failing = undefined;
  }

  private async housekeeping() {
    await this.recoverOrphans();
    const now = this.deps.clock.now();
    if (now - this.lastRetention >= RETENTION_EVERY_MS) {
      this.lastRetention = now;
      await this.applyRetention();
    }
  }

  /** `.part` files of reports nobody runs any more are leftovers of a crash. */
  private removeStaleParts() {
    let names: string[];
    try {
      names = readdirSync(this.deps.dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith(".part")) continue;
      const id = name.split(".")[0]!;
      if (this.active.has(id)) continue;
      this.deps.store.reports
        .running()
        .then((running) => {
          if (!running.some((r) => r.id === id)) rmSync(join(this.deps.dir, name), { force: true });
        })
        .catch(() => {});
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (the worker stopping). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** What the client may read about a failure: our own codes and messages, never internals. */
export function publicError(e: unknown, reportId: string): { code: string; message: string } {
  if (e instanceof ReportError) return { code: e.code, message: e.message };
  if (e instanceof ApiError) return { code: e.code, message: e.detail };
  if ((e as Error)?.name === "StorageUnavailableError") return { code: "storage_unavailable", message: "storage was unavailable while the report ran; create it again" };
  return { code: "internal_error", message: `the report failed unexpectedly; quote ${reportId} when reporting it` };
}
