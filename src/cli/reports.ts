// `assay reports create|list|show`, offline against the database.
//
// `create` queues the report exactly as POST /v1/reports does. With --wait the CLI then claims
// it and generates it in this process (no server needed); if a running server claimed it
// first, the CLI waits for the server to finish it. Either way --out copies the finished file.
// An interrupted --wait (Ctrl-C) puts the report back in the queue; a killed one is re-queued
// by the server once it sees the CLI process is gone.
import { copyFileSync, readFileSync } from "node:fs";
import { checkOutFile, writeFailure } from "./out-file.ts";
import { join } from "node:path";
import { ReportService } from "../reports/service.ts";
import { iso } from "../domain/clock.ts";
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from "../reports/types.ts";
import { REPORT_LEASE_MS, runnerId } from "../reports/worker.ts";
import { createRuntime } from "../runtime.ts";
import type { AssayConfig } from "../config/load.ts";
import { apiFailure, CliFailure, type CliIO, loadCliConfig, printJson, quietLog, table, UsageError } from "./common.ts";
import { type Args, CodedFailure } from "./framework.ts";
import { type Progress, progress } from "./progress.ts";
import { printable } from "./printable.ts";

type Runtime = ReturnType<typeof createRuntime>;

/** Opens the runtime and the report service for one command; stops and closes them after. */
async function withReports<T>(a: Args, io: CliIO, body: (rt: Runtime, reports: ReportService, config: AssayConfig) => Promise<T>): Promise<T> {
  const config = loadCliConfig(a.string("config"), io);
  const rt = createRuntime(config, { env: io.env, log: quietLog(io) });
  const reports = new ReportService({ store: rt.store, clock: rt.clock, log: rt.log, config, connectors: rt.connectors, engine: () => rt.analysis, runner: runnerId("cli") });
  try {
    return await body(rt, reports, config);
  } finally {
    await reports.worker.stop();
    await rt.close();
  }
}

export async function list(a: Args, io: CliIO) {
  await withReports(a, io, async (rt, reports) => {
    const accountId = await resolveAccount(rt.store, a.string("account"), false);
    const accounts = accountId ? [accountId] : (await rt.store.accounts.list()).map((x) => x.id);
    const data = [];
    for (const id of accounts) data.push(...(await reports.list(id, { limit: 100 })).data.map((r) => ({ ...r, account: id })));
    if (a.json) printJson(io, { object: "list", data, has_more: false });
    else io.out(data.length ? table(data.map((r) => ({ ...r, progress: r.progress.percent === null ? r.progress.processed : `${r.progress.percent}%` })), ["id", "account", "type", "format", "status", "progress", "created_at", "completed_at"]) : "no reports");
  });
}

export async function show(a: Args, io: CliIO) {
  await withReports(a, io, async (rt, reports, config) => {
    const accountId = await resolveAccount(rt.store, a.string("account"), true);
    const view = await reports.get(accountId!, a.positionals[0]!).catch(notFound);
    if (a.json) printJson(io, view);
    else io.out(describe(view, join(config.reports.dir, `${view.id}.${view.format}`)));
  });
}

export async function create(a: Args, io: CliIO) {
  const type = a.string("type");
  const format = a.string("format");
  const out = a.string("out");
  if (!type || !(REPORT_TYPES as readonly string[]).includes(type)) throw new UsageError(`--type: expected one of ${REPORT_TYPES.join(", ")}${type ? ` (got "${type}")` : ""}`);
  if (format !== undefined && !(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format: expected one of ${REPORT_FORMATS.join(", ")} (got "${format}")`);
  }
  if (out !== undefined && !a.flag("wait")) throw new UsageError("--out needs --wait (the file exists only once the report is completed)");
  // `--out -` is standard output, as for most Unix tools: before (fifteenth attack pass) it wrote a
  // file named "-" in the current folder. The report takes stdout, so --json cannot share it.
  const toStdout = out === "-";
  if (toStdout && a.json) throw new UsageError("--out - writes the report to standard output; --json cannot share it (print the report's JSON with --format json)");
  if (out !== undefined && !toStdout) checkOutFile(out);
  return withReports(a, io, async (rt, reports, config) => {
    const accountId = await resolveAccount(rt.store, a.string("account"), true);
    const from = a.string("from");
    const to = a.string("to");
    const created = await reports
      .create(
        { account: accountId!, key: null },
        {
          type: type as ReportType,
          format: format as ReportFormat | undefined,
          period: from || to ? { from, to } : undefined,
          connector: a.string("connector"),
          module: a.string("module"),
        },
      )
      .catch(apiFailure);
    if (!a.flag("wait")) {
      if (a.json) printJson(io, created);
      else io.out(`queued report ${created.id}; a running server generates it (or run with --wait to generate it here)`);
      return 0;
    }
    const done = await generateOrWait(rt, reports, accountId!, created.id, progress(`report ${created.id}`, io.progress));
    const file = join(config.reports.dir, `${done.id}.${done.format}`);
    if (toStdout) {
      if (done.status === "completed") io.out(readFileSync(file, "utf8"));
      io.err(describe(done, done.status === "completed" ? "standard output" : file));
      return done.status === "failed" ? 1 : 0;
    }
    if (done.status === "completed" && out) {
      try {
        copyFileSync(file, out);
      } catch (e) {
        throw writeFailure(out, e, file);
      }
    }
    if (a.json) printJson(io, done);
    else io.out(describe(done, out ?? file));
    return done.status === "failed" ? 1 : 0;
  });
}

async function generateOrWait(rt: Runtime, reports: ReportService, accountId: string, id: string, bar: Progress) {
  const now = rt.clock.now();
  const claimed = await rt.store.reports.claim(id, runnerId("cli"), iso(now), iso(now + REPORT_LEASE_MS));
  if (claimed) {
    const interrupt = () => void reports.worker.stop();
    process.once("SIGINT", interrupt);
    process.once("SIGTERM", interrupt);
    // The worker records progress in the store as it goes; draw it from there.
    const ticker = setInterval(() => {
      reports.get(accountId, id).then((v) => bar.update(v.progress.processed, v.progress.total), () => {});
    }, 250);
    try {
      await reports.worker.execute(claimed);
    } finally {
      clearInterval(ticker);
      process.off("SIGINT", interrupt);
      process.off("SIGTERM", interrupt);
    }
  }
  for (;;) {
    const view = await reports.get(accountId, id);
    if (view.status === "completed" || view.status === "failed") {
      bar.finish();
      return view;
    }
    bar.update(view.progress.processed, view.progress.total);
    if (view.status === "queued" && claimed) throw new CliFailure(`interrupted: report ${id} is back in the queue`);
    await Bun.sleep(200);
  }
}

async function resolveAccount(store: Runtime["store"], given: string | undefined, required: boolean) {
  if (given) {
    if (!(await store.accounts.get(given))) throw new CliFailure(`no account ${given} (see \`assay accounts list\`)`);
    return given;
  }
  if (!required) return undefined;
  const accounts = await store.accounts.list();
  if (accounts.length === 1) return accounts[0]!.id;
  if (accounts.length === 0) throw new CliFailure("no accounts yet: create one with `assay accounts create --name N`");
  throw new UsageError(`--account: required when there are several accounts (${accounts.map((a) => a.id).join(", ")})`);
}

function describe(r: Awaited<ReturnType<ReportService["get"]>>, file: string): string {
  // A reason may quote a source's file (a column's name, a value): shown, never run by the terminal.
  if (r.status === "failed") return `report ${r.id} failed: ${printable(r.error?.message ?? "unknown error")} (${r.error?.code})`;
  if (r.status !== "completed") return `report ${r.id} is ${r.status}`;
  const figures = Object.entries(r.summary ?? {})
    .filter(([, v]) => v === null || typeof v !== "object")
    .map(([k, v]) => `  ${k}: ${v}`);
  return [`report ${r.id} completed (${r.type}, ${r.format}, ${r.bytes} bytes): ${file}`, ...figures].join("\n");
}

function notFound(e: unknown): never {
  if ((e as { code?: string })?.code === "not_found") throw new CodedFailure("not_found", (e as Error).message);
  throw e;
}

/** The CLI prints its own messages: only warnings and errors of the runtime go to stderr. */
