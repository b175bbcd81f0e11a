// Signed requests through the front door's fetch handler in process, for instruction counts:
// run it twice under callgrind with different --batches and divide the difference of the two
// totals by the difference of the requests, which leaves out start-up, the JIT's warm-up and the
// set-up (the machine's load moves an instruction count far less than a CPU time). Nothing is
// timed. `inline`: the benchmark's invoice again and again (recorded, its alert open and
// unchanged: `make bench`'s signed analyze); `health`: signed GET /v1/health; `engine`: the same
// invoice analysed and recorded by the runtime's engine, without HTTP. Usage:
//   valgrind --tool=callgrind --smc-check=all-non-file bun run bench/analyze-ir.ts inline --batches 40
//   (then again with --batches 80: Ir per request = ΔIr ÷ (40 × 64))
import { parseArgs } from "node:util";
import { signHex } from "../src/auth/signature.ts";
import { startServer } from "../test/support/server.ts";
import { connectionPerRequest, inProcessFrontDoor } from "./in-process.ts";
import { signedRequestMaker } from "./signed-requests.ts";
import { BENCH_INVOICE } from "./support.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { batches: { type: "string", default: "40" }, warm: { type: "string", default: "30" }, batch: { type: "string", default: "64" } },
});
const scenario = positionals[0] ?? "inline";
const batch = Number(values.batch);
const s = await startServer("connectors:\n  - { id: inline, type: inline }\n");
const creds = await s.account();
const handler = inProcessFrontDoor(s.rt);
const server = connectionPerRequest();
const body = scenario === "health" ? "" : JSON.stringify(BENCH_INVOICE);
const make = signedRequestMaker(signHex, creds, body);

async function requests(batches: number) {
  for (let b = 0; b < batches; b++) {
    const answers = await Promise.all(Array.from({ length: batch }, () => handler(make(), server)));
    for (const a of answers) {
      if (a.status !== 200) throw new Error(`${a.status} ${await a.text()}`);
      await a.arrayBuffer();
    }
  }
}

async function analyses(count: number) {
  const request = { accountId: creds.accountId, connector: "inline", module: "revenue_leakage", data: BENCH_INVOICE.data as Record<string, unknown> };
  const engine = s.rt.analysis;
  for (let i = 0; i < count; i++) await engine.analyze(request);
}

const run = scenario === "engine" ? (n: number) => analyses(n * batch) : requests;
await run(Number(values.warm));
await run(Number(values.batches));
await s.stop();
console.log(`${scenario}: ${Number(values.batches) * batch} requests after ${Number(values.warm) * batch} warm-up`);
