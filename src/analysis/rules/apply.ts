// Runs a module's rules on one transaction, after its detectors and before scoring: a `flag`
// rule adds a finding `rule:<id>` (score 1, weighted by its severity), a `suppress` rule removes
// the findings it names. Rules run in file order and see the findings of the rules before them.
// A rule whose expression fails at run time (a missing map key, a division by zero) does not
// match (its amount counts 0): the transaction is still analysed, and the failure is counted on
// the rule (the engine logs the counts: AnalysisEngine.logRuleFailures). So does a rule whose
// comprehensions would take more than MAX_RULE_STEPS on this transaction (cost.ts): it is not
// evaluated, so that one request of many lines cannot hold the event loop for seconds; and one
// whose matches() calls would do more than MAX_MATCH_WORK on it stops there (match-budget.ts).
import { roundMoney } from "../../domain/rounding.ts";
import type { Transaction } from "../../domain/transaction.ts";
import type { AnalysisContext } from "../context.ts";
import type { Finding } from "../detectors/types.ts";
import { riskScore } from "../scoring.ts";
import type { CompiledRule } from "./compile.ts";
import { MAX_RULE_STEPS, NO_STEPS } from "./cost.ts";
import type { RuleVariables } from "./environment.ts";
import { MatchBudgetExceeded, withMatchBudget } from "./match-budget.ts";
import { ruleFindings, ruleHistory, ruleRef, ruleTxn } from "./variables.ts";

export function applyRules(
  rules: readonly CompiledRule[],
  txn: Transaction,
  ctx: AnalysisContext | undefined,
  detected: Finding[],
  weightOf: (f: Finding) => number,
): Finding[] {
  let findings = detected;
  let vars: RuleVariables | undefined;
  let refBuilt = false;
  let historyBuilt = false;
  let stale = true;
  for (const rule of rules) {
    vars ??= { txn: ruleTxn(txn), ref: ruleRef(txn, undefined), history: ruleHistory(txn, undefined), findings: [], risk_score: 0 };
    if (rule.reads.ref && !refBuilt) {
      vars.ref = ruleRef(txn, ctx);
      refBuilt = true;
    }
    if (rule.reads.history && !historyBuilt) {
      vars.history = ruleHistory(txn, ctx);
      historyBuilt = true;
    }
    if (stale) {
      vars.findings = ruleFindings(findings);
      vars.risk_score = riskScore(findings.map((f) => ({ weight: weightOf(f), score: f.score })));
      stale = false;
    }
    if (!affordable(rule, vars, txn) || !matches(rule, vars, txn)) continue;
    if (rule.action === "suppress") {
      const kept = findings.filter((f) => !rule.suppress.has(f.code));
      if (kept.length !== findings.length) {
        findings = kept;
        stale = true;
      }
      continue;
    }
    const amount = amountOf(rule, vars, txn);
    const matched = vars;
    if (findings === detected) findings = [...detected];
    findings.push({
      code: rule.code,
      score: 1,
      message: withMatchBudget(() => rule.message(matched, amount)),
      field: null,
      expected: null,
      actual: { rule: rule.id, when: rule.source },
      amount_at_risk: amount,
      weight: rule.weight,
      severity: rule.severity,
    });
    stale = true;
  }
  return findings;
}

function affordable(rule: CompiledRule, vars: RuleVariables, txn: Transaction): boolean {
  if (rule.steps === NO_STEPS) return true;
  const steps = rule.steps(vars);
  if (steps <= MAX_RULE_STEPS) return true;
  const n = (x: number) => x.toLocaleString("en-US");
  failed(rule, "when", new Error(`not evaluated on transaction ${txn.transaction_id}: it would take up to ${n(steps)} steps (at most ${n(MAX_RULE_STEPS)} a transaction)`));
  return false;
}

function matches(rule: CompiledRule, vars: RuleVariables, txn: Transaction): boolean {
  try {
    return withMatchBudget(() => rule.when(vars)) === true;
  } catch (e) {
    failed(rule, "when", e, txn);
    return false;
  }
}

function failed(rule: CompiledRule, expression: "when" | "amount_at_risk", e: unknown, txn?: Transaction) {
  rule.failures.count++;
  // cel-js may wrap what a function threw: the budget's error is found in its message.
  const message = (e as Error)?.message ?? String(e);
  const overBudget = e instanceof MatchBudgetExceeded || message.includes(new MatchBudgetExceeded().message);
  rule.failures.last = overBudget && txn ? `${expression}: stopped on transaction ${txn.transaction_id}: ${new MatchBudgetExceeded().message}` : `${expression}: ${message}`;
}

function amountOf(rule: CompiledRule, vars: RuleVariables, txn: Transaction): number {
  if (!rule.amountAtRisk) return 0;
  try {
    const v = Number(withMatchBudget(() => rule.amountAtRisk!(vars)));
    return Number.isFinite(v) && v > 0 ? roundMoney(v) : 0;
  } catch (e) {
    failed(rule, "amount_at_risk", e, txn);
    return 0;
  }
}
