// A rule whose comprehensions nest over what a client sends is bounded per transaction. A natural
// rule — a SKU billed at two prices on one invoice, `txn.lines.exists(a, txn.lines.exists(b, …))` —
// is quadratic in the lines, and one request of 10,000 lines (400 KB, within every limit) held
// the event loop for about 20 s, every other client with it (sixth attack pass; 5,000 lines: 4.9 s
// without an answer from /livez). A rule that would take more than MAX_RULE_STEPS steps on a
// transaction is not evaluated on it: it does not match, and the failure is counted and logged
// like any run-time failure of a rule.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { MAX_RULE_STEPS } from "../../src/analysis/rules/cost.ts";
import { memoryLogger } from "../../src/log.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const RULES = `rules:
  - id: sku_at_two_prices
    module: revenue_leakage
    when: 'txn.lines.exists(a, txn.lines.exists(b, a.sku == b.sku && a.unit_price != b.unit_price))'
    severity: medium
    message: 'a SKU billed at two prices on one invoice'
connectors:
  - { id: inline, type: inline }
`;

const log = memoryLogger();
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(RULES, { log });
});
afterAll(() => srv.stop());

/** An invoice of n lines of 50 SKUs at one price each; `twoPrices`: the last line repeats SKU-0 at another price. */
function invoice(id: string, n: number, twoPrices: boolean) {
  const lines = Array.from({ length: n }, (_, i) => ({ sku: `SKU-${i % 50}`, quantity: 1, unit_price: 10 }));
  if (twoPrices) lines[n - 1] = { sku: "SKU-0", quantity: 1, unit_price: 9 };
  return { connector: "inline", module: "revenue_leakage", data: { transaction_id: id, currency: "USD", lines } };
}

test("an invoice the rule can afford is judged by it", async () => {
  const res = await srv.call("POST", "/v1/analyze", invoice("INV-SMALL", 400, true));
  expect(res.status).toBe(200);
  const body = (await res.json()) as AnalysisResult;
  expect(body.anomalies.map((a) => a.code)).toContain("rule:sku_at_two_prices");
});

test("10,000 lines where no SKU has two prices: answered at once, the rule not evaluated, and the log says why; other clients are not held up", async () => {
  let worstLivez = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${srv.url}/livez`);
      worstLivez = Math.max(worstLivez, performance.now() - started);
      await Bun.sleep(10);
    }
  })();
  const started = performance.now();
  const res = await srv.call("POST", "/v1/analyze", invoice("INV-HUGE", 10_000, false));
  const took = performance.now() - started;
  done = true;
  await probe;
  expect(res.status).toBe(200);
  const body = (await res.json()) as AnalysisResult;
  expect(body.anomalies.map((a) => a.code)).not.toContain("rule:sku_at_two_prices");
  // Before: ~20 s for the request and as long for /livez. Generous bounds for a loaded CI machine.
  expect(took).toBeLessThan(3_000);
  expect(worstLivez).toBeLessThan(2_000);

  srv.rt.analysis.logRuleFailures();
  const line = log.lines.find((l) => l.rule === "sku_at_two_prices");
  expect(line).toMatchObject({ level: "warn", path: "rules[0]", failures: 1 });
  // Its comprehensions' steps: 10,000 outer, each with 10,000 inner.
  expect(String(line!.error)).toBe(`when: not evaluated on transaction INV-HUGE: it would take up to 100,010,000 steps (at most ${MAX_RULE_STEPS.toLocaleString("en-US")} a transaction)`);
}, 60_000);
