// Compiles the `rules:` section: parses and type-checks every CEL expression against the rule
// environment, resolves message placeholders, and checks what CEL cannot (duplicate ids, codes a
// suppression names). Every problem names the rule's YAML path and, for an expression, the
// column in it; a config with any problem is refused as a whole, so a bad rule never runs.
import type { Severity } from "../../domain/analysis.ts";
import { DETECTOR_BY_CODE, MODULE_IDS, type ModuleId } from "../catalog.ts";
import type { RuleCode } from "../detectors/types.ts";
import type { RuleConfigT, RulesConfig } from "./config-schema.ts";
import { ruleEnvironment, TXN_FIELD_NAMES, type RuleVariables } from "./environment.ts";
import { useRe2Matches } from "./matches.ts";
import { MAY_CALL_CHARGED, useChargedTextCalls } from "./text-work.ts";
import { cutText, MAX_MESSAGE_CHARS } from "../message-length.ts";
import { type StepBound, stepBound, sumOfSteps } from "./cost.ts";

/**
 * The weight a rule finding carries (its score is 1): with the default risk levels (30/60/80)
 * a rule's finding alone scores its own severity: low 25, medium 50, high 70, critical 90.
 */
export const SEVERITY_WEIGHT: Record<Severity, number> = { low: 0.25, medium: 0.5, high: 0.7, critical: 0.9 };

type Program = (vars: RuleVariables) => unknown;

export interface CompiledRule {
  id: string;
  /** `rule:<id>`: the code of its findings. */
  code: RuleCode;
  /** Where it is in the file: `rules[3]`. */
  path: string;
  modules: ReadonlySet<ModuleId>;
  action: "flag" | "suppress";
  severity: Severity;
  weight: number;
  suppress: ReadonlySet<string>;
  when: Program;
  amountAtRisk: Program | null;
  /** Renders the message (amount_at_risk is the rule's own, already evaluated). */
  message(vars: RuleVariables, amountAtRisk: number): string;
  /** What the rule reads beyond txn and findings: the context builds only that. */
  reads: { ref: boolean; history: boolean };
  /** The `when` expression as written (shown on its findings). */
  source: string;
  /** Run-time failures of its expressions (apply.ts counts them; the engine logs them). */
  failures: RuleFailures;
  /** At most how many comprehension steps its expressions take on a transaction (cost.ts). */
  steps: StepBound;
}

/** Evaluations that threw (a missing map key, a division by zero): the rule then did not match. */
export interface RuleFailures {
  count: number;
  /** The latest failure: which expression and its message. */
  last: string | null;
  /** `count` when last logged. */
  logged: number;
}

export interface RuleSet {
  rules: readonly CompiledRule[];
  /** Changes whenever a rule's text changes (part of model_version). */
  fingerprint: string;
}

export class RuleCompileError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid rules\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "RuleCompileError";
  }
}

/** Compiles every enabled rule, or throws RuleCompileError listing every problem. */
export function compileRules(config: RulesConfig): RuleSet {
  const { rules, problems } = checkRules(config);
  if (problems.length > 0) throw new RuleCompileError(problems);
  return { rules, fingerprint: config.length === 0 ? "" : Bun.hash(JSON.stringify(config)).toString(36).slice(0, 8) };
}

/** The problems of a `rules:` section (empty when it is fine), and the compiled rules. */
export function checkRules(config: RulesConfig): { rules: CompiledRule[]; problems: string[] } {
  const problems: string[] = [];
  const ids = new Set(config.map((r) => r.id));
  const seen = new Set<string>();
  const rules: CompiledRule[] = [];
  config.forEach((rule, i) => {
    const path = `rules[${i}]`;
    if (seen.has(rule.id)) problems.push(`${path}.id: duplicate rule id "${rule.id}"`);
    seen.add(rule.id);
    const compiled = compileOne(rule, path, ids, problems);
    if (compiled && rule.enabled) rules.push(compiled);
  });
  return { rules, problems };
}

function compileOne(rule: RuleConfigT, path: string, ids: ReadonlySet<string>, problems: string[]): CompiledRule | null {
  const before = problems.length;
  const asts: unknown[] = [];
  const when = program(rule.when, `${path}.when`, ["bool"], problems, asts);
  const amountAtRisk = rule.amount_at_risk === undefined ? null : program(rule.amount_at_risk, `${path}.amount_at_risk`, ["double", "int", "uint"], problems, asts);
  if (rule.action === "suppress") {
    if (!rule.suppress) problems.push(`${path}.suppress: required with action: suppress (the codes to remove)`);
    rule.suppress?.forEach((code, j) => {
      const known = DETECTOR_BY_CODE.has(code) || (code.startsWith("rule:") && ids.has(code.slice(5)));
      if (!known) problems.push(`${path}.suppress[${j}]: unknown code "${code}" (a detector code or rule:<id> of a rule in this file)`);
    });
  } else if (rule.suppress) {
    problems.push(`${path}.suppress: only with action: suppress`);
  }
  const modules = rule.module === "*" ? [...MODULE_IDS] : Array.isArray(rule.module) ? rule.module : [rule.module];
  modules.forEach((m, j) => {
    if (!(MODULE_IDS as readonly string[]).includes(m)) {
      const where = Array.isArray(rule.module) ? `${path}.module[${j}]` : `${path}.module`;
      problems.push(`${where}: unknown module "${m}"; valid: "*", ${MODULE_IDS.join(", ")}`);
    }
  });
  const message = template(rule.message ?? `Rule ${rule.id} matched`, `${path}.message`, problems, asts);
  if (problems.length > before || !when) return null;
  const text = `${rule.when} ${rule.amount_at_risk ?? ""} ${rule.message ?? ""}`;
  return {
    id: rule.id,
    code: `rule:${rule.id}` as RuleCode,
    path,
    modules: new Set(modules as ModuleId[]),
    action: rule.action,
    severity: rule.severity,
    weight: SEVERITY_WEIGHT[rule.severity],
    suppress: new Set(rule.suppress ?? []),
    when,
    amountAtRisk,
    message,
    reads: { ref: /\bref\b/.test(text), history: /\bhistory\b/.test(text) },
    source: rule.when,
    failures: { count: 0, last: null, logged: 0 },
    steps: sumOfSteps(asts.map(stepBound)),
  };
}

/** Parses and type-checks one expression; null (with a problem) when it is not valid. The AST run goes to `asts`. */
function program(source: string, path: string, types: readonly string[], problems: string[], asts: unknown[]): Program | null {
  const env = ruleEnvironment();
  let parsed: Program & { check(): { valid: boolean; type?: string; error?: Error }; ast: unknown };
  try {
    parsed = env.parse(source) as typeof parsed;
  } catch (e) {
    problems.push(`${path}: ${describeError(e)}`);
    return null;
  }
  const checked = parsed.check();
  if (!checked.valid) {
    problems.push(`${path}: ${describeError(checked.error)}`);
    return null;
  }
  if (checked.type !== "dyn" && !types.includes(String(checked.type))) {
    problems.push(`${path}: must be of type ${types[0]}, but is ${checked.type}`);
    return null;
  }
  if (!/\bmatches\b/.test(source) && !MAY_CALL_CHARGED.test(source)) {
    asts.push(parsed.ast);
    return parsed;
  }
  // Checked as written above (so errors say `matches`); run from a second parse whose `matches`
  // calls go to the RE2 matcher and whose string calls are charged by what they read
  // (text-work.ts; a checked AST keeps the overloads it resolved).
  const re2 = env.parse(source) as typeof parsed;
  useChargedTextCalls(re2.ast);
  const patternProblems = useRe2Matches(re2.ast);
  if (patternProblems.length > 0) {
    problems.push(...patternProblems.map((p) => `${path}: ${p}`));
    return null;
  }
  const rechecked = re2.check();
  if (!rechecked.valid) {
    problems.push(`${path}: ${describeError(rechecked.error)}`);
    return null;
  }
  asts.push(re2.ast);
  return re2;
}

/** The first line of a CEL error, and the column (1-based) it points at. */
function describeError(e: unknown): string {
  const err = e as { message?: string; node?: { pos?: number } } | undefined;
  const first = String(err?.message ?? e).split("\n")[0]!.trim();
  const pos = err?.node?.pos;
  return typeof pos === "number" ? `${first} (column ${pos + 1})` : first;
}

/**
 * `Manual credit of {amount} {currency}`: a bare transaction field name reads that field, `{amount_at_risk}` is the
 * rule's own amount, anything else is a CEL expression (type-checked like the rule).
 */
function template(text: string, path: string, problems: string[], asts: unknown[]): CompiledRule["message"] {
  const parts: (string | { program: Program } | typeof AMOUNT)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{([^{}]+)\}/g)) {
    parts.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[1]!.trim();
    if (name === "amount_at_risk") {
      parts.push(AMOUNT);
      continue;
    }
    const source = TXN_FIELD_NAMES.has(name) ? `txn.${name}` : name;
    const p = program(source, `${path} {${name}}`, ["string", "double", "int", "uint", "bool"], problems, asts);
    if (p) parts.push({ program: p });
  }
  parts.push(text.slice(last));
  return (vars, amountAtRisk) => {
    let out = "";
    for (const part of parts) {
      if (typeof part === "string") out += part;
      else if (part === AMOUNT) out += display(amountAtRisk);
      else {
        try {
          out += cut(display(part.program(vars)), MAX_PLACEHOLDER_CHARS);
        } catch {
          out += "?";
        }
      }
    }
    return cut(out, MAX_RULE_MESSAGE_CHARS);
  };
}

/** What a placeholder shows at most: a field's longest (an attribute may be 1 MB: message-length.ts). */
export const MAX_PLACEHOLDER_CHARS = 256;
/** A message at most, however many placeholders it has. */
export const MAX_RULE_MESSAGE_CHARS = MAX_MESSAGE_CHARS;

const cut = cutText;

const AMOUNT = Symbol("amount_at_risk");

function display(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(2);
  return String(v);
}
