// An app that cannot be built stops `assay serve`. The server listens first and builds the app
// (routes, dashboard, background work) just after (server.ts); when that failed, the process lived
// on and answered every request but signed health with 500 internal_error — /livez too — logging
// `building the app failed` once (eleventh attack pass: a dashboard.public_url no URL parser takes,
// now refused at load). A load balancer saw a live server erring and a supervisor nothing to
// restart. Now the failure is logged, requests meanwhile get 503 shutting_down, and the command
// exits 1 naming the error. The fault point stands for any cause a check at load misses.
import { afterAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { freePort } from "../support/ports.ts";

const dir = makeTempDir("assay-build-failure-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("serve exits 1 naming the error when its app cannot be built; /livez never answers 500", async () => {
  const port = await freePort();
  const config = join(dir, "assay.yaml");
  writeFileSync(config, `server: { port: ${port} }\nstorage: { path: ./assay.db }\nsecurity: { master_key_file: ./master.key }\n`);
  writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  const proc = Bun.spawn([process.execPath, "run", join(import.meta.dir, "../../src/main.ts"), "serve", "--config", config], {
    env: { ...process.env, ASSAY_TEST_FAULT: "app_build_fails" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const statuses = new Set<number>();
  const exited = proc.exited;
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + 15_000;
  while (!done && Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}/livez`).catch(() => undefined);
    if (res) statuses.add(res.status);
    await Bun.sleep(5);
  }
  if (!done) proc.kill("SIGKILL");
  const [code, stdout, stderr] = await Promise.all([exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  expect(done).toBe(true);
  expect(code).toBe(1);
  expect(stderr).toContain("the server could not start: app_build_fails (test fault point)");
  expect(stdout).toContain('"msg":"building the app failed: the server stops"');
  expect(statuses.size).toBeGreaterThan(0);
  expect([...statuses].filter((s) => s >= 500 && s !== 503)).toEqual([]);
}, 30_000);
