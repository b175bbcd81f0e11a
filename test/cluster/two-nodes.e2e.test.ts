// Two `assay serve` processes on two loopback ports sharing one PostgreSQL database and one
// Redis (a redis-server this test starts itself, so it can stop it): the quota is shared, data
// written through one node is read through the other, a revocation by the CLI reaches both,
// Redis going away falls back to per-node limits and comes back, and a report whose node is
// killed with SIGKILL is finished by the other.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load.ts";
import { openAdmin } from "../../src/runtime.ts";
import { PostgresStore } from "../../src/store/postgres/index.ts";
import { analysisRecords } from "../reports/fixtures.ts";
import { type Credentials, makeTempDir, signedFetch } from "../support/harness.ts";
import { cookieValue, hiddenField } from "../support/dashboard.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/postgres.ts";
import { runAssay, type ServerProcess, spawnServe } from "../support/process.ts";
import { PrivateRedis, randomPrefix } from "../support/redis.ts";

const available = await postgresAvailable();
let db: TestDatabase;
let redis: PrivateRedis;
let config: string;
let admin: ReturnType<typeof openAdmin>;
let a: ServerProcess;
let b: ServerProcess;

async function account(plan: string): Promise<Credentials> {
  const acct = await admin.keys.createAccount(`cluster-${plan}`, plan);
  const key = await admin.keys.createKey(acct.id);
  return { accountId: acct.id, keyId: key.id, key: key.key, secret: key.secret };
}

beforeAll(async () => {
  if (!available) return;
  db = await createTestDatabase();
  redis = await PrivateRedis.start();
  const dir = makeTempDir("assay-cluster-");
  writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  config = join(dir, "assay.yaml");
  writeFileSync(
    config,
    `server: { port: 0, access_log: false }
storage: { driver: postgres, url: "${db.url}", pool: 4 }
rate_limit: { backend: redis, url: "${redis.url}", on_unavailable: local, key_prefix: "${randomPrefix()}" }
security: { master_key_file: ./master.key }
plans: { unlimited: { per_second: 100000, per_minute: 1000000 } }
reports: { dir: ./reports, concurrency: 1, poll_interval_ms: 50 }
`,
  );
  const migrated = await runAssay(["migrate", "--apply", "--config", config]);
  expect(migrated.code).toBe(0);
  admin = openAdmin(loadConfig(config, {}), { env: {} });
  const env = { ASSAY_MASTER_KEY: "", ASSAY_CONFIG: "" };
  [a, b] = await Promise.all([spawnServe(config, env), spawnServe(config, env)]);
  // Warm both nodes (code loaded, pools connected) so the quota test measures the limiter.
  const warm = await account("unlimited");
  for (const node of [a, b]) expect((await signedFetch(node.url, "GET", "/v1/health", undefined, { creds: warm })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  if (!available) return;
  await Promise.all([a?.kill("SIGKILL"), b?.kill("SIGKILL")]);
  await admin?.store.close();
  await redis?.stop();
  await db?.drop();
});

describe.skipIf(!available)("two nodes sharing PostgreSQL and Redis", () => {
  test("60 concurrent signed requests of one standard account over both nodes: exactly 50 accepted", async () => {
    const creds = await account("standard");
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signedFetch((i % 2 ? a : b).url, "GET", "/v1/health", undefined, { creds })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(50);
    expect(statuses.filter((s) => s === 429).length).toBe(10);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get("ratelimit-policy")).toBe('"burst";q=50;w=1, "sustained";q=1000;w=60');
    expect(refused.headers.get("retry-after")).toBe("1");
  });

  test("an alert created through one node is read and changed through the other", async () => {
    const creds = await account("unlimited");
    const created = await signedFetch(a.url, "POST", "/v1/alerts", { title: "seen by both", severity: "high" }, { creds });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = await signedFetch(b.url, "GET", `/v1/alerts/${id}`, undefined, { creds });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe("seen by both");
    const acked = await signedFetch(b.url, "PATCH", `/v1/alerts/${id}`, { status: "acknowledged" }, { creds });
    expect(acked.status).toBe(200);
    const history = (await (await signedFetch(a.url, "GET", `/v1/alerts/${id}/history`, undefined, { creds })).json()) as { data: unknown[] };
    expect(history.data.length).toBe(2);
  });

  test("an Idempotency-Key used on one node replays on the other", async () => {
    const creds = await account("unlimited");
    const headers = { "idempotency-key": "cluster-once" };
    const first = await signedFetch(a.url, "POST", "/v1/alerts", { title: "once", severity: "low" }, { creds, headers });
    const second = await signedFetch(b.url, "POST", "/v1/alerts", { title: "once", severity: "low" }, { creds, headers });
    expect(second.status).toBe(first.status);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.text()).toBe(await first.text());
  });

  test("failed dashboard sign-ins count on both nodes: the per-user allowance is one, not one per node", async () => {
    const invited = await admin.users.invite({ email: "cluster-user@example.com", account: (await account("unlimited")).accountId }, { type: "cli" });
    const password = "a long enough password 1";
    await admin.users.completeSetup(new URL(invited.setup_url).searchParams.get("token")!, password, password, null);
    const signIn = async (node: ServerProcess, i: number) => {
      const login = await fetch(`${node.url}/dashboard/login`);
      const formCookie = cookieValue(login.headers.get("set-cookie"), "assay_form");
      const token = hiddenField(await login.text(), "_csrf");
      return fetch(`${node.url}/dashboard/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `assay_form=${formCookie}`, origin: node.url },
        body: new URLSearchParams({ _csrf: token, email: "cluster-user@example.com", password: `wrong ${i}` }).toString(),
      });
    };
    // per_user_per_minute (5 by default) wrong passwords, alternating between the nodes, then one more on each.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(i % 2 ? a : b, i)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  test("wrong passwords sent at one instant to both nodes are checked at most the allowance, not once per node", async () => {
    // Twenty-third attack pass: each node held its own count of sign-ins being checked, so 20
    // guesses at once over two nodes had 10 checked against a per-user allowance of 5.
    const email = "cluster-burst@example.com";
    const invited = await admin.users.invite({ email, account: (await account("unlimited")).accountId }, { type: "cli" });
    const password = "a long enough password 2";
    await admin.users.completeSetup(new URL(invited.setup_url).searchParams.get("token")!, password, password, null);
    const forms = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const node = i % 2 ? a : b;
        const login = await fetch(`${node.url}/dashboard/login`);
        return { node, cookie: cookieValue(login.headers.get("set-cookie"), "assay_form"), token: hiddenField(await login.text(), "_csrf") };
      }),
    );
    const answers = await Promise.all(
      forms.map(({ node, cookie, token }, i) =>
        fetch(`${node.url}/dashboard/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: `assay_form=${cookie}`, origin: node.url },
          body: new URLSearchParams({ _csrf: token, email, password: `wrong guess ${i}` }).toString(),
        }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((s) => s === 401).length + answers.filter((s) => s === 429).length).toBe(20);
    // The right password, once the minute has not passed, is refused too: the guesses counted.
    const form = await fetch(`${a.url}/dashboard/login`);
    const right = await fetch(`${a.url}/dashboard/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `assay_form=${cookieValue(form.headers.get("set-cookie"), "assay_form")}`, origin: a.url },
      body: new URLSearchParams({ _csrf: hiddenField(await form.text(), "_csrf"), email, password }).toString(),
    });
    expect(right.status).toBe(429);
  });

  test("a timestamped request replayed to the other node is refused there", async () => {
    const creds = await account("unlimited");
    const timestamp = String(Math.floor(Date.now() / 1000));
    expect((await signedFetch(a.url, "GET", "/v1/health", undefined, { creds, timestamp })).status).toBe(200);
    const replay = await signedFetch(b.url, "GET", "/v1/health", undefined, { creds, timestamp });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { code: string }).code).toBe("replayed_request");
  });

  test("a key revoked by the CLI is refused by both nodes within a second", async () => {
    const creds = await account("unlimited");
    for (const node of [a, b]) expect((await signedFetch(node.url, "GET", "/v1/health", undefined, { creds })).status).toBe(200);
    const revoked = await runAssay(["keys", "revoke", creds.keyId, "--config", config]);
    expect(revoked.code).toBe(0);
    const started = performance.now();
    const refusedBy = new Set<string>();
    while (performance.now() - started < 1000 && refusedBy.size < 2) {
      for (const node of [a, b]) {
        if ((await signedFetch(node.url, "GET", "/v1/health", undefined, { creds })).status === 401) refusedBy.add(node.url);
      }
      await Bun.sleep(20);
    }
    expect([...refusedBy].sort()).toEqual([a.url, b.url].sort());
  });

  test("Redis stopped: each node limits on its own (logged once); Redis back: shared again (logged)", async () => {
    const creds = await account("unlimited");
    await redis.stop();
    for (let i = 0; i < 5; i++) {
      for (const node of [a, b]) expect((await signedFetch(node.url, "GET", "/v1/health", undefined, { creds })).status).toBe(200);
    }
    for (const node of [a, b]) expect(node.output().match(/rate limiter backend unavailable/g)?.length).toBe(1);
    await redis.start();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && ![a, b].every((n) => n.output().includes("rate limiter backend recovered"))) {
      for (const node of [a, b]) await signedFetch(node.url, "GET", "/v1/health", undefined, { creds });
      await Bun.sleep(100);
    }
    for (const node of [a, b]) expect(node.output()).toContain("rate limiter backend recovered");
    // Shared again: a tiny quota spent on one node is spent for the other.
    const std = await account("standard");
    const spent = await Promise.all(Array.from({ length: 50 }, () => signedFetch(a.url, "GET", "/v1/health", undefined, { creds: std })));
    expect(spent.every((r) => r.status === 200)).toBe(true);
    expect((await signedFetch(b.url, "GET", "/v1/health", undefined, { creds: std })).status).toBe(429);
  }, 30_000);

  test("a node killed with SIGKILL mid-report leaves the report to the other, which finishes it", async () => {
    const creds = await account("unlimited");
    const store = admin.store as unknown as PostgresStore;
    // Enough analyses that the report runs for a while.
    const records = analysisRecords(creds.accountId, 60_000);
    for (let i = 0; i < records.length; i += 2000) {
      const chunk = records.slice(i, i + 2000);
      const params: unknown[] = [];
      const tuples = chunk.map((r) => {
        const n = params.length;
        params.push(r.id, r.account_id, r.connector, r.module, r.transaction_id, r.customer_id, r.risk_score, r.risk_level, r.amount_at_risk, r.currency, JSON.stringify(r.anomaly_codes), r.created_at);
        return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7}, $${n + 8}, $${n + 9}, $${n + 10}, $${n + 11}, 1, NULL, $${n + 12}, '{}')`;
      });
      await store.db.sql.unsafe(
        `INSERT INTO analyses (id, account_id, connector, module, transaction_id, customer_id, risk_score, risk_level, amount_at_risk,
           currency, anomaly_codes, transactions_analyzed, alert_id, created_at, result) VALUES ${tuples.join(", ")}`,
        params,
      );
    }
    const queued = await signedFetch(a.url, "POST", "/v1/reports", { type: "risk_summary", format: "json" }, { creds });
    expect(queued.status).toBe(202);
    const { id } = (await queued.json()) as { id: string };
    // Kill whichever node runs it, as soon as it is visibly under way.
    let runner: string | null = null;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const r = await store.reports.get(creds.accountId, id);
      if (r?.status === "completed") throw new Error("the report finished before it could be interrupted; raise the number of analyses");
      if (r?.status === "running" && r.progress_processed > 0) {
        runner = r.runner;
        break;
      }
      await Bun.sleep(5);
    }
    expect(runner).not.toBeNull();
    const [victim, survivor] = runner!.startsWith(`server:${a.proc.pid}@`) ? [a, b] : [b, a];
    await victim.kill("SIGKILL");
    let report: { status: string; attempts?: number } = { status: "" };
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      report = (await (await signedFetch(survivor.url, "GET", `/v1/reports/${id}`, undefined, { creds })).json()) as typeof report;
      if (report.status === "completed" || report.status === "failed") break;
      await Bun.sleep(100);
    }
    expect(report.status).toBe("completed");
    const row = await store.reports.get(creds.accountId, id);
    expect(row!.attempts).toBe(2);
    expect((report as { progress?: { processed: number } }).progress?.processed).toBe(60_000);
  }, 120_000);
});
