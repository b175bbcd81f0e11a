// Signed POST /v1/analyze through the front door's fetch handler in process, without sockets:
// batches of concurrent requests (as wrk's connections would send them, so the group commit
// shares its fsync the same way), CPU per request from process.cpuUsage minus the cost of
// building the Request objects. Steadier than wrk on a busy machine; what it leaves out is Bun's
// HTTP parsing and writing (the bare server's share). Usage:
// bun run bench/analyze-inprocess.ts [inline|lookup|csv] [--batches N] [--batch 64]
// (`lookup`, `csv`: a transaction of the sample data set by its id, from a sqlite / csv connector).
import { parseArgs } from "node:util";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { signHex } from "../src/auth/signature.ts";
import { buildApp } from "../src/app.ts";
import { frontDoor } from "../src/http/front-door.ts";
import { generateDataset } from "../src/sampledata/generate.ts";
import { writeCsvDataset, writeSqliteDataset } from "../src/sampledata/write.ts";
import { makeTempDir } from "../test/support/harness.ts";
import { startServer } from "../test/support/server.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { batches: { type: "string", default: "400" }, batch: { type: "string", default: "64" } },
});
const scenario = positionals[0] ?? "inline";
const dir = makeTempDir("assay-inproc-");
const data = generateDataset({ seed: 7, invoices: 2000 });
writeSqliteDataset(data, join(dir, "billing.db"));
{
  const db = new Database(join(dir, "billing.db"));
  db.run("CREATE INDEX invoice_lines_transaction_id ON invoice_lines (transaction_id)");
  db.close();
}
const csv = await writeCsvDataset(data, join(dir, "csv"));
const s = await startServer(
  `connectors:\n  - { id: inline, type: inline }\n  - { id: erp, type: sqlite, path: ${join(dir, "billing.db")}, transactions: invoice_lines, reference: { contracts: contracts, price_list: price_list, shipments: shipments } }\n` +
    `  - { id: files, type: csv, transactions: ${csv.transactions}, reference: { contracts: ${csv.contracts}, price_list: ${csv.price_list}, shipments: ${csv.shipments} } }\n`,
);
const creds = await s.account();
const { app, fast } = buildApp(s.rt);
const handler = frontDoor((r) => app.handle(r), {
  fast,
  log: s.rt.log,
  accessLog: false,
  maxBodyBytes: s.rt.config.server.max_body_bytes,
  trustProxy: false,
  draining: () => false,
});
const server = { requestIP: () => ({ address: "127.0.0.1" }) } as never;
const body = JSON.stringify(
  scenario !== "inline"
    ? { connector: scenario === "csv" ? "files" : "erp", module: "revenue_leakage", data: { transaction_id: data.transactions[data.transactions.length >> 1]!.transaction_id } }
    : {
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
      },
);
const headers = { authorization: `Bearer ${creds.key}`, "x-service-signature": signHex(creds.secret, body), "content-type": "application/json", "content-length": String(body.length) };
const make = () => new Request("http://localhost:8080/v1/analyze", { method: "POST", headers, body });
const batch = Number(values.batch);

async function round(batches: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  for (let b = 0; b < batches; b++) {
    const answers = await Promise.all(Array.from({ length: batch }, () => handler(make(), server)));
    for (const a of answers) {
      if (a.status !== 200) throw new Error(`${a.status} ${await a.text()}`);
      await a.arrayBuffer();
    }
  }
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / (batches * batch);
}

function requestCost(n: number): number {
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) make();
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / n;
}

await round(50);
const figures: number[] = [];
for (let i = 0; i < 5; i++) figures.push(await round(Number(values.batches) / 5));
const building = requestCost(20_000);
const chronological = [...figures];
figures.sort((a, b) => a - b);
console.log(
  `${scenario}: ${(figures[2]! - building).toFixed(1)} µs CPU per request (median of 5 rounds, minus ${building.toFixed(1)} µs building the Request; rounds in order ${chronological.map((f) => (f - building).toFixed(1)).join(" ")})`,
);
await s.stop();
