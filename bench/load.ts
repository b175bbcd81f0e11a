// HTTP load generation for the benchmarks: wrk when installed (C, light on the shared CPU),
// else a Bun client with N concurrent keep-alive loops. Both report requests/s, p50/p99/p99.9
// and, given the server's pid, the server's CPU time per request (from /proc/<pid>/stat around
// the run: stable on a shared machine where throughput is not).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** The server process: its CPU time is read around the run. */
  serverPid?: number;
}

export interface LoadResult {
  tool: string;
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  p999_ms: number;
  non2xx: number;
  /** Server CPU (user + system) per request, µs; null without a pid. */
  server_cpu_us: number | null;
  /**
   * The load generator's own CPU per request, µs (wrk: its process; null for the Bun client,
   * which runs in this process). Beside the server's: on two cores the generator's share bounds
   * what any server can reach (docs/benchmarks.md).
   */
  client_cpu_us: number | null;
}

export function wrkAvailable(): boolean {
  return Bun.which("wrk") !== null;
}

/**
 * CPU time of a process's live threads so far, in ms (Linux /proc/<pid>/task/<tid>/schedstat: ns on a
 * CPU). Finer than processCpuSeconds' 10 ms ticks, which are a third of a cold start's CPU; a
 * thread that already ended is not counted.
 */
export function threadsCpuMs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

/** utime + stime of a process in seconds (Linux /proc; clock ticks are 100 Hz). */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields after the command name start at field 3 (state): utime is field 14, stime 15.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Peak resident set of a process (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

/**
 * Waits until the processes are idle: each used under `busyShare` of a core over the last
 * `stepMs` (at most `maxMs` in all); the ms waited. A load run ends with the answers wrk still
 * waited for in the server's hands — 2,000 of them after the 2,000-connection analyze, ~100 ms of
 * work on a quiet VM — and a scenario started meanwhile measured that drain as its own latency
 * (the sqlite lookup's p99 of 90 ms, which ran next; docs/benchmarks.md).
 */
export async function settle(pids: number[], { busyShare = 0.1, stepMs = 50, maxMs = 5_000 } = {}): Promise<number> {
  const started = performance.now();
  let before = pids.map(threadsCpuMs);
  while (performance.now() - started < maxMs) {
    await Bun.sleep(stepMs);
    const now = pids.map(threadsCpuMs);
    // A thread that ended takes its CPU with it (the sum falls): not idle yet, look again.
    const idle = now.every((cpu, i) => cpu >= before[i]! && cpu - before[i]! < busyShare * stepMs);
    before = now;
    if (idle) break;
  }
  return Math.round(performance.now() - started);
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const cpuBefore = spec.serverPid ? processCpuSeconds(spec.serverPid) : 0;
  const r = wrkAvailable() ? await loadWithWrk(spec) : await loadWithBun(spec);
  const cpu = spec.serverPid ? processCpuSeconds(spec.serverPid) - cpuBefore : null;
  return { ...r, server_cpu_us: cpu === null || r.requests === 0 ? null : Math.round((cpu * 1e6) / r.requests * 10) / 10 };
}

async function loadWithWrk(spec: LoadSpec): Promise<Omit<LoadResult, "server_cpu_us">> {
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
      `  io.write(string.format("JSON {\\"requests\\":%d,\\"seconds\\":%f,\\"p50\\":%f,\\"p99\\":%f,\\"p999\\":%f,\\"non2xx\\":%d}\\n",`,
      `    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000, summary.errors.status))`,
      `end`,
    ].join("\n"),
  );
  // One wrk thread: the machine has two cores and the server needs one of them. wrk reads whole
  // seconds only ("-d2.67s" makes it print its usage), so a round's length is rounded.
  const seconds = Math.max(1, Math.round(spec.seconds));
  const p = Bun.spawn(["wrk", "-t1", `-c${spec.connections}`, `-d${seconds}s`, "--timeout", "30s", "-s", script, spec.url], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  rmSync(dir, { recursive: true, force: true });
  const line = out.split("\n").find((l) => l.startsWith("JSON "));
  if (!line) throw new Error(`wrk gave no result: ${out}`);
  const r = JSON.parse(line.slice(5)) as { requests: number; seconds: number; p50: number; p99: number; p999: number; non2xx: number };
  const cpuUs = Number(p.resourceUsage()?.cpuTime.total ?? Number.NaN);
  const client_cpu_us = Number.isFinite(cpuUs) && r.requests > 0 ? Math.round((cpuUs / r.requests) * 10) / 10 : null;
  return { tool: "wrk", requests: r.requests, rps: r.requests / r.seconds, p50_ms: r.p50, p99_ms: r.p99, p999_ms: r.p999, non2xx: r.non2xx, client_cpu_us };
}

async function loadWithBun(spec: LoadSpec): Promise<Omit<LoadResult, "server_cpu_us">> {
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
  return { tool: "bun-fetch", requests: latencies.length, rps: latencies.length / seconds, p50_ms: pct(50), p99_ms: pct(99), p999_ms: pct(99.9), non2xx, client_cpu_us: null };
}
