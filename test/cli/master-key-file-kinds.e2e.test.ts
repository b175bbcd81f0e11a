// security.master_key_file names something that is not a key file (ninth attack pass). The file
// was read whole before its 64 hex characters were checked: /dev/zero (or /dev/urandom, or a
// pipe fed without end) was read until memory ran out — `ENOMEM: not enough memory, read
// '/dev/zero'` after 4 GB under a ulimit, the whole machine's memory without one — by `assay
// serve` and every admin command; a folder answered `EISDIR: illegal operation on a directory,
// read`, naming neither the setting nor what to do. A key file is read to one byte past 4 KiB,
// and a pipe that ends (`master_key_file: /dev/stdin`, a secrets tool's process substitution) is
// read as before.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";

const BINARY = process.env.ASSAY_BINARY;
const MAIN = join(import.meta.dir, "../../src/main.ts");
const dir = makeTempDir("assay-master-key-kinds-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let databases = 0;

/** `assay keys list` on a config naming `keyFile` (and a new database), killed if still running after 15 s. */
async function keysList(keyFile: string, stdin?: string) {
  const config = join(dir, "assay.yaml");
  writeFileSync(config, `storage: { path: ./assay-${++databases}.db }\nsecurity: { master_key_file: ${JSON.stringify(keyFile)} }\n`);
  const started = performance.now();
  const cmd = BINARY ? [BINARY] : [process.execPath, "run", MAIN];
  const proc = Bun.spawn([...cmd, "keys", "list", "--config", config], {
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
    timeout: 15_000,
    killSignal: "SIGKILL",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr: stderr.trim(), seconds: (performance.now() - started) / 1000 };
}

test("a device without end is refused at 4 KiB, at once", async () => {
  for (const device of ["/dev/zero", "/dev/urandom"]) {
    const r = await keysList(device);
    expect({ device, code: r.code, stderr: r.stderr }).toEqual({
      device,
      code: 1,
      stderr: `assay: security.master_key_file (${device}): more than 4 KiB; a master key file holds 32 bytes as 64 hex characters or base64`,
    });
    expect(r.seconds).toBeLessThan(10);
  }
}, 40_000);

test("a folder is refused naming the setting, not with EISDIR", async () => {
  const folder = join(dir, "keys");
  mkdirSync(folder);
  const r = await keysList(folder);
  expect(r.code).toBe(1);
  expect(r.stderr).toBe(`assay: security.master_key_file (${folder}): is a folder: name the key file in it (e.g. master.key)`);
});

test("a key given through a pipe that ends is read", async () => {
  const r = await keysList("/dev/stdin", `${"ab".repeat(32)}\n`);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
});

test("a regular file of the right form is read as before; one of the wrong form says what it must hold", async () => {
  const good = join(dir, "master.key");
  writeFileSync(good, `${"cd".repeat(32)}\n`, { mode: 0o600 });
  expect((await keysList(good)).code).toBe(0);
  const bad = join(dir, "bad.key");
  writeFileSync(bad, "not a key\n", { mode: 0o600 });
  const r = await keysList(bad);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("must hold 32 bytes as 64 hex characters or base64");
});
