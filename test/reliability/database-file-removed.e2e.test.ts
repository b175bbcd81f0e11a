// The SQLite database removed or replaced under a running server (an operator's `rm -rf data/`, a
// clean-up script, a backup restored by hand with `mv`): SQLite keeps writing through the file
// descriptors it holds, to an inode no path names any more, so every write it acknowledged from
// then on is gone at the next start. Before the fix the server went on answering 201 (and, with
// the folder still there, health 200). Now writes answer 503 storage_unavailable and health 503,
// and the log says what happened and what to do.
import { afterEach, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load.ts";
import { openAdmin } from "../../src/runtime.ts";
import { type Credentials, makeTempDir, signedFetch } from "../support/harness.ts";
import { type ServerProcess, spawnServe } from "../support/process.ts";

let node: ServerProcess | undefined;
let dir: string;
afterEach(async () => {
  await node?.kill("SIGKILL");
  node = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const RISKY = { connector: "inline", module: "revenue_leakage", data: { transaction_id: "INV-GONE", currency: "USD", lines: [{ sku: "A", quantity: 10, unit_price: 50, list_price: 100 }] } };

async function serving(): Promise<{ config: string; data: string; creds: Credentials }> {
  dir = makeTempDir("assay-db-removed-");
  const data = join(dir, "data");
  mkdirSync(data);
  writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  const config = join(dir, "assay.yaml");
  writeFileSync(
    config,
    `server: { port: 0, access_log: false }
storage: { path: ./data/assay.db }
security: { master_key_file: ./master.key }
connectors:
  - { id: inline, type: inline }
alerts: { auto_threshold: 50 }
`,
  );
  const admin = openAdmin(loadConfig(config, {}), { env: {} });
  const account = await admin.keys.createAccount("removed", "enterprise");
  const key = await admin.keys.createKey(account.id);
  await admin.store.close();
  const creds = { accountId: account.id, keyId: key.id, key: key.key, secret: key.secret };
  node = await spawnServe(config, { ASSAY_MASTER_KEY: "", ASSAY_CONFIG: "" }, process.env.ASSAY_BINARY);
  expect((await signedFetch(node.url, "POST", "/v1/alerts", { title: "before", severity: "low" }, { creds })).status).toBe(201);
  expect((await signedFetch(node.url, "POST", "/v1/analyze", RISKY, { creds })).status).toBe(200);
  return { config, data, creds };
}

/** Every write answers 503 storage_unavailable, and health 503: nothing is acknowledged into a file that is gone. */
async function writesRefused(url: string, creds: Credentials) {
  // An analysis commits through the group commit, which checks the files first: refused at once.
  const analysis = await signedFetch(url, "POST", "/v1/analyze", RISKY, { creds });
  expect(`${analysis.status} ${((await analysis.json()) as { code?: string }).code}`).toBe("503 storage_unavailable");
  // Other writes are covered by the store's watch of its files (every 100 ms).
  await Bun.sleep(300);
  const alert = await signedFetch(url, "POST", "/v1/alerts", { title: "after", severity: "low" }, { creds });
  expect(`${alert.status} ${((await alert.json()) as { code?: string }).code}`).toBe("503 storage_unavailable");
  await Bun.sleep(1100); // health reuses its storage check for a second
  const health = await signedFetch(url, "GET", "/v1/health", undefined, { creds });
  expect(health.status).toBe(503);
  expect(((await health.json()) as { checks: { storage: string } }).checks.storage).toBe("unavailable");
}

test("the database files deleted (folder kept): writes and health 503, and the log says why", async () => {
  const { data, creds } = await serving();
  for (const f of ["assay.db", "assay.db-wal", "assay.db-shm"]) rmSync(join(data, f), { force: true });
  await writesRefused(node!.url, creds);
  expect(node!.output()).toContain("was removed while the server ran: writes are refused");
}, 30_000);

test("the data folder removed: writes and health 503", async () => {
  const { data, creds } = await serving();
  rmSync(data, { recursive: true, force: true });
  await writesRefused(node!.url, creds);
}, 30_000);

test("another file renamed over the database: writes refused; after a restart the new file is served", async () => {
  const { config, data, creds } = await serving();
  // A copy taken by hand and moved into place (what `assay restore` refuses to do under a live server).
  copyFileSync(join(data, "assay.db"), join(data, "copy.db"));
  renameSync(join(data, "copy.db"), join(data, "assay.db"));
  await writesRefused(node!.url, creds);
  expect(node!.output()).toContain("was replaced by another file while the server ran");
  await node!.kill("SIGKILL");
  node = await spawnServe(config, { ASSAY_MASTER_KEY: "", ASSAY_CONFIG: "" }, process.env.ASSAY_BINARY);
  expect((await signedFetch(node.url, "POST", "/v1/alerts", { title: "restarted", severity: "low" }, { creds })).status).toBe(201);
}, 30_000);
