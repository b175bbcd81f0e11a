// The sqlite connector end to end against an external SQLite file written by the sample-data
// writer: read-only, lookups, scans, a query source, reference tables, and a file that turns
// into garbage and back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { writeSqliteDataset } from "../../src/sampledata/write.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";
import { collect, firstCheck, json, statusOf } from "../support/services.ts";

const data = generateDataset({ seed: 5, invoices: 200 });
let server: TestServer;
let file: string;
let dir: string;

beforeAll(async () => {
  dir = makeTempDir("assay-sqlite-");
  file = join(dir, "billing.db");
  writeSqliteDataset(data, file);
  // A line number, so that lines come back in source order (line_order).
  const db = new Database(file);
  db.run("ALTER TABLE invoice_lines ADD COLUMN line_no INTEGER");
  db.run("UPDATE invoice_lines SET line_no = rowid");
  db.close();
  server = await startTestServer(
    `connectors:
  - id: erp
    type: sqlite
    path: ./billing.db
    transactions: invoice_lines
    line_order: line_no
    batch_size: 25
    reference: { contracts: contracts, price_list: price_list, shipments: shipments }
    status: { interval_s: 3600, unreachable_after: 2, recover_after: 1 }
  - id: credits
    type: sqlite
    path: ./billing.db
    transactions: "SELECT * FROM invoice_lines WHERE type = 'credit_note'"
    line_order: line_no
  - id: mismapped
    type: sqlite
    path: ./billing.db
    transactions: invoice_lines
    mapping: { amount: net_value }
`,
    { dir },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The transaction as read back: the extra line_no column is kept as an attribute. */
const withLineNo = (t: (typeof data.transactions)[number]) => ({ ...t, attributes: expect.objectContaining({ line_no: expect.any(Number) }) });

describe("sqlite connector", () => {
  test("listed over HTTP; healthy after a probe", async () => {
    const list = await json<{ data: Record<string, unknown>[] }>(await server.call("GET", "/v1/connectors"));
    expect(list.data[0]).toMatchObject({ id: "erp", type: "sqlite", capabilities: { lookup: true, scan: true, reference: ["contracts", "price_list", "shipments"] } });
    await firstCheck(server, "erp");
    expect((await server.rt.connectors.probe("erp"))!.status).toBe("healthy");
  });

  test("lookups and scans return exactly the generated transactions", async () => {
    const erp = server.rt.connectors.get("erp")!;
    for (const t of data.transactions.filter((_, i) => i % 11 === 0)) expect(await erp.getTransaction(t.transaction_id)).toEqual(withLineNo(t));
    const scanned = await collect(erp.scan());
    const expected = [...data.transactions].sort((a, b) => (a.transaction_id < b.transaction_id ? -1 : 1));
    expect(scanned).toEqual(expected.map(withLineNo));
    const res = await server.call("POST", "/v1/analyze", { connector: "erp", module: "compliance", data: { transaction_id: expected[0]!.transaction_id } });
    expect(res.status).toBe(200);
  });

  test("a query source and reference tables", async () => {
    const credits = await collect(server.rt.connectors.get("credits")!.scan());
    expect(credits.map((t) => t.transaction_id)).toEqual(data.transactions.filter((t) => t.type === "credit_note").map((t) => t.transaction_id).sort());
    expect(await server.rt.connectors.get("erp")!.reference()).toEqual(data.reference);
  });

  test("the file is opened read-only: it is never modified", async () => {
    const before = readFileSync(file);
    const mtime = statSync(file).mtimeMs;
    await collect(server.rt.connectors.get("erp")!.scan());
    expect(statSync(file).mtimeMs).toBe(mtime);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  test("a mapping naming a column the source does not have: the status says so, naming the mapping and the columns it has", async () => {
    const res = await server.call("POST", "/v1/analyze", { connector: "mismapped", module: "compliance", data: { transaction_id: "INV-000001" } });
    expect(res.status).toBe(200);
    const status = await json(await server.call("GET", "/v1/connectors/mismapped/status"));
    expect((status.mapping as { warnings: string[] }).warnings[0]).toContain('the transactions source has no column for mapping.amount: "net_value", so the field is absent (its columns: "transaction_id"');
  });

  test("garbage in place of the file → 503, unreachable; the real file back → healthy", async () => {
    copyFileSync(file, `${file}.good`);
    await server.rt.connectors.get("erp")!.close();
    writeFileSync(file, "this is not a database ".repeat(200));
    const res = await server.call("POST", "/v1/analyze", { connector: "erp", module: "compliance", data: { transaction_id: "INV-000001" } });
    expect(res.status).toBe(503);
    const problem = await json(res);
    expect(problem.detail).toContain("SQLite database could not be read");
    expect(problem.detail).not.toContain(file);
    expect((await server.rt.connectors.probe("erp"))!.status).toBe("unreachable");
    renameSync(`${file}.good`, file);
    expect((await server.rt.connectors.probe("erp"))!.status).toBe("healthy");
    expect((await statusOf(server, "erp")).consecutive_failures).toBe(0);
  });
});
