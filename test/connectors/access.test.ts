// The one connector-access rule (src/connectors/access.ts): each refusal, from the rule itself and
// from every caller (POST /v1/analyze, POST /v1/alerts, POST /v1/reports, GET .../status), with
// the same code and message wherever the connector is named.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { memoryConnector } from "../../bench/quality/memory-connector.ts";
import { accessConnector, connectorAccess } from "../../src/connectors/access.ts";
import { ApiError } from "../../src/domain/errors.ts";
import { startServer, type Server } from "../support/server.ts";

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("accessConnector", () => {
  const connectors = connectorAccess([
    memoryConnector({ id: "open" }),
    memoryConnector({ id: "theirs", accounts: ["acct_other"] }),
    memoryConnector({ id: "off", enabled: false }),
    memoryConnector({ id: "typed", scan: false, reference: {} }),
  ]);

  test("an allowed, enabled connector offering the module is returned", () => {
    expect(connectors.access("a", "open", { module: "anomaly_detection" }).id).toBe("open");
  });

  test("unknown in a body: 422 unknown_connector listing what the account may use", () => {
    const e = refusal(() => connectors.access("a", "nope"));
    expect(e.code).toBe("unknown_connector");
    expect(e.status).toBe(422);
    expect(e.options.extra).toEqual({ valid_values: ["open", "off", "typed"] });
    expect(e.options.errors?.[0]?.path).toBe("/connector");
  });

  test("unknown in a path: 404 not_found", () => {
    expect(refusal(() => connectors.access("a", "nope", { pathParam: true })).code).toBe("not_found");
  });

  test("restricted to other accounts: 403 forbidden", () => {
    expect(refusal(() => connectors.access("a", "theirs")).code).toBe("forbidden");
    expect(connectors.access("acct_other", "theirs").id).toBe("theirs");
  });

  test("disabled: 503 connector_unavailable, but still there to inspect", () => {
    const e = refusal(() => connectors.access("a", "off"));
    expect(e.code).toBe("connector_unavailable");
    expect(e.detail).toContain("disabled");
    expect(connectors.access("a", "off", { inspect: true }).id).toBe("off");
  });

  test("a module the connector does not offer: 422 unknown_module listing its modules", () => {
    // No scan: no anomaly or duplicate detection (the memory connector declares reference tables,
    // so revenue_leakage stays).
    const e = refusal(() => connectors.access("a", "typed", { module: "anomaly_detection" }));
    expect(e.code).toBe("unknown_module");
    expect(e.options.extra).toEqual({ valid_values: ["revenue_leakage", "compliance"] });
    expect(e.options.errors?.[0]?.path).toBe("/module");
    expect(refusal(() => connectors.access("a", "open", { module: "nope" })).code).toBe("unknown_module");
  });

  test("the registry and a plain list answer alike", () => {
    const lookup = { get: (id: string) => (id === "x" ? memoryConnector({ id: "x" }) : undefined), list: () => [memoryConnector({ id: "x" })] };
    expect(refusal(() => accessConnector(lookup, "a", "y")).detail).toBe(refusal(() => connectorAccess([memoryConnector({ id: "x" })]).access("a", "y")).detail);
  });
});

describe("every caller applies the same rule", () => {
  let s: Server;
  beforeAll(async () => {
    s = await startServer(
      "connectors:\n" +
        "  - { id: inline, type: inline, name: Inline }\n" +
        "  - { id: off, type: inline, name: Off, enabled: false }\n" +
        "  - { id: theirs, type: inline, name: Theirs, accounts: [acct_01AAAAAAAAAAAAAAAAAAAAAAAA] }\n",
    );
  });
  afterAll(() => s.stop());

  const analyze = (connector: string, module = "compliance") => ({ path: "/v1/analyze", body: { connector, module, data: { transaction_id: "T1", amount: 1 } } });
  const alert = (connector: string, module?: string) => ({ path: "/v1/alerts", body: { title: "t", severity: "low", connector, ...(module ? { module } : {}) } });
  const report = (connector: string) => ({ path: "/v1/reports", body: { type: "revenue_leakage", connector } });

  async function problem(req: { path: string; body: unknown }) {
    const res = await s.call("POST", req.path, req.body);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }

  test("unknown: 422 unknown_connector, one message", async () => {
    const answers = await Promise.all([analyze("nope"), alert("nope"), report("nope")].map(problem));
    for (const a of answers) {
      expect(a.status).toBe(422);
      expect(a.body).toMatchObject({ code: "unknown_connector", valid_values: ["inline", "off"] });
      expect(a.body.detail).toBe(answers[0]!.body.detail);
    }
    expect((await s.call("GET", "/v1/connectors/nope/status")).status).toBe(404);
  });

  test("another account's: 403 forbidden", async () => {
    for (const a of await Promise.all([analyze("theirs"), alert("theirs"), report("theirs")].map(problem))) {
      expect(a).toMatchObject({ status: 403, body: { code: "forbidden", detail: 'this account may not use connector "theirs"' } });
    }
    expect((await s.call("GET", "/v1/connectors/theirs/status")).status).toBe(403);
  });

  test("disabled: 503 connector_unavailable; its status can still be read", async () => {
    for (const a of await Promise.all([analyze("off"), alert("off"), report("off")].map(problem))) {
      expect(a).toMatchObject({ status: 503, body: { code: "connector_unavailable" } });
      expect(a.body.detail).toContain("disabled");
    }
    expect((await s.call("GET", "/v1/connectors/off/status")).status).toBe(200);
  });

  test("the inline connector refuses modules its list leaves out", async () => {
    const listed = (await (await s.call("GET", "/v1/connectors")).json()) as { data: { id: string; modules: string[] }[] };
    const inlineModules = listed.data.find((c) => c.id === "inline")!.modules;
    expect(inlineModules).not.toContain("anomaly_detection");
    for (const a of await Promise.all([analyze("inline", "anomaly_detection"), alert("inline", "anomaly_detection")].map(problem))) {
      expect(a).toMatchObject({ status: 422, body: { code: "unknown_module", valid_values: inlineModules } });
    }
  });
});
