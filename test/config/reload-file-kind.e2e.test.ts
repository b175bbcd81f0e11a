// A running server re-reads its configuration on SIGHUP or when the file changes, on the thread
// that answers requests. Fourteenth attack pass: a configuration swapped for a named pipe (a
// secrets agent that renders the file into a FIFO, a symlink pointed at one) froze the server —
// opening a pipe waits for a writer — /livez and every request with it, for ever. A reload now
// reads only a regular file, and refuses anything else in the log, naming it.
import { afterAll, expect, test } from "bun:test";
import { renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { spawnServe, type ServerProcess } from "../support/process.ts";
import { until } from "../support/wait.ts";

const BINARY = process.env.ASSAY_BINARY;
const dir = makeTempDir("assay-reload-kind-");
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

test("a configuration swapped for a named pipe is refused in the log; the server keeps answering", async () => {
  const real = join(dir, "real.yaml");
  writeFileSync(real, `server: { port: 0, access_log: false }\nstorage: { path: ${join(dir, "assay.db")} }\nsecurity: { master_key_file: ${join(dir, "master.key")} }\n`);
  writeFileSync(join(dir, "master.key"), `${"ef".repeat(32)}\n`, { mode: 0o600 });
  const config = join(dir, "assay.yaml");
  symlinkSync(real, config);
  server = await spawnServe(config, {}, BINARY);
  await Bun.sleep(1500); // the watcher starts polling after start-up

  const pipe = join(dir, "rendered.yaml");
  expect(Bun.spawnSync(["mkfifo", pipe]).exitCode).toBe(0);
  symlinkSync(pipe, join(dir, "next.yaml"));
  renameSync(join(dir, "next.yaml"), config); // swapped atomically, as a ConfigMap is
  server.proc.kill("SIGHUP");

  await until("the reload refusal in the log", () => server!.output().includes("config reload refused"), 15_000);
  const refusal = server.output().split("\n").find((l) => l.includes("config reload refused"))!;
  expect(refusal).toContain("not a regular file");
  const livez = await fetch(`${server.url}/livez`, { signal: AbortSignal.timeout(3_000) });
  expect(livez.status).toBe(200);
}, 40_000);
