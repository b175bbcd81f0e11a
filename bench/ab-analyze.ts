// Interleaved A/B of built binaries on the signed analyze paths (inline invoice recorded with its
// auto-alert, lookups by transaction_id from the sqlite and csv connectors): each binary serves
// its own data folder, and rounds run A B A B … under `wrk -t1` so machine load falls on both
// alike. Prints the server CPU per request (from /proc/<pid>/stat: the figure to compare on a
// shared machine) and req/s for every round, then the median per binary and scenario.
// Usage: bun run bench/ab-analyze.ts BINARY_A BINARY_B [...] (env: AB_ROUNDS 3, AB_SECONDS 4,
// AB_CONNECTIONS 64, AB_ONLY inline|sqlite|csv)
import { Database } from "bun:sqlite";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signHex } from "../src/auth/signature.ts";
import { generateDataset } from "../src/sampledata/generate.ts";
import { writeCsvDataset, writeSqliteDataset } from "../src/sampledata/write.ts";
import { load } from "./load.ts";

const binaries = process.argv.slice(2).map((b) => resolve(b));
if (binaries.length < 2) throw new Error("usage: bun run bench/ab-analyze.ts BINARY_A BINARY_B [...]");
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const SECONDS = Number(process.env.AB_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 64);

const dir = mkdtempSync(join(tmpdir(), "assay-ab-"));
const data = generateDataset({ seed: 7, invoices: 2000 });
writeSqliteDataset(data, join(dir, "billing.db"));
{
  const db = new Database(join(dir, "billing.db"));
  db.run("CREATE INDEX invoice_lines_transaction_id ON invoice_lines (transaction_id)");
  db.close();
}
const csv = await writeCsvDataset(data, join(dir, "csv"));
const lookupId = data.transactions[data.transactions.length >> 1]!.transaction_id;

async function run(binary: string, config: string, ...args: string[]) {
  const p = Bun.spawn([binary, ...args, "--config", config], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`assay ${args.join(" ")} failed`);
  return out;
}

async function serve(binary: string, config: string) {
  const proc = Bun.spawn([binary, "serve", "--config", config, "--port", "0"], { stdout: "pipe", stderr: "inherit" });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${binary} exited: ${text}`);
    text += new TextDecoder().decode(value);
    const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(text);
    if (m) {
      (async () => {
        while (!(await reader.read()).done);
      })();
      return { proc, url: m[1]! };
    }
  }
}

const invoice = {
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
};
const bodies: Record<string, object> = {
  inline: invoice,
  sqlite: { connector: "erp", module: "revenue_leakage", data: { transaction_id: lookupId } },
  csv: { connector: "files", module: "revenue_leakage", data: { transaction_id: lookupId } },
};
const only = process.env.AB_ONLY?.split(",");
const scenarios = Object.keys(bodies).filter((s) => !only || only.includes(s));

const servers: { binary: string; proc: ReturnType<typeof Bun.spawn>; url: string; key: { key: string; secret: string } }[] = [];
try {
  for (const [i, binary] of binaries.entries()) {
    const own = join(dir, `server-${i}`);
    mkdirSync(own);
    const config = join(own, "assay.yaml");
    writeFileSync(
      config,
      `server: { port: 0, access_log: false }
storage: { path: ./assay.db }
security: { master_key_file: ./master.key }
plans: { bench: { per_second: 10000000, per_minute: 100000000 } }
connectors:
  - { id: inline, type: inline }
  - { id: erp, type: sqlite, path: ${join(dir, "billing.db")}, transactions: invoice_lines, reference: { contracts: contracts, price_list: price_list, shipments: shipments } }
  - { id: files, type: csv, transactions: ${csv.transactions}, reference: { contracts: ${csv.contracts}, price_list: ${csv.price_list}, shipments: ${csv.shipments} } }
`,
    );
    await run(binary, config, "init");
    const account = JSON.parse(await run(binary, config, "accounts", "create", "--name", "ab", "--plan", "bench", "--json"));
    const key = JSON.parse(await run(binary, config, "keys", "create", "--account", account.id, "--json"));
    servers.push({ binary, key, ...(await serve(binary, config)) });
  }
  const results = new Map<string, { cpu: number[]; rps: number[] }>();
  const spec = (s: (typeof servers)[number], scenario: string) => {
    const body = JSON.stringify(bodies[scenario]);
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
      const probe = await fetch(sp.url, { method: "POST", headers: sp.headers, body: sp.body });
      if (probe.status !== 200) throw new Error(`${s.binary} ${scenario}: ${probe.status} ${await probe.text()}`);
      await load({ ...sp, seconds: 1 });
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      for (const s of servers) {
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
