// What an analyst does through the API in the learning suites: analyse a transaction, and
// resolve the alert it opened as confirmed or as a false positive (the labels learning uses).
import { expect } from "bun:test";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import type { Credentials, TestServer } from "./harness.ts";

/**
 * The learning suites' server: compliance on an inline connector `erp` (alice may approve up to
 * 1,000), alerts from a score of 50, an account plan the suites never exhaust.
 */
export const LEARNING_SUITE_CONFIG = `plans: { fast: { per_second: 1000000, per_minute: 10000000 } }
alerts: { auto_threshold: 50 }
modules:
  compliance: { approver_limits: { alice: 1000 } }
connectors:
  - { id: erp, type: inline }
`;

export async function analyzeVia(srv: TestServer, creds: Credentials, connector: string, module: string, data: object): Promise<AnalysisResult> {
  const res = await srv.call("POST", "/v1/analyze", { connector, module, data }, { creds });
  expect(res.status).toBe(200);
  return (await res.json()) as AnalysisResult;
}

/** Confirmed: acknowledged, then resolved as confirmed. Otherwise: dismissed as a false positive. */
export async function resolveAlert(srv: TestServer, creds: Credentials, alertId: string, confirmed: boolean): Promise<void> {
  const steps = confirmed ? [{ status: "acknowledged" }, { status: "resolved", resolution: "confirmed" }] : [{ status: "dismissed", resolution: "false_positive" }];
  for (const patch of steps) expect((await srv.call("PATCH", `/v1/alerts/${alertId}`, patch, { creds })).status).toBe(200);
}
