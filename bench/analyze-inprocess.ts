// Signed POST /v1/analyze through the front door's fetch handler in process, without sockets:
// batches of concurrent requests (as wrk's connections would send them, so the group commit
// shares its fsync the same way), CPU per request from process.cpuUsage minus the cost of
// building the Request objects. Steadier than wrk on a busy machine; what it leaves out is Bun's
// HTTP parsing and writing (the bare server's share). The front door gets the server's observers
// (usage counting, metrics) as `assay serve` has them; `--access-log` also writes the access log's
// lines to standard output (redirect it), as the shipped configuration does. Usage:
// bun run bench/analyze-inprocess.ts [inline|new|lookup|csv|health] [--batches N] [--batch 64] [--access-log]
// (`inline`: the same invoice again, its alert already open; `new`: an invoice of a new transaction
// each time, each opening its alert, signed per request (the signing is in the subtracted cost of
// building the Request); `lookup`, `csv`: a transaction of the sample data set by its id, from a
// sqlite / csv connector; `health`: signed GET /v1/health). ASSAY_TEST_STORAGE=postgres records on
// a fresh PostgreSQL database instead of SQLite.
import { parseArgs } from "node:util";
import { signHex } from "../src/auth/signature.ts";
import { jsonLogger } from "../src/log.ts";
import { makeTempDir } from "../test/support/harness.ts";
import { startServer } from "../test/support/server.ts";
import { connectionPerRequest, inProcessFrontDoor } from "./in-process.ts";
import { signedHeaders, signedRequestMaker } from "./signed-requests.ts";
import { BENCH_INVOICE, lookupBody, writeSampleSources } from "./support.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    batches: { type: "string", default: "400" },
    batch: { type: "string", default: "64" },
    "access-log": { type: "boolean", default: false },
    json: { type: "boolean", default: false }, // a last line of JSON, for bench/run.ts
  },
});
const scenario = positionals[0] ?? "inline";
const dir = makeTempDir("assay-inproc-");
const sources = await writeSampleSources(dir);
const s = await startServer(`connectors:\n  - { id: inline, type: inline }\n${sources.connectorsYaml}`);
const creds = await s.account();
const handler = inProcessFrontDoor(s.rt, { log: values["access-log"] ? jsonLogger("info") : undefined, accessLog: values["access-log"] });
const server = connectionPerRequest();
const body = scenario === "health" ? "" : JSON.stringify(scenario === "inline" || scenario === "new" ? BENCH_INVOICE : lookupBody(scenario === "csv" ? "files" : "erp", sources.lookupId));
const headers = signedHeaders(signHex, creds, body);
let sequence = 0;
/** An invoice of a transaction not seen before, signed. */
function newTransaction(): Request {
  const text = JSON.stringify({ ...BENCH_INVOICE, data: { ...BENCH_INVOICE.data, transaction_id: `INV-NEW-${++sequence}` } });
  const signed = { ...headers, "x-service-signature": signHex(creds.secret, text), "content-length": String(text.length) };
  return new Request("http://localhost:8080/v1/analyze", { method: "POST", headers: signed, body: text });
}
const make = scenario === "new" ? newTransaction : signedRequestMaker(signHex, creds, body);
const batch = Number(values.batch);

/** Wall-clock requests per second of each round: with PostgreSQL, its server's CPU is not in ours. */
const rates: number[] = [];

async function round(batches: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let b = 0; b < batches; b++) {
    const answers = await Promise.all(Array.from({ length: batch }, () => handler(make(), server)));
    for (const a of answers) {
      if (a.status !== 200) throw new Error(`${a.status} ${await a.text()}`);
      await a.arrayBuffer();
    }
  }
  const cpu = process.cpuUsage(cpu0);
  rates.push((batches * batch) / ((performance.now() - t0) / 1000));
  return (cpu.user + cpu.system) / (batches * batch);
}

function requestCost(n: number): number {
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) make();
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / n;
}

await round(50);
rates.length = 0;
const figures: number[] = [];
for (let i = 0; i < 5; i++) figures.push(await round(Number(values.batches) / 5));
const building = requestCost(20_000);
const chronological = [...figures];
figures.sort((a, b) => a - b);
const cpuPerRequest = figures[2]! - building;
const requestsPerSecond = Math.round([...rates].sort((a, b) => a - b)[2]!);
console.log(
  `${scenario}: ${cpuPerRequest.toFixed(1)} µs CPU per request (median of 5 rounds, minus ${building.toFixed(1)} µs building the Request; rounds in order ${chronological.map((f) => (f - building).toFixed(1)).join(" ")}); ${requestsPerSecond.toLocaleString("en")} requests/s (median round)`,
);
await s.stop();
if (values.json) console.log(JSON.stringify({ cpu_us_per_request: Number(cpuPerRequest.toFixed(1)), requests_per_s: requestsPerSecond }));
