// The one table `make bench` prints (Markdown, so docs/benchmarks.md can take it as it is).
export interface Row {
  figure: string;
  result: string;
  ratio?: string;
  /** The highest ratio the row's CPU per request allows on this machine (cpuBound). */
  bound?: string;
  p50?: number;
  p99?: number;
  p999?: number;
  cpu_us?: number | null;
  /** The load generator's CPU per request (wrk's own), µs. */
  client_cpu_us?: number | null;
  rss_mb?: number;
  target?: string;
  /** undefined: no target. */
  met?: boolean;
}

/**
 * The highest ratio to the baseline that a figure's CPU per request allows on this machine: were
 * the server (on as many threads as it liked) and wrk to keep every core busy, they could answer at
 * most cores / (server µs + wrk µs) requests a second. Throughput under wrk on a machine this small
 * is bounded by the two processes' CPU together, not by the server's alone; so a row whose bound is
 * under its target cannot meet it by threading, only by less work per request.
 */
export function cpuBound(cores: number, serverUs: number | null | undefined, clientUs: number | null | undefined, baselineRps: number): number | undefined {
  if (serverUs == null || clientUs == null || !(serverUs + clientUs > 0) || !(baselineRps > 0)) return undefined;
  return (cores * 1e6) / (serverUs + clientUs) / baselineRps;
}

const ms = (x: number | undefined) => (x === undefined ? "" : x.toFixed(2));

export function table(rows: Row[]): string {
  const head = ["figure", "result", "ratio to baseline", "CPU bound of the ratio", "p50 ms", "p99 ms", "p99.9 ms", "server CPU µs/req", "wrk CPU µs/req", "peak RSS MB", "target", "met"];
  const body = rows.map((r) => [
    r.figure,
    r.result,
    r.ratio ?? "",
    r.bound ?? "",
    ms(r.p50),
    ms(r.p99),
    ms(r.p999),
    r.cpu_us == null ? "" : String(r.cpu_us),
    r.client_cpu_us == null ? "" : String(r.client_cpu_us),
    r.rss_mb === undefined ? "" : String(r.rss_mb),
    r.target ?? "",
    r.met === undefined ? "" : r.met ? "yes" : "**no**",
  ]);
  return [`| ${head.join(" | ")} |`, `|${head.map(() => " --- ").join("|")}|`, ...body.map((c) => `| ${c.join(" | ")} |`)].join("\n");
}
