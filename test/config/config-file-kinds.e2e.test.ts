// --config names something that is not a regular file. The 4 MiB bound was checked on the size
// stat reports before reading, and a device or a pipe reports 0: `assay config check --config
// /dev/zero` (or /dev/urandom, or a pipe fed without end) read for ever — 354 MB after 10 s on
// /dev/urandom — and a folder answered `assay: EISDIR: illegal operation on a directory, read`,
// naming neither the file nor what to do (eighth attack pass). A pipe that ends, as bash's
// `--config <(envsubst < assay.tpl.yaml)` gives, is read as before.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";

const BINARY = process.env.ASSAY_BINARY;
const dir = makeTempDir("assay-config-kinds-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAIN = join(import.meta.dir, "../../src/main.ts");

/** `assay config check --config <config>`, killed if it is still running after 15 s. */
async function check(config: string) {
  const started = performance.now();
  const cmd = BINARY ? [BINARY] : [process.execPath, "run", MAIN];
  const proc = Bun.spawn([...cmd, "config", "check", "--config", config], { stdout: "pipe", stderr: "pipe", timeout: 15_000, killSignal: "SIGKILL" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr, seconds: (performance.now() - started) / 1000 };
}

test("a device without end (/dev/zero, /dev/urandom) is refused at the size bound, at once", async () => {
  for (const device of ["/dev/zero", "/dev/urandom"]) {
    const r = await check(device);
    expect({ device, code: r.code }).toEqual({ device, code: 1 });
    expect(r.stderr).toContain(`${device}: invalid configuration`);
    expect(r.stderr).toMatch(/the file is more than 4 MiB; a configuration file is at most 4 MiB/);
    expect(r.seconds).toBeLessThan(10);
  }
}, 40_000);

test("a folder is refused naming it, not with EISDIR", async () => {
  const r = await check(dir);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`${dir}: invalid configuration`);
  expect(r.stderr).toContain("is a folder: name the configuration file in it");
  expect(r.stderr).not.toContain("EISDIR");
});

test("a pipe that ends is read (bash process substitution)", async () => {
  const file = join(dir, "assay.yaml");
  writeFileSync(file, `storage: { path: ${join(dir, "assay.db")} }\nserver: { port: 18123 }\n`);
  const cmd = BINARY ? BINARY : `${process.execPath} run ${MAIN}`;
  const proc = Bun.spawn(["bash", "-c", `${cmd} config check --config <(cat ${file})`], { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  expect(stdout).toMatch(/: ok \(/);
});
