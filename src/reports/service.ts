// Report logic: validate and queue a report, read it and its content, and own the background
// worker that runs the queue. Knows nothing of HTTP.
import type { IdempotencyRef } from "../domain/idempotency.ts";
import { closeSync, constants, fstatSync, openSync } from "node:fs";
import { join } from "node:path";
import type { AssayConfig } from "../config/load.ts";
import { type ConnectorAccess, mayUse } from "../connectors/access.ts";
import type { Connector } from "../connectors/types.ts";
import type { AnalysisEngine } from "../domain/analysis.ts";
import { type Clock, iso } from "../domain/clock.ts";
import { newId } from "../domain/ids.ts";
import { ApiError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import { REVENUE_LEAKAGE_MODULE } from "./revenue-leakage.ts";
import { CONTENT_TYPES, type ReportFormat, type ReportType } from "./types.ts";
import { ReportWorker } from "./worker.ts";
import { ActiveReportsLimitError, type ReportRecord, type Store } from "../store/types.ts";
import { parseTime } from "../domain/time.ts";
import { type ReportView, reportView } from "./views.ts";

/** Retry-After of a creation refused because the account's reports fill its share of the queue. */
const ACTIVE_LIMIT_RETRY_S = 5;

export interface CreateReportInput {
  type: ReportType;
  format?: ReportFormat;
  period?: { from?: string; to?: string };
  connector?: string;
  module?: string;
}

export interface ReportServiceDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  config: Pick<AssayConfig, "reports">;
  /** The connectors a report may scan, and the one rule for naming one. */
  connectors: ConnectorAccess;
  engine: () => AnalysisEngine | undefined;
  /** "server:…" for `assay serve`, "cli:…" for the CLI. */
  runner?: string;
}

export class ReportService {
  readonly worker: ReportWorker;

  constructor(private readonly deps: ReportServiceDeps) {
    const { store, clock, log, config, engine, runner } = deps;
    this.worker = new ReportWorker({
      store,
      clock,
      log,
      engine,
      runner,
      config: config.reports,
      dir: config.reports.dir,
      htmlMaxRows: config.reports.html_max_rows,
    });
  }

  async create(actor: { account: string; key: string | null }, input: CreateReportInput, claim?: IdempotencyRef): Promise<ReportView> {
    const record = this.validate(actor, input);
    const maxActive = this.deps.config.reports.max_active_per_account;
    try {
      await this.deps.store.reports.create(record, claim, maxActive);
    } catch (e) {
      if (!(e instanceof ActiveReportsLimitError)) throw e;
      throw new ApiError("rate_limited", `this account already has ${maxActive} reports queued or running (reports.max_active_per_account); wait for one to finish`, {
        headers: { "retry-after": String(ACTIVE_LIMIT_RETRY_S) },
        extra: { violated_policies: ["active_reports"] },
      });
    }
    this.worker.kick();
    return this.view(record);
  }

  async get(accountId: string, id: string): Promise<ReportView> {
    return this.view(await this.record(accountId, id));
  }

  async list(accountId: string, q: { limit?: number; starting_after?: string }) {
    const page = await this.deps.store.reports.list({ account_id: accountId, limit: q.limit ?? 20, starting_after: q.starting_after });
    return { object: "list" as const, data: page.data.map((r) => this.view(r)), has_more: page.has_more };
  }

  /** The finished file of a completed report. */
  async content(accountId: string, id: string): Promise<{ path: string; bytes: number; contentType: string; filename: string; format: ReportFormat }> {
    const r = await this.record(accountId, id);
    if (r.status !== "completed" || !r.file) {
      throw new ApiError("invalid_state_transition", `the report is ${r.status}; its content is available once its status is completed`, {
        extra: { report_status: r.status },
      });
    }
    const path = join(this.deps.config.reports.dir, r.file);
    const servable = servableFile(path);
    if (typeof servable === "string") {
      // Assay writes report files itself, as regular files: anything else there was put by hand.
      if (servable !== "ENOENT") this.deps.log.warn("report file cannot be served", { report: id, path, reason: servable });
      throw new ApiError("not_found", `the content of report ${id} is no longer available; create the report again`);
    }
    const format = r.format as ReportFormat;
    return { path, bytes: servable.bytes, contentType: CONTENT_TYPES[format], filename: `${r.id}-${r.type}.${format}`, format };
  }

  view(r: ReportRecord): ReportView {
    return reportView(r, this.deps.config.reports.retention_days);
  }

  private async record(accountId: string, id: string): Promise<ReportRecord> {
    const r = await this.deps.store.reports.get(accountId, id);
    if (!r) throw new ApiError("not_found", `no report ${id}`);
    return r;
  }

  private validate(actor: { account: string; key: string | null }, input: CreateReportInput): ReportRecord {
    const from = input.period?.from;
    const to = input.period?.to;
    const fromTime = from === undefined ? undefined : parseTime(from, "/period/from");
    const toTime = to === undefined ? undefined : parseTime(to, "/period/to");
    if (fromTime && toTime && fromTime > toTime) {
      throw invalid("/period", "period.from is after period.to");
    }
    let module = input.module ?? null;
    if (input.type === "revenue_leakage") {
      if (!input.connector) throw invalid("/connector", "a revenue_leakage report needs the connector whose transactions it scans");
      const connector = this.deps.connectors.access(actor.account, input.connector, { module: REVENUE_LEAKAGE_MODULE });
      if (module !== null && module !== REVENUE_LEAKAGE_MODULE) throw invalid("/module", `a revenue_leakage report runs the ${REVENUE_LEAKAGE_MODULE} module`);
      scannable(connector, "scans");
      module = REVENUE_LEAKAGE_MODULE;
    }
    if (input.type === "simulation") {
      if (!input.connector) throw invalid("/connector", "a simulation report needs the connector whose transactions it replays");
      module ??= REVENUE_LEAKAGE_MODULE;
      scannable(this.deps.connectors.access(actor.account, input.connector, { module }), "replays");
    }
    if (input.type === "alerts" && module !== null) throw invalid("/module", "an alerts report cannot be limited to a module");
    if ((input.type === "risk_summary" || input.type === "alerts") && input.connector) {
      // These only filter recorded data by connector, so an id no longer configured is fine; one
      // restricted to other accounts is refused as everywhere else (docs/api.md).
      const named = this.deps.connectors.get(input.connector);
      if (named && !mayUse(named, actor.account)) throw new ApiError("forbidden", `this account may not use connector "${input.connector}"`);
    }
    return {
      id: newId("rpt"),
      account_id: actor.account,
      type: input.type,
      format: input.format ?? "json",
      status: "queued",
      period_from: from ?? null,
      period_to: to ?? null,
      connector: input.connector ?? null,
      module,
      progress_processed: 0,
      progress_total: null,
      summary: null,
      file: null,
      bytes: null,
      lease_until: null,
      error_code: null,
      error_message: null,
      attempts: 0,
      runner: null,
      created_by_key: actor.key,
      created_at: iso(this.deps.clock.now()),
      started_at: null,
      completed_at: null,
    };
  }
}

/**
 * A report that reads a connector's transactions needs a connector that has them: refused here
 * (422) rather than queued and then failed, or completed empty, by the worker.
 */
function scannable(connector: Connector, verb: "scans" | "replays") {
  if (!connector.capabilities.scan) {
    throw invalid("/connector", `connector "${connector.id}" has no source of transactions this report ${verb}; name a connector that reads one (csv, sqlite, postgres, mysql, http)`);
  }
}

function invalid(path: string, message: string) {
  return new ApiError("validation_failed", message, { errors: [{ path, message }] });
}

/**
 * The size of the report file at `path`, or why it cannot be streamed (an errno code, or what it
 * is instead of a regular file). Bun streams whatever the path opens: a folder was its HTML 500
 * page, a named pipe held the request until the client left, a link to /dev/full streamed zeros
 * for ever. The file is opened without following a link (Assay never writes one) and without
 * waiting on a pipe's writer, and judged by what was opened.
 */
function servableFile(path: string): { bytes: number } | string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? "unreadable";
  }
  try {
    const stat = fstatSync(fd);
    return stat.isFile() ? { bytes: stat.size } : "not a regular file";
  } finally {
    closeSync(fd);
  }
}
