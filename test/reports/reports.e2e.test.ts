// Reports over HTTP: queueing (202), validation, the three types' figures, the three formats'
// content, listing, idempotent creation, failure isolation and retention.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Clock } from "../../src/domain/clock.ts";
import { newId } from "../../src/domain/ids.ts";
import type { SqliteStore } from "../../src/store/sqlite/index.ts";
import { PostgresStore } from "../../src/store/postgres/index.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { analysisRecords, insertAnalyses, waitForReport } from "./fixtures.ts";

// A wall clock the retention test can move forward.
let offsetMs = 0;
const clock: Clock = { now: () => Date.now() + offsetMs, monotonic: () => performance.now() };

let s: Server;
beforeAll(async () => {
  s = await startServer(
    "connectors:\n  - { id: billing, type: inline, name: Billing }\n  - { id: private, type: inline, name: Theirs, accounts: [acct_01AAAAAAAAAAAAAAAAAAAAAAAA] }\n",
    { clock },
  );
  await insertAnalyses(s.rt.store, analysisRecords(s.creds.accountId, 100));
});
afterAll(() => s.stop());

async function report(body: Record<string, unknown>, creds = s.creds) {
  const res = await s.call("POST", "/v1/reports", body, { creds });
  expect(res.status).toBe(202);
  const queued = await json(res);
  expect(res.headers.get("location")).toBe(`/v1/reports/${queued.id}`);
  return waitForReport(s.call, queued.id, creds);
}

describe("POST /v1/reports", () => {
  test("queues a report and answers 202 with the report object", async () => {
    const res = await s.call("POST", "/v1/reports", { type: "alerts" });
    expect(res.status).toBe(202);
    const r = await json(res);
    expect(r.id).toMatch(/^rpt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(r).toMatchObject({ object: "report", type: "alerts", format: "json", status: "queued", content_url: null, error: null, summary: null });
    expect((await waitForReport(s.call, r.id)).status).toBe("completed");
  });

  test("refuses what it cannot run with 422 and a pointer to the field", async () => {
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ type: "weekly" }, "validation_failed", undefined],
      [{ type: "alerts", colour: "red" }, "validation_failed", undefined],
      [{ type: "alerts", format: "pdf" }, "validation_failed", undefined],
      [{ type: "alerts", period: { from: "last week" } }, "validation_failed", "/period/from"],
      [{ type: "alerts", period: { from: "2026-02-01", to: "2026-01-01" } }, "validation_failed", "/period"],
      [{ type: "alerts", period: { from: "2026-01-01", until: "2026-02-01" } }, "validation_failed", undefined],
      [{ type: "alerts", module: "revenue_leakage" }, "validation_failed", "/module"],
      [{ type: "revenue_leakage" }, "validation_failed", "/connector"],
      [{ type: "revenue_leakage", connector: "nope" }, "unknown_connector", "/connector"],
      [{ type: "revenue_leakage", connector: "billing", module: "compliance" }, "validation_failed", "/module"],
      // billing is an inline connector here: it has no transactions to scan or replay.
      [{ type: "revenue_leakage", connector: "billing" }, "validation_failed", "/connector"],
      [{ type: "simulation", connector: "billing" }, "validation_failed", "/connector"],
    ];
    for (const [body, code, path] of cases) {
      const res = await s.call("POST", "/v1/reports", body);
      const problem = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(problem.code).toBe(code);
      if (path) expect(problem.errors[0].path).toBe(path);
      if (code === "unknown_connector") expect(problem.valid_values).toEqual(["billing"]);
    }
  });

  test("a connector restricted to other accounts is 403 forbidden, for reports and alerts alike", async () => {
    for (const [path, body] of [
      ["/v1/reports", { type: "revenue_leakage", connector: "private" }],
      // Also the types that only filter recorded data by connector (they were queued: 202).
      ["/v1/reports", { type: "risk_summary", connector: "private" }],
      ["/v1/reports", { type: "alerts", connector: "private" }],
      ["/v1/reports", { type: "simulation", connector: "private" }],
      ["/v1/alerts", { title: "t", severity: "low", connector: "private" }],
    ] as const) {
      const res = await s.call("POST", path, body);
      expect(res.status).toBe(403);
      expect((await json(res)).code).toBe("forbidden");
    }
  });

  test("Idempotency-Key: the same request twice queues one report", async () => {
    const acct = await s.account();
    const headers = { "idempotency-key": "report-once" };
    const first = await s.call("POST", "/v1/reports", { type: "alerts" }, { creds: acct, headers });
    const firstBody = await first.text();
    const second = await s.call("POST", "/v1/reports", { type: "alerts" }, { creds: acct, headers });
    expect(second.status).toBe(202);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.text()).toBe(firstBody);
    const list = await json(await s.call("GET", "/v1/reports", undefined, { creds: acct }));
    expect(list.data.length).toBe(1);
  });
});

describe("risk_summary", () => {
  test("counts analyses by risk level, top anomaly codes, amount at risk by connector and customer", async () => {
    const r = await report({ type: "risk_summary" });
    expect(r.status).toBe("completed");
    expect(r.progress).toEqual({ processed: 100, total: 100, percent: 100 });
    // analysisRecords: level i%4, amount i%7, USD when i%10==0, connector erp when i%3==0.
    let eur = 0;
    let usd = 0;
    for (let i = 0; i < 100; i++) (i % 10 === 0 ? (usd += i % 7) : (eur += i % 7));
    expect(r.summary).toMatchObject({
      analyses: 100,
      by_risk_level: { low: 25, medium: 25, high: 25, critical: 25 },
      average_risk_score: 47.5,
      amount_at_risk: [
        { currency: "EUR", amount: eur },
        { currency: "USD", amount: usd },
      ],
    });
    const content = await json(await s.call("GET", r.content_url));
    expect(content.object).toBe("report_content");
    const codes = content.tables.find((t: any) => t.id === "top_anomaly_codes").rows;
    expect(codes).toEqual([
      { finding: "Price below contract", code: "price_below_contract", occurrences: 50, analyses: 50 },
      { finding: "Tax rate mismatch", code: "tax_rate_mismatch", occurrences: 50, analyses: 50 },
      { finding: "Unapproved discount", code: "unapproved_discount", occurrences: 50, analyses: 50 },
    ]);
    const byConnector = content.tables.find((t: any) => t.id === "amount_at_risk_by_connector").rows;
    expect(byConnector.reduce((n: number, row: any) => n + row.analyses, 0)).toBe(100);
    expect(byConnector.filter((row: any) => row.connector === "erp").reduce((n: number, row: any) => n + row.analyses, 0)).toBe(34);
    const byCustomer = content.tables.find((t: any) => t.id === "amount_at_risk_by_customer").rows;
    expect(new Set(byCustomer.map((row: any) => row.customer_id))).toEqual(new Set(["C0", "C1", "C2", "C3", "C4"]));
  });

  test("honours the period and the connector filter", async () => {
    // 100 analyses over 30 days of January from the 1st: days 1–10 hold analyses 0..33.
    const r = await report({ type: "risk_summary", period: { from: "2026-01-01", to: "2026-01-10" } });
    expect(r.summary.analyses).toBe(34);
    expect(r.period).toEqual({ from: "2026-01-01", to: "2026-01-10" });
    const erp = await report({ type: "risk_summary", connector: "erp" });
    expect(erp.summary.analyses).toBe(34);
    const none = await report({ type: "risk_summary", period: { from: "2025-01-01T00:00:00Z", to: "2025-12-31T23:59:59Z" } });
    expect(none.summary.analyses).toBe(0);
  });

  test("csv is the figures in long form: table,key,metric,value", async () => {
    const r = await report({ type: "risk_summary", format: "csv" });
    const res = await s.call("GET", r.content_url);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${r.id}-risk_summary.csv"`);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("table,key,metric,value");
    expect(lines).toContain("summary,,analyses,100");
    expect(lines).toContain("by_risk_level,critical,analyses,25");
    expect(r.bytes).toBe(Buffer.byteLength(lines.join("\r\n")) + 2);
  });
});

describe("alerts report", () => {
  test("volumes, states, severities, resolutions and time to resolve; every alert listed", async () => {
    const acct = await s.account();
    const mk = async (severity: string) => (await json(await s.call("POST", "/v1/alerts", { title: "t, with \"quotes\"", severity }, { creds: acct }))).id;
    const ids = [await mk("low"), await mk("high"), await mk("high"), await mk("critical")];
    const patch = (id: string, body: any) => s.call("PATCH", `/v1/alerts/${id}`, body, { creds: acct });
    await patch(ids[0], { status: "acknowledged" });
    await patch(ids[0], { status: "resolved", resolution: "confirmed" });
    await patch(ids[1], { status: "dismissed", resolution: "false_positive" });
    await patch(ids[2], { status: "acknowledged" });
    const r = await report({ type: "alerts" }, acct);
    expect(r.summary).toMatchObject({
      alerts: 4,
      by_status: { open: 1, acknowledged: 1, resolved: 1, dismissed: 1 },
      by_severity: { low: 1, medium: 0, high: 2, critical: 1 },
      by_resolution: { confirmed: 1, false_positive: 1 },
      still_active: 2,
    });
    expect(r.summary.time_to_resolve.count).toBe(1);
    expect(r.summary.time_to_resolve.median_h).toBeGreaterThanOrEqual(0);
    expect(r.summary.time_to_acknowledge.count).toBe(2);

    const csvReport = await report({ type: "alerts", format: "csv" }, acct);
    const csv = await (await s.call("GET", csvReport.content_url, undefined, { creds: acct })).text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,created_at,status,severity,source,connector,transaction_id,title,resolution,hours_to_acknowledge,hours_to_resolve");
    expect(lines.length).toBe(5);
    expect(lines[1]).toContain('"t, with ""quotes"""');
    expect(lines.map((l) => l.split(",")[0]).slice(1)).toEqual(ids);
  });
});

describe("GET /v1/reports", () => {
  test("lists newest first with cursor pagination", async () => {
    const acct = await s.account();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await json(await s.call("POST", "/v1/reports", { type: "alerts" }, { creds: acct }))).id);
    const page1 = await json(await s.call("GET", "/v1/reports?limit=2", undefined, { creds: acct }));
    const page2 = await json(await s.call("GET", `/v1/reports?limit=2&starting_after=${page1.data[1].id}`, undefined, { creds: acct }));
    const page3 = await json(await s.call("GET", `/v1/reports?limit=2&starting_after=${page2.data[1].id}`, undefined, { creds: acct }));
    expect([page1.has_more, page2.has_more, page3.has_more]).toEqual([true, true, false]);
    expect([...page1.data, ...page2.data, ...page3.data].map((r: any) => r.id)).toEqual(ids.reverse());
    expect((await s.call("GET", "/v1/reports?limit=101")).status).toBe(422);
    expect((await s.call("GET", "/v1/reports?starting_after=alrt_x")).status).toBe(422);
  });
});

describe("the worker", () => {
  test("one failing report fails alone, with a safe error; the others complete", async () => {
    const acct = await s.account();
    // A damaged row (its stored result is not JSON) makes this account's risk_summary fail inside
    // the store: the kind of internal error whose details must not reach the client.
    const [record] = analysisRecords(acct.accountId, 1);
    await s.rt.store.analyses.insert(record!);
    const damage = "{not json at /var/lib/assay";
    if (s.rt.store instanceof PostgresStore) await s.rt.store.db.sql.unsafe("UPDATE analyses SET result = $1 WHERE id = $2", [damage, record!.id]);
    else (s.rt.store as SqliteStore).db.query("UPDATE analyses SET result = ? WHERE id = ?").run(damage, record!.id);
    const queued = [];
    for (const body of [{ type: "alerts" }, { type: "risk_summary" }, { type: "alerts", format: "html" }, { type: "alerts", format: "csv" }]) {
      queued.push((await json(await s.call("POST", "/v1/reports", body, { creds: acct }))).id);
    }
    const done = await Promise.all(queued.map((id) => waitForReport(s.call, id, acct)));
    expect(done.map((r) => r.status)).toEqual(["completed", "failed", "completed", "completed"]);
    expect(done[1].error.code).toBe("internal_error");
    expect(done[1].error.message).toContain(done[1].id);
    expect(JSON.stringify(done[1])).not.toContain("/var/lib");
    expect(done[1].content_url).toBeNull();
    const content = await s.call("GET", `/v1/reports/${done[1].id}/content`, undefined, { creds: acct });
    expect(content.status).toBe(409);
    expect((await json(content)).code).toBe("invalid_state_transition");
    expect(existsSync(join(s.rt.config.reports.dir, `${done[1].id}.json.part`))).toBe(false);
  });

  test("a report left running by a process that died is re-queued and completed; one interrupted too often is failed", async () => {
    const acct = await s.account();
    const base = {
      account_id: acct.accountId, type: "alerts", format: "json", period_from: null, period_to: null, connector: null, module: null,
      progress_processed: 10, progress_total: null, summary: null, file: null, bytes: null, error_code: null, error_message: null,
      created_by_key: null, created_at: new Date().toISOString(), completed_at: null, lease_until: null,
    };
    // A CLI run on this host whose process no longer exists (pid far above any real one).
    const orphan = { ...base, id: newId("rpt"), status: "running" as const, attempts: 1, runner: `cli:4194000@${hostname()}`, started_at: base.created_at };
    const worn = { ...base, id: newId("rpt"), status: "queued" as const, attempts: 3, runner: null, started_at: null };
    await s.rt.store.reports.create(orphan);
    await s.rt.store.reports.create(worn);
    s.rt.reports.worker.kick();
    const [a, b] = await Promise.all([waitForReport(s.call, orphan.id, acct), waitForReport(s.call, worn.id, acct)]);
    expect(a).toMatchObject({ status: "completed", attempts: 2 });
    expect(b).toMatchObject({ status: "failed", attempts: 4, error: { code: "report_interrupted" } });
  });

  test("retention deletes finished reports and their files once retention_days have passed", async () => {
    const r = await report({ type: "alerts", format: "html" });
    const file = join(s.rt.config.reports.dir, `${r.id}.html`);
    expect(existsSync(file)).toBe(true);
    expect(Date.parse(r.expires_at) - Date.parse(r.completed_at)).toBe(30 * 86_400_000);
    await s.rt.reports.worker.applyRetention();
    expect((await s.call("GET", `/v1/reports/${r.id}`)).status).toBe(200);
    offsetMs = 31 * 86_400_000;
    try {
      await s.rt.reports.worker.applyRetention();
    } finally {
      offsetMs = 0;
    }
    expect(existsSync(file)).toBe(false);
    expect((await s.call("GET", `/v1/reports/${r.id}`)).status).toBe(404);
  });
});
