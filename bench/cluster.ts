// The HTTP figures again with shared backends: PostgreSQL storage and the Redis limiter, with one
// node and with two (load split evenly across them), beside the embedded ones of bench/run.ts.
// A fresh database (dropped after) and a random Redis key prefix; short runs: the machine is shared.
// Settings: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL
// (redis://127.0.0.1:6379), BENCH_CLUSTER_SECONDS (3).
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { RedisClient, SQL } from "bun";
import { signHex } from "../src/auth/signature.ts";
import { load } from "./load.ts";
import { runCli, startAndReadUrl } from "./support.ts";
import type { Row } from "./table.ts";

/** The PostgreSQL server the benchmarks use (bench/run.ts passes it on to its in-process runs). */
export const PG = process.env.BENCH_PG_URL ?? process.env.ASSAY_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.ASSAY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 3);

async function reachable(): Promise<string | null> {
  const sql = new SQL(PG, { max: 1, connectionTimeout: 3 });
  try {
    await sql`SELECT 1`;
  } catch (e) {
    return `PostgreSQL unreachable at ${PG}: ${(e as Error).message}`;
  } finally {
    await sql.close().catch(() => {});
  }
  const redis = new RedisClient(REDIS, { autoReconnect: false, enableOfflineQueue: false, connectionTimeout: 2000 });
  try {
    await redis.connect();
    await redis.send("PING", []);
  } catch (e) {
    return `Redis unreachable at ${REDIS}: ${(e as Error).message}`;
  } finally {
    redis.close();
  }
  return null;
}

/** Rows for bench/run.ts's table, and the raw figures. */
export async function benchCluster(binary: string, dir: string, connections: number, analyzeBody: object): Promise<{ rows: Row[]; figures: Record<string, unknown> }> {
  const missing = await reachable();
  if (missing) return { rows: [{ figure: "PostgreSQL + Redis figures", result: `skipped: ${missing}` }], figures: { skipped: missing } };
  const name = `assay_bench_${randomBytes(5).toString("hex")}`;
  const admin = new SQL(PG, { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const config = join(dir, "cluster.yaml");
  writeFileSync(join(dir, "cluster.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  writeFileSync(
    config,
    `server: { port: 0, access_log: false }
storage: { driver: postgres, url: "${url}", pool: 10 }
rate_limit: { backend: redis, url: "${REDIS}", key_prefix: "assay-bench:${randomBytes(4).toString("hex")}:" }
security: { master_key_file: ./cluster.key }
plans: { bench: { per_second: 10000000, per_minute: 100000000 } }
connectors:
  - { id: inline, type: inline }
`,
  );
  const cli = (...args: string[]) => runCli(binary, config, ...args);
  const procs: ReturnType<typeof Bun.spawn>[] = [];
  const rows: Row[] = [];
  const figures: Record<string, unknown> = {};
  try {
    await cli("migrate", "--apply");
    const account = JSON.parse(await cli("accounts", "create", "--name", "bench", "--plan", "bench", "--json"));
    const key = JSON.parse(await cli("keys", "create", "--account", account.id, "--json"));
    const signed = (body: string) => ({ authorization: `Bearer ${key.key}`, "x-service-signature": signHex(key.secret, body) });
    const analyze = JSON.stringify(analyzeBody);
    const specs = {
      "signed GET /v1/health": { path: "/v1/health", spec: { headers: signed("") } },
      "signed POST /v1/analyze": {
        path: "/v1/analyze",
        spec: { method: "POST" as const, body: analyze, headers: { ...signed(analyze), "content-type": "application/json" } },
      },
    };
    // A node prints its address in its start-up log line (JSON), not as a bare URL.
    const serve = () => startAndReadUrl([binary, "serve", "--config", config, "--port", "0"], /"url":"(http:\/\/[^"]+)"/);
    const nodes = [await serve(), await serve()];
    procs.push(...nodes.map((n) => n.proc));
    for (const count of [1, 2]) {
      for (const [label, { path, spec }] of Object.entries(specs)) {
        const targets = nodes.slice(0, count);
        const each = Math.max(1, Math.floor(connections / count));
        await Promise.all(targets.map((n) => load({ url: n.url + path, connections: each, seconds: 1, ...spec }))); // warm-up
        const runs = await Promise.all(targets.map((n) => load({ url: n.url + path, connections: each, seconds: SECONDS, serverPid: n.proc.pid, ...spec })));
        const rps = runs.reduce((s, r) => s + r.rps, 0);
        const non2xx = runs.reduce((s, r) => s + r.non2xx, 0);
        const p99 = Math.max(...runs.map((r) => r.p99_ms));
        const figure = `${label}, PostgreSQL + Redis, ${count} node${count > 1 ? "s" : ""}`;
        figures[figure] = { rps: Math.round(rps), p99_ms: p99, non2xx, runs };
        rows.push({
          figure,
          result: `${Math.round(rps).toLocaleString("en")} req/s${non2xx ? ` (${non2xx} non-2xx!)` : ""}`,
          p50: Math.max(...runs.map((r) => r.p50_ms)),
          p99,
          cpu_us: runs[0]!.server_cpu_us,
        });
      }
    }
  } finally {
    for (const p of procs) p.kill("SIGKILL");
    await Promise.all(procs.map((p) => p.exited));
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.close();
  }
  return { rows, figures };
}
