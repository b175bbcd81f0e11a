// late_posting end to end: a general ledger exported with its posting date and its "Created On"
// column (bench/quality/late-postings.ts: month-end and year-end closes, interfaces with standing
// lags, a clerk's holiday backlog, and planted post-closing and backdated entries), read by a csv
// connector configured as docs/connectors.md tells a user to (the entry date found by its label),
// scanned with `anomaly_detection` over HTTP, and single journal entries sent to POST /v1/analyze
// against the learned history, a malformed entry date among them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateLateLedger, toLateCsv } from "../../bench/quality/late-postings.ts";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

const ledger = generateLateLedger({ seed: 7 });
let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = makeTempDir("assay-late-posting-");
  writeFileSync(join(dir, "gl_entries.csv"), toLateCsv(ledger));
  writeFileSync(join(dir, "gl_without_entry_date.csv"), toLateCsv(ledger, false));
  const mapping = "{ transaction_id: Entry No., date: Posting Date, created_by: User ID, customer_id: Partner, amount: Amount, currency: Currency }";
  server = await startTestServer(
    `modules:
  context: { history_limit: 1000000 }
connectors:
  - { id: gl, type: csv, transactions: ./gl_entries.csv, mapping: ${mapping} }
  - { id: plain, type: csv, transactions: ./gl_without_entry_date.csv, mapping: ${mapping} }
`,
    { dir },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function scan(connector: string): Promise<AnalysisResult> {
  const res = await server.call("POST", "/v1/analyze", { connector, module: "anomaly_detection", options: { limit: 1_000_000, max_anomalies: 10_000 } });
  expect(res.status).toBe(200);
  return (await res.json()) as AnalysisResult;
}

describe("late_posting over a csv connector", () => {
  test("a scan finds the planted entries at high and no regular lag", async () => {
    const body = await scan("gl");
    expect(body.transactions_analyzed).toBe(ledger.rows.length);
    const reported = body.anomalies.filter((a) => a.code === "late_posting");
    const late = reported.filter((a) => a.severity === "high" || a.severity === "critical");
    const found = new Set(late.map((a) => a.transaction_id));
    const listed = new Set(reported.map((a) => a.transaction_id));
    // Within 21 days of the close (near_close) they are listed at medium; the others are high.
    for (const id of ledger.positives) {
      const kind = ledger.plantedKind.get(id);
      expect([id, kind, kind === "near_close" ? listed.has(id) : found.has(id)]).toEqual([id, kind, true]);
    }
    // No regular lag at any severity.
    expect(reported.filter((a) => !ledger.positives.has(a.transaction_id))).toEqual([]);
    const one = late.find((a) => ledger.plantedKind.get(a.transaction_id) === "post_close_user")!;
    expect(one.message).toMatch(/days after its posting date .* which closed on \d{4}-\d{2}-\d{2} .* usually posts at most 0 days back/);
  }, 60_000);

  test("the same ledger without its entry-date column: no late_posting, nothing to read", async () => {
    const body = await scan("plain");
    expect(body.anomalies.filter((a) => a.code === "late_posting")).toEqual([]);
  }, 60_000);

  // After the scans (the history is built once per connector and cached): within the default timeout.
  test("one journal entry analysed inline against the learned history", async () => {
    const call = (data: Record<string, unknown>) => server.call("POST", "/v1/analyze", { connector: "gl", module: "anomaly_detection", data: { transaction_id: "NEW-1", type: "journal_entry", currency: "EUR", amount: 5400, customer_id: "C20003", ...data } });
    // Receivables, who never post late, into a quarter closed months ago.
    const late = await call({ created_by: "ar.clerk", date: "2025-06-30", entered_at: "2025-11-20T10:12:00Z" });
    expect(late.status).toBe(200);
    const a = ((await late.json()) as AnalysisResult).anomalies.find((x) => x.code === "late_posting");
    expect(a?.severity).toBe("high");
    // The same clerk entering today's invoice, and a controller's accrual in the close window.
    for (const data of [
      { created_by: "ar.clerk", date: "2025-11-20", entered_at: "2025-11-20T10:12:00Z" },
      { created_by: "c.schmidt", date: "2025-10-31", entered_at: "2025-11-05T10:12:00Z" },
      { created_by: "EXPENSES", date: "2025-10-02", entered_at: "2025-11-12T12:00:00Z" },
    ]) {
      const res = await call(data);
      expect(res.status).toBe(200);
      expect([data.created_by, ((await res.json()) as AnalysisResult).anomalies.filter((x) => x.code === "late_posting")]).toEqual([data.created_by, []]);
    }
  });

  test("a malformed entry date is a 422 naming the field, never a 5xx", async () => {
    for (const entered_at of ["2025-02-31", "yesterday", "31.12.2025", "2025-13-01T00:00:00Z", ""]) {
      const res = await server.call("POST", "/v1/analyze", { connector: "gl", module: "anomaly_detection", data: { transaction_id: "NEW-2", date: "2025-06-30", created_by: "ar.clerk", amount: 10, entered_at } });
      expect(res.status).toBeLessThan(500);
      // An empty entry date is no date: 422 like a malformed one (test/http/empty-date.e2e.test.ts).
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toContain("/data/entered_at");
    }
    const wrongType = await server.call("POST", "/v1/analyze", { connector: "gl", module: "anomaly_detection", data: { transaction_id: "NEW-3", date: "2025-06-30", entered_at: 20250630 } });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
  });
});
