// A sqlite connector reads a reference table in short slices by rowid, handing the event loop a
// turn between them: a context rebuild over a big table no longer holds the server for the whole
// read, and between slices it holds no lock on the customer's file, so the ERP writing to it is
// never refused (SQLITE_BUSY) because of the read. Counted, not timed: an immediate callback
// re-armed at each turn runs only when the loop gets one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { SqlConnector } from "../../src/connectors/sql/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { parseConfig } from "../../src/config/load.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { writeSqliteDataset } from "../../src/sampledata/write.ts";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import type { Connector } from "../../src/connectors/types.ts";
import { silentLogger } from "../../src/log.ts";
import { makeTempDir } from "../support/harness.ts";
import { turnsDuring } from "../support/turns.ts";
import { fixedClock, memoryConnector, modulesConfig } from "../support/engine.ts";

// ~21,000 shipments: the big table.
const data = generateDataset({ seed: 11, invoices: 6_000 });
let dir: string;
let file: string;

function connector(reference: string, extra = ""): SqlConnector {
  const yaml = `connectors:
  - id: erp
    type: sqlite
    path: ./billing.db
    transactions: invoice_lines
    reference: ${reference}
${extra}`;
  return new SqlConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

const TABLES = "{ contracts: contracts, price_list: price_list, shipments: shipments }";

beforeAll(() => {
  dir = makeTempDir("assay-sqlite-slices-");
  file = join(dir, "billing.db");
  writeSqliteDataset(data, file);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("sqlite reference tables, read in slices", () => {
  test("the reference read hands the event loop turns and gives exactly the rows of the tables", async () => {
    expect(data.reference.shipments.length).toBeGreaterThan(20_000);
    const erp = connector(TABLES);
    const { result: reference, turns } = await turnsDuring(() => erp.reference());
    // Every row, in the table's order, as one pass read them (sqlite.e2e.test.ts checks the same
    // of a small file).
    expect(reference).toEqual(data.reference);
    // ~21,000 rows in slices of a few hundred: dozens of turns. In one pass: none.
    expect(turns).toBeGreaterThanOrEqual(20);
    await erp.close();
  });

  test("a revenue_leakage scan over the file finds exactly what it finds over the same data in memory", async () => {
    const findings = async (connector: Connector) => {
      const engine = new AssayAnalysisEngine({
        modules: modulesConfig(),
        autoThreshold: 101,
        connectors: connectorAccess([connector]),
        analyses: { insert: async () => {}, async *iterate() {} },
        clock: fixedClock,
        log: silentLogger,
        scanWorkers: 1,
      });
      const out: string[] = [];
      for await (const f of engine.scanFindings({ accountId: "acct_test", connector: connector.id, module: "revenue_leakage", limit: 1_000_000 })) {
        out.push(`${f.transaction.transaction_id} ${f.risk_score} ${f.anomalies.map((a) => a.code).join(",")}`);
      }
      return out.sort();
    };
    const erp = connector(TABLES);
    const fromFile = await findings(erp);
    const inMemory = await findings(memoryConnector({ transactions: data.transactions, reference: data.reference }));
    expect(fromFile.length).toBeGreaterThan(0);
    expect(fromFile).toEqual(inMemory);
    await erp.close();
  });

  test("a view, a WITHOUT ROWID table and a table with a column named rowid read the same rows", async () => {
    const db = new Database(file);
    db.run("CREATE VIEW IF NOT EXISTS price_view AS SELECT * FROM price_list");
    // Keyed by the original row's number: the same order, and no rowid to page by.
    db.run(`CREATE TABLE IF NOT EXISTS contracts_wr (wr_key INTEGER PRIMARY KEY, ${columnsOf(db, "contracts")}) WITHOUT ROWID`);
    db.run("INSERT OR IGNORE INTO contracts_wr SELECT rowid, * FROM contracts");
    // A column of its own named rowid hides the table's rowid under that name.
    db.run(`CREATE TABLE IF NOT EXISTS shipments_rowid ("rowid" TEXT, ${columnsOf(db, "shipments")})`);
    db.run("INSERT INTO shipments_rowid SELECT 'r' || rowid, * FROM shipments");
    db.close();
    const erp = connector("{ contracts: contracts_wr, price_list: price_view, shipments: shipments_rowid }");
    const reference = await erp.reference();
    expect(reference.price_list).toEqual(data.reference.price_list);
    // The extra columns (wr_key, rowid) are kept as attributes: compared without them.
    const bare = <T extends object>(rows: T[]) => rows.map((r) => ({ ...r, attributes: undefined }));
    expect(bare(reference.contracts)).toEqual(bare(data.reference.contracts));
    expect(bare(reference.shipments)).toEqual(bare(data.reference.shipments));
    await erp.close();
  });

  test("the ERP writes to the table while it is read: never refused, and the next read sees every row", async () => {
    const erp = connector(TABLES);
    // The ERP's connection, without a busy timeout: a lock held by the reader across a turn
    // would refuse its write at once (SQLITE_BUSY).
    const erpDb = new Database(file);
    erpDb.run("PRAGMA busy_timeout = 0");
    const template = erpDb.query("SELECT * FROM shipments LIMIT 1").get() as Record<string, unknown>;
    const columns = Object.keys(template);
    const insert = erpDb.prepare(`INSERT INTO shipments (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
    const refused: string[] = [];
    let written = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      try {
        insert.run(...(columns.map((c) => (c === "shipment_id" ? `SHP-NEW-${written}` : template[c])) as string[]));
        written++;
      } catch (e) {
        refused.push((e as Error).message);
      }
      setImmediate(tick);
    };
    setImmediate(tick);
    const during = await erp.reference();
    running = false;
    expect(refused).toEqual([]);
    expect(written).toBeGreaterThanOrEqual(10);
    // What the read saw: every row there before it began, in order, then those appended while it
    // ran that were committed before its last slice (rowid order: appends come last).
    expect(during.shipments.slice(0, data.reference.shipments.length)).toEqual(data.reference.shipments);
    expect(during.shipments.length - data.reference.shipments.length).toBeLessThanOrEqual(written);
    // The next read (the file changed: its revision moves, the context is rebuilt) sees them all.
    const fresh = connector(TABLES);
    expect((await fresh.reference()).shipments.length).toBe(data.reference.shipments.length + written);
    erpDb.run("DELETE FROM shipments WHERE shipment_id LIKE 'SHP-NEW-%'");
    erpDb.close();
    await Promise.all([erp.close(), fresh.close()]);
  });

  // A statement prepared before an ALTER TABLE is prepared again by SQLite on its next run, so the
  // slices after it have the new columns: the rowid was read from the place after the OLD columns
  // (an added column's NULL: the next slice "after NULL" was empty, and the read ended there, 512
  // of 21,000 shipments, without a word), and a dropped column shifted every later value under
  // the previous column's name. The read now fails saying so, and the next one reads the new table.
  for (const [change, sql] of [
    ["a column added", "ALTER TABLE shipments_altered ADD COLUMN note TEXT"],
    ["a column dropped", "ALTER TABLE shipments_altered DROP COLUMN date"],
  ] as const) {
    test(`the ERP changes the table's columns while it is read (${change}): the read fails saying so, no row lost or shifted, and the next read has them all`, async () => {
      const db = new Database(file);
      db.run("DROP TABLE IF EXISTS shipments_altered");
      db.run(`CREATE TABLE shipments_altered (${columnsOf(db, "shipments")})`);
      db.run("INSERT INTO shipments_altered SELECT * FROM shipments");
      const erp = connector("{ contracts: contracts, price_list: price_list, shipments: shipments_altered }");
      let turns = 0;
      let running = true;
      const tick = () => {
        if (++turns === 3) db.run(sql);
        if (running) setImmediate(tick);
      };
      setImmediate(tick);
      const read = await erp.reference().then(
        (r) => r,
        (e: { code?: string; status?: number; message?: string }) => e,
      );
      running = false;
      expect(turns).toBeGreaterThanOrEqual(3);
      expect(read).toMatchObject({ code: "connector_unavailable", status: 503 });
      expect((read as { message: string }).message).toContain(`the SQLite table "shipments_altered": its columns changed while it was read`);
      const again = await erp.reference();
      expect(again.shipments.length).toBe(data.reference.shipments.length);
      expect(again.shipments.map((s) => s.shipment_id)).toEqual(data.reference.shipments.map((s) => s.shipment_id));
      db.run("DROP TABLE shipments_altered");
      db.close();
      await erp.close();
    });
  }

  test("the ERP holds the file locked while a slice begins (SQLITE_BUSY): the slice is tried again, and the read completes", async () => {
    const erp = connector(TABLES);
    const erpDb = new Database(file);
    // An exclusive lock: no reader may start a statement until it ends.
    erpDb.run("BEGIN EXCLUSIVE");
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (turns === 5) erpDb.run("COMMIT");
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const reference = await erp.reference();
    running = false;
    expect(reference).toEqual(data.reference);
    expect(turns).toBeGreaterThanOrEqual(5);
    erpDb.close();
    await erp.close();
  });

  test("the lock held longer than the connector's timeout_ms: the read fails as the source's unavailability (a 503 with its code), and the next read succeeds", async () => {
    const erp = connector(TABLES, "    timeout_ms: 50\n");
    const erpDb = new Database(file);
    erpDb.run("BEGIN EXCLUSIVE");
    const failed = await erp.reference().then(
      () => undefined,
      (e: { code?: string; status?: number; message?: string }) => e,
    );
    erpDb.run("COMMIT");
    erpDb.close();
    expect(failed).toMatchObject({ code: "connector_unavailable", status: 503 });
    expect(failed!.message).toContain("SQLITE_BUSY");
    // A failed read is not cached: the next one reads the file again.
    expect(await erp.reference()).toEqual(data.reference);
    await erp.close();
  });
});

/** A table's column definitions, for a copy of it. */
function columnsOf(db: Database, table: string): string {
  const cols = db.query(`PRAGMA table_info(${table})`).all() as { name: string; type: string }[];
  return cols.map((c) => `"${c.name}" ${c.type}`).join(", ");
}

describe("sqlite reference tables after the ERP changed their columns", () => {
  // The slices' statements are kept (db.query) from one read to the next, and a kept statement's
  // column names stay those it was first prepared with: a connector that had read the table once
  // read every later version of it under the old header — after a column was added, 256 rows of
  // 21,000 (the key read after the old columns was the new column's NULL); after one was dropped,
  // every value under the previous column's name.
  for (const [change, sql] of [
    ["a column added", "ALTER TABLE shipments_later ADD COLUMN note TEXT"],
    ["a column dropped", "ALTER TABLE shipments_later DROP COLUMN date"],
  ] as const) {
    test(`${change} between two reads: the next read has every row, each value under its own column`, async () => {
      const db = new Database(file);
      db.run("DROP TABLE IF EXISTS shipments_later");
      db.run(`CREATE TABLE shipments_later (${columnsOf(db, "shipments")})`);
      db.run("INSERT INTO shipments_later SELECT * FROM shipments");
      const erp = connector("{ contracts: contracts, price_list: price_list, shipments: shipments_later }", "    reference_ttl_s: 0\n");
      expect((await erp.reference()).shipments).toEqual(data.reference.shipments);
      db.run(sql);
      const after = await erp.reference();
      expect(after.shipments.length).toBe(data.reference.shipments.length);
      // Each value under its own column: the dropped date absent, every other field as it was.
      const kept = (s: (typeof data.reference.shipments)[number]) => ({ ...s, date: change === "a column added" ? s.date : undefined });
      expect(after.shipments.map(kept)).toEqual(data.reference.shipments.map(kept));
      db.run("DROP TABLE shipments_later");
      db.close();
      await erp.close();
    });
  }
});
