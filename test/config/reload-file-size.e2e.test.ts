// The configuration watcher of a running server reads the file when its identity changes. It read
// it whole, on the thread that answers requests, before the reload refused it by its size: a
// 300 MB file swapped in (a symlinked config pointed at the wrong file, a log rotated over it)
// held /livez ~450 ms and left the server's resident memory 360 MB higher, and a symlink swapped
// to /dev/zero was read until a string could grow no longer — then dropped without a log line
// (ninth attack pass). It now reads at most one byte past the configuration's 4 MiB bound, and
// the reload is refused in the log, naming the size, like one started by SIGHUP.
import { afterAll, expect, test } from "bun:test";
import { closeSync, openSync, readFileSync, renameSync, rmSync, symlinkSync, ftruncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { spawnServe, type ServerProcess } from "../support/process.ts";
import { until } from "../support/wait.ts";

const BINARY = process.env.ASSAY_BINARY;
const dir = makeTempDir("assay-reload-size-");
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** The process's peak resident memory so far (VmHWM), in MB. */
function peakMb(pid: number): number {
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kb / 1024;
}

test("a 300 MB file swapped in for the configuration is refused without being read", async () => {
  const real = join(dir, "real.yaml");
  writeFileSync(real, `server: { port: 0, access_log: false }\nstorage: { path: ${join(dir, "assay.db")} }\nsecurity: { master_key_file: ${join(dir, "master.key")} }\n`);
  writeFileSync(join(dir, "master.key"), `${"ef".repeat(32)}\n`, { mode: 0o600 });
  const config = join(dir, "assay.yaml");
  symlinkSync(real, config);
  server = await spawnServe(config, {}, BINARY);
  await Bun.sleep(1500); // the watcher starts polling after start-up
  const before = peakMb(server.proc.pid);

  // A sparse file: 300 MB to read, no disk to fill.
  const big = join(dir, "big.yaml");
  const fd = openSync(big, "w");
  ftruncateSync(fd, 300_000_000);
  closeSync(fd);
  symlinkSync(big, join(dir, "next.yaml"));
  renameSync(join(dir, "next.yaml"), config); // swapped atomically, as a ConfigMap is

  await until("the reload refusal in the log", () => server!.output().includes("config reload refused"), 15_000);
  const refusal = server.output().split("\n").find((l) => l.includes("config reload refused"))!;
  expect(refusal).toContain("a configuration file is at most 4 MiB");
  expect(peakMb(server.proc.pid) - before).toBeLessThan(100);
  expect((await fetch(`${server.url}/livez`)).status).toBe(200);
}, 40_000);
