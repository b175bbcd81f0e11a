// Interleaved A/B of built binaries on the signed analyze paths (inline invoice recorded with its
// auto-alert, lookups by transaction_id from the sqlite and csv connectors) and signed health: each binary serves
// its own data folder, and rounds run A B A B … under `wrk -t1` so machine load falls on both
// alike. Prints the server CPU per request (from /proc/<pid>/stat: the figure to compare on a
// shared machine) and req/s for every round, then the median per binary and scenario.
// Usage: bun run bench/ab-analyze.ts BINARY_A BINARY_B [...] (env: AB_ROUNDS 3, AB_SECONDS 4,
// AB_CONNECTIONS 64, AB_ONLY inline|sqlite|csv|health, comma-separated; AB_ACCESS_LOG=1: the servers
// write their access log, as the shipped configuration does; AB_PORT=N: the servers listen on N, N+1, …,
// where a shared machine gives each user a range of ports, else on any free port). On a noisy VM a difference of a few
// µs needs 10 or more rounds of 2 s (docs/benchmarks.md).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signHex } from "../src/auth/signature.ts";
import { load, type LoadSpec, settle } from "./load.ts";
import { BENCH_INVOICE, benchServerYaml, lookupBody, runCli, startAndReadUrl, writeSampleSources } from "./support.ts";

const binaries = process.argv.slice(2).map((b) => resolve(b));
if (binaries.length < 2) throw new Error("usage: bun run bench/ab-analyze.ts BINARY_A BINARY_B [...]");
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const SECONDS = Number(process.env.AB_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 64);

const dir = mkdtempSync(join(tmpdir(), "assay-ab-"));
const sources = await writeSampleSources(dir);
const bodies: Record<string, object | undefined> = {
  inline: BENCH_INVOICE,
  sqlite: lookupBody("erp", sources.lookupId),
  csv: lookupBody("files", sources.lookupId),
  // GET /v1/health, signed over the empty body
  health: undefined,
};
const only = process.env.AB_ONLY?.split(",");
const scenarios = Object.keys(bodies).filter((s) => !only || only.includes(s));

const servers: { binary: string; proc: ReturnType<typeof Bun.spawn>; url: string; key: { key: string; secret: string } }[] = [];
try {
  for (const [i, binary] of binaries.entries()) {
    const own = join(dir, `server-${i}`);
    mkdirSync(own);
    const config = join(own, "assay.yaml");
    writeFileSync(config, benchServerYaml(sources.connectorsYaml, { accessLog: process.env.AB_ACCESS_LOG === "1" }));
    await runCli(binary, config, "init");
    const account = JSON.parse(await runCli(binary, config, "accounts", "create", "--name", "ab", "--plan", "bench", "--json"));
    const key = JSON.parse(await runCli(binary, config, "keys", "create", "--account", account.id, "--json"));
    const port = process.env.AB_PORT ? String(Number(process.env.AB_PORT) + i) : "0";
    servers.push({ binary, key, ...(await startAndReadUrl([binary, "serve", "--config", config, "--port", port])) });
  }
  const results = new Map<string, { cpu: number[]; rps: number[] }>();
  const spec = (s: (typeof servers)[number], scenario: string): Omit<LoadSpec, "seconds"> => {
    const payload = bodies[scenario];
    if (payload === undefined) {
      return { url: `${s.url}/v1/health`, method: "GET" as const, headers: { authorization: `Bearer ${s.key.key}`, "x-service-signature": signHex(s.key.secret, "") }, connections: CONNECTIONS };
    }
    const body = JSON.stringify(payload);
    return {
      url: `${s.url}/v1/analyze`,
      method: "POST" as const,
      body,
      headers: { authorization: `Bearer ${s.key.key}`, "x-service-signature": signHex(s.key.secret, body), "content-type": "application/json" },
      connections: CONNECTIONS,
    };
  };
  for (const s of servers) {
    for (const scenario of scenarios) {
      const sp = spec(s, scenario);
      const probe = await fetch(sp.url, { method: sp.method, headers: sp.headers, body: sp.body });
      if (probe.status !== 200) throw new Error(`${s.binary} ${scenario}: ${probe.status} ${await probe.text()}`);
      await load({ ...sp, seconds: 1 });
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      for (const s of servers) {
        await settle(servers.map((x) => x.proc.pid)); // neither server still answering the last round
        const r = await load({ ...spec(s, scenario), seconds: SECONDS, serverPid: s.proc.pid });
        const key = `${scenario}\t${s.binary}`;
        const entry = results.get(key) ?? { cpu: [], rps: [] };
        entry.cpu.push(r.server_cpu_us!);
        entry.rps.push(Math.round(r.rps));
        results.set(key, entry);
        console.log(`round ${round + 1} ${scenario.padEnd(6)} ${s.binary}: ${r.server_cpu_us} µs CPU/req, ${Math.round(r.rps)} req/s, p99 ${r.p99_ms} ms${r.non2xx ? ` NON-2XX ${r.non2xx}` : ""}`);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  console.log("\nmedian per scenario and binary (µs CPU/req, req/s; all rounds):");
  for (const [key, { cpu, rps }] of results) console.log(`${key}\t${median(cpu)} µs\t${median(rps)} req/s\t[${cpu.join(", ")}]`);
} finally {
  for (const s of servers) s.proc.kill("SIGTERM");
}
