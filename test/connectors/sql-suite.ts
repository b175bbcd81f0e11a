// One end-to-end suite for the postgres and mysql connectors against the real servers: sample
// data in uniquely named tables, read back through a running Assay (list, status, analyze by id)
// and the connector itself; a TCP proxy stops and slows the server to drive the status through
// degraded → unreachable → recovery; a garbage-speaking port and a dead one must fail cleanly
// without ever echoing the password.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import type { Transaction } from "../../src/domain/transaction.ts";
import { memoryLogger } from "../../src/log.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { dropSqlDataset, type SqlDialect, writeSqlDataset } from "../../src/sampledata/write.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { collect, firstCheck, json, serviceAvailable, statusOf, TcpProxy, uniquePrefix } from "../support/services.ts";

const SECRET = "s3cr3t-Pa55-do-not-echo";

export async function sqlConnectorSuite(dialect: SqlDialect, url: string) {
  const type = dialect === "mysql" ? "mysql" : "postgres";
  const available = await serviceAvailable(type, url);
  const data = generateDataset({ seed: dialect === "mysql" ? 11 : 13, invoices: 150 });
  const prefix = uniquePrefix(dialect === "mysql" ? "my" : "pg");
  const target = new URL(url);
  const proxy = new TcpProxy(target.hostname, Number(target.port || (dialect === "mysql" ? 3306 : 5432)));
  const log = memoryLogger();
  let server: TestServer;
  let sql: SQL;
  let garbage: ReturnType<typeof Bun.serve>;

  describe.skipIf(!available)(`${type} connector against the real server`, () => {
    beforeAll(async () => {
      sql = new SQL(url);
      await writeSqlDataset(sql, data, { dialect, prefix });
      await sql.unsafe(`CREATE TABLE ${prefix}bad (transaction_id VARCHAR(20), amount VARCHAR(20), currency VARCHAR(10))`);
      await sql.unsafe(`INSERT INTO ${prefix}bad VALUES ('B-1', '12.50', 'USD'), ('B-2', 'n/a', 'USD'), ('B-3', '1', 'dollars')`);
      const proxyPort = proxy.start();
      garbage = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("<html>not a database</html>") });
      const viaProxy = new URL(url);
      viaProxy.host = `127.0.0.1:${proxyPort}`;
      const dead = `${type}://assay:${SECRET}@127.0.0.1:1/test`;
      const noise = `${type}://assay:${SECRET}@127.0.0.1:${garbage.port}/test`;
      const tables = `transactions: ${prefix}invoice_lines
    reference: { contracts: ${prefix}contracts, price_list: ${prefix}price_list, shipments: ${prefix}shipments }`;
      server = await startTestServer(
        `connectors:
  - id: db
    type: ${type}
    url: \${DB_URL}
    ${tables}
    batch_size: 40
    pool_size: 3
  - id: eur
    type: ${type}
    url: \${DB_URL}
    transactions: "SELECT * FROM ${prefix}invoice_lines WHERE currency = 'EUR'"
  - id: bad
    type: ${type}
    url: \${DB_URL}
    transactions: ${prefix}bad
  - id: proxied
    type: ${type}
    url: \${PROXY_URL}
    ${tables}
    timeout_ms: 2000
    status: { interval_s: 3600, unreachable_after: 2, recover_after: 2, slow_ms: 1000 }
  - id: dead
    type: ${type}
    url: \${DEAD_URL}
    transactions: lines
    timeout_ms: 1500
  - id: noise
    type: ${type}
    url: \${NOISE_URL}
    transactions: lines
    timeout_ms: 1500
`,
        { env: { DB_URL: url, PROXY_URL: viaProxy.toString(), DEAD_URL: dead, NOISE_URL: noise }, log },
      );
    });

    afterAll(async () => {
      await server?.stop();
      proxy.stop();
      garbage?.stop(true);
      if (sql) {
        await dropSqlDataset(sql, { dialect, prefix });
        await sql.unsafe(`DROP TABLE IF EXISTS ${prefix}bad`);
        await sql.close();
      }
    });

    test("listed with its capabilities and modules", async () => {
      await server.rt.connectors.probe("db");
      const list = await json<{ data: Record<string, unknown>[] }>(await server.call("GET", "/v1/connectors"));
      expect(list.data.find((c) => c.id === "db")).toMatchObject({
        type,
        status: "healthy",
        capabilities: { lookup: true, scan: true, reference: ["contracts", "price_list", "shipments"] },
        modules: ["revenue_leakage", "anomaly_detection", "duplicate_detection", "compliance"],
      });
    });

    test("lookups return exactly the generated transactions (NUMERIC, timestamps and dates mapped)", async () => {
      const db = server.rt.connectors.get("db")!;
      for (const t of data.transactions.filter((_, i) => i % 9 === 0)) expect(sortById([await db.getTransaction(t.transaction_id)])).toEqual(sortById([t]));
      expect(await db.getTransaction("INV-NOPE")).toBeNull();
      const res = await server.call("POST", "/v1/analyze", { connector: "db", module: "compliance", data: { transaction_id: data.transactions[3]!.transaction_id } });
      expect(res.status).toBe(200);
      const missing = await server.call("POST", "/v1/analyze", { connector: "db", module: "compliance", data: { transaction_id: "INV-NOPE" } });
      expect(missing.status).toBe(404);
    });

    test("a scan pages through the table (batch_size 40) and returns every transaction whole", async () => {
      const db = server.rt.connectors.get("db")!;
      const scanned = await collect(db.scan());
      expect(sortById(scanned)).toEqual(sortById(data.transactions));
      expect(await collect(db.scan({ limit: 7 }))).toHaveLength(7);
      const march = await collect(db.scan({ from: "2025-03-01", to: "2025-03-31" }));
      expect(sortById(march)).toEqual(sortById(data.transactions.filter((t) => t.date!.slice(0, 7) === "2025-03")));
    });

    test("scans stopped early give their connection back to the pool (pool_size 3)", async () => {
      const db = server.rt.connectors.get("db")!;
      for (let i = 0; i < 8; i++) expect(await collect(db.scan({ limit: 1 }))).toHaveLength(1);
      const t = data.transactions[5]!;
      expect(sortById([await db.getTransaction(t.transaction_id)])).toEqual(sortById([t]));
    });

    test("a SELECT query from the config is a source too (values bound as parameters)", async () => {
      const eur = server.rt.connectors.get("eur")!;
      const scanned = await collect(eur.scan());
      expect(sortById(scanned)).toEqual(sortById(data.transactions.filter((t) => t.currency === "EUR")));
      const usd = data.transactions.find((t) => t.currency === "USD")!;
      expect(await eur.getTransaction(usd.transaction_id)).toBeNull();
      expect(await eur.getTransaction("x' OR '1'='1")).toBeNull();
    });

    test("reference tables equal the generated ones", async () => {
      const ref = await server.rt.connectors.get("db")!.reference();
      expect(sortBy(ref.contracts, (c) => c.contract_id + c.sku)).toEqual(sortBy(data.reference.contracts, (c) => c.contract_id + c.sku));
      expect(sortBy(ref.price_list, (p) => p.sku + p.currency)).toEqual(sortBy(data.reference.price_list, (p) => p.sku + p.currency));
      expect(sortBy(ref.shipments, (s) => s.shipment_id)).toEqual(sortBy(data.reference.shipments, (s) => s.shipment_id));
    });

    test("rows that cannot be mapped are reported in the status", async () => {
      const scanned = await collect(server.rt.connectors.get("bad")!.scan());
      expect(scanned.map((t) => t.transaction_id)).toEqual(["B-1", "B-2", "B-3"]);
      expect(scanned[0]).toMatchObject({ amount: 12.5, currency: "USD" });
      const mapping = (await statusOf(server, "bad")).mapping as { rejected_rows: number; samples: { reason: string }[] };
      expect(mapping.rejected_rows).toBe(2);
      expect(mapping.samples.map((s) => s.reason)).toEqual(['amount: "n/a" is not a number', 'currency: "dollars" is not an ISO 4217 currency code']);
    });

    test("stopped → degraded → unreachable (fail fast) → restarted → recovering → healthy", async () => {
      const rt = server.rt;
      await firstCheck(server, "proxied");
      expect((await rt.connectors.probe("proxied"))!.status).toBe("healthy");
      proxy.stop();
      expect((await rt.connectors.probe("proxied"))!).toMatchObject({ status: "degraded", consecutive_failures: 1 });
      expect((await rt.connectors.probe("proxied"))!).toMatchObject({ status: "unreachable", consecutive_failures: 2 });
      const started = performance.now();
      const res = await server.call("POST", "/v1/analyze", { connector: "proxied", module: "compliance", data: { transaction_id: "INV-000001" } });
      expect(res.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(200);
      expect(((await json(res)).detail as string).includes("unreachable")).toBe(true);
      proxy.start();
      expect((await rt.connectors.probe("proxied"))!).toMatchObject({ status: "degraded", consecutive_failures: 0 });
      expect((await rt.connectors.probe("proxied"))!).toMatchObject({ status: "healthy" });
      const t = data.transactions[0]!;
      expect(sortById([await rt.connectors.get("proxied")!.getTransaction(t.transaction_id)])).toEqual(sortById([t]));
    });

    test("slowed past timeout_ms → 504 connector_timeout; slow but in time → degraded; then healthy again", async () => {
      const rt = server.rt;
      // Margins of a second or more: a probe of a healthy server on a loaded 2-core machine can take
      // a few hundred milliseconds, which must not read as slow.
      proxy.delayMs = 2300;
      const res = await server.call("POST", "/v1/analyze", { connector: "proxied", module: "compliance", data: { transaction_id: "INV-000002" } });
      expect(res.status).toBe(504);
      expect((await json(res)).code).toBe("connector_timeout");
      expect((await statusOf(server, "proxied")).status).toBe("degraded");
      proxy.delayMs = 0;
      await rt.connectors.probe("proxied");
      expect((await rt.connectors.probe("proxied"))!.status).toBe("healthy");
      proxy.delayMs = 1300;
      const slow = await rt.connectors.probe("proxied");
      expect(slow).toMatchObject({ status: "degraded" });
      expect(slow!.message).toContain("slow");
      proxy.delayMs = 0;
    });

    test("a dead server and one that speaks garbage fail cleanly; the password is never echoed", async () => {
      for (const id of ["dead", "noise"]) {
        const res = await server.call("POST", "/v1/analyze", { connector: id, module: "compliance", data: { transaction_id: "X" } });
        expect([503, 504]).toContain(res.status);
        const text = await res.text();
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain("assay:");
        const status = await server.rt.connectors.probe(id);
        expect(status!.status).not.toBe("healthy");
        expect(JSON.stringify(await statusOf(server, id))).not.toContain(SECRET);
      }
      const list = await server.call("GET", "/v1/connectors");
      expect(await list.text()).not.toContain(SECRET);
      expect(JSON.stringify(log.lines)).not.toContain(SECRET);
      expect(log.lines.some((l) => l.msg === "connector status changed")).toBe(true);
    });
  });
}

/** By id, each with its lines by SKU: without line_order a database returns lines in any order. */
function sortById(ts: (Transaction | null)[]): Transaction[] {
  return sortBy(
    ts.filter((t): t is Transaction => t !== null).map((t) => ({ ...t, lines: sortBy(t.lines, (l) => l.sku!) })),
    (t) => t.transaction_id,
  );
}

function sortBy<T>(items: T[], key: (x: T) => string): T[] {
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
