// storage.path names something that is not a database file (ninth attack pass). A folder was
// refused as `cannot open the database … for writing (SQLITE_CANTOPEN): the file and its folder
// must be writable by this user …`, and a named pipe or /dev/zero as `is empty (0 bytes), not an
// Assay database: … restore it from a backup` — advice about permissions and backups for a path
// that names the wrong kind of thing. `assay serve` and `assay doctor` now say what it is.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";

const BINARY = process.env.ASSAY_BINARY;
const MAIN = join(import.meta.dir, "../../src/main.ts");
const dir = makeTempDir("assay-database-kinds-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "master.key"), `${"1b".repeat(32)}\n`, { mode: 0o600 });

/** `assay <command>` on a config whose storage.path is `path`; killed if still running after 15 s. */
async function withDatabase(command: string, path: string) {
  const config = join(dir, "assay.yaml");
  writeFileSync(config, `server: { port: 0, access_log: false }\nstorage: { path: "${path}" }\nsecurity: { master_key_file: ./master.key }\n`);
  const cmd = BINARY ? [BINARY] : [process.execPath, "run", MAIN];
  const proc = Bun.spawn([...cmd, command, "--config", config], { stdout: "pipe", stderr: "pipe", timeout: 15_000, killSignal: "SIGKILL" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, output: stdout + stderr };
}

const folder = join(dir, "data");
mkdirSync(folder);
const fifo = join(dir, "assay.fifo");
Bun.spawnSync(["mkfifo", fifo]);
const cases: [string, string][] = [
  [folder, `${folder} is a folder: storage.path names the database file in it (e.g. ${join(folder, "assay.db")})`],
  [fifo, `${fifo} is not a regular file (a named pipe or a device): storage.path names the database file`],
  ["/dev/zero", "/dev/zero is not a regular file (a named pipe or a device): storage.path names the database file"],
];

for (const [path, problem] of cases) {
  test(`serve and doctor name what ${path} is`, async () => {
    const served = await withDatabase("serve", path);
    expect({ code: served.code, output: served.output.trim() }).toEqual({ code: 1, output: `assay: the database ${problem}` });
    const doctor = await withDatabase("doctor", path);
    expect(doctor.code).toBe(1);
    expect(doctor.output).toContain(`problem: ${problem}`);
  }, 40_000);
}

test("a storage.path linked to a database that is not there is refused by serve (an unmounted disk), created by init (sixteenth attack pass)", async () => {
  // Before, serve made a new, empty database where the link pointed and started without data.
  const disk = join(dir, "other-disk");
  const link = join(dir, "linked.db");
  const { symlinkSync, existsSync } = await import("node:fs");
  symlinkSync(join(disk, "assay.db"), link);
  mkdirSync(disk); // the mount point, its disk not mounted
  const problem = `${link} is a symbolic link to ${join(disk, "assay.db")}, which does not exist: if the database lives on another disk, is it mounted?`;
  const served = await withDatabase("serve", link);
  expect(served.code).toBe(1);
  expect(served.output).toContain(`the database ${problem}`);
  expect(existsSync(join(disk, "assay.db"))).toBe(false);
  const doctor = await withDatabase("doctor", link);
  expect(doctor.code).toBe(1);
  expect(doctor.output).toContain(problem);
  const init = await withDatabase("init", link);
  expect(init.code, init.output).toBe(0);
  expect(init.output).toContain(`created ${join(disk, "assay.db")} (through the link ${link})`);
  expect(existsSync(join(disk, "assay.db"))).toBe(true);
}, 40_000);
