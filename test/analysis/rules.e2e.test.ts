// Rules end to end: a rule written in the YAML file fires through POST /v1/analyze with its code,
// message and amount; `assay config check` refuses a bad rule, naming it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { runCli } from "../support/cli.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

const RULES = `rules:
  - id: large_manual_credit
    module: revenue_leakage
    when: 'txn.type == "credit_note" && txn.amount > 10000 && txn.created_by != "batch"'
    severity: high
    message: 'Manual credit note of {amount} {currency}'
    amount_at_risk: 'txn.amount - 10000'
  - id: odd_reference
    when: 'txn.reference.matches("^(a|aa)+$")'
    severity: low
connectors:
  - { id: inline, type: inline }
`;

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(RULES);
});
afterAll(() => srv.stop());

describe("rules end to end", () => {
  test("a rule fires with its code, message and amount", async () => {
    const data = { transaction_id: "CN-77", type: "credit_note", currency: "EUR", amount: 12500, created_by: "mallory", lines: [] };
    const res = await srv.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AnalysisResult;
    expect(body.anomalies).toEqual([
      expect.objectContaining({ code: "rule:large_manual_credit", severity: "high", message: "Manual credit note of 12500 EUR", amount_at_risk: 2500, transaction_id: "CN-77" }),
    ]);
    expect(body.risk_score).toBe(70);
    expect(body.alert_id).toMatch(/^alrt_/);
  });

  test("matches() is RE2 in linear time: a crafted reference does not stall the server", async () => {
    const call = (reference: string) =>
      srv.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data: { transaction_id: "INV-1", type: "invoice", currency: "EUR", amount: 10, reference, lines: [] } });
    const fired = (await (await call("aaaa")).json()) as AnalysisResult;
    expect(fired.anomalies.map((a) => a.code)).toEqual(["rule:odd_reference"]);
    // A backtracking RegExp needs seconds for this one (it doubles every ~1.5 characters).
    const started = performance.now();
    const res = await call(`${"a".repeat(40)}!`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as AnalysisResult).anomalies).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("`assay config check` refuses a matches() pattern outside RE2, naming the rule and the position", async () => {
    const dir = makeTempDir();
    const file = join(dir, "assay.yaml");
    writeFileSync(file, `rules:\n  - { id: ok, when: 'txn.reference.matches("^PO-[0-9]+$")' }\n  - { id: bad, when: 'txn.reference.matches("(a)\\\\1")' }\n`);
    const r = await runCli(["config", "check", "--config", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('rules[1].when: matches() pattern "(a)\\\\1" is not RE2 syntax: backreferences (\\1) are not supported by RE2 at position 4 of the pattern (column 23)');
  });

  test("`assay config check` names a rule with a type error and exits 1", async () => {
    const dir = makeTempDir();
    const file = join(dir, "assay.yaml");
    writeFileSync(file, `rules:\n  - { id: ok, when: 'true' }\n  - { id: bad, when: 'txn.amount > "10"' }\n`);
    const r = await runCli(["config", "check", "--config", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("rules[1].when: no such overload: double > string (column");
  });
});
