// A soak run: the built binary under a steady mix of signed traffic for minutes, its resident
// memory sampled as it goes. A leak that a 10-second wrk run cannot show (a map keyed by
// something a client chooses, a cache without a bound, a replay guard that never forgets) shows
// here as memory that keeps rising after the first minute, when the caches have filled.
// The mix: new inline invoices (each recorded, most opening an alert), the same ones re-sent with
// an Idempotency-Key, timestamped health checks (each remembered by the replay guard for its
// window), a few wrong signatures and unknown keys (401s), alert pages with cursors, and alert
// ids a client invents (404s). Not part of `make bench` (it runs for minutes); docs/benchmarks.md has a run.
// Usage: bun run bench/soak.ts [--binary dist/assay] [--minutes 5] [--connections 16] [--sample 15] [--mix all|health|analyze]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { signHex } from "../src/auth/signature.ts";
import { BENCH_INVOICE, benchServerYaml, runCli, startAndReadUrl } from "./support.ts";

const { values } = parseArgs({
  options: {
    binary: { type: "string", default: "dist/assay" },
    minutes: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    sample: { type: "string", default: "15" },
    // all: the mix below; health: signed health checks only; analyze: new recorded analyses only.
    mix: { type: "string", default: "all" },
  },
});
const binary = values.binary!;
const durationMs = Number(values.minutes) * 60_000;
const connections = Number(values.connections);
const sampleMs = Number(values.sample) * 1000;
const mix = values.mix!;
if (!["all", "health", "analyze"].includes(mix)) throw new Error(`--mix: expected all, health or analyze (got "${mix}")`);

const dir = mkdtempSync(join(tmpdir(), "assay-soak-"));
const config = join(dir, "assay.yaml");
// The access log on, as shipped (its lines go to the server's stdout, which startAndReadUrl drains).
writeFileSync(config, benchServerYaml("", { accessLog: true }));
await runCli(binary, config, "init");
const account = JSON.parse(await runCli(binary, config, "accounts", "create", "--name", "soak", "--plan", "bench", "--json"));
const key = JSON.parse(await runCli(binary, config, "keys", "create", "--account", account.id, "--json"));
const { proc, url } = await startAndReadUrl([binary, "serve", "--config", config]);

/** Resident memory in MB: in all, and the anonymous part (heaps; the rest is mapped files). */
const memory = () => {
  const status = readFileSync(`/proc/${proc.pid}/status`, "utf8");
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: mb("VmRSS"), anon: mb("RssAnon") };
};

let sent = 0;
const byStatus = new Map<number, number>();
let cursor: string | null = null;
const firstOf = new Map<number, string>();
async function one(i: number): Promise<void> {
  // With one kind only, a growth of memory belongs to it: health (no storage) or analyze (its rows).
  const kind = mix === "health" ? 9 : mix === "analyze" ? 0 : i % 10;
  let method = "GET";
  let path = "/v1/health";
  let body = "";
  const headers: Record<string, string> = { authorization: `Bearer ${key.key}` };
  let timestamp: string | undefined;
  if (kind <= 3) {
    method = "POST";
    path = "/v1/analyze";
    // Kind 3 re-sends kind 0's request with its Idempotency-Key: a client retrying a lost answer.
    const of = kind === 3 ? i - 3 : i;
    const invoice = structuredClone(BENCH_INVOICE);
    invoice.data.transaction_id = `INV-SOAK-${of}`;
    invoice.data.customer_id = `C-${of % 5000}`;
    body = JSON.stringify(invoice);
    if (kind === 0 || kind === 3) headers["idempotency-key"] = `idem-${of}`;
  } else if (kind === 4) {
    timestamp = String(Math.floor(Date.now() / 1000));
    path = `/v1/health?n=${i}`;
  } else if (kind === 5) {
    path = `/v1/alerts?limit=20${cursor ? `&starting_after=${cursor}` : ""}`;
  } else if (i % 1000 === 6) {
    // Over the address's failed-auth allowance (60/min) these get 429s; the good key keeps working.
    headers.authorization = `Bearer ak_unknown${i}`;
  } else if (kind === 7) {
    path = `/v1/alerts/alt_${i.toString(36).padStart(26, "0")}`;
  }
  headers["x-service-signature"] = i % 1000 === 8 ? "0".repeat(64) : signHex(key.secret, body, timestamp);
  if (timestamp) headers["x-service-timestamp"] = timestamp;
  if (body) headers["content-type"] = "application/json";
  const response = await fetch(url + path, { method, headers, body: body || undefined });
  const text = await response.text();
  if (kind === 5 && response.ok) {
    const page = JSON.parse(text) as { data: { id: string }[]; has_more: boolean };
    cursor = page.has_more ? page.data.at(-1)!.id : null;
  }
  byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
  if (!firstOf.has(response.status)) firstOf.set(response.status, `${method} ${path}: ${text.slice(0, 300)}`);
}

const start = Date.now();
const samples: { minute: number; rss: number; anon: number; requests: number }[] = [];
const sampler = setInterval(() => {
  samples.push({ minute: (Date.now() - start) / 60_000, ...memory(), requests: sent });
  const s = samples.at(-1)!;
  console.log(`${s.minute.toFixed(2).padStart(6)} min  ${s.rss.toFixed(0).padStart(5)} MB (${s.anon.toFixed(0)} anonymous)  ${s.requests} requests`);
}, sampleMs);
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() - start < durationMs) await one(sent++);
  }),
);
clearInterval(sampler);

// The growth after the first minute, in MB per minute: least squares over the later samples.
const later = samples.filter((s) => s.minute >= 1);
const n = later.length;
const mx = later.reduce((a, s) => a + s.minute, 0) / n;
const my = later.reduce((a, s) => a + s.rss, 0) / n;
const slope = later.reduce((a, s) => a + (s.minute - mx) * (s.rss - my), 0) / later.reduce((a, s) => a + (s.minute - mx) ** 2, 0);
console.log(
  JSON.stringify({
    requests: sent,
    per_second: Math.round(sent / (durationMs / 1000)),
    statuses: Object.fromEntries(byStatus),
    rss_mb_first_minute: later[0]?.rss,
    rss_mb_end: samples.at(-1)?.rss,
    rss_mb_peak: Math.max(...samples.map((s) => s.rss)),
    anonymous_mb_first_minute: later[0]?.anon,
    anonymous_mb_end: samples.at(-1)?.anon,
    growth_mb_per_minute_after_the_first: Number(slope.toFixed(2)),
  }),
);
for (const [status, example] of firstOf) if (status >= 400) console.log(`first ${status}: ${example}`);
proc.kill("SIGTERM");
await proc.exited;
rmSync(dir, { recursive: true, force: true });
