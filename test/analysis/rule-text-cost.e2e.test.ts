// A rule's work grows with the text a client sends, not only with its lists (seventeenth attack
// pass, on the built binary). An attribute's value has no length limit but the body's (1 MiB), and
// two natural rules read one: a PO number listed twice in a transaction's comma-separated list
// (`split(",")` twice, nested) was bounded as if `split()` yielded no more than the transaction's
// largest list — one line, one attribute: a bound of a few steps — and a 17 KB list of 3,000
// numbers held the event loop 1.4 s (30,000 numbers: ~140 s); a note naming one of the lines' SKUs
// (`contains()` once per line) is 10,000 steps, but each step read a 590 KB note: 1.6-1.9 s.
// A list split from a text now counts as long as that text can make it, and the characters
// contains(), startsWith(), endsWith(), indexOf(), lastIndexOf(), lowerAscii(), upperAscii(),
// trim() and split() read are charged to the rule's work budget (match-budget.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { MAX_RULE_STEPS } from "../../src/analysis/rules/cost.ts";
import { MAX_MATCH_WORK } from "../../src/analysis/rules/match-budget.ts";
import { memoryLogger } from "../../src/log.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const RULES = `rules:
  - id: po_listed_twice
    module: revenue_leakage
    when: '"po_numbers" in txn.attributes && string(txn.attributes.po_numbers).split(",").exists(a, string(txn.attributes.po_numbers).split(",").filter(b, b == a).size() > 1)'
    severity: medium
    message: 'a PO number listed twice'
  - id: note_names_sku
    module: revenue_leakage
    when: '"note" in txn.attributes && txn.lines.exists(l, l.sku != "" && string(txn.attributes.note).contains(l.sku))'
    severity: medium
    message: 'the note names a SKU of the invoice'
  - id: joined_mentions
    module: revenue_leakage
    when: '"big" in txn.attributes && txn.lines.map(l, string(txn.attributes.big) + l.sku).join(",") == "zzz"'
    severity: low
    message: 'joined'
  - id: long_mention
    module: revenue_leakage
    when: '"big" in txn.attributes && txn.lines.exists(l, (string(txn.attributes.big) + l.sku).size() == 0)'
    severity: low
    message: 'long'
  - id: long_mention_global
    module: revenue_leakage
    when: '"big" in txn.attributes && txn.lines.exists(l, size(string(txn.attributes.big) + l.sku) == 0)'
    severity: low
    message: 'joined'
connectors:
  - { id: inline, type: inline }
`;

const log = memoryLogger();
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(RULES, { log });
});
afterAll(() => srv.stop());

function invoice(id: string, attributes: Record<string, string>, lines: { sku: string }[] = [{ sku: "A" }]) {
  return {
    connector: "inline",
    module: "revenue_leakage",
    data: { transaction_id: id, currency: "USD", attributes, lines: lines.map((l) => ({ ...l, quantity: 1, unit_price: 1 })) },
  };
}

async function codes(body: unknown): Promise<string[]> {
  const res = await srv.call("POST", "/v1/analyze", body);
  expect(res.status).toBe(200);
  return ((await res.json()) as AnalysisResult).anomalies.map((a) => a.code);
}

function failure(rule: string): string {
  srv.rt.analysis.logRuleFailures();
  const line = log.lines.findLast((l) => l.rule === rule);
  return String(line?.error);
}

test("small texts are judged by both rules", async () => {
  expect(await codes(invoice("INV-PO", { po_numbers: "P1,P2,P1" }))).toContain("rule:po_listed_twice");
  expect(await codes(invoice("INV-PO-OK", { po_numbers: "P1,P2,P3" }))).not.toContain("rule:po_listed_twice");
  expect(await codes(invoice("INV-NOTE", { note: "replaces SKU-7" }, [{ sku: "SKU-7" }]))).toContain("rule:note_names_sku");
});

test("a list split from a 17 KB attribute is bounded by its length: the nested rule is not evaluated, and the log says why", async () => {
  const po = Array.from({ length: 3_000 }, (_, i) => `P${i}`).join(",");
  expect(await codes(invoice("INV-PO-HUGE", { po_numbers: `${po},P0` }))).not.toContain("rule:po_listed_twice");
  expect(failure("po_listed_twice")).toMatch(new RegExp(`^when: not evaluated on transaction INV-PO-HUGE: it would take up to [0-9,]+ steps \\(at most ${MAX_RULE_STEPS.toLocaleString("en-US")} a transaction\\)$`));
});

test("contains() reading a 590 KB note once per line of 10,000 is stopped by the work budget, and the log says why", async () => {
  const lines = Array.from({ length: 10_000 }, (_, i) => ({ sku: `S${String(i).padStart(5, "0")}` }));
  const note = "x".repeat(590_000);
  expect(await codes(invoice("INV-NOTE-HUGE", { note }, lines))).not.toContain("rule:note_names_sku");
  expect(failure("note_names_sku")).toContain(`when: stopped on transaction INV-NOTE-HUGE: its matches() and string calls would do more than ${MAX_MATCH_WORK.toLocaleString("en-US")} units of work`);
}, 60_000);

test("join() of 2,000 copies of a 300 KB attribute (600 MB) is stopped before it is made", async () => {
  const lines = Array.from({ length: 2_000 }, (_, i) => ({ sku: `S${i}` }));
  expect(await codes(invoice("INV-JOIN", { big: "b".repeat(300_000) }, lines))).not.toContain("rule:joined_mentions");
  expect(failure("joined_mentions")).toContain("when: stopped on transaction INV-JOIN: its matches() and string calls would do more than");
}, 60_000);

test("size() of a 300 KB text made anew on each of 2,000 lines is charged and stopped", async () => {
  const lines = Array.from({ length: 2_000 }, (_, i) => ({ sku: `S${i}` }));
  expect(await codes(invoice("INV-SIZE", { big: "b".repeat(300_000) }, lines))).not.toContain("rule:long_mention");
  expect(failure("long_mention")).toContain("when: stopped on transaction INV-SIZE: its matches() and string calls would do more than");
  expect(failure("long_mention_global")).toContain("when: stopped on transaction INV-SIZE: its matches() and string calls would do more than");
}, 60_000);
