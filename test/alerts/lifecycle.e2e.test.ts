// Alerts over HTTP: creation (strict schema, metadata bounds, idempotency), retrieval, the list
// with filters and cursor pagination, every lifecycle transition allowed and refused, history.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: billing, type: inline, name: Billing }\n");
});
afterAll(() => s.stop());

async function create(body: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await s.call("POST", "/v1/alerts", { title: "Price below contract", severity: "high", ...body }, { headers });
  return { res, body: (await res.json()) as Record<string, any> };
}

async function patch(id: string, body: Record<string, unknown>) {
  const res = await s.call("PATCH", `/v1/alerts/${id}`, body);
  return { res, body: (await res.json()) as Record<string, any> };
}

describe("POST /v1/alerts", () => {
  test("creates an open alert with every field of the contract", async () => {
    const { res, body } = await create({
      description: "INV-1 billed at 80, contract says 100",
      connector: "billing",
      module: "revenue_leakage",
      transaction_id: "INV-1",
      metadata: { ticket: "FIN-42", amount: 20, urgent: true, owner: null },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/v1/alerts/${body.id}`);
    expect(body.id).toMatch(/^alrt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(body).toMatchObject({
      object: "alert",
      status: "open",
      severity: "high",
      title: "Price below contract",
      source: "api",
      connector: "billing",
      module: "revenue_leakage",
      transaction_id: "INV-1",
      analysis_id: null,
      risk_score: null,
      anomalies: [],
      resolution: null,
      metadata: { ticket: "FIN-42", amount: 20, urgent: true, owner: null },
    });
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const got = await s.call("GET", `/v1/alerts/${body.id}`);
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(body);
  });

  test("refuses unknown fields, bad severities and missing or blank titles with 422 validation_failed", async () => {
    // A title of spaces only would be listed as an all but invisible link in the dashboard.
    for (const bad of [{ colour: "red" }, { severity: "urgent" }, { title: "" }, { title: "   " }, { title: "\t\n" }, { metadata: { nested: { a: 1 } } }]) {
      const { res, body } = await create(bad);
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(body.code).toBe("validation_failed");
      expect(JSON.stringify(body)).not.toContain("/work/");
    }
    const res = await s.call("POST", "/v1/alerts", { severity: "low" });
    expect(res.status).toBe(422);
    const blank = await create({ title: "  " });
    expect(blank.body.errors).toEqual([{ path: "/title", message: "must not be blank" }]);
  });

  test("bounds metadata in keys, key length, value length and total size", async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    expect((await create({ metadata: many })).res.status).toBe(422);
    expect((await create({ metadata: { ["k".repeat(41)]: 1 } })).res.status).toBe(422);
    expect((await create({ metadata: { k: "v".repeat(501) } })).res.status).toBe(422);
    const big = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, "v".repeat(480)]));
    const { res, body } = await create({ metadata: big });
    expect(res.status).toBe(422);
    expect(body.errors[0].path).toBe("/metadata");
    expect((await create({ metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i])) })).res.status).toBe(201);
  });

  test("refuses an unknown connector with 422 unknown_connector listing the valid ones", async () => {
    const { res, body } = await create({ connector: "nope" });
    expect(res.status).toBe(422);
    expect(body.code).toBe("unknown_connector");
    expect(body.valid_values).toEqual(["billing"]);
  });

  test("Idempotency-Key: the same request twice creates one alert and replays the first response", async () => {
    const key = `idem-${crypto.randomUUID()}`;
    const before = await listAll();
    const first = await s.call("POST", "/v1/alerts", { title: "Once", severity: "low" }, { headers: { "idempotency-key": key } });
    const firstText = await first.text();
    const second = await s.call("POST", "/v1/alerts", { title: "Once", severity: "low" }, { headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await second.text()).toBe(firstText);
    expect((await listAll()).length).toBe(before.length + 1);
    const reused = await s.call("POST", "/v1/alerts", { title: "Other", severity: "low" }, { headers: { "idempotency-key": key } });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as any).code).toBe("idempotency_key_reused");
  });
});

async function listAll(query = ""): Promise<any[]> {
  const out: any[] = [];
  let after = "";
  for (;;) {
    const res = await s.call("GET", `/v1/alerts?limit=100${query}${after ? `&starting_after=${after}` : ""}`);
    const page = (await res.json()) as any;
    out.push(...page.data);
    if (!page.has_more) return out;
    after = page.data[page.data.length - 1].id;
  }
}

describe("GET /v1/alerts", () => {
  test("paginates newest first with limit and starting_after, without gaps or repeats", async () => {
    const fresh = await s.account();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await s.call("POST", "/v1/alerts", { title: `A${i}`, severity: "low" }, { creds: fresh });
      ids.push(((await res.json()) as any).id);
    }
    const seen: string[] = [];
    let after = "";
    let pages = 0;
    for (;;) {
      const res = await s.call("GET", `/v1/alerts?limit=3${after ? `&starting_after=${after}` : ""}`, undefined, { creds: fresh });
      const page = (await res.json()) as any;
      expect(page.object).toBe("list");
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((a: any) => a.id));
      pages++;
      if (!page.has_more) break;
      after = page.data.at(-1).id;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const dflt = (await (await s.call("GET", "/v1/alerts", undefined, { creds: fresh })).json()) as any;
    expect(dflt.data.length).toBe(7);
  });

  test("filters by status, severity, connector and since", async () => {
    const fresh = await s.account();
    const mk = async (body: any) => ((await (await s.call("POST", "/v1/alerts", body, { creds: fresh })).json()) as any).id as string;
    const a = await mk({ title: "a", severity: "critical", connector: "billing" });
    const b = await mk({ title: "b", severity: "low" });
    await s.call("PATCH", `/v1/alerts/${b}`, { status: "dismissed" }, { creds: fresh });
    const q = async (query: string) =>
      ((await (await s.call("GET", `/v1/alerts?${query}`, undefined, { creds: fresh })).json()) as any).data.map((x: any) => x.id);
    expect(await q("status=open")).toEqual([a]);
    expect(await q("status=dismissed")).toEqual([b]);
    expect(await q("severity=low")).toEqual([b]);
    expect(await q("connector=billing")).toEqual([a]);
    expect(await q("since=2000-01-01T00:00:00Z")).toEqual([b, a]);
    expect(await q(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  });

  test("refuses bad list parameters with 422", async () => {
    for (const query of ["limit=0", "limit=101", "limit=abc", "status=closed", "since=yesterday", "starting_after=rpt_x"]) {
      const res = await s.call("GET", `/v1/alerts?${query}`);
      expect(res.status, query).toBe(422);
      expect(((await res.json()) as any).code).toBe("validation_failed");
    }
  });
});

describe("PATCH /v1/alerts/{id}: the lifecycle", () => {
  const ALL = ["open", "acknowledged", "resolved", "dismissed"] as const;
  const ALLOWED: Record<string, string[]> = {
    open: ["acknowledged", "dismissed"],
    acknowledged: ["resolved", "dismissed"],
    resolved: ["open"],
    dismissed: ["open"],
  };
  // The shortest path from open to each state, through allowed transitions only.
  const PATH: Record<string, string[]> = { open: [], acknowledged: ["acknowledged"], resolved: ["acknowledged", "resolved"], dismissed: ["dismissed"] };

  async function alertIn(state: string): Promise<string> {
    const { body } = await create({ title: `in ${state}` });
    for (const step of PATH[state]!) expect((await patch(body.id, { status: step })).res.status).toBe(200);
    return body.id;
  }

  for (const from of ALL) {
    for (const to of ALL) {
      const allowed = ALLOWED[from]!.includes(to);
      test(`${from} → ${to}: ${allowed ? "200" : "409 invalid_state_transition"}`, async () => {
        const id = await alertIn(from);
        const { res, body } = await patch(id, { status: to });
        if (allowed) {
          expect(res.status).toBe(200);
          expect(body.status).toBe(to);
          expect((await (await s.call("GET", `/v1/alerts/${id}`)).json()) as any).toMatchObject({ status: to });
        } else {
          expect(res.status).toBe(409);
          expect(body.code).toBe("invalid_state_transition");
          expect(body.current_status).toBe(from);
          expect(body.allowed_statuses).toEqual(ALLOWED[from]);
          expect((await (await s.call("GET", `/v1/alerts/${id}`)).json()) as any).toMatchObject({ status: from });
        }
      });
    }
  }

  test("resolution and note: kept on resolve/dismiss, cleared on reopen, refused on acknowledge", async () => {
    const { body: alert } = await create();
    const refused = await patch(alert.id, { status: "acknowledged", resolution: "confirmed" });
    expect(refused.res.status).toBe(422);
    expect(refused.body.errors[0].path).toBe("/resolution");
    expect((await patch(alert.id, { status: "acknowledged", note: "looking" })).body).toMatchObject({ status: "acknowledged" });
    const resolved = await patch(alert.id, { status: "resolved", resolution: "confirmed", note: "credit note issued" });
    expect(resolved.body).toMatchObject({ status: "resolved", resolution: "confirmed" });
    expect(resolved.body.resolved_at).toBeString();
    const badResolution = await patch(alert.id, { status: "open", resolution: "because" });
    expect(badResolution.res.status).toBe(422);
    const reopened = await patch(alert.id, { status: "open", note: "came back" });
    expect(reopened.body).toMatchObject({ status: "open", resolution: null, resolved_at: null });
    const dismissed = await patch(alert.id, { status: "dismissed", resolution: "false_positive" });
    expect(dismissed.body).toMatchObject({ status: "dismissed", resolution: "false_positive" });
    expect((await patch(alert.id, { status: "resolved", extra: 1 })).res.status).toBe(422);
    expect((await patch(alert.id, {})).res.status).toBe(422);
  });

  test("the history says who changed what and when, oldest first", async () => {
    const { body: alert } = await create();
    await patch(alert.id, { status: "acknowledged", note: "on it" });
    await patch(alert.id, { status: "resolved", resolution: "duplicate", note: "see alrt_other" });
    await patch(alert.id, { status: "acknowledged" }); // refused: no history entry
    const res = await s.call("GET", alert.history_url);
    expect(res.status).toBe(200);
    const history = (await res.json()) as any;
    expect(history.object).toBe("list");
    expect(history.data.map((e: any) => [e.type, e.from_status, e.to_status])).toEqual([
      ["created", null, "open"],
      ["status_changed", "open", "acknowledged"],
      ["status_changed", "acknowledged", "resolved"],
    ]);
    const last = history.data[2];
    expect(last).toMatchObject({ object: "alert_event", alert: alert.id, resolution: "duplicate", note: "see alrt_other" });
    expect(last.actor).toEqual({ type: "api_key", key: s.creds.keyId, account: s.creds.accountId });
    expect(last.id).toMatch(/^evt_/);
    const page = (await (await s.call("GET", `${alert.history_url}?limit=1&starting_after=${history.data[0].id}`)).json()) as any;
    expect(page.data.map((e: any) => e.id)).toEqual([history.data[1].id]);
    expect(page.has_more).toBe(true);
  });

  test("an unknown alert is 404 not_found on every route", async () => {
    for (const [method, path, body] of [
      ["GET", "/v1/alerts/alrt_01AAAAAAAAAAAAAAAAAAAAAAAA"],
      ["PATCH", "/v1/alerts/alrt_01AAAAAAAAAAAAAAAAAAAAAAAA", { status: "acknowledged" }],
      ["GET", "/v1/alerts/whatever/history"],
    ] as const) {
      const res = await s.call(method, path, body);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).code).toBe("not_found");
    }
  });
});
