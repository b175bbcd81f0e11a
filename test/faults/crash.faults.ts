// `make test-faults`, part 1: kill -9 at random moments under concurrent writes, for ROUNDS rounds
// (FAULT_ROUNDS, default 30). Writers create alerts, reports and analyses, every one with an
// Idempotency-Key; the server (`bun run src/main.ts serve`, or $ASSAY_BINARY) is SIGKILLed after
// a random delay and restarted. Then, on the last server:
//   - every acknowledged write is present exactly once;
//   - every Idempotency-Key sent resolves (replays the acknowledged answer, or runs now) — none is
//     stuck "in progress";
//   - PRAGMA integrity_check passes (SQLite).
// With ASSAY_TEST_STORAGE=postgres the same test runs against the PostgreSQL store (`make
// test-faults` runs both): the same checks, read from that database.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import { testStorageDriver } from "../support/postgres.ts";
import { type Credentials, signedFetch, startTestServer } from "../support/harness.ts";
import { spawnServe } from "../support/process.ts";
import { UNLIMITED_PLAN } from "../support/server.ts";

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 30);
const WRITERS = 6;

interface Sent {
  kind: "alert" | "report" | "analysis";
  key: string;
  path: string;
  body: unknown;
  /** The id of the acknowledged answer (2xx), if one came back. */
  ackedId?: string;
}

let dir: string;
let configFile: string;
let creds: Credentials;
let cleanup: () => Promise<void>;
const sent: Sent[] = [];
const figures = { rounds: 0, requests: 0, acknowledged: 0, lost_connections: 0, replayed_after_restart: 0, ran_after_restart: 0 };

beforeAll(async () => {
  const seed = await startTestServer(`${UNLIMITED_PLAN}connectors:\n  - { id: inline, type: inline }\nalerts: { auto_threshold: 50 }`);
  await seed.rt.keys.setPlan(seed.creds.accountId, "unlimited");
  ({ dir, configFile, creds } = seed);
  await seed.server.stop();
  cleanup = () => seed.stop();
});
afterAll(() => cleanup());

let seq = 0;
function nextWrite(): Sent {
  const n = seq++;
  const key = `fault-${n}-${crypto.randomUUID().slice(0, 8)}`;
  switch (n % 3) {
    case 0:
      return { kind: "alert", key, path: "/v1/alerts", body: { title: key, severity: "medium", metadata: { n } } };
    case 1:
      return { kind: "report", key, path: "/v1/reports", body: { type: "alerts", format: "json" } };
    default:
      return {
        kind: "analysis",
        key,
        path: "/v1/analyze",
        body: {
          connector: "inline",
          module: "revenue_leakage",
          // Half of them risky enough to open (or refresh) an alert in the same transaction.
          data: { transaction_id: `TX-${n % 40}`, currency: "EUR", lines: [{ sku: "A", quantity: 4, unit_price: n % 2 ? 50 : 100, list_price: 100 }] },
        },
      };
  }
}

async function send(url: string, w: Sent): Promise<Response | null> {
  try {
    return await signedFetch(url, "POST", w.path, w.body, { creds, headers: { "idempotency-key": w.key } });
  } catch {
    return null;
  }
}

async function writer(url: string, alive: () => boolean) {
  while (alive()) {
    const w = nextWrite();
    sent.push(w);
    figures.requests++;
    const r = await send(url, w);
    if (!r) {
      figures.lost_connections++;
      continue;
    }
    const body = (await r.json().catch(() => null)) as { id?: string } | null;
    if (r.status >= 200 && r.status < 300 && body?.id) {
      w.ackedId = body.id;
      figures.acknowledged++;
    } else if (r.status >= 500) {
      // Only a dying server may fail a request, and then only as a lost connection, never a 5xx.
      expect(`${r.status} ${JSON.stringify(body)}`).toBe("never a 5xx");
    }
  }
}

test(`${testStorageDriver()}: kill -9 under concurrent idempotent writes, ${ROUNDS} rounds: nothing acknowledged is lost or doubled, every key resolves`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const server = await spawnServe(configFile, {}, process.env.ASSAY_BINARY);
    let alive = true;
    const writers = Array.from({ length: WRITERS }, () => writer(server.url, () => alive));
    await Bun.sleep(150 + Math.floor(Math.random() * 450));
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    alive = false;
    await Promise.all(writers);
    figures.rounds++;
  }

  const server = await spawnServe(configFile, {}, process.env.ASSAY_BINARY);
  try {
    // Every key resolves: an acknowledged one replays the same resource; the others answer now.
    for (const w of sent) {
      const r = await signedFetch(server.url, "POST", w.path, w.body, { creds, headers: { "idempotency-key": w.key } });
      const body = (await r.json()) as { id?: string; code?: string };
      expect({ key: w.key, status: r.status < 300 ? "2xx" : r.status, code: body.code }).toEqual({ key: w.key, status: "2xx", code: undefined });
      if (w.ackedId) {
        expect({ key: w.key, id: body.id }).toEqual({ key: w.key, id: w.ackedId });
        expect(r.headers.get("idempotent-replayed")).toBe("true");
      }
      if (r.headers.get("idempotent-replayed") === "true") figures.replayed_after_restart++;
      else figures.ran_after_restart++;
      w.ackedId ??= body.id;
    }
  } finally {
    await server.kill("SIGTERM");
  }

  // Exactly once, straight from the database.
  const db = await openDatabase();
  try {
    if (db.integrity) expect(await db.integrity()).toEqual([{ integrity_check: "ok" }]);
    const count = async (table: string, id: string) => Number((await db.one(`SELECT count(*) AS n FROM ${table} WHERE id = $1`, [id])).n);
    const table = { alert: "alerts", report: "reports", analysis: "analyses" } as const;
    for (const w of sent) expect({ key: w.key, n: await count(table[w.kind], w.ackedId!) }).toEqual({ key: w.key, n: 1 });
    const titles = await db.all("SELECT title, count(*) AS n FROM alerts WHERE source = 'api' GROUP BY title HAVING count(*) > 1");
    expect(titles).toEqual([]);
    const stuck = await db.one("SELECT count(*) AS n FROM idempotency_keys WHERE status = 0");
    expect(Number(stuck.n)).toBe(0);
  } finally {
    await db.close();
  }
  console.log(`faults: ${JSON.stringify(figures)}`);
}, 600_000);

/** The store the servers wrote, read directly: the SQLite file, or the test's PostgreSQL database. */
async function openDatabase() {
  type Row = Record<string, unknown>;
  if (testStorageDriver() === "postgres") {
    const sql = new SQL({ url: readFileSync(join(dir, "pg-database"), "utf8").trim(), max: 1 });
    return {
      integrity: undefined,
      all: (text: string, params: unknown[] = []) => sql.unsafe(text, params) as Promise<Row[]>,
      one: async (text: string, params: unknown[] = []) => ((await sql.unsafe(text, params)) as Row[])[0]!,
      close: () => sql.close(),
    };
  }
  const file = new Database(join(dir, "assay.db"), { readonly: true });
  return {
    integrity: async () => file.query("PRAGMA integrity_check").all(),
    all: async (text: string, params: unknown[] = []) => file.query(text.replace(/\$\d+/g, "?")).all(...(params as string[])) as Row[],
    one: async (text: string, params: unknown[] = []) => file.query(text.replace(/\$\d+/g, "?")).get(...(params as string[])) as Row,
    close: async () => file.close(),
  };
}
