// What the benchmarks share (bench/run.ts, cluster.ts, ab-analyze.ts, analyze-inprocess.ts, cold-start.ts):
// the signed analyze requests they send, the sample sources their lookups read, and starting a
// built binary, its CLI or its server, from the outside.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { generateDataset } from "../src/sampledata/generate.ts";
import { writeCsvDataset, writeSqliteDataset } from "../src/sampledata/write.ts";

/** POST /v1/analyze of an inline invoice (revenue_leakage): recorded, and risky enough to alert. */
export const BENCH_INVOICE = {
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

/** POST /v1/analyze of a transaction fetched from a connector by its id. */
export function lookupBody(connector: string, transactionId: string) {
  return { connector, module: "revenue_leakage", data: { transaction_id: transactionId } };
}

export interface SampleSources {
  /** A transaction in the middle of the sample data. */
  lookupId: string;
  /** The connectors' lines: `erp` (the sqlite file) and `files` (the csv files), for a YAML list. */
  connectorsYaml: string;
}

/**
 * The sample data set as a sqlite file and csv files in `dir`. The sqlite source table has an
 * index on its id, as an ERP's document table has (the connector opens the file read-only and
 * cannot add one; without it every lookup scans the table: see docs/benchmarks.md).
 */
export async function writeSampleSources(dir: string): Promise<SampleSources> {
  const data = generateDataset({ seed: 7, invoices: 2000 });
  const billing = join(dir, "billing.db");
  writeSqliteDataset(data, billing);
  const db = new Database(billing);
  db.run("CREATE INDEX invoice_lines_transaction_id ON invoice_lines (transaction_id)");
  db.close();
  const csv = await writeCsvDataset(data, join(dir, "csv"));
  return {
    lookupId: data.transactions[data.transactions.length >> 1]!.transaction_id,
    connectorsYaml:
      `  - { id: erp, type: sqlite, path: ${billing}, transactions: invoice_lines, reference: { contracts: contracts, price_list: price_list, shipments: shipments } }\n` +
      `  - { id: files, type: csv, transactions: ${csv.transactions}, reference: { contracts: ${csv.contracts}, price_list: ${csv.price_list}, shipments: ${csv.shipments} } }\n`,
  };
}

/**
 * The benchmarks' server configuration: its own database and master key beside the file, no
 * access log unless `accessLog` (the shipped configuration writes one), a plan no run reaches,
 * the inline connector and `moreConnectors` (YAML list lines, e.g. SampleSources.connectorsYaml).
 */
export function benchServerYaml(moreConnectors = "", { accessLog = false } = {}): string {
  return `server: { port: 0, access_log: ${accessLog} }
storage: { path: ./assay.db }
security: { master_key_file: ./master.key }
plans: { bench: { per_second: 10000000, per_minute: 100000000 } }
connectors:
  - { id: inline, type: inline }
${moreConnectors}`;
}

/** Runs a command of the binary with a config file; its standard output, or an error if it fails. */
export async function runCli(binary: string, config: string, ...args: string[]): Promise<string> {
  const p = Bun.spawn([binary, ...args, "--config", config], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`${binary} ${args.join(" ")} failed`);
  return out;
}

/**
 * Starts a server process and waits for the URL it prints (the first match of `url`'s group 1),
 * then keeps draining its standard output so it never blocks on a full pipe.
 */
export async function startAndReadUrl(cmd: string[], url = /(http:\/\/127\.0\.0\.1:\d+)/): Promise<{ proc: ReturnType<typeof Bun.spawn>; url: string }> {
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "inherit" });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${cmd[0]} exited before printing its URL: ${text}`);
    text += new TextDecoder().decode(value);
    const m = url.exec(text);
    if (m) {
      (async () => {
        while (!(await reader.read()).done);
      })();
      return { proc, url: m[1]! };
    }
  }
}
