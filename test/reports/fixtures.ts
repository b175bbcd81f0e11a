// Test data for the reports suites: recorded analyses written straight into the store (the
// analyses table is what risk_summary reads), and a poller for a report's final state.
import type { AnalysisRecord, Store } from "../../src/store/types.ts";
import { newId } from "../../src/domain/ids.ts";
import type { Credentials } from "../support/harness.ts";

export const LEVELS = ["low", "medium", "high", "critical"] as const;

/** `n` analyses spread over January 2026, deterministic: analysis i has level i % 4 and amount i % 7. */
export function analysisRecords(accountId: string, n: number, start = Date.parse("2026-01-01T00:00:00Z")): AnalysisRecord[] {
  const out: AnalysisRecord[] = [];
  for (let i = 0; i < n; i++) {
    const at = start + Math.floor((i * 30 * 86_400_000) / Math.max(n, 1));
    out.push({
      id: newId("anl", at),
      account_id: accountId,
      connector: i % 3 === 0 ? "erp" : "billing",
      module: "revenue_leakage",
      transaction_id: `INV-${i}`,
      customer_id: `C${i % 5}`,
      risk_score: (i % 4) * 25 + 10,
      risk_level: LEVELS[i % 4]!,
      amount_at_risk: i % 7,
      currency: i % 10 === 0 ? "USD" : "EUR",
      anomaly_codes: i % 2 === 0 ? ["price_below_contract"] : ["unapproved_discount", "tax_rate_mismatch"],
      transactions_analyzed: 1,
      alert_id: null,
      created_at: new Date(at).toISOString(),
      result: {},
    });
  }
  return out;
}

export async function insertAnalyses(store: Store, records: AnalysisRecord[]) {
  for (const r of records) await store.analyses.insert(r);
}

type Call = (method: string, path: string, body?: unknown, o?: { creds?: Credentials }) => Promise<Response>;

/** Polls GET /v1/reports/{id} until it is completed or failed. */
export async function waitForReport(call: Call, id: string, creds?: Credentials, timeoutMs = 20_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = (await (await call("GET", `/v1/reports/${id}`, undefined, { creds })).json()) as any;
    if (r.status === "completed" || r.status === "failed") return r;
    if (Date.now() > until) throw new Error(`report ${id} still ${r.status} after ${timeoutMs} ms`);
    await Bun.sleep(20);
  }
}
