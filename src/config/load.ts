// Loads the one YAML configuration file: parse (Bun.YAML), replace ${NAME} from the environment,
// fill defaults, validate against the closed schema, and resolve relative paths against the
// file's own folder. Every problem is reported, one per line, with its YAML path.
import { existsSync, readFileSync, statSync } from "node:fs";
import { readAtMost } from "../domain/bounded-read.ts";
import { dirname, isAbsolute, resolve } from "node:path";
import type { ValueError } from "@sinclair/typebox/value";
import { configCheck, configDefaults } from "./validation.generated.ts";
import { checkRules } from "../analysis/rules/compile.ts";
import type { PlanLimitsT } from "../ratelimit/config-schema.ts";
import type { ConfigFile } from "./schema.ts";
import { recordKeyProblems } from "./record-keys.ts";
import { typeEnvScalars } from "./env-scalars.ts";
import { storageProblems } from "../store/config-checks.ts";
import { rateLimitProblems } from "../ratelimit/config-checks.ts";
import { fiscalCalendarProblems } from "../analysis/fiscal-periods.ts";
import { duplicateKeyProblems } from "./duplicate-keys.ts";
import { urlProblems } from "./url-checks.ts";
import { collectionKindProblems } from "./collection-kinds.ts";
import { ExpansionBudget, MAX_CONFIG_BYTES, mergeProblem, sizeProblem } from "./yaml-limits.ts";

export const BUILT_IN_PLANS: Record<string, PlanLimitsT> = {
  standard: { per_second: 50, per_minute: 1000 },
  enterprise: { per_second: 500, per_minute: 10_000 },
};

export interface AssayConfig extends ConfigFile {
  /** Absolute path of the file this config came from (or would come from). */
  file: string;
  /** Folder relative paths in the file resolve against. */
  dir: string;
}

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: invalid configuration\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** schema-errors.ts, required (not imported) so a start with a sound file never initialises TypeBox's Value. */
const schemaErrors = (substituted: unknown) => (require("./schema-errors.ts") as typeof import("./schema-errors.ts")).schemaErrors(substituted);

/** `--config F`, else $ASSAY_CONFIG, else ./config/assay.yaml. */
export function configPath(flag?: string, env: Record<string, string | undefined> = process.env): string {
  return resolve(flag ?? env.ASSAY_CONFIG ?? "config/assay.yaml");
}

export function loadConfig(file: string, env: Record<string, string | undefined> = process.env): AssayConfig {
  const abs = resolve(file);
  if (!existsSync(abs)) throw new ConfigError(abs, [`file not found (run \`assay init --config ${file}\` to create it)`]);
  let text: string;
  try {
    text = readConfigText(abs);
  } catch (e) {
    // The bare "EACCES: permission denied, open '…'" said nothing of what to do.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM") throw new ConfigError(abs, [`not readable by this user (${code}): run assay as a user that may read it, or change its owner or mode`]);
    throw e;
  }
  const config = parseConfig(text, abs, env);
  sourceTexts.set(config, text);
  return config;
}

/**
 * The file's text, never more than MAX_CONFIG_BYTES of it: a file of gigabytes must not be read
 * into memory to be refused. A regular file's size is checked before reading; a pipe (bash's
 * `--config <(envsubst < assay.tpl.yaml)`) or a device reports no size, and is read up to one byte
 * past the bound — /dev/zero was read for ever.
 */
function readConfigText(abs: string): string {
  const stat = statSync(abs);
  if (stat.isDirectory()) throw new ConfigError(abs, ["is a folder: name the configuration file in it (e.g. assay.yaml)"]);
  if (stat.isFile()) {
    const tooLarge = sizeProblem(stat.size);
    if (tooLarge) throw new ConfigError(abs, [tooLarge]);
    return readFileSync(abs, "utf8");
  }
  const bytes = readAtMost(abs, MAX_CONFIG_BYTES);
  if (bytes.length > MAX_CONFIG_BYTES) throw new ConfigError(abs, [sizeProblem(bytes.length, false)!]);
  return bytes.toString("utf8");
}

/** The text each loaded configuration was parsed from (kept beside it, not in it). */
const sourceTexts = new WeakMap<AssayConfig, string>();

/** The file content this configuration was loaded from (undefined when it was not loaded from a file). */
export function sourceTextOf(config: AssayConfig): string | undefined {
  return sourceTexts.get(config);
}

export function parseConfig(text: string, file: string, env: Record<string, string | undefined> = process.env): AssayConfig {
  const tooLarge = sizeProblem(Buffer.byteLength(text));
  if (tooLarge) throw new ConfigError(file, [tooLarge]);
  const mergesTooLarge = mergeProblem(text);
  if (mergesTooLarge) throw new ConfigError(file, [mergesTooLarge]);
  let raw: unknown;
  try {
    raw = Bun.YAML.parse(text);
  } catch (e) {
    const problems = [`YAML syntax error: ${(e as Error).message.replace(/^YAML Parse error: /, "")}${readerLimitHint((e as Error).message)}`];
    // `{ url: ${DATABASE_URL} }`: in a flow mapping or list, { and } end the plain scalar, so an
    // unquoted ${NAME} there is a syntax error without a line number. Say what to write instead.
    const flowRef = /[{,[]\s*[\w-]+\s*:\s*(\$\{[A-Za-z_][A-Za-z0-9_]*\})|[[,]\s*(\$\{[A-Za-z_][A-Za-z0-9_]*\})/.exec(text);
    if (flowRef) problems.push(`an unquoted ${flowRef[1] ?? flowRef[2]} inside { } or [ ] is not valid YAML: quote it ("${flowRef[1] ?? flowRef[2]}") or use block style`);
    throw new ConfigError(file, problems);
  }
  if (raw === null || raw === undefined) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new ConfigError(file, ["(root): expected a mapping of sections"]);

  const problems: string[] = repeatedSections(text);
  let substituted: unknown;
  /** YAML paths of the values that were one `${NAME}` and nothing else (env-scalars.ts). */
  const wholeRefs = new Set<string>();
  try {
    substituted = substituteEnv(raw, env, "", problems, [], new ExpansionBudget(), wholeRefs);
  } catch (e) {
    if (!(e instanceof ExpansionRefused)) throw e;
    throw new ConfigError(file, [e.message]);
  }
  // Value.Default and Value.Check of the schema, written out (validation.generated.ts: cheaper cold).
  problems.push(...duplicateKeyProblems(text));
  // Before the defaults, which would merge a mapping into a list's default (and a list into a mapping's).
  const kindProblems = collectionKindProblems(substituted);
  problems.push(...kindProblems);
  let withDefaults = configDefaults(structuredClone(substituted));
  let errors: Iterable<ValueError> = [];
  // A bad file: defaulted and its errors collected through TypeBox, exactly as they always were.
  if (!configCheck(withDefaults)) {
    ({ withDefaults, errors } = schemaErrors(substituted));
    // `port: ${PORT}`: the environment gives text; where the schema wants a number or a boolean
    // and the text is one, it is read as one, and the file judged again.
    if (wholeRefs.size > 0 && typeEnvScalars(substituted, (errors = [...errors]), wholeRefs, yamlPath)) {
      withDefaults = configDefaults(structuredClone(substituted));
      errors = [];
      if (!configCheck(withDefaults)) ({ withDefaults, errors } = schemaErrors(substituted));
    }
  }
  for (const error of errors) {
    // Union errors repeat per branch; one line per path is what a person wants to read.
    const path = yamlPath(error.path);
    // A value emptied by a missing variable was already reported as such.
    if (problems.some((p) => p.startsWith(`${path}: environment variable`))) continue;
    // A list given as a mapping (or the reverse) was said to be one; its items' errors add nothing.
    if (kindProblems.some((p) => within(path, p.slice(0, p.lastIndexOf(": expected a "))))) continue;
    const line = `${path}: ${describe(error.message, error.schema as Parameters<typeof describe>[1])}`;
    if (!problems.includes(line)) problems.push(line);
  }
  problems.push(...recordKeyProblems(withDefaults));
  const config = withDefaults as ConfigFile;
  if (problems.length === 0) {
    for (const [name] of Object.entries(config.plans)) {
      if (BUILT_IN_PLANS[name]) problems.push(`plans.${name}: redefines a built-in plan; choose another name`);
    }
    for (const [name, plan] of Object.entries(config.plans)) {
      if (plan.per_second > plan.per_minute) problems.push(`plans.${name}.per_second: larger than per_minute`);
    }
    problems.push(...riskLevelProblems(config.modules.scoring.risk_levels));
    problems.push(...storageProblems(config.storage), ...rateLimitProblems(config.rate_limit));
    problems.push(...duplicateIds(config.connectors, "connectors", "connector"));
    problems.push(...duplicateIds(config.alerts.webhooks, "alerts.webhooks", "webhook target"));
    problems.push(...urlProblems(config.dashboard.public_url, "dashboard.public_url"));
    config.alerts.webhooks.forEach((w, i) => problems.push(...urlProblems(w.url, `alerts.webhooks[${i}].url`)));
    // Every rule's CEL is parsed and type-checked here: a bad rule never reaches the server.
    problems.push(...checkRules(config.rules).problems);
    problems.push(...fiscalCalendarProblems(config.modules.anomaly_detection.late_posting.fiscal_calendar, "modules.anomaly_detection.late_posting.fiscal_calendar"));
  }
  if (problems.length > 0) throw new ConfigError(file, problems);

  const dir = dirname(file);
  const at = (p: string) => resolvePath(dir, p);
  config.storage.path = config.storage.path === ":memory:" ? ":memory:" : at(config.storage.path);
  config.security.master_key_file = at(config.security.master_key_file);
  config.reports.dir = at(config.reports.dir);
  if (config.server.tls) config.server.tls = { cert: at(config.server.tls.cert), key: at(config.server.tls.key) };
  return { ...config, file, dir };
}

/**
 * The risk levels are tried from critical down (scoring.ts riskLevel), so a level below the one
 * beneath it is never given: `{ medium: 70, high: 40 }` made every score from 40 "high".
 */
function riskLevelProblems(levels: { medium: number; high: number; critical: number }): string[] {
  const order = ["medium", "high", "critical"] as const;
  return order.slice(1).flatMap((name, i) => {
    const below = order[i]!;
    return levels[name] < levels[below] ? [`modules.scoring.risk_levels.${name}: ${levels[name]} is below ${below} (${levels[below]}); the levels rise: medium <= high <= critical`] : [];
  });
}

/** Whether a YAML path is `at` or lies under it (`a.b[0]`, `a.b.c` under `a.b`). */
function within(path: string, at: string): boolean {
  return path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
}

function duplicateIds(items: { id: string }[], path: string, what: string): string[] {
  const seen = new Set<string>();
  return items.flatMap((item, i) => {
    const duplicate = seen.has(item.id);
    seen.add(item.id);
    return duplicate ? [`${path}[${i}].id: duplicate ${what} id "${item.id}"`] : [];
  });
}

export function resolvePath(dir: string, p: string): string {
  return isAbsolute(p) ? p : resolve(dir, p);
}

/** All plans in force: the built-in ones plus those of the config. */
export function plansOf(config: Pick<ConfigFile, "plans">): Record<string, PlanLimitsT> {
  return { ...BUILT_IN_PLANS, ...config.plans };
}

/**
 * A section written twice (a second `connectors:` pasted at the end): YAML keeps the last one
 * and the first is silently gone. Top-level keys only (a line at column 0), where no block
 * scalar's text can be (it is always indented).
 */
function repeatedSections(text: string): string[] {
  const firstLine = new Map<string, number>();
  const problems: string[] = [];
  text.split("\n").forEach((line, i) => {
    const key = /^([A-Za-z_][\w-]*)\s*:(\s|$)/.exec(line)?.[1];
    if (key === undefined) return;
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, i + 1);
    else problems.push(`${key}: written twice (lines ${first} and ${i + 1}); only the last would count: merge them into one section`);
  });
  return problems;
}

/** Where Bun's YAML reader gave up on a limit of its own, say what in the file reaches it. */
function readerLimitHint(message: string): string {
  if (/excessive aliasing|out of memory/i.test(message)) return " (YAML aliases or merge keys (<<) that repeat other aliases expand to too much: write the values out or use fewer aliases)";
  if (/maximum call stack/i.test(message)) return " (lists or mappings nested too deeply)";
  return "";
}

/** The walk of the parsed document stopped: it expands past what a configuration may hold. */
class ExpansionRefused extends Error {}

const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** A value that is one reference and nothing else: `${PORT}`. */
const WHOLE_REF = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;

function substituteEnv(node: unknown, env: Record<string, string | undefined>, path: string, problems: string[], within: object[], budget: ExpansionBudget, wholeRefs: Set<string>): unknown {
  // Every value counts, an alias once per place it is used: the walk builds a copy of each.
  const refused = budget.visit(path || "(root)", within.length);
  if (refused) throw new ExpansionRefused(refused);
  if (typeof node === "string") {
    if (WHOLE_REF.test(node)) wholeRefs.add(path || "(root)");
    return node.replace(ENV_REF, (_, name: string) => {
      const value = env[name];
      if (value === undefined) {
        problems.push(`${path || "(root)"}: environment variable ${name} is not set`);
        return "";
      }
      return value;
    });
  }
  if (node && typeof node === "object") {
    // An alias to one of its own ancestors (`a: &a [*a]`) parses to a cycle: walking it would
    // end in "Maximum call stack size exceeded" with no file or path.
    if (within.includes(node)) {
      problems.push(`${path || "(root)"}: a YAML alias refers to a node that contains it (a recursive anchor)`);
      return null;
    }
    const inner = [...within, node];
    if (Array.isArray(node)) return node.map((v, i) => substituteEnv(v, env, `${path}[${i}]`, problems, inner, budget, wholeRefs));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const at = path ? `${path}.${k}` : k;
      // Assigned, it would set `out`'s prototype instead of a key, and vanish from the copy
      // unchecked: refused like an unknown key, also where keys are data (plans, approver_limits).
      if (k === "__proto__") {
        problems.push(`${at}: a key named __proto__ is not allowed in the configuration`);
        continue;
      }
      out[k] = substituteEnv(v, env, at, problems, inner, budget, wholeRefs);
    }
    return out;
  }
  return node;
}

/** JSON pointer `/connectors/0/type` → YAML path `connectors[0].type`. */
export function yamlPath(pointer: string): string {
  if (!pointer) return "(root)";
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), "");
}

function describe(message: string, schema: { const?: unknown; anyOf?: { const?: unknown }[]; "x-pattern-message"?: string; "x-union-message"?: string }): string {
  if (message === "Unexpected property") return "unknown key";
  // A union's own words, where the schema gives them, rather than "expected union value".
  if (schema["x-union-message"] && message === "Expected union value") return `expected ${schema["x-union-message"]}`;
  // A pattern's own words, where the schema gives them, rather than the regular expression.
  if (schema["x-pattern-message"] && message.startsWith("Expected string to match")) return `expected ${schema["x-pattern-message"]}`;
  const options = schema.anyOf?.map((s) => s.const).filter((c) => c !== undefined);
  if (options && options.length > 0) return `must be one of ${options.map((o) => JSON.stringify(o)).join(", ")}`;
  return message.charAt(0).toLowerCase() + message.slice(1);
}
