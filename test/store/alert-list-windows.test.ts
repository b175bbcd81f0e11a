// The SQLite alert list read in windows (a filter by severity, connector or since) gives exactly
// the pages the one query gave: the same alerts, in the same order, with the same has_more, for
// random filters and cursors over alerts spread across several windows.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { SeededRandom } from "../../src/analysis/random.ts";
import { alertListQuery, LIST_WINDOW } from "../../src/store/sqlite/alerts.ts";
import type { AlertListQuery } from "../../src/store/types.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const ALERTS = LIST_WINDOW * 3 + 17;
const STATUSES = ["open", "acknowledged", "resolved", "dismissed"] as const;
const SEVERITIES = ["low", "medium", "high", "critical"];
const CONNECTORS = ["erp", "crm", "bank"];
let s: TestServer;
let db: Database;
const ids: string[] = [];

beforeAll(async () => {
  s = await startTestServer("", { driver: "sqlite" });
  db = new Database(join(s.dir, "assay.db"));
  db.exec("PRAGMA busy_timeout = 10000");
  const random = new SeededRandom(9);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random.next() * xs.length)]!;
  const insert = db.query(
    "INSERT INTO alerts (id, account_id, status, severity, title, source, connector, created_at, updated_at) VALUES (?, ?, ?, ?, 'x', 'api', ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 1; i <= ALERTS; i++) {
      const id = `alrt_0${String(i).padStart(25, "0")}`;
      const created = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      // Rare values, so that some pages need several windows; one in ten alerts of another account.
      const rare = random.next() < 0.02;
      insert.run(id, random.next() < 0.1 ? "acct_other" : s.creds.accountId, pick(STATUSES), rare ? "critical" : pick(SEVERITIES.slice(0, 3)), rare ? "bank" : pick(CONNECTORS.slice(0, 2)), created, created);
      ids.push(id);
    }
  })();
}, 60_000);
afterAll(async () => {
  db.close();
  await s.stop();
});

test("random filters and cursors: the windowed pages equal the one query's", async () => {
  const random = new SeededRandom(21);
  const maybe = <T>(xs: readonly T[]) => (random.next() < 0.5 ? xs[Math.floor(random.next() * xs.length)] : undefined);
  for (let round = 0; round < 150; round++) {
    const q: AlertListQuery = {
      account_id: random.next() < 0.9 ? s.creds.accountId : undefined,
      status: maybe(STATUSES),
      severity: maybe(SEVERITIES),
      connector: maybe(CONNECTORS),
      since: random.next() < 0.3 ? new Date(Date.UTC(2026, 0, 1) + Math.floor(random.next() * ALERTS) * 60_000).toISOString() : undefined,
      starting_after: random.next() < 0.5 ? ids[Math.floor(random.next() * ids.length)] : undefined,
      limit: 1 + Math.floor(random.next() * 100),
    };
    if (q.severity === undefined && q.connector === undefined && q.since === undefined) q.severity = "critical";
    const { sql, params } = alertListQuery(q);
    const rows = db.query<{ id: string }, [Record<string, string | number>]>(sql).all(params);
    const expected = { ids: rows.slice(0, q.limit).map((r) => r.id), has_more: rows.length > q.limit };
    const page = await s.rt.store.alerts.list(q);
    expect({ q, ids: page.data.map((a) => a.id), has_more: page.has_more }).toEqual({ q, ...expected });
  }
}, 60_000);
