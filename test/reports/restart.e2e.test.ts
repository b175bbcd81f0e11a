// A report survives its server: a real `assay serve` child process is killed with SIGKILL while
// the report runs, then started again; the report is re-queued, runs again, and completes.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load.ts";
import { openAdmin } from "../../src/runtime.ts";
import type { SqliteStore } from "../../src/store/sqlite/index.ts";
import { makeTempDir, signedFetch, type Credentials } from "../support/harness.ts";
import { analysisRecords } from "./fixtures.ts";

const ROOT = join(import.meta.dir, "../..");
const ANALYSES = 300_000;
const dir = makeTempDir("assay-restart-");
const children: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** This process's environment minus what would point the child at another config or key. */
function inheritedEnv() {
  const { ASSAY_MASTER_KEY: _key, ASSAY_CONFIG: _config, ...env } = process.env;
  return env;
}

/** Starts `assay serve` and resolves with its URL once it logs "listening". */
async function serve(configFile: string) {
  const child = Bun.spawn([process.execPath, "run", join(ROOT, "src/main.ts"), "serve", "--config", configFile], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
    env: inheritedEnv(),
  });
  children.push(child);
  const reader = child.stdout.getReader();
  let buffered = "";
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += new TextDecoder().decode(value);
    for (const line of buffered.split("\n")) {
      if (line.includes('"listening"')) {
        // Keep draining stdout so the child never blocks on a full pipe.
        (async () => {
          while (!(await reader.read()).done);
        })().catch(() => {});
        return { child, url: JSON.parse(line).url as string };
      }
    }
  }
  throw new Error(`server did not start: ${buffered}${await new Response(child.stderr).text()}`);
}

type Row = { status: string; progress_processed: number; runner: string | null; attempts: number };

async function waitFor(store: SqliteStore, id: string, ok: (r: Row) => boolean, timeoutMs = 20_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const row = store.db.query<Row, [string]>("SELECT status, progress_processed, runner, attempts FROM reports WHERE id = ?").get(id);
    if (row && ok(row)) return row;
    if (row?.status === "completed") throw new Error("the report finished before it could be interrupted; raise ANALYSES");
    await Bun.sleep(5);
  }
  throw new Error(`report ${id} never reached the expected state`);
}

test("a report interrupted by SIGKILL, then by SIGTERM, completes after the restarts", async () => {
  const configFile = join(dir, "assay.yaml");
  writeFileSync(
    configFile,
    `server: { port: 0, access_log: false }
storage: { path: ./assay.db }
security: { master_key_file: ./master.key }
plans: { unlimited: { per_second: 100000, per_minute: 1000000 } }
reports: { dir: ./reports, concurrency: 1, poll_interval_ms: 50 }
`,
  );
  writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  const config = loadConfig(configFile, {});
  const admin = openAdmin(config, { env: {} });
  const store = admin.store as SqliteStore;
  const account = await admin.keys.createAccount("restart", "unlimited");
  const minted = await admin.keys.createKey(account.id);
  const creds: Credentials = { accountId: account.id, keyId: minted.id, key: minted.key, secret: minted.secret };
  // Enough analyses that the report runs for a second or more.
  const insert = store.db.query(
    `INSERT INTO analyses (id, account_id, connector, module, transaction_id, customer_id, risk_score, risk_level,
       amount_at_risk, currency, anomaly_codes, transactions_analyzed, alert_id, created_at, result)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, '{}')`,
  );
  store.db.transaction(() => {
    for (const r of analysisRecords(account.id, ANALYSES)) {
      insert.run(r.id, r.account_id, r.connector, r.module, r.transaction_id, r.customer_id, r.risk_score, r.risk_level,
        r.amount_at_risk, r.currency, JSON.stringify(r.anomaly_codes), 1, r.created_at);
    }
  })();

  const first = await serve(configFile);
  const res = await signedFetch(first.url, "POST", "/v1/reports", { type: "risk_summary", format: "html" }, { creds });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };

  // Kill the server as soon as the report is visibly under way.
  await waitFor(store, id, (r) => r.status === "running" && r.progress_processed > 0);
  first.child.kill("SIGKILL");
  await first.child.exited;
  const afterKill = await admin.store.reports.get(account.id, id);
  expect(afterKill).toMatchObject({ status: "running", completed_at: null, attempts: 1 });
  expect(afterKill!.progress_processed).toBeLessThan(ANALYSES);
  expect(afterKill!.runner).toStartWith(`server:${first.child.pid}@`);
  expect(existsSync(join(dir, "reports", `${id}.html`))).toBe(false);

  // Second server: the report is re-queued at start and runs again; this time stop it
  // gracefully (SIGTERM), which puts it back in the queue at once.
  const second = await serve(configFile);
  await waitFor(store, id, (r) => r.status === "running" && r.attempts === 2 && r.progress_processed > 0 && r.runner === `server:${second.child.pid}@${r.runner?.split("@")[1]}`);
  second.child.kill("SIGTERM");
  expect(await second.child.exited).toBe(0);
  expect(await admin.store.reports.get(account.id, id)).toMatchObject({ status: "queued", runner: null, attempts: 2 });

  const third = await serve(configFile);
  // While it runs, the server keeps answering: the report yields to the event loop.
  await waitFor(store, id, (r) => r.status === "running" && r.attempts === 3 && r.progress_processed > 0);
  const asked = performance.now();
  const during = (await (await signedFetch(third.url, "GET", `/v1/reports/${id}`, undefined, { creds })).json()) as any;
  // Generous bound (a shared 2-core CI machine): a server blocked by the report would answer only
  // once the report is done, which the "running" status below rules out on its own.
  expect(performance.now() - asked).toBeLessThan(2000);
  expect(during.status).toBe("running");
  expect(during.progress.processed).toBeGreaterThan(0);
  expect(during.progress.percent).toBeNull();
  let report: any;
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    report = await (await signedFetch(third.url, "GET", `/v1/reports/${id}`, undefined, { creds })).json();
    if (report.status === "completed" || report.status === "failed") break;
    await Bun.sleep(50);
  }
  expect(report.status).toBe("completed");
  expect(report.attempts).toBe(3);
  expect(report.summary.analyses).toBe(ANALYSES);
  expect(report.progress).toEqual({ processed: ANALYSES, total: ANALYSES, percent: 100 });
  const content = await signedFetch(third.url, "GET", report.content_url, undefined, { creds });
  expect(content.status).toBe(200);
  const html = await content.text();
  expect(html.startsWith("<!doctype html>")).toBe(true);
  expect(html.trimEnd().endsWith("</html>")).toBe(true);
  expect(html).toContain(ANALYSES.toLocaleString("en-US"));
  expect(readdirSync(join(dir, "reports")).filter((f) => f.endsWith(".part"))).toEqual([]);
  third.child.kill("SIGTERM");
  await third.child.exited;
  admin.store.close();
}, 80_000);
