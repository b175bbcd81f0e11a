// Two checkouts' signed request path side by side in ONE process: each tree's runtime and front
// door (its own modules, database and server state), their batches interleaved A B A B … a few
// milliseconds apart, CPU per request of each batch from process.cpuUsage. On a machine shared
// with other work, runs of separate processes (bench/analyze-inprocess.ts) move by tens of percent
// between runs; batches this close together meet the same load, so a difference of a microsecond
// or two shows in the medians. Usage:
//   bun run bench/analyze-ab-inprocess.ts /work/base /work/h-perf [--scenario inline|health|lookup] [--rounds 200] [--batches 4]
// (`lookup`: a transaction of the sample data set by its id from a sqlite connector, each tree
// reading its own copy of the file.)
// Prints each tree's median, lower quartile and mean µs of CPU per request over the rounds, and in
// how many rounds B cost less than A. The Request objects are built outside the measured span.
import { parseArgs } from "node:util";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signedRequestMaker } from "./signed-requests.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { scenario: { type: "string", default: "inline" }, rounds: { type: "string", default: "200" }, batches: { type: "string", default: "4" }, batch: { type: "string", default: "64" } },
});
if (positionals.length !== 2) throw new Error("usage: analyze-ab-inprocess.ts TREE_A TREE_B [--scenario inline|health|lookup]");
const scenario = values.scenario!;
const batch = Number(values.batch);

interface Side {
  tree: string;
  handler: (r: Request, server: never) => Response | Promise<Response>;
  make: () => Request;
  stop: () => Promise<void>;
}

async function side(tree: string): Promise<Side> {
  const root = resolve(tree);
  const { signHex } = await import(`${root}/src/auth/signature.ts`);
  const { buildApp } = await import(`${root}/src/app.ts`);
  const { frontDoor } = await import(`${root}/src/http/front-door.ts`);
  const { startServer } = await import(`${root}/test/support/server.ts`);
  const { BENCH_INVOICE, lookupBody, writeSampleSources } = await import(`${root}/bench/support.ts`);
  const sources = scenario === "lookup" ? await writeSampleSources(mkdtempSync(join(tmpdir(), "assay-ab-lookup-"))) : undefined;
  const s = await startServer(`connectors:\n  - { id: inline, type: inline }\n${sources?.connectorsYaml ?? ""}`);
  const creds = await s.account();
  const { app, fast, routes } = buildApp(s.rt);
  const handler = frontDoor((r: Request) => app.handle(r), {
    fast,
    log: s.rt.log,
    accessLog: false,
    observers: s.rt.observers,
    routeOf: (method: string, path: string) => routes.templateFor(method, path),
    maxBodyBytes: s.rt.config.server.max_body_bytes,
    trustProxy: false,
    draining: () => false,
  });
  const body = scenario === "health" ? "" : JSON.stringify(sources ? lookupBody("erp", sources.lookupId) : BENCH_INVOICE);
  const make = signedRequestMaker(signHex, creds, body);
  return { tree, handler, make, stop: () => s.stop() };
}

// A port per request, as wrk's connections have (the pipelining guard: bench/analyze-inprocess.ts).
let port = 0;
const server = { requestIP: () => ({ address: "127.0.0.1", port: (port = (port + 1) & 0xffff) }) } as never;

/** µs of process CPU per request over `batches` batches of `batch` concurrent requests. */
async function measure(s: Side, batches: number): Promise<number> {
  const requests = Array.from({ length: batches }, () => Array.from({ length: batch }, s.make));
  const cpu0 = process.cpuUsage();
  for (const group of requests) {
    const answers = await Promise.all(group.map((r) => s.handler(r, server)));
    for (const a of answers) {
      if (a.status !== 200) throw new Error(`${s.tree}: ${a.status} ${await a.text()}`);
      await a.arrayBuffer();
    }
  }
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / (batches * batch);
}

const a = await side(positionals[0]!);
const b = await side(positionals[1]!);
for (let i = 0; i < 40; i++) {
  await measure(a, 2);
  await measure(b, 2);
}
const fa: number[] = [];
const fb: number[] = [];
const rounds = Number(values.rounds);
for (let i = 0; i < rounds; i++) {
  // Order swapped every round: neither side always follows the other's collections.
  if (i % 2 === 0) {
    fa.push(await measure(a, Number(values.batches)));
    fb.push(await measure(b, Number(values.batches)));
  } else {
    fb.push(await measure(b, Number(values.batches)));
    fa.push(await measure(a, Number(values.batches)));
  }
}
await a.stop();
await b.stop();
const sorted = (f: number[]) => [...f].sort((x, y) => x - y);
const at = (f: number[], q: number) => sorted(f)[Math.floor((f.length - 1) * q)]!;
const mean = (f: number[]) => f.reduce((x, y) => x + y, 0) / f.length;
const lower = fa.filter((x, i) => fb[i]! < x).length;
for (const [name, f] of [[a.tree, fa], [b.tree, fb]] as const) {
  console.log(`${name}: ${scenario} median ${at(f, 0.5).toFixed(2)} µs CPU/request, lower quartile ${at(f, 0.25).toFixed(2)}, mean ${mean(f).toFixed(2)} (${rounds} rounds of ${values.batches} × ${batch})`);
}
console.log(`B lower than A in ${lower} of ${rounds} rounds`);
