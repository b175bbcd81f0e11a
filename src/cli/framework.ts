// The CLI framework: commands are declared in a table (src/cli/commands.ts) with their
// subcommands, summary, arguments and options (each with a description); this file turns that
// table into help pages, strict argument parsing with errors in plain words, dispatch, and one
// error shape. A command's handler is loaded only when the command runs, so `--help` and start-up
// stay cheap.
//
// Output contract (docs/cli.md):
// - exit 0 ok, 1 failure, 2 usage error; `--help`/`-h` anywhere prints the usage and exits 0;
// - without --json, messages go to stderr as `assay: <message>`;
// - with --json, the success is one JSON object on stdout, and an error is one JSON object
//   `{"error":{"code","message"}}` on stdout too (so a script reads one stream), exit code as above.
import { ConfigError } from "../config/load.ts";
import { type CliIO, CliFailure, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from "./common.ts";
import { printable } from "./printable.ts";

export interface OptionSpec {
  type: "string" | "boolean";
  /** What the option does, one line; shown by --help. */
  description: string;
  /** The value's placeholder in the usage line (`--name N`); strings only. */
  value?: string;
  short?: string;
  multiple?: boolean;
}

export interface ArgumentSpec {
  name: string;
  description: string;
  optional?: boolean;
}

/** A command that runs (a leaf): `assay serve`, `assay keys create`. */
export interface LeafCommand {
  summary: string;
  arguments?: ArgumentSpec[];
  options?: Record<string, OptionSpec>;
  /** Extra help text printed after the options (examples, notes). */
  details?: string;
  /** The shape printed on success under --json, one line (docs and --help show it). */
  json?: string;
  /** Set when the command does not load the config file (no --config option). */
  noConfig?: boolean;
  handler: () => Promise<Handler>;
}

/** A command made of subcommands: `assay keys <create|list|revoke|rotate>`. */
export interface GroupCommand {
  summary: string;
  subcommands: Record<string, LeafCommand>;
}

export type Command = LeafCommand | GroupCommand;
export type CommandTable = Record<string, Command>;
export type Handler = (args: Args, io: CliIO) => Promise<number | void>;

export function isGroup(c: Command): c is GroupCommand {
  return "subcommands" in c;
}

/** Options every command accepts. */
export const COMMON_OPTIONS: Record<string, OptionSpec> = {
  config: { type: "string", value: "FILE", description: "configuration file (else $ASSAY_CONFIG, else ./config/assay.yaml)" },
  json: { type: "boolean", description: "print one JSON object (errors too: {\"error\":{\"code\",\"message\"}})" },
  help: { type: "boolean", short: "h", description: "print this help and exit" },
};

/** Parsed arguments, read through accessors that only accept declared option names. */
export class Args {
  constructor(
    readonly command: string,
    private readonly values: Record<string, string | boolean | string[] | undefined>,
    readonly positionals: string[],
    private readonly spec: Record<string, OptionSpec>,
  ) {}

  get json(): boolean {
    return this.values.json === true;
  }

  string(name: string): string | undefined {
    this.check(name, "string");
    const v = this.values[name];
    return Array.isArray(v) ? v[v.length - 1] : (v as string | undefined);
  }

  list(name: string): string[] {
    this.check(name, "string");
    const v = this.values[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v as string];
  }

  flag(name: string): boolean {
    this.check(name, "boolean");
    return this.values[name] === true;
  }

  /** A string option that must be present. */
  required(name: string, what: string): string {
    const v = this.string(name);
    if (v === undefined || v.trim() === "") throw new UsageError(`--${name}: required (${what})`);
    return v;
  }

  private check(name: string, type: OptionSpec["type"]) {
    const spec = this.spec[name];
    if (!spec || spec.type !== type) throw new Error(`${this.command}: option --${name} (${type}) is not declared in the command table`);
  }
}

/** The full option set of a leaf command, common options included. */
export function optionsOf(leaf: LeafCommand): Record<string, OptionSpec> {
  const common = leaf.noConfig ? { json: COMMON_OPTIONS.json!, help: COMMON_OPTIONS.help! } : COMMON_OPTIONS;
  return { ...leaf.options, ...common };
}

function optionUsage(name: string, o: OptionSpec): string {
  const flag = `--${name}${o.type === "string" ? ` ${o.value ?? "VALUE"}` : ""}`;
  return o.short ? `-${o.short}, ${flag}` : `    ${flag}`;
}

export function leafUsage(name: string, leaf: LeafCommand): string {
  const args = (leaf.arguments ?? []).map((a) => (a.optional ? `[${a.name}]` : a.name));
  const options = optionsOf(leaf);
  const lines = [`assay ${name}: ${leaf.summary}`, "", `usage: assay ${[name, ...args].join(" ")}${Object.keys(options).length ? " [options]" : ""}`];
  if (leaf.arguments?.length) {
    lines.push("", "arguments:");
    const w = Math.max(...leaf.arguments.map((a) => a.name.length));
    for (const a of leaf.arguments) lines.push(`  ${a.name.padEnd(w)}  ${a.description}${a.optional ? " (optional)" : ""}`);
  }
  lines.push("", "options:");
  const rows = Object.entries(options).map(([n, o]) => [optionUsage(n, o), o.description + (o.multiple ? " (repeatable)" : "")] as const);
  const w = Math.max(...rows.map((r) => r[0].length));
  for (const [u, d] of rows) lines.push(`  ${u.padEnd(w)}  ${d}`);
  if (leaf.json) lines.push("", `--json prints: ${leaf.json}`);
  if (leaf.details) lines.push("", leaf.details.trimEnd());
  return lines.join("\n");
}

export function groupUsage(name: string, group: GroupCommand): string {
  const subs = Object.entries(group.subcommands);
  const w = Math.max(...subs.map(([s]) => s.length));
  return [
    `assay ${name}: ${group.summary}`,
    "",
    `usage: assay ${name} <${subs.map(([s]) => s).join("|")}> [options]`,
    "",
    "subcommands:",
    ...subs.map(([s, c]) => `  ${s.padEnd(w)}  ${c.summary}`),
    "",
    `\`assay ${name} <subcommand> --help\` shows the options of each.`,
  ].join("\n");
}

export function topUsage(table: CommandTable, version: string): string {
  const w = Math.max(...Object.keys(table).map((n) => n.length));
  return [
    `assay ${version}: self-hosted transaction-risk appliance`,
    "",
    "usage: assay <command> [subcommand] [options]",
    "",
    "commands:",
    ...Object.entries(table).map(([n, c]) => `  ${n.padEnd(w)}  ${c.summary}`),
    "",
    "`assay <command> --help` shows the usage of each command. Exit codes: 0 ok, 1 failure, 2 usage.",
    "config: --config FILE, else $ASSAY_CONFIG, else ./config/assay.yaml",
  ].join("\n");
}

/** True when -h/--help appears before a `--` terminator. */
function wantsHelp(argv: string[]): boolean {
  for (const a of argv) {
    if (a === "--") return false;
    if (a === "--help" || a === "-h") return true;
  }
  return false;
}

type ParsedArgv = { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] };

/**
 * An argument list made only of declared long options (`--name value`, `--name=value`, `--flag`)
 * and plain arguments, read as node:util's parseArgs reads it; undefined for anything else (short
 * flags, `--`, unknown options, `--flag=…`, a missing, empty or dash-led value), which parseArgs then
 * reads and, if need be, refuses with its own error. Loading node:util costs ~2 ms of CPU, a
 * sizeable part of `assay serve`'s cold start (docs/benchmarks.md), so the plain case skips it.
 */
export function parseSimple(argv: string[], spec: Record<string, OptionSpec>): ParsedArgv | undefined {
  const values: ParsedArgv["values"] = Object.create(null);
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith("-")) {
      positionals.push(token);
      continue;
    }
    if (!token.startsWith("--") || token === "--") return undefined;
    const eq = token.indexOf("=");
    const name = eq < 0 ? token.slice(2) : token.slice(2, eq);
    const option = Object.hasOwn(spec, name) ? spec[name]! : undefined;
    if (!option) return undefined;
    if (option.type === "boolean") {
      if (eq >= 0 || option.multiple) return undefined;
      values[name] = true;
      continue;
    }
    const value = eq < 0 ? argv[++i] : token.slice(eq + 1);
    if (value === undefined || value === "" || (eq < 0 && value.startsWith("-"))) return undefined;
    if (option.multiple) values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else values[name] = value;
  }
  return { values, positionals };
}

/** A negative number (`-1`, `-1h`, `-.5`): never an option, since no option starts with a digit. */
const NEGATIVE_NUMBER = /^-\.?[0-9]/;

/**
 * `--port -1` as `--port=-1`: parseArgs reads a separate value that starts with a dash as a
 * missing value ("--port needs a value"), where the user plainly gave one; joined, the flag's own
 * check judges it and names what is valid. Only a string option's value, and not past `--`.
 */
export function joinNegativeValues(argv: string[], spec: Record<string, OptionSpec>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") return [...out, ...argv.slice(i)];
    const name = token.startsWith("--") && !token.includes("=") ? token.slice(2) : undefined;
    const next = argv[i + 1];
    if (name !== undefined && Object.hasOwn(spec, name) && spec[name]!.type === "string" && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`${token}=${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}

/** Parses argv against a leaf's declared options; errors name the flag in plain words. */
export function parseLeaf(name: string, leaf: LeafCommand, givenArgv: string[]): Args {
  const spec = optionsOf(leaf);
  const argv = joinNegativeValues(givenArgv, spec);
  let parsed = parseSimple(argv, spec);
  if (!parsed) {
    const options = Object.fromEntries(Object.entries(spec).map(([n, o]) => [n, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]));
    // Loaded here, not imported: a bundle loads every imported builtin at start.
    const { parseArgs } = process.getBuiltinModule("node:util") as typeof import("node:util");
    try {
      parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true }) as ParsedArgv;
    } catch (e) {
      throw new UsageError(plainParseError(name, e as Error & { code?: string }, spec, argv));
    }
  }
  const args = leaf.arguments ?? [];
  const min = args.filter((a) => !a.optional).length;
  if (parsed.positionals.length < min) {
    const missing = args.slice(parsed.positionals.length).filter((a) => !a.optional).map((a) => a.name);
    throw new UsageError(`missing ${missing.join(" and ")} (usage: assay ${name} ${args.map((a) => (a.optional ? `[${a.name}]` : a.name)).join(" ")})`);
  }
  if (parsed.positionals.length > args.length) {
    const extra = parsed.positionals.slice(args.length);
    throw new UsageError(`unexpected argument ${extra.map((x) => `"${x}"`).join(", ")} (see \`assay ${name} --help\`)`);
  }
  return new Args(name, parsed.values, parsed.positionals, spec);
}

function plainParseError(name: string, e: Error & { code?: string }, spec: Record<string, OptionSpec>, argv: string[]): string {
  const flag = /'(-{1,2}[^' ]+)/.exec(e.message)?.[1] ?? "";
  const see = `see \`assay ${name} --help\``;
  const key = flag.replace(/^-+/, "");
  const known = spec[key] ?? Object.entries(spec).find(([, o]) => o.short === key)?.[1];
  if (e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || (!known && flag)) {
    const near = closest(key, Object.keys(spec));
    return `unknown option ${flag} for \`assay ${name}\`${near ? ` (did you mean --${near}?)` : ""}; ${see}`;
  }
  if (known?.type === "string") {
    // `--name -acme`: the dash-led value may be meant as a value; say how to give one.
    const next = argv[argv.indexOf(flag) + 1];
    const dashed = argv.includes(flag) && next !== undefined && next.startsWith("-") && next !== "--" && !isOption(next, spec);
    const hint = dashed ? `; a value starting with "-" is written ${flag}=${next}` : "";
    return `${flag} needs a value (${known.value ?? "VALUE"}: ${known.description})${hint}`;
  }
  if (known?.type === "boolean") return `${flag} is a switch and takes no value; ${see}`;
  return `${e.message.replace(/\. To specify a positional argument.*$/s, "")}; ${see}`;
}

/** Whether a token names a declared option (`--json`, `--port=1`, `-h`). */
function isOption(token: string, spec: Record<string, OptionSpec>): boolean {
  const name = token.startsWith("--") ? token.slice(2).split("=")[0]! : token.slice(1);
  return token.startsWith("--") ? Object.hasOwn(spec, name) : Object.values(spec).some((o) => o.short === name);
}

/** The declared name nearest to a mistyped one (edit distance <= 2), if any. */
function closest(word: string, names: string[]): string | undefined {
  let best: [string, number] | undefined;
  for (const n of names) {
    const d = distance(word, n);
    if (d <= 2 && (!best || d < best[1])) best = [n, d];
  }
  return best?.[0];
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** A failure the CLI reports with a stable code (`connection_failed`, `not_found`, …). */
export class CodedFailure extends CliFailure {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Maps a thrown error to an exit code and one message, plain or JSON. */
export function reportError(io: CliIO, e: unknown, json: boolean): number {
  let code = "failed";
  let exit = EXIT_FAILURE;
  let message = (e as Error)?.message ?? String(e);
  if (e instanceof UsageError) {
    code = "usage_error";
    exit = EXIT_USAGE;
  } else if (e instanceof ConfigError) {
    code = "config_invalid";
  } else if (e instanceof CodedFailure) {
    code = e.code;
  }
  if (json) io.out(JSON.stringify({ error: { code, message } }));
  else {
    // A message may quote what was given (an email, a name, a path): shown, never acted on by the terminal.
    const shown = message.split("\n").map(printable).join("\n");
    io.err(e instanceof ConfigError ? shown : `assay: ${shown}`);
  }
  return exit;
}

/** Runs `assay <argv>` against a command table. */
export async function dispatch(table: CommandTable, argv: string[], io: CliIO, version: string): Promise<number> {
  const [name, ...rest] = argv;
  const json = argv.includes("--json");
  if (!name || name === "help" || name === "--help" || name === "-h") {
    if (name === "help" && rest[0] && table[rest[0]]) return dispatch(table, [rest[0], ...rest.slice(1), "--help"], io, version);
    io.out(topUsage(table, version));
    return name ? EXIT_OK : EXIT_USAGE;
  }
  if (name === "--version") return dispatch(table, ["version", ...rest], io, version);
  const command = table[name];
  if (!command) {
    const near = closest(name, Object.keys(table));
    return reportError(io, new UsageError(`unknown command "${name}"${near ? ` (did you mean \`assay ${near}\`?)` : ""}; \`assay --help\` lists the commands`), json);
  }
  let leaf: LeafCommand;
  let fullName = name;
  let leafArgv = rest;
  if (isGroup(command)) {
    const [sub, ...subRest] = rest;
    if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
      io.out(groupUsage(name, command));
      return sub === undefined ? EXIT_USAGE : EXIT_OK;
    }
    const found = command.subcommands[sub];
    if (!found) {
      const near = closest(sub, Object.keys(command.subcommands));
      const hint = near ? ` (did you mean \`assay ${name} ${near}\`?)` : "";
      return reportError(io, new UsageError(`unknown subcommand "${sub}" for \`assay ${name}\`${hint}; expected one of ${Object.keys(command.subcommands).join(", ")}`), json);
    }
    leaf = found;
    fullName = `${name} ${sub}`;
    leafArgv = subRest;
  } else {
    leaf = command;
  }
  if (wantsHelp(leafArgv)) {
    io.out(leafUsage(fullName, leaf));
    return EXIT_OK;
  }
  try {
    const args = parseLeaf(fullName, leaf, leafArgv);
    const handler = await leaf.handler();
    return (await handler(args, io)) ?? EXIT_OK;
  } catch (e) {
    return reportError(io, e, json);
  }
}

/** Every runnable command path in the table: `["serve"]`, `["keys", "create"]`, … (tests walk it). */
export function commandPaths(table: CommandTable): string[][] {
  return Object.entries(table).flatMap(([n, c]) => (isGroup(c) ? [[n], ...Object.keys(c.subcommands).map((s) => [n, s])] : [[n]]));
}
