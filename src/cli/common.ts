// Shared CLI plumbing: exit codes (0 ok, 1 failure, 2 usage error), the IO a command writes to,
// config loading, and plain or --json output. Parsing and dispatch: src/cli/framework.ts.
import { MAX_KEY_LIFETIME_DAYS } from "../auth/key-service.ts";
import { type ProgressSink, stderrSink } from "./progress.ts";
import { type AssayConfig, configPath, loadConfig } from "../config/load.ts";
import { printable } from "./printable.ts";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}
export class CliFailure extends Error {}

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  stdin(): Promise<Uint8Array>;
  /** Where progress lines go (stderr when it is a terminal); absent means no progress. */
  progress?: ProgressSink;
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
  env: process.env,
  stdin: async () => new Uint8Array(await Bun.stdin.arrayBuffer()),
  progress: stderrSink,
};

export function loadCliConfig(flag: string | undefined, io: CliIO): AssayConfig {
  return loadConfig(cliConfigPath(flag, io.env), io.env);
}

/**
 * `--config F`, else $ASSAY_CONFIG, else ./config/assay.yaml; an empty `--config=` or
 * `ASSAY_CONFIG=` (a variable meant to be set, left empty) is a usage error. Before (fifteenth
 * attack pass) the empty path resolved to the current folder ("is a folder").
 */
export function cliConfigPath(flag: string | undefined, env: Record<string, string | undefined>): string {
  if (flag === "") throw new UsageError("--config is empty: name the configuration file (or leave --config out for $ASSAY_CONFIG, else ./config/assay.yaml)");
  if (flag === undefined && env.ASSAY_CONFIG === "") throw new UsageError("ASSAY_CONFIG is set but empty: name the configuration file in it, or unset it for ./config/assay.yaml");
  return configPath(flag, env);
}

export function printJson(io: CliIO, value: unknown) {
  io.out(JSON.stringify(value, null, 2));
}

/** Renders rows as an aligned text table; a cell's control characters are shown as escapes (printable.ts). */
export function table(rows: Record<string, unknown>[], columns: string[]): string {
  const cells = rows.map((r) => columns.map((c) => (r[c] === null || r[c] === undefined ? "-" : printable(String(r[c])))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join("\n");
}

export function parsePort(value: string, flag = "--port"): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`${flag}: expected 0-65535 (got "${value}")`);
  return port;
}

/**
 * A listen address given as a flag. An empty one (`--host "$ASSAY_HOST"` with the variable unset)
 * made Bun.serve listen on every interface, without a word: it is a usage error.
 */
export function parseHost(value: string, flag = "--host"): string {
  if (value.trim() === "") {
    throw new UsageError(`${flag}: expected an address to listen on, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface) (got "${value}")`);
  }
  return value;
}

/**
 * `90d`, `24h`, `30m`, `45s` → milliseconds, at most MAX_KEY_LIFETIME_DAYS (the flags that take a
 * duration are a key's expiry and grace; a longer one is no date a key can expire on: `new Date()`
 * of it is invalid). `positive` refuses zero (a key created already expired).
 */
export function parseDuration(value: string, flag: string, o: { positive?: boolean } = {}): number {
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h|d|w)$/.exec(value.trim());
  if (!m) throw new UsageError(`${flag}: expected a duration such as 90d, 24h, 30m or 45s (got "${value}")`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[m[2] as "s"];
  const ms = Number(m[1]) * unit;
  if (!(ms <= MAX_KEY_LIFETIME_DAYS * 86_400_000)) throw new UsageError(`${flag}: at most ${MAX_KEY_LIFETIME_DAYS}d (got "${value}")`);
  if (o.positive && ms <= 0) throw new UsageError(`${flag}: must be longer than 0 (got "${value}")`);
  return ms;
}

/** An ApiError from a service, as a usage error naming what was wrong (the user gave it). */
export function apiFailure(e: unknown): never {
  const err = e as { code?: string; detail?: string; options?: { errors?: { path: string; message: string }[] } };
  if (err?.code && err.detail) {
    const where = err.options?.errors?.map((x) => ` (${x.path}: ${x.message})`).join("") ?? "";
    throw new UsageError(`${err.detail}${where}`);
  }
  throw e;
}

/** A logger for CLI work: warnings and errors on stderr, nothing else. */
export function quietLog(io: CliIO) {
  const log = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (level === "warn" || level === "error") io.err(`${level}: ${msg}${fields ? ` ${JSON.stringify(fields)}` : ""}`);
  };
  return { log, info: () => {}, warn: (m: string, f?: Record<string, unknown>) => log("warn", m, f), error: (m: string, f?: Record<string, unknown>) => log("error", m, f) };
}

/**
 * A key or secret as the CLI received it, refused when it holds a space, a line break or a
 * control character: Assay's keys and secrets never do, and such a value is nearly always a copy
 * that took a neighbour with it (`$(jq -r .key …)` over several JSON lines). Sent as it is, a key
 * fails as "cannot reach" (fetch refuses the header) and a secret as a 401 signature mismatch.
 */
export function credential(value: string, source: string): string {
  const at = value.search(/[\s\x00-\x1f\x7f]/);
  if (at >= 0) throw new UsageError(`${source}: holds ${/\n|\r/.test(value[at]!) ? "a line break" : /\s/.test(value[at]!) ? "a space" : "a control character"} at position ${at + 1}; keys and secrets are one word (ak_…, sk_…): copy them again`);
  return value;
}
