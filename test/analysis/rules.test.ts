// Custom rules (`rules:`): compiled and type-checked with the config, run between the detectors
// and scoring, their findings scored by severity and explained like any other.
import { describe, expect, test } from "bun:test";
import { parseConfig } from "../../src/config/load.ts";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { invoice, reference } from "./fixtures.ts";
import { makeEngine, memoryConnector, modulesConfig, rulesConfig } from "../support/engine.ts";
import { configProblems as problems } from "../support/config.ts";
import { memoryLogger } from "../../src/log.ts";
import { compileRules } from "../../src/analysis/rules/compile.ts";
import { NO_STEPS } from "../../src/analysis/rules/cost.ts";
import { RuleHistory, RuleRef } from "../../src/analysis/rules/environment.ts";
import { ruleTxn } from "../../src/analysis/rules/variables.ts";

const LARGE_CREDIT = {
  id: "large_manual_credit",
  module: "revenue_leakage",
  when: 'txn.type == "credit_note" && txn.amount > 10000 && txn.created_by != "batch"',
  severity: "high",
  message: "Manual credit note of {amount} {currency} by {created_by}",
  amount_at_risk: "txn.amount - 10000",
};

async function analyze(rules: unknown[], data: object, module = "revenue_leakage", history = [] as ReturnType<typeof invoice>[]): Promise<AnalysisResult> {
  const { engine } = makeEngine([memoryConnector({ reference, transactions: history })], modulesConfig(), 70, rulesConfig(rules));
  return engine.analyze({ accountId: "acct_1", connector: "mem", module, data: data as Record<string, unknown> });
}

describe("rules: compile and type-check", () => {
  test("a valid rules section loads", () => {
    const c = parseConfig(`rules:\n  - ${JSON.stringify(LARGE_CREDIT)}`, "/x/a.yaml", {});
    expect(c.rules[0]).toMatchObject({ id: "large_manual_credit", action: "flag", enabled: true });
  });

  test("a syntax error names the rule, the field and the column", () => {
    expect(problems(`rules:\n  - { id: r1, when: 'txn.amount > ' }`)).toEqual(["rules[0].when: Unexpected token: EOF (column 14)"]);
  });

  test("type errors: unknown field, number compared with a string, not a bool, bad amount", () => {
    const found = problems(`rules:
  - { id: ok, when: 'true' }
  - { id: r1, when: 'txn.amont > 1' }
  - { id: r2, when: 'txn.amount > "big"' }
  - { id: r3, when: 'txn.amount' }
  - { id: r4, when: 'true', amount_at_risk: 'txn.currency' }
  - { id: r5, when: 'true', message: 'by {nobody}' }`);
    expect(found).toHaveLength(5);
    expect(found[0]).toBe("rules[1].when: No such key: amont (column 5)");
    expect(found[1]).toMatch(/^rules\[2\]\.when: no such overload: double > string \(column \d+\)$/);
    expect(found[2]).toBe("rules[3].when: must be of type bool, but is double");
    expect(found[3]).toBe("rules[4].amount_at_risk: must be of type double, but is string");
    expect(found[4]).toMatch(/^rules\[5\]\.message \{nobody\}: .*nobody/);
  });

  test("shape problems: duplicate ids, unknown module, suppress without codes or with unknown ones", () => {
    const found = problems(`rules:
  - { id: a, when: 'true' }
  - { id: a, when: 'true' }
  - { id: b, module: sales, when: 'true' }
  - { id: c, action: suppress, when: 'true' }
  - { id: d, action: suppress, suppress: [duplicate_invoice, nonsense, 'rule:a', 'rule:zz'], when: 'true' }`);
    expect(found).toContain('rules[1].id: duplicate rule id "a"');
    expect(found).toContain('rules[2].module: unknown module "sales"; valid: "*", revenue_leakage, anomaly_detection, duplicate_detection, compliance');
    expect(found).toContain("rules[3].suppress: required with action: suppress (the codes to remove)");
    expect(found).toContain('rules[4].suppress[1]: unknown code "nonsense" (a detector code or rule:<id> of a rule in this file)');
    expect(found).toContain('rules[4].suppress[3]: unknown code "rule:zz" (a detector code or rule:<id> of a rule in this file)');
  });
});

describe("rules: evaluation", () => {
  const credit = { ...invoice("CN-1", { type: "credit_note", created_by: "mallory", lines: [{ sku: "SKU-B", qty: 300, unit: 50 }] }), reference: "INV-0" };

  test("a flag rule fires with its code, message, severity, amount and score", async () => {
    const r = await analyze([LARGE_CREDIT], credit);
    const a = r.anomalies.find((x) => x.code === "rule:large_manual_credit")!;
    expect(a).toMatchObject({ severity: "high", score: 1, amount_at_risk: 5000, message: "Manual credit note of 15000 USD by mallory", actual: { rule: "large_manual_credit" } });
    expect(r.risk_score).toBeGreaterThanOrEqual(70);
    expect(r.amount_at_risk.amount).toBeGreaterThanOrEqual(5000);
  });

  test("a rule does not fire when its condition is false, nor in other modules", async () => {
    expect((await analyze([LARGE_CREDIT], { ...credit, created_by: "batch" })).anomalies.map((a) => a.code)).not.toContain("rule:large_manual_credit");
    expect((await analyze([LARGE_CREDIT], credit, "compliance")).anomalies.map((a) => a.code)).not.toContain("rule:large_manual_credit");
  });

  test("suppress removes the named findings; later rules see the findings so far", async () => {
    const below = invoice("INV-9", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 78 }] });
    const base = await analyze([], below);
    expect(base.anomalies.map((a) => a.code)).toEqual(["price_below_contract"]);
    const rules = [
      { id: "seen", when: 'findings.exists(f, f.code == "price_below_contract") && risk_score > 50', severity: "low", message: "saw {findings.size()} finding(s)" },
      { id: "allow_cust1", action: "suppress", suppress: ["price_below_contract"], when: 'txn.customer_id == "CUST-1"' },
    ];
    const r = await analyze(rules, below);
    expect(r.anomalies.map((a) => a.code)).toEqual(["rule:seen"]);
    expect(r.anomalies[0]).toMatchObject({ severity: "low", message: "saw 1 finding(s)" });
    expect(r.risk_score).toBe(25);
  });

  test("rules read reference data, lines and history aggregates", async () => {
    const history = Array.from({ length: 10 }, (_, i) => invoice(`H-${i}`, { customer: "CUST-7", lines: [{ sku: "SKU-B", qty: 2, unit: 50 }] }));
    const rules = [
      { id: "over_contract", when: "ref.contracts.exists(c, c.in_force && txn.lines.exists(l, l.sku == c.sku && l.unit_price > c.price))", severity: "medium" },
      { id: "list_known", when: 'ref.list_prices["SKU-A"] == 100.0', severity: "low" },
      { id: "big_for_customer", when: "history.customer_count >= 10 && txn.amount > 3 * history.customer_median_amount", severity: "critical", message: "{amount} vs median {history.customer_median_amount}" },
    ];
    const a = await analyze(rules, invoice("X-1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 1, unit: 95 }] }), "revenue_leakage", history);
    expect(a.anomalies.map((x) => x.code).sort()).toEqual(["price_above_contract", "rule:list_known", "rule:over_contract"]);
    const b = await analyze(rules, invoice("X-2", { customer: "CUST-7", lines: [{ sku: "SKU-B", qty: 20, unit: 50 }] }), "revenue_leakage", history);
    expect(b.anomalies.find((x) => x.code === "rule:big_for_customer")).toMatchObject({ severity: "critical", message: "1000 vs median 100" });
  });

  test("rules read a line's base code, adjustment reasons and description", async () => {
    const rules = [
      { id: "bundled_component", when: 'txn.lines.exists(l, l.base_sku == "73721" && l.adjustment_reason.contains("CO-97"))', severity: "medium" },
      { id: "partial_month", when: 'txn.lines.exists(l, l.description.startsWith("Partial month"))', severity: "low" },
    ];
    const claim = invoice("C-1", { customer: "PAYER-1", lines: [{ sku: "SKU-A", qty: 1, unit: 100 }] });
    claim.lines[0] = { ...claim.lines[0]!, sku: "73721-26", base_sku: "73721", adjustment_reason: "CO-97", description: "Partial month 03/10-03/14" };
    const a = await analyze(rules, claim);
    expect(a.anomalies.map((x) => x.code).sort()).toEqual(["rule:bundled_component", "rule:partial_month"]);
    // Absent, each reads as "": nothing matches.
    const plain = await analyze(rules, invoice("C-2", { customer: "PAYER-1", lines: [{ sku: "SKU-A", qty: 1, unit: 100 }] }));
    expect(plain.anomalies.filter((x) => x.code.startsWith("rule:"))).toEqual([]);
  });

  test("sum() adds a list of numbers: a threshold on part of a document's lines (goods, not deposits and fees)", async () => {
    // A distributor's delivery fee is owed below a minimum order of goods: the keg deposits and the
    // empties credited on the same invoice are no goods, so the document's total cannot say it.
    const rules = [
      { id: "small_goods_order", when: 'txn.lines.filter(l, l.sku.startsWith("SKU-")).map(l, l.amount).sum() < 250.0 && !txn.lines.exists(l, l.sku == "FEE-DLV")', severity: "high", amount_at_risk: "25.0" },
      { id: "units", when: "txn.lines.map(l, l.quantity).sum() == 5.0 && [1, 2, 3].sum() == 6 && txn.lines.filter(l, l.sku == \"NONE\").map(l, l.amount).sum() == 0.0", severity: "low" },
    ];
    const order = invoice("D-1", { customer: "CUST-1", lines: [{ sku: "SKU-B", qty: 3, unit: 50 }, { sku: "DEP-KEG", qty: 2, unit: 30 }] });
    expect((await analyze(rules, order)).anomalies.map((x) => x.code).filter((c) => c.startsWith("rule:")).sort()).toEqual(["rule:small_goods_order", "rule:units"]);
    // Goods of 300 with 4 empties credited (a total of 180): no fee owed.
    const big = invoice("D-2", { customer: "CUST-1", lines: [{ sku: "SKU-B", qty: 6, unit: 50 }, { sku: "DEP-KEG", qty: -4, unit: 30 }] });
    expect((await analyze(rules, big)).anomalies.map((x) => x.code)).not.toContain("rule:small_goods_order");
  });

  test("a rule failing at run time (missing map key) does not match and does not fail the analysis", async () => {
    const r = await analyze([{ id: "attr", when: 'txn.attributes["region"] == "EU"' }], invoice("Y-1", { lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }));
    expect(r.anomalies.map((x) => x.code)).not.toContain("rule:attr");
  });

  test("matches() runs RE2: in a macro, on a dyn attribute, with a pattern from the data (refused at run time when not RE2)", async () => {
    const rules = [
      { id: "sku_b", when: "txn.lines.exists(l, l.sku.matches('^SKU-[B-C]$'))", severity: "low" },
      { id: "attr_pattern", when: 'txn.customer_id.matches(txn.attributes["pattern"])', severity: "low" },
      { id: "dyn_receiver", when: "txn.attributes['pattern'].matches('^[(^]')", severity: "low" },
    ];
    const data = (pattern: string) => ({ ...invoice("M-1", { customer: "CUST-1", lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }), attributes: { pattern } });
    const fine = await analyze(rules, data("^CUST-\\d$"));
    expect(fine.anomalies.map((x) => x.code).sort()).toEqual(["rule:attr_pattern", "rule:dyn_receiver", "rule:sku_b"]);
    const backreference = await analyze(rules, data("(C)\\1"));
    expect(backreference.anomalies.map((x) => x.code).sort()).toEqual(["rule:dyn_receiver", "rule:sku_b"]);
  });

  test("a matches() pattern outside RE2 is refused with the config, naming the rule and the positions", () => {
    expect(problems(`rules:\n  - { id: r1, when: 'txn.reference.matches("x(?=y)") || txn.lines.exists(l, l.sku.matches("a**"))' }`)).toEqual([
      'rules[0].when: matches() pattern "x(?=y)" is not RE2 syntax: lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported by RE2 at position 2 of the pattern (column 23)',
      'rules[0].when: matches() pattern "a**" is not RE2 syntax: bad repetition operator: a quantifier after a quantifier (possessive or doubled quantifiers are not RE2) at position 3 of the pattern (column 70)',
    ]);
  });

  test("run-time failures are counted per rule and logged once per period with their count and error", async () => {
    const log = memoryLogger();
    const rules = rulesConfig([
      { id: "attr", when: 'txn.attributes["region"] == "EU"' },
      { id: "fine", when: "txn.amount > 0.0", severity: "low" },
    ]);
    const { engine } = makeEngine([memoryConnector({ reference, transactions: [] })], modulesConfig(), 70, rules, log);
    for (const id of ["Y-1", "Y-2", "Y-3"]) {
      await engine.analyze({ accountId: "acct_1", connector: "mem", module: "revenue_leakage", data: invoice(id, { lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }) as unknown as Record<string, unknown> });
    }
    engine.logRuleFailures();
    engine.logRuleFailures(); // nothing new: no second line
    const failures = log.lines.filter((l) => String(l.msg).startsWith("a rule failed at run time"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: "warn", rule: "attr", path: "rules[0]", failures: 3, total: 3 });
    expect(String(failures[0]!.error)).toStartWith("when: ");
  });

  test("model_version changes with the rules", async () => {
    const txn = invoice("Z-1", { lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] });
    expect((await analyze([], txn)).model_version).not.toBe((await analyze([LARGE_CREDIT], txn)).model_version);
  });
});

describe("rules read a line's own columns", () => {
  // A folio's POS check posted twice: the same check number on two lines of one folio, beside
  // two breakfasts of the same price on other checks (an ordinary morning for two guests).
  const folio = (checks: (string | null)[]) =>
    invoice("F-1", { customer: "CUST-1", lines: checks.map(() => ({ sku: "BRK", qty: 1, unit: 18.5 })) }) as unknown as { lines: Record<string, unknown>[] };
  const withChecks = (checks: (string | null)[]) => {
    const data = folio(checks);
    data.lines.forEach((l, i) => {
      if (checks[i] !== null) l.attributes = { Check: checks[i], Outlet: "BAR" };
    });
    return data;
  };
  const TWICE = {
    id: "pos_check_twice",
    when: 'txn.lines.exists(a, "Check" in a.attributes && txn.lines.filter(b, "Check" in b.attributes && b.attributes.Check == a.attributes.Check && b.amount == a.amount).size() > 1)',
    severity: "high",
  };

  test("the same check on two lines is found; different checks, or lines without one, are not", async () => {
    expect((await analyze([TWICE], withChecks(["CHK 101", "CHK 101", "CHK 207"]))).anomalies.map((a) => a.code)).toContain("rule:pos_check_twice");
    expect((await analyze([TWICE], withChecks(["CHK 101", "CHK 207", null, null]))).anomalies.map((a) => a.code)).not.toContain("rule:pos_check_twice");
  });

  test("a line's date, work date and agreement are there too, empty where the line states none", async () => {
    const data = invoice("L-1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 1, unit: 100 }, { sku: "SKU-A", qty: 1, unit: 100 }] }) as unknown as { lines: Record<string, unknown>[] };
    Object.assign(data.lines[0]!, { date: "2026-03-01", work_date: "2026-02-27", contract_id: "PROMO-1" });
    const rules = [{ id: "own_terms", when: 'txn.lines.exists(l, l.contract_id == "PROMO-1" && l.date == "2026-03-01" && l.work_date == "2026-02-27") && txn.lines.exists(l, l.contract_id == "" && l.date == "")', severity: "low" }];
    expect((await analyze(rules, data)).anomalies.map((a) => a.code)).toContain("rule:own_terms");
  });

  test("a comprehension over a line's attributes is bounded by the most any line has", () => {
    const lines = [{ sku: "A", attributes: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`c${i}`, "x"])) }, { sku: "B" }];
    const v = { txn: ruleTxn({ transaction_id: "T", type: "invoice", lines } as never), ref: new RuleRef([], new Map(), new Map()), history: new RuleHistory(0n, 0n, 0, 0), findings: [], risk_score: 0 };
    const rule = compileRules([{ id: "r", when: 'txn.lines.exists(l, l.attributes.exists(k, k == "c3"))', module: "*", severity: "medium", action: "flag", enabled: true } as never]).rules[0]!;
    expect(rule.steps(v)).toBe(2 * (1 + 30));
  });
});

describe("the step bound of a rule's comprehensions (cost.ts)", () => {
  const vars = (lines: number, contracts: number, attributes: number) => ({
    txn: ruleTxn({ transaction_id: "T", type: "invoice", lines: Array.from({ length: lines }, () => ({ sku: "A", quantity: 1 })), attributes: Object.fromEntries(Array.from({ length: attributes }, (_, i) => [`a${i}`, "x"])) } as never),
    ref: new RuleRef(Array.from({ length: contracts }, () => ({}) as never), new Map(), new Map()),
    history: new RuleHistory(0n, 0n, 0, 0),
    findings: [],
    risk_score: 0,
  });
  const steps = (when: string, v: ReturnType<typeof vars>) => compileRules([{ id: "r", when, module: "*", severity: "medium", action: "flag", enabled: true } as never]).rules[0]!.steps(v);

  test("a rule without comprehensions costs nothing to bound", () => {
    expect(compileRules([{ id: "r", when: "txn.amount > 10.0", module: "*", severity: "medium", action: "flag", enabled: true } as never]).rules[0]!.steps).toBe(NO_STEPS);
  });
  test("each range is its own list: lines × contracts, not the largest squared", () => {
    expect(steps("txn.lines.exists(l, ref.contracts.exists(c, c.sku == l.sku))", vars(5000, 2, 0))).toBe(5000 * (1 + 2));
    expect(steps("txn.lines.all(l, l.quantity > 0.0)", vars(10000, 0, 0))).toBe(10000);
  });
  test("map and filter yield at most their range; a list literal its elements; an unknown range the largest list", () => {
    expect(steps("txn.lines.filter(l, l.quantity > 1.0).exists(l, txn.lines.exists(m, m.sku == l.sku))", vars(100, 0, 0))).toBe(100 + 100 * 101);
    expect(steps('["a", "b", "c"].exists(s, txn.lines.exists(l, l.sku == s))', vars(10, 0, 0))).toBe(3 * 11);
    expect(steps("txn.attributes.exists(k, txn.lines.exists(l, l.sku == k))", vars(10, 0, 40))).toBe(40 * 11);
  });
  // Seventeenth attack pass: a split's list and a concatenation of lists were bounded as the largest list.
  test("a split is at most its text's length + 1 (the longest text the transaction carries, at least 256; a literal its own)", () => {
    expect(steps('txn.reference.split(",").exists(a, txn.lines.exists(l, l.sku == a))', vars(10, 0, 0))).toBe(257 * 11);
    expect(steps('"a,b".split(",").exists(a, a == "b")', vars(10, 0, 0))).toBe(4);
    expect(steps('("a,b" + "c").split(",").exists(a, a == "b")', vars(10, 0, 0))).toBe(5);
    const long = vars(1, 0, 0);
    long.txn.attributes.set("po", "P".repeat(10_000));
    expect(steps('string(txn.attributes.po).split(",").exists(a, a == "P")', long)).toBe(10_001);
    // A split hidden in a ternary: the largest list or the longest text.
    expect(steps('(txn.amount > 1.0 ? string(txn.attributes.po).split(",") : []).exists(a, a == "P")', long)).toBe(10_001);
  });
  test("lists concatenated add up", () => {
    // 200 elements made by the concatenation, then 200 steps over them.
    expect(steps("(txn.lines + txn.lines).exists(l, l.quantity > 1.0)", vars(100, 0, 0))).toBe(400);
  });

  test("a list concatenated in a comprehension's body counts the elements it makes at each step", () => {
    expect(steps("txn.lines.map(l, txn.lines + txn.lines).size() == 0", vars(100, 0, 0))).toBe(100 * (1 + 200));
    expect(steps("txn.lines.exists(l, ([l] + [l, l]).size() > 2)", vars(100, 0, 0))).toBe(100 * (1 + 3));
    // Numbers and texts added are not lists: nothing counted.
    expect(steps("txn.lines.exists(l, l.quantity + 1.0 > 2.0 && l.sku + \"x\" == \"y\")", vars(100, 0, 0))).toBe(100);
  });
});
