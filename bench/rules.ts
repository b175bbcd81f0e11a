// `bun run bench/rules.ts`: what custom rules cost per transaction. Evaluates the sample data set
// with a module of no rules and with RULES.length typical rules (field tests, a lines macro,
// reference data, history aggregates, findings so far, matches()) and reports the difference per rule and
// transaction. Target (issue 16): under 5 µs per rule per transaction.
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { buildContext } from "../src/analysis/context.ts";
import { evaluateTransaction } from "../src/analysis/evaluate.ts";
import { resolveModules } from "../src/analysis/modules.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { compileRules } from "../src/analysis/rules/compile.ts";
import { RulesSection, type RulesConfig } from "../src/analysis/rules/config-schema.ts";
import { generateDataset } from "../src/sampledata/generate.ts";

const RULES = [
  { id: "large_manual_credit", when: 'txn.type == "credit_note" && txn.amount > 10000 && txn.created_by != "batch"', severity: "high", message: "Manual credit of {amount} {currency}", amount_at_risk: "txn.amount" },
  { id: "big_quantity", when: "txn.lines.exists(l, l.quantity > 500.0)", severity: "medium" },
  { id: "weekend_self", when: 'txn.created_by == txn.approved_by && txn.currency == "USD"', severity: "low" },
  { id: "over_list", when: "txn.lines.exists(l, l.sku in ref.list_prices && l.unit_price > ref.list_prices[l.sku] * 1.5)", severity: "medium" },
  { id: "big_for_customer", when: "history.customer_count >= 8 && txn.amount > 5 * history.customer_median_amount", severity: "high" },
  { id: "stacked", when: "findings.size() >= 2 && risk_score > 60.0", severity: "critical" },
  { id: "allow_small_tax", action: "suppress", suppress: ["tax_below_rate"], when: "txn.amount < 100.0" },
  { id: "round_big", when: "txn.amount >= 50000.0 && txn.amount - double(int(txn.amount)) == 0.0", severity: "low" },
  { id: "no_contract_big", when: '!ref.contracts.exists(c, c.in_force) && txn.amount > 20000 && txn.type == "invoice"', severity: "medium" },
  { id: "eu_attr", when: 'txn.currency in ["EUR", "GBP"] && txn.tax_rate < 0.05', severity: "medium" },
  // matches() is RE2 (src/analysis/rules/re2.ts): an anchored pattern (the JavaScript fast path)
  // and an unanchored one with an unbounded quantifier (the linear-time NFA).
  { id: "odd_reference", when: "!txn.reference.matches('^INV-[0-9]{6}$') || txn.customer_id.matches('-0+9$')", severity: "low" },
];

const modules = Value.Default(ModulesSection, {}) as ModulesConfig;
const rulesConfig = Value.Default(RulesSection, RULES) as RulesConfig;
const data = generateDataset({ seed: 7, invoices: 20_000 });
const connector = memoryConnector({ id: "bench", transactions: data.transactions, reference: data.reference });
const ctx = await buildContext(connector, modules, Date.now());
const ruleSet = compileRules(rulesConfig);

function perTransaction(moduleId: string, withRules: boolean): number {
  const module = resolveModules(modules, withRules ? ruleSet.rules : []).get(moduleId)!;
  // Warm up, then the best of three passes (the machine is shared).
  for (const t of data.transactions.slice(0, 2000)) evaluateTransaction(t, ctx, module, modules);
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const started = performance.now();
    for (const t of data.transactions) evaluateTransaction(t, ctx, module, modules);
    best = Math.min(best, ((performance.now() - started) * 1000) / data.transactions.length);
  }
  return best;
}

const results: Record<string, unknown> = { transactions: data.transactions.length, rules: RULES.length };
for (const moduleId of ["revenue_leakage", "compliance"]) {
  const without = perTransaction(moduleId, false);
  const withRules = perTransaction(moduleId, true);
  results[moduleId] = {
    us_per_txn_without_rules: round(without),
    us_per_txn_with_rules: round(withRules),
    us_per_rule_per_txn: round((withRules - without) / RULES.length),
    target_us_per_rule: 5,
  };
}
console.log(JSON.stringify(results, null, 2));

function round(n: number) {
  return Math.round(n * 1000) / 1000;
}
