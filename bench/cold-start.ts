// Cold start of `assay serve` to the first signed 200, for one or more binaries measured
// INTERLEAVED (A B A B …) on the same database, so a busy shared machine weighs on each alike.
//   bun run bench/cold-start.ts [--starts N] [--fill MB] [--connectors 1] BINARY [BINARY …]
// Per binary: median/min/max wall (process spawn to the first 200, polled with fetch every 1 ms,
// as `make bench` does) and the server's CPU until then: /proc utime+stime (10 ms ticks) and the
// sum of its threads' schedstat run time (ns, the finer figure). `--fill MB` pads the database
// to about MB megabytes first (a large file: its quick_check runs in a worker after listening).
// `--connectors 1` adds `make bench`'s sample sqlite and csv connectors to the configuration.
import { Database } from "bun:sqlite";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signHex } from "../src/auth/signature.ts";
import { processCpuSeconds, threadsCpuMs } from "./load.ts";
import { benchServerYaml, runCli, writeSampleSources } from "./support.ts";
import { freePort } from "../test/support/ports.ts";

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(argv[i + 1]);
  argv.splice(i, 2);
  return value;
};
const STARTS = option("starts", 15);
const FILL_MB = option("fill", 0);
const WITH_CONNECTORS = option("connectors", 0) === 1;
const binaries = argv.map((b) => resolve(b));
if (binaries.length === 0) throw new Error("usage: bun run bench/cold-start.ts [--starts N] [--fill MB] BINARY [BINARY …]");

const dir = mkdtempSync(join(tmpdir(), "assay-cold-"));
const config = join(dir, "assay.yaml");
writeFileSync(config, benchServerYaml(WITH_CONNECTORS ? (await writeSampleSources(dir)).connectorsYaml : ""));
const cli = (...args: string[]) => runCli(binaries[0]!, config, ...args);

await cli("init");
const account = JSON.parse(await cli("accounts", "create", "--name", "bench", "--plan", "bench", "--json"));
const key = JSON.parse(await cli("keys", "create", "--account", account.id, "--json"));
const headers = { authorization: `Bearer ${key.key}`, "x-service-signature": signHex(key.secret, "") };
if (FILL_MB > 0) {
  // A padding table: the file is a sound database of that size (the store ignores tables it does not know).
  const db = new Database(join(dir, "assay.db"));
  const pad = "x".repeat(2000);
  db.run("CREATE TABLE IF NOT EXISTS bench_padding (id INTEGER PRIMARY KEY, data TEXT NOT NULL)");
  const insert = db.prepare("INSERT INTO bench_padding (data) VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < FILL_MB * 500; i++) insert.run(pad + i);
  })();
  db.close();
}
const databaseMb = Math.round(statSync(join(dir, "assay.db")).size / 1e6);

async function start(binary: string): Promise<{ wall: number; cpuTicks: number; cpu: number } | undefined> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = Bun.spawn([binary, "serve", "--config", config, "--port", String(port)], { stdout: "ignore", stderr: "ignore" });
  let result;
  while (proc.exitCode === null && performance.now() - t0 < 10_000) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/v1/health`, { headers });
      const wall = performance.now() - t0;
      if (r.status === 200) result = { wall, cpuTicks: processCpuSeconds(proc.pid) * 1000, cpu: threadsCpuMs(proc.pid) };
      break;
    } catch {
      await Bun.sleep(1);
    }
  }
  proc.kill("SIGTERM");
  await proc.exited;
  return result;
}

const runs = binaries.map(() => [] as { wall: number; cpuTicks: number; cpu: number }[]);
for (let round = 0, failures = 0; round < STARTS; round++) {
  for (const [i, binary] of binaries.entries()) {
    const r = await start(binary);
    if (r) runs[i]!.push(r);
    else if (++failures > STARTS) throw new Error("cold start: too many failed starts");
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`database ${databaseMb} MB, ${STARTS} starts each, interleaved`);
for (const [i, binary] of binaries.entries()) {
  const r = runs[i]!;
  const walls = r.map((x) => x.wall).sort((a, b) => a - b);
  console.log(
    `${binary}: wall median ${median(walls).toFixed(1)} ms (${walls[0]!.toFixed(1)}–${walls.at(-1)!.toFixed(1)}), ` +
      `CPU median ${median(r.map((x) => x.cpu)).toFixed(1)} ms (threads' schedstat), ${median(r.map((x) => x.cpuTicks))} ms (/proc ticks)`,
  );
}
