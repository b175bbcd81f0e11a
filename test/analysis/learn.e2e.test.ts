// Learning from outcomes, end to end: analysts' resolutions mark self_approval as noisy (almost
// every such alert is dismissed as a false positive) and approval_limit_exceeded as right;
// `assay learn` raises F1 on the held-out resolutions, the next analyses open fewer false
// alerts, model_version names the model, and --rollback restores the configured weights. A
// pattern dismissed as a false positive stops re-alerting.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runCli } from "../support/cli.ts";
import { analyzeVia, LEARNING_SUITE_CONFIG, resolveAlert } from "../support/analyst.ts";
import { type Credentials, startTestServer, type TestServer } from "../support/harness.ts";

let srv: TestServer;
let creds: Credentials;
let n = 0;

/** A self-approved small payment (noisy), an over-limit one (real), or both. */
function txn(kind: "self" | "limit" | "both") {
  n++;
  const [created_by, approved_by, amount] = kind === "self" ? ["bob", "bob", 100] : kind === "limit" ? ["carol", "alice", 2500] : ["alice", "alice", 2500];
  return { transaction_id: `P-${n}`, type: "payment", customer_id: `C-${n}`, currency: "EUR", amount, created_by, approved_by, lines: [] };
}

const analyze = (data: object) => analyzeVia(srv, creds, "erp", "compliance", data);
const close = (alertId: string, label: boolean) => resolveAlert(srv, creds, alertId, label);

async function learn(...args: string[]) {
  const r = await runCli(["learn", "--config", srv.configFile, ...args]);
  return { ...r, json: r.stdout.trim().startsWith("{") ? JSON.parse(r.stdout) : null };
}

beforeAll(async () => {
  srv = await startTestServer(LEARNING_SUITE_CONFIG);
  creds = await srv.newAccount("fast");
});
afterAll(() => srv.stop());

describe("assay learn", () => {
  test("too few labels: nothing is written, exit 1", async () => {
    const r = await learn("--connector", "erp", "--json");
    expect(r.code).toBe(1);
    expect(r.json.results[0]).toMatchObject({ connector: "erp", status: "not_enough_labels", model: null });
    // In text, a run with no resolution at all says so on stderr, as every failing command does.
    const text = await learn();
    expect(text.code).toBe(1);
    expect(text.stdout).toBe("");
    expect(text.stderr).toContain("assay: no resolved alerts (confirmed / false_positive) on any connector yet: nothing to learn from");
  });

  test("resolutions marking self_approval noisy: F1 rises on held-out labels, fewer false alerts next, rollback", async () => {
    // Seed: every alert is resolved by an analyst.
    const plan: ["self" | "limit" | "both", boolean][] = [
      ...Array.from({ length: 70 }, (): ["self", boolean] => ["self", false]),
      ...Array.from({ length: 5 }, (): ["self", boolean] => ["self", true]),
      ...Array.from({ length: 40 }, (): ["limit", boolean] => ["limit", true]),
      ...Array.from({ length: 10 }, (): ["both", boolean] => ["both", true]),
    ];
    for (const [kind, label] of plan) {
      const result = await analyze(txn(kind));
      expect(result.alert_id).not.toBeNull(); // with the configured weights every one alerts
      await close(result.alert_id!, label);
    }

    const dry = await learn("--connector", "erp", "--dry-run", "--json");
    expect(dry.code).toBe(0);
    expect(dry.json.results[0].status).toBe("dry_run");
    expect((await srv.rt.store.models.list("erp")).length).toBe(0);

    const r = await learn("--connector", "erp", "--json");
    expect(r.code).toBe(0);
    const out = r.json.results[0];
    expect(out).toMatchObject({ status: "learned", labels: { total: 125, confirmed: 55, false_positive: 70 }, model: { version: 1 } });
    expect(out.fit.test).toBeGreaterThan(15);
    expect(out.fit.after.f1).toBeGreaterThan(out.fit.before.f1);
    expect(out.fit.weights.compliance.self_approval).toBeLessThan(0.7);
    expect(out.fit.weights.compliance.approval_limit_exceeded).toBeGreaterThan(0.6);

    // The server picks the model up (every 30 s, or now).
    await srv.rt.refreshLearned();
    const self = [];
    for (let i = 0; i < 20; i++) self.push(await analyze(txn("self")));
    const limit = [];
    for (let i = 0; i < 10; i++) limit.push(await analyze(txn("limit")));
    expect(self.filter((x) => x.alert_id !== null).length).toBe(0); // all 75 alerted before
    expect(limit.every((x) => x.alert_id !== null)).toBe(true);
    expect(self[0]!.model_version).toMatch(/^1\.0\.0\+[0-9a-z]+\+m1$/);

    // GET /v1/modules shows the learned weights in force on the connector beside the configured ones.
    const modules = (await (await srv.call("GET", "/v1/modules")).json()) as {
      data: { id: string; detectors: { code: string; weight: number }[]; learned?: { connector: string; model_version: string; weights: Record<string, number> }[] }[];
    };
    const compliance = modules.data.find((m) => m.id === "compliance")!;
    expect(compliance.detectors.find((d) => d.code === "self_approval")!.weight).toBe(0.7);
    expect(compliance.learned).toHaveLength(1);
    expect(compliance.learned![0]).toMatchObject({ connector: "erp", model_version: self[0]!.model_version });
    expect(compliance.learned![0]!.weights.self_approval).toBeCloseTo(out.fit.weights.compliance.self_approval, 6);

    const text = await runCli(["learn", "--config", srv.configFile, "--connector", "erp", "--dry-run"]);
    expect(text.stdout).toContain("erp: 125 labels (55 confirmed, 70 false positives)");
    expect(text.stdout).toMatch(/F1 +\d\.\d{3} +\d\.\d{3}/);

    const back = await learn("--rollback", "--json");
    expect(back.code).toBe(0);
    expect(back.json).toMatchObject({ object: "learn_rollback", connector: "erp", active_version: null });
    await srv.rt.refreshLearned();
    const again = await analyze(txn("self"));
    expect(again.model_version).not.toContain("+m");
    expect(again.alert_id).not.toBeNull();
    const after = (await (await srv.call("GET", "/v1/modules")).json()) as { data: { learned?: unknown }[] };
    expect(after.data.every((m) => m.learned === undefined)).toBe(true);
    expect((await learn("--rollback", "--connector", "erp")).code).toBe(1);
  }, 60_000);

  test("a pattern dismissed as a false positive does not re-alert; reopening lifts it", async () => {
    const data = { transaction_id: "S-1", type: "payment", customer_id: "C-S", currency: "EUR", amount: 100, created_by: "zed", approved_by: "zed", lines: [] };
    const first = await analyze(data);
    expect(first.alert_id).not.toBeNull();
    await close(first.alert_id!, false);
    const again = await analyze({ ...data, transaction_id: "S-2" });
    expect(again.anomalies.map((a) => a.code)).toEqual(["self_approval"]);
    expect(again.alert_id).toBeNull();
    // Another customer with the same pattern still alerts.
    expect((await analyze({ ...data, transaction_id: "S-3", customer_id: "C-T" })).alert_id).not.toBeNull();
    expect((await srv.call("PATCH", `/v1/alerts/${first.alert_id}`, { status: "open" }, { creds })).status).toBe(200);
    expect((await analyze({ ...data, transaction_id: "S-4" })).alert_id).not.toBeNull();
  });
});
