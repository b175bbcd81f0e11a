// Structured logs: one JSON object per line on stdout (access log, lifecycle, warnings), so an
// appliance's journal can be shipped and queried as is. Never pass secrets to it.
import { iso } from "./domain/clock.ts";
import { atTurnEnd } from "./domain/turn-end.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * The access log's line (`msg: "request"`), exactly as `info("request", fields)` would write it
   * but without a fields object and its generic serialisation: it is written for every request.
   */
  request?(entry: AccessEntry): void;
}

/** One access-log line's fields, in the order they are written; undefined ones are left out. */
export interface AccessEntry {
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string;
  account: string | undefined;
  key: string | undefined;
  ip: string;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

// Lines go to stdout through Bun's file sink: process.stdout would load Node's stream machinery,
// ~12 ms of every start-up (measured on the compiled binary). Warnings and errors are written at
// once; info lines (the access log: one per request) are gathered here and written together at
// the end of the event loop's turn — one write system call for every request answered in it
// instead of one per line (the sink writes through at once to a pipe) — and at exit.
let stdoutSink: ReturnType<typeof Bun.stdout.writer> | undefined;
let pending = "";
let flushQueued = false;
/** Gathered lines beyond this are written at once: memory stays bounded under any load. */
const PENDING_MAX = 64 * 1024;

/** Set once a write to stdout failed (its reader has gone: EPIPE): the log goes nowhere after that. */
let stdoutClosed = false;

function flushStdout() {
  flushQueued = false;
  if (pending === "" || stdoutClosed) return;
  const text = pending;
  pending = "";
  try {
    stdoutSink!.write(text);
    const flushed = stdoutSink!.flush();
    if (flushed instanceof Promise) flushed.catch(stdoutFailed);
  } catch (e) {
    stdoutFailed(e);
  }
}

/**
 * The reader of stdout has gone (`assay serve | tee log` whose tee died, a log shipper restarted):
 * the server goes on answering, its log dropped, and says so once on stderr. Before, every later
 * write threw, and each threw a page of source at stderr.
 */
function stdoutFailed(e: unknown) {
  if (stdoutClosed) return;
  stdoutClosed = true;
  pending = "";
  const code = (e as { code?: string }).code ?? (e as Error).message;
  // stderr may be the same closed pipe (`2>&1 | tee`): its failure is ignored too.
  process.stderr.on("error", () => {});
  process.stderr.write(`assay: standard output is closed (${code}); the log is no longer written — restart the server with stdout connected to keep one\n`);
}

function writeStdout(line: string, urgent: boolean) {
  if (!stdoutSink) {
    stdoutSink = Bun.stdout.writer();
    process.on("exit", flushStdout);
  }
  if (stdoutClosed) return;
  pending += line;
  if (urgent || pending.length >= PENDING_MAX) flushStdout();
  else if (!flushQueued) {
    flushQueued = true;
    atTurnEnd(flushStdout);
  }
}

/**
 * Hands what the logger has written to the system, waiting (at most `timeoutMs`) while a pipe's
 * reader is slower than the process: Bun's sink holds what the pipe has not taken yet, and
 * process.exit drops it (measured: a server stopped right after ~88,000 requests, its stdout read
 * slowly, had written 320 of their access-log lines and half of the 321st). Called before exit.
 */
export async function flushLogs(timeoutMs = 5_000): Promise<void> {
  if (!stdoutSink) return;
  flushStdout();
  try {
    const flushed = stdoutSink.flush();
    if (flushed instanceof Promise) await Promise.race([flushed.catch(() => {}), Bun.sleep(timeoutMs)]);
  } catch {} // the reader has gone: nothing is left to wait for
}

/** `{"ts":…,"level":…,"msg":…,<fields>}` without copying the fields into a new object first. */
function formatLine(level: LogLevel, msg: string, fields?: Record<string, unknown>): string {
  const head = `{"ts":"${iso(Date.now())}","level":"${level}","msg":${JSON.stringify(msg)}`;
  const rest = fields === undefined ? "{}" : JSON.stringify(fields);
  return rest.length > 2 ? `${head},${rest.slice(1)}\n` : `${head}}\n`;
}

/** Printable ASCII but `"` and `\`: the characters JSON.stringify writes as they are. */
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * JSON.stringify(s) for a string, without calling it when s needs no escape (nearly every field
 * of an access line). Under wrk the line's seven JSON.stringify calls cost the server far more
 * than the same calls in a loop: doing without them saved ~3 µs of a ~56 µs signed health
 * request on a slow VM (docs/benchmarks.md, "The access log under wrk").
 */
function jsonString(s: string): string {
  return VERBATIM.test(s) ? `"${s}"` : JSON.stringify(s);
}

/** The JSON text of a field's last value: the method, path, caller and address repeat from one request to the next. */
class LastJson {
  private value: string | undefined;
  private text = "";
  of(value: string): string {
    if (value !== this.value) {
      this.text = jsonString(value);
      this.value = value;
    }
    return this.text;
  }
}

const lastMethod = new LastJson();
const lastPath = new LastJson();
const lastAccount = new LastJson();
const lastKey = new LastJson();
const lastIp = new LastJson();

/** JSON.stringify(n) for a number: its shortest text, or null for NaN and the infinities. */
function jsonNumber(n: number): string {
  return Number.isFinite(n) ? `${n}` : "null";
}

/** The same text as formatLine("info", "request", entry), written out field by field. */
function formatAccessLine(e: AccessEntry): string {
  let line = `{"ts":"${iso(Date.now())}","level":"info","msg":"request","method":${lastMethod.of(e.method)},"path":${lastPath.of(e.path)},"status":${jsonNumber(e.status)},"duration_ms":${jsonNumber(e.duration_ms)},"request_id":${jsonString(e.request_id)}`;
  if (e.account !== undefined) line += `,"account":${lastAccount.of(e.account)}`;
  if (e.key !== undefined) line += `,"key":${lastKey.of(e.key)}`;
  return `${line},"ip":${lastIp.of(e.ip)}}\n`;
}

export function jsonLogger(minLevel: LogLevel = "info", write: (line: string, urgent: boolean) => void = writeStdout): Logger {
  const log = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[minLevel]) return;
    write(formatLine(level, msg, fields), ORDER[level] >= ORDER.warn);
  };
  const requests = ORDER.info >= ORDER[minLevel];
  return {
    log,
    info: (m, f) => log("info", m, f),
    warn: (m, f) => log("warn", m, f),
    error: (m, f) => log("error", m, f),
    request: (entry) => {
      if (requests) write(formatAccessLine(entry), false);
    },
  };
}

export const silentLogger: Logger = { log() {}, info() {}, warn() {}, error() {} };

/** Collects lines in memory: for tests that assert on what was logged. */
export function memoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = jsonLogger("debug", (l) => lines.push(JSON.parse(l)));
  return Object.assign(logger, { lines });
}
