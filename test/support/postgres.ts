// A fresh PostgreSQL database per test run (or per test server), on the server named by
// ASSAY_TEST_PG_URL, dropped afterwards. Others run suites on this machine at the same time:
// every database gets a random name. Under CI=true a missing server fails the run loudly.
import { SQL } from "bun";
import { randomBytes } from "node:crypto";

export const PG_URL = process.env.ASSAY_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let reachable: Promise<boolean> | null = null;

/** Whether the test PostgreSQL answers; under CI=true an unreachable server throws. */
export function postgresAvailable(): Promise<boolean> {
  reachable ??= (async () => {
    const sql = new SQL(PG_URL, { max: 1, connectionTimeout: 3 });
    try {
      await sql`SELECT 1`;
      return true;
    } catch (e) {
      if (process.env.CI === "true") throw new Error(`PostgreSQL is required under CI=true but ${PG_URL} is unreachable: ${(e as Error).message}`);
      return false;
    } finally {
      await sql.close().catch(() => {});
    }
  })();
  return reachable;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** CREATE DATABASE assay_t_<random>; drop() removes it (closing whatever still uses it). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `assay_t_${randomBytes(6).toString("hex")}`;
  const admin = new SQL(PG_URL, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  return { name, url: withDatabase(PG_URL, name), drop: () => dropTestDatabase(name) };
}

export async function dropTestDatabase(name: string): Promise<void> {
  if (!/^assay_t_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const admin = new SQL(PG_URL, { max: 1 });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}

/** The drivers a storage-dependent suite runs on: ASSAY_TEST_STORAGE=postgres selects PostgreSQL. */
export function testStorageDriver(): "sqlite" | "postgres" {
  return process.env.ASSAY_TEST_STORAGE === "postgres" ? "postgres" : "sqlite";
}

// Databases of test servers a test kept (restarted in the same folder): dropped once the whole
// run ends, by the global afterAll of test/support/preload.ts (bun test emits no process "exit").
const kept = new Set<string>();

export function keepUntilRunEnds(name: string) {
  kept.add(name);
}

export function forgetKept(name: string) {
  kept.delete(name);
}

export async function dropKeptDatabases() {
  for (const name of [...kept]) {
    kept.delete(name);
    await dropTestDatabase(name).catch(() => {});
  }
}
