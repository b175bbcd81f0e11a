// `assay reports create|list|show`, offline against the database.
//
// `create` queues the report exactly as POST /v1/reports does. With --wait the CLI then claims
// it and generates it in this process (no server needed); if a running server claimed it
// first, the CLI waits for the server to finish it. Either way --out copies the finished file.
// An interrupted --wait (Ctrl-C) puts the report back in the queue; a killed one is re-queued
// by the server once it sees the CLI process is gone.
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { ReportService } from "../reports/service.ts";
import { iso } from "../domain/clock.ts";
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from "../reports/types.ts";
import { runnerId } from "../reports/worker.ts";
import { createRuntime } from "../runtime.ts";
import { CliFailure, CONFIG_OPTION, type CliIO, loadCliConfig, parse, printJson, runCommand, table, UsageError } from "./common.ts";

const USAGE = `usage:
  assay reports create --type T [--account ID] [--format F] [--from D --to D] [--connector C] [--module M]
                       [--wait] [--out FILE] [--json]
    --type    ${REPORT_TYPES.join(" | ")}
    --format  ${REPORT_FORMATS.join(" | ")} (default json)
    --account required when the database holds more than one account
  assay reports list [--account ID] [--json]
  assay reports show REPORT_ID [--account ID] [--json]`;

const OPTIONS = {
  ...CONFIG_OPTION,
  json: { type: "boolean" },
  type: { type: "string" },
  format: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  connector: { type: "string" },
  module: { type: "string" },
  account: { type: "string" },
  wait: { type: "boolean" },
  out: { type: "string" },
} as const;

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const [sub, ...rest] = argv;
    if (!["create", "list", "show"].includes(sub ?? "")) throw new UsageError(USAGE);
    const { values, positionals } = parse(rest, OPTIONS, sub === "show");
    if (sub === "create") {
      if (!values.type || !(REPORT_TYPES as readonly string[]).includes(values.type)) throw new UsageError(`--type: expected one of ${REPORT_TYPES.join(", ")}`);
      if (values.format !== undefined && !(REPORT_FORMATS as readonly string[]).includes(values.format)) {
        throw new UsageError(`--format: expected one of ${REPORT_FORMATS.join(", ")} (got "${values.format}")`);
      }
      if (values.out !== undefined && !values.wait) throw new UsageError("--out needs --wait (the file exists only once the report is completed)");
    }
    if (sub === "show" && positionals.length !== 1) throw new UsageError("usage: assay reports show REPORT_ID");

    const config = loadCliConfig(values.config, io);
    const rt = createRuntime(config, { env: io.env, log: quietLog(io) });
    const reports = new ReportService({ store: rt.store, clock: rt.clock, log: rt.log, config, engine: () => rt.analysis, runner: runnerId("cli") });
    try {
      const accountId = await resolveAccount(rt.store, values.account, sub === "create" || sub === "show");
      if (sub === "list") {
        const accounts = accountId ? [accountId] : (await rt.store.accounts.list()).map((a) => a.id);
        const data = [];
        for (const a of accounts) data.push(...(await reports.list(a, { limit: 100 })).data.map((r) => ({ ...r, account: a })));
        if (values.json) printJson(io, { object: "list", data, has_more: false });
        else io.out(data.length ? table(data.map((r) => ({ ...r, progress: r.progress.percent === null ? r.progress.processed : `${r.progress.percent}%` })), ["id", "account", "type", "format", "status", "progress", "created_at", "completed_at"]) : "no reports");
        return;
      }
      if (sub === "show") {
        const view = await reports.get(accountId!, positionals[0]!).catch(notFound);
        if (values.json) printJson(io, view);
        else io.out(describe(view, join(config.reports.dir, `${view.id}.${view.format}`)));
        return;
      }

      const created = await reports
        .create(
          { account: accountId!, key: null },
          {
            type: values.type as ReportType,
            format: values.format as ReportFormat | undefined,
            period: values.from || values.to ? { from: values.from, to: values.to } : undefined,
            connector: values.connector,
            module: values.module,
          },
        )
        .catch(apiFailure);
      if (!values.wait) {
        if (values.json) printJson(io, created);
        else io.out(`queued report ${created.id}; a running server generates it (or run with --wait to generate it here)`);
        return;
      }
      const done = await generateOrWait(rt, reports, accountId!, created.id);
      if (done.status === "completed" && values.out) copyFileSync(join(config.reports.dir, `${done.id}.${done.format}`), values.out);
      if (values.json) printJson(io, done);
      else io.out(describe(done, values.out ?? join(config.reports.dir, `${done.id}.${done.format}`)));
      if (done.status === "failed") return 1;
    } finally {
      await reports.worker.stop();
      await rt.close();
    }
  });
}

async function generateOrWait(rt: ReturnType<typeof createRuntime>, reports: ReportService, accountId: string, id: string) {
  const claimed = await rt.store.reports.claim(id, runnerId("cli"), iso(rt.clock.now()));
  if (claimed) {
    const interrupt = () => void reports.worker.stop();
    process.once("SIGINT", interrupt);
    process.once("SIGTERM", interrupt);
    try {
      await reports.worker.execute(claimed);
    } finally {
      process.off("SIGINT", interrupt);
      process.off("SIGTERM", interrupt);
    }
  }
  for (;;) {
    const view = await reports.get(accountId, id);
    if (view.status === "completed" || view.status === "failed") return view;
    if (view.status === "queued" && claimed) throw new CliFailure(`interrupted: report ${id} is back in the queue`);
    await Bun.sleep(200);
  }
}

async function resolveAccount(store: ReturnType<typeof createRuntime>["store"], given: string | undefined, required: boolean) {
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
  if (r.status === "failed") return `report ${r.id} failed: ${r.error?.message ?? "unknown error"} (${r.error?.code})`;
  if (r.status !== "completed") return `report ${r.id} is ${r.status}`;
  const figures = Object.entries(r.summary ?? {})
    .filter(([, v]) => v === null || typeof v !== "object")
    .map(([k, v]) => `  ${k}: ${v}`);
  return [`report ${r.id} completed (${r.type}, ${r.format}, ${r.bytes} bytes): ${file}`, ...figures].join("\n");
}

function apiFailure(e: unknown): never {
  const err = e as { code?: string; detail?: string; options?: { errors?: { path: string; message: string }[] } };
  if (err?.code && err.detail) {
    const where = err.options?.errors?.map((x) => ` (${x.path}: ${x.message})`).join("") ?? "";
    throw new UsageError(`${err.detail}${where}`);
  }
  throw e;
}

function notFound(e: unknown): never {
  if ((e as { code?: string })?.code === "not_found") throw new CliFailure((e as Error).message);
  throw e;
}

/** The CLI prints its own messages: only warnings and errors of the runtime go to stderr. */
function quietLog(io: CliIO) {
  const log = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (level === "warn" || level === "error") io.err(`${level}: ${msg}${fields ? ` ${JSON.stringify(fields)}` : ""}`);
  };
  return { log, info: () => {}, warn: (m: string, f?: Record<string, unknown>) => log("warn", m, f), error: (m: string, f?: Record<string, unknown>) => log("error", m, f) };
}
