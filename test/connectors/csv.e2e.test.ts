// The csv connector end to end: sample data written as ERP exports on disk, read back through a
// running server (list, status, POST /v1/analyze by id) and through the connector itself.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { writeCsvDataset } from "../../src/sampledata/write.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";
import { collect, firstCheck, json, statusOf } from "../support/services.ts";

const data = generateDataset({ seed: 7, invoices: 300 });
let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = makeTempDir("assay-csv-");
  await writeCsvDataset(data, join(dir, "data"));
  mkdirSync(join(dir, "folder"));
  // The same lines split over two files of a folder, plus a file the pattern ignores.
  const lines = (await Bun.file(join(dir, "data", "invoice_lines.csv")).text()).split("\n");
  const header = lines[0]!;
  const body = lines.slice(1).filter(Boolean);
  const cut = body.findIndex((l, i) => i > body.length / 2 && l.split(",")[0] !== body[i - 1]!.split(",")[0]);
  writeFileSync(join(dir, "folder", "2025-a.csv"), `${header}\n${body.slice(0, cut).join("\n")}\n`);
  writeFileSync(join(dir, "folder", "2025-b.csv"), `${header}\n${body.slice(cut).join("\n")}\n`);
  writeFileSync(join(dir, "folder", "notes.txt"), "not a csv");
  // A ledger report with no id column (QuickBooks Online's General Ledger): rows named by number.
  mkdirSync(join(dir, "qbo"));
  writeFileSync(
    join(dir, "qbo", "general-ledger.csv"),
    ["Date,Transaction Type,Num,Name,Account,Debit,Credit", "01/03/2025,Expense,,Blue Bottle Café,Meals,12.50,", ",,,,,,", "01/04/2025,Invoice,1001,Greenway HOA,Sales,,1450.00", ""].join("\n"),
  );
  server = await startTestServer(
    `connectors:
  - id: billing
    type: csv
    name: ERP billing export
    transactions: ./data/invoice_lines.csv
    reference: { contracts: ./data/contracts.csv, price_list: ./data/price_list.csv, shipments: ./data/shipments.csv }
  - id: folder
    type: csv
    transactions: ./folder
  - id: inline
    type: inline
    reference: { price_list: ./data/price_list.csv }
  - id: private
    type: csv
    transactions: ./data/invoice_lines.csv
    accounts: [acct_someone_else]
  - id: off
    type: csv
    enabled: false
    transactions: ./data/invoice_lines.csv
  - id: qbo
    type: csv
    transactions: ./qbo/general-ledger.csv
    csv: { date_format: MM/DD/YYYY }
    mapping: { transaction_id: $row, date: Date, customer_id: Name, debit: Debit, credit: Credit }
`,
    { dir },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("csv connector over HTTP", () => {
  test("GET /v1/connectors lists what the account may use, with capabilities and modules", async () => {
    const res = await server.call("GET", "/v1/connectors");
    expect(res.status).toBe(200);
    const list = await json<{ object: string; data: Record<string, unknown>[]; has_more: boolean }>(res);
    expect(list.object).toBe("list");
    expect(list.has_more).toBe(false);
    expect(list.data.map((c) => c.id)).toEqual(["billing", "folder", "inline", "off", "qbo"]);
    const billing = list.data[0]!;
    expect(billing).toMatchObject({
      id: "billing",
      object: "connector",
      type: "csv",
      name: "ERP billing export",
      capabilities: { lookup: true, scan: true, reference: ["contracts", "price_list", "shipments"] },
      modules: ["revenue_leakage", "anomaly_detection", "duplicate_detection", "compliance"],
    });
    expect(list.data[1]!.modules).toEqual(["anomaly_detection", "duplicate_detection", "compliance"]);
    expect(list.data[2]).toMatchObject({ type: "inline", capabilities: { lookup: false, scan: false, reference: ["price_list"] } });
    expect(list.data[3]!.status).toBe("disabled");
  });

  test("pagination with limit and starting_after", async () => {
    const first = await json<{ data: { id: string }[]; has_more: boolean }>(await server.call("GET", "/v1/connectors?limit=2"));
    expect(first.data.map((c) => c.id)).toEqual(["billing", "folder"]);
    expect(first.has_more).toBe(true);
    const next = await json<{ data: { id: string }[]; has_more: boolean }>(await server.call("GET", "/v1/connectors?limit=2&starting_after=folder"));
    expect(next.data.map((c) => c.id)).toEqual(["inline", "off"]);
    expect(next.has_more).toBe(true);
    const last = await json<{ data: { id: string }[]; has_more: boolean }>(await server.call("GET", "/v1/connectors?limit=2&starting_after=off"));
    expect(last.data.map((c) => c.id)).toEqual(["qbo"]);
    expect(last.has_more).toBe(false);
    expect((await server.call("GET", "/v1/connectors?limit=0")).status).toBe(422);
  });

  test("status: healthy after a probe; 404 unknown; 403 restricted; disabled stays disabled", async () => {
    await server.rt.connectors.probe("billing");
    const status = await statusOf(server, "billing");
    expect(status).toMatchObject({ object: "connector_status", connector: "billing", status: "healthy", consecutive_failures: 0, message: "ok" });
    expect(typeof status.checked_at).toBe("string");
    expect(typeof status.last_success_at).toBe("string");
    expect(status.mapping).toEqual({ rejected_rows: 0, samples: [] });
    const unknown = await server.call("GET", "/v1/connectors/nope/status");
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).code).toBe("not_found");
    const restricted = await server.call("GET", "/v1/connectors/private/status");
    expect(restricted.status).toBe(403);
    expect((await json(restricted)).code).toBe("forbidden");
    expect(await statusOf(server, "off")).toMatchObject({ status: "disabled", checked_at: null });
  });

  test("an allowed account sees a restricted connector", async () => {
    const other = await server.newAccount();
    // Account ids are minted at run time, so the allow-list is extended in place (settings share it).
    const config = server.rt.config.connectors.find((c) => c.id === "private")!;
    config.accounts!.push(other.accountId);
    const list = await json<{ data: { id: string }[] }>(await server.call("GET", "/v1/connectors", undefined, { creds: other }));
    expect(list.data.map((c) => c.id)).toContain("private");
    expect((await server.call("GET", "/v1/connectors/private/status", undefined, { creds: other })).status).toBe(200);
  });

  test("POST /v1/analyze looks a transaction up in the CSV file; a missing id is 404", async () => {
    const target = data.transactions[42]!;
    const res = await server.call("POST", "/v1/analyze", { connector: "billing", module: "compliance", data: { transaction_id: target.transaction_id } });
    expect(res.status).toBe(200);
    expect((await json(res)).transaction_id).toBe(target.transaction_id);
    const missing = await server.call("POST", "/v1/analyze", { connector: "billing", module: "compliance", data: { transaction_id: "INV-NOPE" } });
    expect(missing.status).toBe(404);
    expect((await json(missing)).code).toBe("transaction_not_found");
  });

  test("a file with no id column, mapped transaction_id: $row, is looked up by row number", async () => {
    const res = await server.call("POST", "/v1/analyze", { connector: "qbo", module: "anomaly_detection", data: { transaction_id: "3" } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ transaction_id: "3" });
    const blank = await server.call("POST", "/v1/analyze", { connector: "qbo", module: "anomaly_detection", data: { transaction_id: "2" } });
    expect(blank.status).toBe(404);
  });
});

describe("csv connector reads exactly what was written", () => {
  test("every lookup equals the generated transaction", async () => {
    const billing = server.rt.connectors.get("billing")!;
    for (const t of data.transactions.filter((_, i) => i % 7 === 0)) expect(await billing.getTransaction(t.transaction_id)).toEqual(t);
    expect(await billing.getTransaction("INV-NOPE")).toBeNull();
  });

  test("a scan streams every transaction in file order; limit and date range apply", async () => {
    const billing = server.rt.connectors.get("billing")!;
    expect(await collect(billing.scan())).toEqual(data.transactions);
    expect(await collect(billing.scan({ limit: 5 }))).toEqual(data.transactions.slice(0, 5));
    const feb = await collect(billing.scan({ from: "2025-02-01", to: "2025-02-28" }));
    expect(feb).toEqual(data.transactions.filter((t) => t.date! >= "2025-02-01" && t.date!.slice(0, 10) <= "2025-02-28"));
    expect(feb.length).toBeGreaterThan(10);
  });

  test("a folder of files reads as one source; files the pattern does not match are ignored", async () => {
    const folder = server.rt.connectors.get("folder")!;
    expect(await collect(folder.scan())).toEqual(data.transactions);
    const last = data.transactions.at(-1)!;
    expect(await folder.getTransaction(last.transaction_id)).toEqual(last);
  });

  test("reference tables equal the generated ones; inline serves its reference file", async () => {
    expect(await server.rt.connectors.get("billing")!.reference()).toEqual(data.reference);
    const inline = server.rt.connectors.get("inline")!;
    expect(await inline.reference()).toEqual({ contracts: [], price_list: data.reference.price_list, shipments: [] });
    expect(await inline.getTransaction("INV-000001")).toBeNull();
  });

  test("the index is rebuilt when the file changes", async () => {
    const file = join(dir, "data", "invoice_lines.csv");
    const billing = server.rt.connectors.get("billing")!;
    expect(await billing.getTransaction("INV-LATE")).toBeNull();
    appendFileSync(file, "INV-LATE,invoice,2025-06-30T10:00:00Z,CUST-0001,USD,10,0.8,0.08,,,alice,bruno,SKU-1001,1,10,10,0,10\n");
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await billing.getTransaction("INV-LATE")).toMatchObject({ transaction_id: "INV-LATE", amount: 10, lines: [{ sku: "SKU-1001", amount: 10 }] });
  });
});

describe("csv connector status follows the file", () => {
  test("file gone → degraded → unreachable (calls fail fast with 503) → back → recovering → healthy", async () => {
    const offDir = makeTempDir();
    const file = join(offDir, "lines.csv");
    writeFileSync(file, "transaction_id,amount\nA,1\n");
    const off = await startTestServer(
      `connectors:
  - id: erp
    type: csv
    transactions: ./lines.csv
    status: { interval_s: 3600, unreachable_after: 2, recover_after: 2 }
`,
      { dir: offDir },
    );
    try {
      await firstCheck(off, "erp");
      expect((await off.rt.connectors.probe("erp"))!.status).toBe("healthy");
      renameSync(file, `${file}.moved`);
      expect((await off.rt.connectors.probe("erp"))!).toMatchObject({ status: "degraded", consecutive_failures: 1 });
      expect((await off.rt.connectors.probe("erp"))!).toMatchObject({ status: "unreachable", consecutive_failures: 2 });
      const status = await statusOf(off, "erp");
      expect(status.message).toContain("does not exist");
      expect(String(status.message)).not.toContain(off.dir);
      const fast = await off.call("POST", "/v1/analyze", { connector: "erp", module: "compliance", data: { transaction_id: "A" } });
      expect(fast.status).toBe(503);
      expect((await json(fast)).code).toBe("connector_unavailable");
      const health = await json<{ checks: { connectors: Record<string, number> } }>(await off.call("GET", "/v1/health"));
      expect(health.checks.connectors.unreachable).toBe(1);
      renameSync(`${file}.moved`, file);
      expect((await off.rt.connectors.probe("erp"))!).toMatchObject({ status: "degraded", consecutive_failures: 0 });
      expect((await off.rt.connectors.probe("erp"))!).toMatchObject({ status: "healthy", message: "ok" });
      expect(await off.rt.connectors.get("erp")!.getTransaction("A")).toMatchObject({ transaction_id: "A", amount: 1 });
    } finally {
      await off.stop();
      rmSync(offDir, { recursive: true, force: true });
    }
  });

  test("a cached reference answer does not count as a successful check", async () => {
    const sDir = makeTempDir();
    writeFileSync(join(sDir, "lines.csv"), "transaction_id\nA\n");
    writeFileSync(join(sDir, "prices.csv"), "sku,list_price\nX,1\n");
    const s = await startTestServer(
      `connectors:\n  - { id: erp, type: csv, transactions: ./lines.csv, reference: { price_list: ./prices.csv }, status: { interval_s: 3600 } }\n`,
      { dir: sDir },
    );
    try {
      await firstCheck(s, "erp");
      const erp = s.rt.connectors.get("erp")!;
      expect((await erp.reference()).price_list).toEqual([{ sku: "X", list_price: 1 }]);
      rmSync(join(s.dir, "lines.csv"));
      expect((await s.rt.connectors.probe("erp"))!.consecutive_failures).toBe(1);
      await erp.reference();
      expect((await statusOf(s, "erp")).consecutive_failures).toBe(1);
    } finally {
      await s.stop();
      rmSync(sDir, { recursive: true, force: true });
    }
  });

  test("the background monitor probes on its own interval", async () => {
    const s = await startTestServer(`connectors:\n  - { id: erp, type: csv, transactions: ./missing.csv, status: { interval_s: 0.05, unreachable_after: 2 } }\n`);
    try {
      const deadline = Date.now() + 3000;
      while ((await statusOf(s, "erp")).status !== "unreachable" && Date.now() < deadline) await Bun.sleep(20);
      expect((await statusOf(s, "erp")).status).toBe("unreachable");
    } finally {
      await s.stop();
    }
  });
});
