// Connectors on a reload, over HTTP: an admin adds a source, points another at a new file and
// removes a third without a restart; what was derived from a replaced source (its history) is
// not served again; a connector entry with a problem refuses the whole reload.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { reloadConfig } from "../../src/reload.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const HEADER = "transaction_id,type,date,customer_id,currency,amount,sku,quantity,unit_price\n";
const rows = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i + 1},invoice,2026-01-${String((i % 28) + 1).padStart(2, "0")},C${i % 5},EUR,${100 + i},S1,1,${100 + i}\n`).join("");

let srv: TestServer;
let base: string;
const connectors = (entries: string) => `${base}connectors:\n${entries}`;

beforeAll(async () => {
  srv = await startTestServer("connectors:\n  - { id: inline, type: inline }\n  - { id: one, type: csv, transactions: ./a.csv }\n  - { id: gone, type: csv, transactions: ./a.csv }\n");
  writeFileSync(join(srv.dir, "a.csv"), HEADER + rows("A", 40));
  writeFileSync(join(srv.dir, "b.csv"), HEADER + rows("B", 30));
  writeFileSync(join(srv.dir, "c.csv"), HEADER + rows("C", 20));
  base = (await Bun.file(srv.configFile).text()).replace(/connectors:[\s\S]*$/, "");
});
afterAll(() => srv.stop());

const ids = async () => ((await (await srv.call("GET", "/v1/connectors")).json()) as { data: { id: string }[] }).data.map((c) => c.id);
const lookup = (connector: string, id: string) => srv.call("POST", "/v1/analyze", { connector, module: "compliance", data: { transaction_id: id } });
const scan = async (connector: string) => (await (await srv.call("POST", "/v1/analyze", { connector, module: "anomaly_detection", options: { limit: 1000 } })).json()) as AnalysisResult;

describe("reloading connectors", () => {
  test("added, changed and removed connectors take effect at once; unchanged ones are kept", async () => {
    expect(await ids()).toEqual(["inline", "one", "gone"]);
    expect((await scan("one")).transactions_analyzed).toBe(40); // builds and caches one's history
    const inline = srv.rt.connectors.get("inline");

    writeFileSync(
      srv.configFile,
      connectors("  - { id: inline, type: inline }\n  - { id: one, type: csv, transactions: ./c.csv }\n  - { id: two, type: csv, transactions: ./b.csv }\n"),
    );
    const result = reloadConfig(srv.rt, "test", {});
    expect(result).toMatchObject({ ok: true, connectors: { added: ["two"], changed: ["one"], removed: ["gone"] } });
    expect(result.restart_needed).toEqual([]);
    expect(srv.rt.connectors.get("inline")).toBe(inline);

    expect(await ids()).toEqual(["inline", "one", "two"]);
    expect((await lookup("two", "B7")).status).toBe(200);
    expect((await lookup("one", "C3")).status).toBe(200);
    const old = await lookup("one", "A3");
    expect(old.status).toBe(404);
    expect(((await old.json()) as { code: string }).code).toBe("transaction_not_found");
    const removed = await lookup("gone", "A1");
    expect(removed.status).toBe(422);
    expect(((await removed.json()) as { code: string }).code).toBe("unknown_connector");
    // The history cached from a.csv went with the connector it came from.
    expect((await scan("one")).transactions_analyzed).toBe(20);
    expect((await srv.call("GET", "/v1/connectors/two/status")).status).toBe(200);
  });

  test("a connector entry with a problem refuses the reload: connectors, modules and rules stay", async () => {
    const before = srv.rt.analysis.modelVersion;
    writeFileSync(
      srv.configFile,
      connectors("  - { id: inline, type: inline }\n  - { id: one, type: csv, transactions: ./c.csv }\n  - { id: three, type: csv }\nrules:\n  - { id: r, when: 'true' }\n"),
    );
    const result = reloadConfig(srv.rt, "test", {});
    expect(result.ok).toBe(false);
    expect(result.problems!.join("\n")).toContain("connectors[2].transactions");
    expect(await ids()).toEqual(["inline", "one", "two"]);
    expect(srv.rt.analysis.modelVersion).toBe(before);
    expect((await lookup("two", "B7")).status).toBe(200);
  });
});
