// Runs one report into its file: picks the generator for the type and the renderer for the
// format, streams to `<dir>/<id>.<ext>.part`, and renames it into place only when complete, so
// a crash never leaves a truncated file that looks finished.
import { renameSync, rmSync, statSync } from "node:fs";
import { createPrivateFile, ensurePrivateDir } from "../domain/private-files.ts";
import { shortWrite } from "../domain/short-write.ts";
import { join } from "node:path";
import type { AnalysisEngine } from "../domain/analysis.ts";
import { type Clock, iso } from "../domain/clock.ts";
import type { ReportRecord, Store } from "../store/types.ts";
import { alertsReport } from "./alerts-report.ts";
import { CsvRenderer } from "./render-csv.ts";
import { HtmlRenderer } from "./render-html.ts";
import { JsonRenderer } from "./render-json.ts";
import { revenueLeakage } from "./revenue-leakage.ts";
import { riskSummary } from "./risk-summary.ts";
import { simulationReport } from "./simulation.ts";
import { isFileSystemError, reportWriteError } from "./write-errors.ts";
import type { Period, Renderer, ReportFormat, ReportGenerator, ReportOutcome, ReportType, TextSink } from "./types.ts";

export const GENERATORS: Record<ReportType, ReportGenerator> = {
  risk_summary: riskSummary,
  revenue_leakage: revenueLeakage,
  alerts: alertsReport,
  simulation: simulationReport,
};

export const TITLES: Record<ReportType, string> = {
  risk_summary: "Risk summary",
  revenue_leakage: "Revenue leakage",
  alerts: "Alerts",
  simulation: "Simulation: built-in baseline against the configuration in force",
};

export interface RunnerDeps {
  store: Store;
  clock: Clock;
  dir: string;
  htmlMaxRows: number;
  engine: () => AnalysisEngine | undefined;
}

export interface RunResult {
  summary: Record<string, unknown>;
  file: string;
  bytes: number;
}

export function fileNameOf(report: Pick<ReportRecord, "id" | "format">): string {
  return `${report.id}.${report.format}`;
}

export function rendererFor(format: ReportFormat, out: TextSink, htmlMaxRows: number): Renderer {
  if (format === "csv") return new CsvRenderer(out);
  if (format === "html") return new HtmlRenderer(out, htmlMaxRows);
  return new JsonRenderer(out);
}

/** The period as stored: ISO bounds for Assay's own timestamps; a date-only `to` covers its whole day. */
export function periodOf(report: Pick<ReportRecord, "period_from" | "period_to">): Period {
  const from = report.period_from ?? undefined;
  const to = report.period_to ?? undefined;
  return {
    from,
    to,
    fromTime: from === undefined ? undefined : new Date(Date.parse(from)).toISOString(),
    toTime: to === undefined ? undefined : /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : new Date(Date.parse(to)).toISOString(),
  };
}

export async function runReport(
  deps: RunnerDeps,
  report: ReportRecord,
  options: { signal: AbortSignal; onProgress: (processed: number, total: number | null) => void },
): Promise<RunResult> {
  const file = fileNameOf(report);
  const finalPath = join(deps.dir, file);
  const partPath = `${finalPath}.part`;
  try {
    ensurePrivateDir(deps.dir);
    // A report lists transactions and alerts: 0600, not the umask's 0644 (the writer keeps the mode).
    createPrivateFile(partPath);
  } catch (e) {
    throw isFileSystemError(e) ? reportWriteError(e) : e;
  }
  const sink = Bun.file(partPath).writer({ highWaterMark: 256 * 1024 });
  // The first failure of a write (ENOSPC …). The writer reports it through the promise of the
  // write that flushed, which nobody else awaits: left unhandled, a full disk under a report
  // was an unhandled rejection of the whole server.
  let writeFailure: unknown;
  const failed = (e: unknown) => {
    writeFailure ??= e;
  };
  let pending = 0;
  /** Bytes handed to the writer: the file must hold as many once it is closed (shortWrite). */
  let handed = 0;
  const out: TextSink = {
    write(text) {
      if (writeFailure !== undefined) throw reportWriteError(writeFailure);
      try {
        const written = sink.write(text);
        if (written instanceof Promise) written.catch(failed);
      } catch (e) {
        failed(e);
        throw reportWriteError(e);
      }
      handed += Buffer.byteLength(text);
      pending += text.length;
      // Flush now and then: bounded memory however large the report.
      if (pending > 1 << 20) {
        pending = 0;
        return Promise.resolve(sink.flush()).then(
          () => {},
          (e) => {
            failed(e);
            throw reportWriteError(e);
          },
        );
      }
    },
  };
  const type = report.type as ReportType;
  const renderer = rendererFor(report.format as ReportFormat, out, deps.htmlMaxRows);
  try {
    await renderer.begin({
      id: report.id,
      type,
      title: TITLES[type],
      generated_at: iso(deps.clock.now()),
      period: { from: report.period_from, to: report.period_to },
      connector: report.connector,
      module: report.module,
    });
    const outcome: ReportOutcome = await GENERATORS[type]({
      report,
      period: periodOf(report),
      store: deps.store,
      engine: deps.engine(),
      signal: options.signal,
      progress: options.onProgress,
      detail: { begin: (head) => renderer.detailBegin(head), row: (row) => renderer.detailRow(row) },
    });
    await renderer.finish(outcome);
    await closeSink(sink).catch(failed);
    writeFailure ??= shortWrite(partPath, handed);
    if (writeFailure !== undefined) throw reportWriteError(writeFailure);
    try {
      renameSync(partPath, finalPath);
      return { summary: outcome.summary, file, bytes: statSync(finalPath).size };
    } catch (e) {
      throw reportWriteError(e);
    }
  } catch (e) {
    await closeSink(sink).catch(() => {});
    try {
      rmSync(partPath, { force: true });
    } catch {
      // The folder itself is gone or replaced: there is no partial file to leave behind.
    }
    throw e;
  }
}

/** Ends the writer; a failure to flush what it holds, thrown or rejected, is the promise's. */
async function closeSink(sink: { end(): unknown }): Promise<void> {
  await sink.end();
}
