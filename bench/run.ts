// `make bench`: performance targets of DESIGN.md, measured side by side in one run on this
// machine. Throughput is reported as a ratio to a bare Bun.serve baseline driven by the same load
// tool with the same connections, which makes the figures comparable across machines.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signHex } from "../src/auth/signature.ts";
import { benchLimiter } from "./limiter.ts";
import { load, type LoadResult } from "./load.ts";

const BINARY = resolve("dist/assay");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const results: Record<string, unknown> = { machine: { cores: navigator.hardwareConcurrency }, connections: CONNECTIONS, seconds: SECONDS };

if (!existsSync(BINARY)) throw new Error("dist/assay is missing: run `make build` first");
const dir = mkdtempSync(join(tmpdir(), "assay-bench-"));
const config = join(dir, "assay.yaml");
writeFileSync(
  config,
  `server: { port: 0, access_log: false }
storage: { path: ./assay.db }
security: { master_key_file: ./master.key }
plans: { bench: { per_second: 10000000, per_minute: 100000000 } }
connectors:
  - { id: inline, type: inline }
`,
);

async function cli(...args: string[]) {
  const p = Bun.spawn([BINARY, ...args, "--config", config], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`assay ${args.join(" ")} failed`);
  return out;
}

async function startAndReadUrl(cmd: string[]): Promise<{ proc: ReturnType<typeof Bun.spawn>; url: string }> {
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let text = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${cmd[0]} exited before printing its URL: ${text}`);
    text += new TextDecoder().decode(value);
    const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(text);
    if (m) {
      // Keep draining stdout so the child never blocks on a full pipe.
      (async () => {
        while (!(await reader.read()).done);
      })();
      return { proc, url: m[1]! };
    }
  }
}

const procs: ReturnType<typeof Bun.spawn>[] = [];
try {
  await cli("init");
  const account = JSON.parse(await cli("accounts", "create", "--name", "bench", "--plan", "bench", "--json"));
  const key = JSON.parse(await cli("keys", "create", "--account", account.id, "--json"));
  const auth = (body: string) => ({ authorization: `Bearer ${key.key}`, "x-service-signature": signHex(key.secret, body) });

  const baseline = await startAndReadUrl([process.execPath, "run", resolve("bench/baseline-server.ts")]);
  procs.push(baseline.proc);
  const assay = await startAndReadUrl([BINARY, "serve", "--config", config, "--port", "0"]);
  procs.push(assay.proc);

  const analyzeBody = JSON.stringify({
    connector: "inline",
    module: "revenue_leakage",
    data: {
      transaction_id: "INV-BENCH-1",
      type: "invoice",
      date: "2026-03-04",
      customer_id: "C-1",
      currency: "USD",
      amount: 1700,
      tax_amount: 340,
      tax_rate: 0.2,
      lines: [
        { sku: "SKU-1", quantity: 10, unit_price: 80, list_price: 100, discount_pct: 20, amount: 800 },
        { sku: "SKU-2", quantity: 5, unit_price: 180, list_price: 180, discount_pct: 0, amount: 900 },
      ],
    },
  });
  const probe = await fetch(`${assay.url}/v1/analyze`, { method: "POST", headers: { ...auth(analyzeBody), "content-type": "application/json" }, body: analyzeBody });
  const analyzeAvailable = probe.status === 200;

  const scenarios: [string, Parameters<typeof load>[0]][] = [
    ["baseline: bare Bun.serve", { url: `${baseline.url}/`, connections: CONNECTIONS, seconds: SECONDS }],
    ["signed GET /v1/health", { url: `${assay.url}/v1/health`, headers: auth(""), connections: CONNECTIONS, seconds: SECONDS }],
  ];
  if (analyzeAvailable) {
    scenarios.push([
      "signed POST /v1/analyze (inline, revenue_leakage)",
      { url: `${assay.url}/v1/analyze`, method: "POST", body: analyzeBody, headers: { ...auth(analyzeBody), "content-type": "application/json" }, connections: CONNECTIONS, seconds: SECONDS },
    ]);
  }
  const http: Record<string, LoadResult & { ratio_to_baseline: number }> = {};
  let baselineRps = 0;
  for (const [name, spec] of scenarios) {
    await load({ ...spec, seconds: 2 }); // warm-up
    const r = await load(spec);
    if (name.startsWith("baseline")) baselineRps = r.rps;
    http[name] = { ...r, ratio_to_baseline: r.rps / baselineRps };
  }
  results.http = http;
  if (!analyzeAvailable) results.analyze = `skipped: POST /v1/analyze answered ${probe.status}`;

  for (const p of procs.splice(0)) p.kill("SIGTERM");

  // Cold start: process start to the first signed 200, median of 7.
  const starts: number[] = [];
  for (let i = 0; i < 7; i++) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const t0 = performance.now();
    const proc = Bun.spawn([BINARY, "serve", "--config", config, "--port", String(port)], { stdout: "ignore", stderr: "ignore" });
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/v1/health`, { headers: auth("") });
        if (r.status === 200) break;
      } catch {
        await Bun.sleep(1);
      }
    }
    starts.push(performance.now() - t0);
    proc.kill("SIGTERM");
    await proc.exited;
  }
  starts.sort((a, b) => a - b);
  results.cold_start_ms = { median: starts[3], min: starts[0], max: starts[6] };

  results.limiter = benchLimiter();

  for (const extra of ["bench/connectors-scan.ts", "bench/reports.ts"]) {
    if (!existsSync(extra)) continue;
    const p = Bun.spawn([process.execPath, "run", extra], { stdout: "pipe", stderr: "inherit" });
    const out = await new Response(p.stdout).text();
    await p.exited;
    results[extra] = out.trim();
  }
} finally {
  for (const p of procs) p.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}

mkdirSync("bench/out", { recursive: true });
writeFileSync("bench/out/results.json", JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
