// The one table `make bench` prints (Markdown, so docs/benchmarks.md can take it as it is).
export interface Row {
  figure: string;
  result: string;
  ratio?: string;
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

const ms = (x: number | undefined) => (x === undefined ? "" : x.toFixed(2));

export function table(rows: Row[]): string {
  const head = ["figure", "result", "ratio to baseline", "p50 ms", "p99 ms", "p99.9 ms", "server CPU µs/req", "wrk CPU µs/req", "peak RSS MB", "target", "met"];
  const body = rows.map((r) => [
    r.figure,
    r.result,
    r.ratio ?? "",
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
