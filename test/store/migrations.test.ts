import { describe, expect, test } from "bun:test";
import { alertListQuery, SEEN_SQL } from "../../src/store/sqlite/alerts.ts";
import type { AlertListQuery } from "../../src/store/types.ts";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { migrate, openSqlite } from "../../src/store/sqlite/database.ts";
import { MIGRATIONS } from "../../src/store/migrations/index.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";
import { ANALYSES_PAGE_SQL } from "../../src/store/sqlite/analyses.ts";
import { makeTempDir } from "../support/harness.ts";

const options = (path: string) => ({ path, synchronous: "FULL" as const, busy_timeout_ms: 1000 });

describe("migrations", () => {
  test("apply in order on a new database and are recorded", () => {
    const db = openSqlite(options(":memory:"));
    const versions = db.query<{ version: number }, []>("SELECT version FROM schema_migrations ORDER BY version").all();
    expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
    expect(db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()!.journal_mode).toBe("memory");
    db.close();
  });

  test("an existing database keeps its data and gets only the missing migrations", async () => {
    const path = join(makeTempDir(), "a.db");
    const first = new Database(path);
    migrate(first, MIGRATIONS.slice(0, 1));
    first.query("INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_1', 'old', 'standard', '2026-01-01T00:00:00Z')").run();
    first.close();

    const store = SqliteStore.open(options(path));
    expect((await store.accounts.get("acct_1"))?.name).toBe("old");
    const applied = store.db.query<{ n: number }, []>("SELECT count(*) AS n FROM schema_migrations").get()!.n;
    expect(applied).toBe(MIGRATIONS.length);
    expect(store.db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()!.journal_mode).toBe("wal");
    expect(store.db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()!.synchronous).toBe(2);
    store.close();

    // Opening again runs nothing.
    const again = new Database(path);
    expect(migrate(again, MIGRATIONS)).toEqual([]);
    again.close();
  });

  test("analyses keep only the indexes their reads use, and the reads use them", () => {
    const db = openSqlite(options(":memory:"));
    const indexes = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'analyses' ORDER BY name").all();
    // The primary key's own index, and (account_id, id) for the keyset walk; not (account_id, created_at) (migration 31).
    expect(indexes.map((i) => i.name)).toEqual(["analyses_account_id", "sqlite_autoindex_analyses_1"]);
    const plan = (sql: string, params: Record<string, string | null>) =>
      db
        .query<{ detail: string }, Record<string, string | null>>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(params)
        .map((r) => r.detail)
        .join("; ");
    const page = { account: "acct_1", after: "", from: "2026-01-01T00:00:00Z", to: null, connector: "erp", module: null };
    expect(plan(ANALYSES_PAGE_SQL, page)).toContain("USING INDEX analyses_account_id (account_id=? AND id>?)");
    expect(plan(ANALYSES_PAGE_SQL, page)).not.toContain("TEMP B-TREE");
    db.close();
  });

  test("a re-analysis's one statement finds the suppression and the active alert each by its index", () => {
    const db = openSqlite(options(":memory:"));
    const plan = db
      .query<{ detail: string }, (string | null)[]>(`EXPLAIN QUERY PLAN ${SEEN_SQL}`)
      .all("acct_1", '["erp","INV-1"]', "erp", "a,b", "customer:C1")
      .map((r) => r.detail)
      .join("; ");
    expect(plan).toContain("SEARCH alerts USING INDEX alerts_active_dedupe (account_id=? AND dedupe_key=?)");
    // The UNIQUE (account_id, connector, codes, entity) of the table (sqlite_autoindex_alert_suppressions_2).
    expect(plan).toMatch(/SEARCH s USING COVERING INDEX sqlite_autoindex_alert_suppressions_\d \(account_id=\? AND connector=\? AND codes=\? AND entity=\?\)/);
    expect(plan).not.toContain("SCAN");
    db.close();
  });

  test("a page of alerts deep in a long list is an index range, not a scan of the newer ones", () => {
    const db = openSqlite(options(":memory:"));
    const plan = (q: AlertListQuery) => {
      const { sql, params } = alertListQuery(q);
      return db
        .query<{ detail: string }, [Record<string, string | number>]>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(params)
        .map((r) => r.detail)
        .join("; ");
    };
    const cursor = "alrt_01M8F6PQYCFYCFMNNQTJN45R3G";
    expect(plan({ account_id: "acct_1", starting_after: cursor, limit: 20 })).toContain("(account_id=? AND id<?)");
    expect(plan({ account_id: "acct_1", status: "open", starting_after: cursor, limit: 20 })).toContain("(account_id=? AND status=? AND id<?)");
    // The admin CLI's list across accounts: the primary key's range.
    expect(plan({ starting_after: cursor, limit: 20 })).toContain("(id<?)");
    for (const q of [{ account_id: "acct_1", starting_after: cursor, limit: 20 }, { account_id: "acct_1", limit: 20 }]) expect(plan(q)).not.toContain("TEMP B-TREE");
    db.close();
  });

  test("a failing migration rolls back and is not recorded", () => {
    const db = new Database(":memory:");
    const bad = { version: 99, name: "bad", up: "CREATE TABLE t (x INT); INSERT INTO nope VALUES (1);" };
    expect(() => migrate(db, [bad])).toThrow();
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 't'").get()).toBeNull();
    expect(db.query("SELECT * FROM schema_migrations").all()).toEqual([]);
  });
});
