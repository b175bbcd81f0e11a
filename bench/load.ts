// HTTP load generation for the benchmarks: wrk when installed (C, light on the shared CPU),
// else a Bun client with N concurrent keep-alive loops. Both report requests/s and p50/p99.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  tool: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  non2xx: number;
}

export function wrkAvailable(): boolean {
  return Bun.which("wrk") !== null;
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  return wrkAvailable() ? loadWithWrk(spec) : loadWithBun(spec);
}

async function loadWithWrk(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "assay-wrk-"));
  const script = join(dir, "req.lua");
  const headerLines = Object.entries(spec.headers ?? {}).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  writeFileSync(
    script,
    [
      `wrk.method = ${JSON.stringify(spec.method ?? "GET")}`,
      ...(spec.body ? [`wrk.body = ${JSON.stringify(spec.body)}`] : []),
      ...headerLines,
      `done = function(summary, latency, requests)`,
      `  io.write(string.format("JSON {\\"requests\\":%d,\\"seconds\\":%f,\\"p50\\":%f,\\"p99\\":%f,\\"non2xx\\":%d}\\n",`,
      `    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status))`,
      `end`,
    ].join("\n"),
  );
  const threads = Math.min(2, spec.connections);
  const p = Bun.spawn(["wrk", `-t${threads}`, `-c${spec.connections}`, `-d${spec.seconds}s`, "-s", script, spec.url], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const line = out.split("\n").find((l) => l.startsWith("JSON "));
  if (!line) throw new Error(`wrk gave no result: ${out}`);
  const r = JSON.parse(line.slice(5)) as { requests: number; seconds: number; p50: number; p99: number; non2xx: number };
  return { tool: "wrk", rps: r.requests / r.seconds, p50_ms: r.p50, p99_ms: r.p99, non2xx: r.non2xx };
}

async function loadWithBun(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const end = performance.now() + spec.seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const r = await fetch(spec.url, { method: spec.method ?? "GET", headers: spec.headers, body: spec.body });
      await r.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (r.status < 200 || r.status >= 300) non2xx++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: spec.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return { tool: "bun-fetch", rps: latencies.length / seconds, p50_ms: pct(50), p99_ms: pct(99), non2xx };
}
