// Starts a real Assay server in this process on a free port, with its own temporary config,
// database and master key, and gives tests a signed HTTP client for it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { signHex } from "../../src/auth/signature.ts";
import { parseConfig } from "../../src/config/load.ts";
import type { Clock } from "../../src/domain/clock.ts";
import type { Resolver } from "../../src/connectors/http/ssrf.ts";
import { silentLogger, type Logger } from "../../src/log.ts";
import { createRuntime, type Runtime } from "../../src/runtime.ts";
import { type RunningServer, startServer } from "../../src/server.ts";
import { createTestDatabase, dropTestDatabase, forgetKept, keepUntilRunEnds, PG_URL, postgresAvailable, testStorageDriver } from "./postgres.ts";

export interface Credentials {
  accountId: string;
  keyId: string;
  key: string;
  secret: string;
}

export interface TestServer {
  rt: Runtime;
  server: RunningServer;
  url: string;
  dir: string;
  configFile: string;
  creds: Credentials;
  newAccount(plan?: string): Promise<Credentials>;
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Response>;
  stop(): Promise<void>;
}

export interface CallOptions {
  creds?: Credentials;
  headers?: Record<string, string>;
  /** Send these exact bytes instead of JSON.stringify(body). */
  raw?: string | Uint8Array;
  timestamp?: string;
  signature?: string;
}

export function makeTempDir(prefix = "assay-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startTestServer(
  yaml = "",
  options: {
    clock?: Clock;
    log?: Logger;
    dir?: string;
    env?: Record<string, string | undefined>;
    /** A suite about one driver's own features (backup of the SQLite file) names it; else ASSAY_TEST_STORAGE decides. */
    driver?: "sqlite" | "postgres";
    /** Resolves webhook targets' host names (a test's own DNS answers). */
    resolve?: Resolver;
  } = {},
): Promise<TestServer> {
  const dir = options.dir ?? makeTempDir();
  mkdirSync(dir, { recursive: true });
  const configFile = join(dir, "assay.yaml");
  const storage = (options.driver ?? testStorageDriver()) === "postgres" ? `{ driver: postgres, url: "${await databaseFor(dir)}", pool: 4 }` : "{ path: ./assay.db }";
  const base = `server: { port: 0, access_log: false }\nstorage: ${storage}\nsecurity: { master_key_file: ./master.key, failed_auth: { per_second: 100000, per_minute: 1000000 } }\n`;
  writeFileSync(configFile, mergeYaml(base, yaml));
  // A given folder may be a restart of an earlier server: keep its master key.
  if (!existsSync(join(dir, "master.key"))) writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  const config = parseConfig(await Bun.file(configFile).text(), configFile, { ...process.env, ...options.env });
  const rt = createRuntime(config, { log: options.log ?? silentLogger, clock: options.clock, env: {}, resolve: options.resolve });
  await rt.store.migrate();
  const server = startServer(rt, { host: "127.0.0.1", port: 0 });
  const newAccount = async (plan = "standard"): Promise<Credentials> => {
    const account = await rt.keys.createAccount("test", plan);
    const minted = await rt.keys.createKey(account.id);
    return { accountId: account.id, keyId: minted.id, key: minted.key, secret: minted.secret };
  };
  const creds = await newAccount();
  const call = (method: string, path: string, body?: unknown, o: CallOptions = {}) =>
    signedFetch(server.url, method, path, body, { ...o, creds: o.creds ?? creds });
  return {
    rt,
    server,
    url: server.url,
    dir,
    configFile,
    creds,
    newAccount,
    call,
    async stop() {
      await server.stop();
      if (!options.dir) {
        await dropDatabaseOf(dir);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function signedFetch(base: string, method: string, path: string, body: unknown, o: CallOptions & { creds: Credentials }) {
  const raw = o.raw ?? (body === undefined ? "" : JSON.stringify(body));
  const headers: Record<string, string> = {
    authorization: `Bearer ${o.creds.key}`,
    "x-service-signature": o.signature ?? signHex(o.creds.secret, raw, o.timestamp),
    ...(o.timestamp ? { "x-service-timestamp": o.timestamp } : {}),
    ...(raw.length > 0 ? { "content-type": "application/json" } : {}),
    ...o.headers,
  };
  return fetch(base + path, { method, headers, body: raw.length > 0 ? raw : undefined });
}

// ASSAY_TEST_STORAGE=postgres: each test server folder gets its own fresh PostgreSQL database
// (a restart with the same folder finds it again). Folders a test keeps are dropped when the run ends.
const databases = new Map<string, string>();

async function databaseFor(dir: string): Promise<string> {
  const marker = join(dir, "pg-database");
  if (existsSync(marker)) return readFileSync(marker, "utf8").trim();
  if (!(await postgresAvailable())) throw new Error(`ASSAY_TEST_STORAGE=postgres but ${PG_URL} is unreachable`);
  const db = await createTestDatabase();
  writeFileSync(marker, db.url);
  databases.set(dir, db.name);
  keepUntilRunEnds(db.name);
  return db.url;
}

async function dropDatabaseOf(dir: string) {
  const name = databases.get(dir);
  if (!name) return;
  databases.delete(dir);
  forgetKept(name);
  await dropTestDatabase(name);
}

/** Top-level sections of `extra` replace those of `base` (enough for flat test configs). */
function mergeYaml(base: string, extra: string): string {
  const sections = new Set(extra.split("\n").map((l) => /^([a-z_]+):/.exec(l)?.[1]).filter(Boolean));
  return `${base.split("\n").filter((l) => !sections.has(/^([a-z_]+):/.exec(l)?.[1])).join("\n")}\n${extra}\n`;
}
