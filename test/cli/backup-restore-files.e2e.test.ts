// `assay restore` and `assay backup` given files an operator's host really holds (ninth attack
// pass). Before:
// - restore copied the backup with its own mode: a backup copied with scp or cp under umask 022
//   (0644) became a database readable by every local user, -wal and -shm with it, while every
//   other database Assay creates is 0600 (docs/operations.md);
// - restore onto a new host, whose data folder does not exist yet — the disaster-recovery case —
//   failed with `ENOENT: no such file or directory, copyfile …`;
// - restore of a folder said `disk I/O error`, and of a named pipe waited for ever;
// - backup into a folder that does not exist, or onto a dangling symbolic link, answered with the
//   bare errno text (`ENOENT: … open`, `EEXIST: file already exists`).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";

const BINARY = process.env.ASSAY_BINARY;
const MAIN = join(import.meta.dir, "../../src/main.ts");
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");

let dir: string;
let config: string;
let backup: string;
let previousUmask: number;

/** `assay <args>`, killed if still running after 15 s (a command waiting on a pipe for ever). */
async function assay(args: string[]) {
  const started = performance.now();
  const cmd = BINARY ? [BINARY] : [process.execPath, "run", MAIN];
  const proc = Bun.spawn([...cmd, ...args], { stdout: "pipe", stderr: "pipe", timeout: 15_000, killSignal: "SIGKILL" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr, seconds: (performance.now() - started) / 1000 };
}

/** A config whose database and master key live in `data` under `root`. */
function configIn(root: string): string {
  mkdirSync(root, { recursive: true });
  const file = join(root, "assay.yaml");
  writeFileSync(file, "server: { port: 0, access_log: false }\nstorage: { path: ./data/assay.db }\nsecurity: { master_key_file: ./keys/master.key }\n");
  return file;
}

beforeAll(async () => {
  previousUmask = process.umask(0o022); // an interactive shell's; the children inherit it
  dir = makeTempDir("assay-backup-files-");
  config = configIn(join(dir, "host"));
  expect((await assay(["init", "--config", config])).code).toBe(0);
  backup = join(dir, "backup.db");
  expect((await assay(["backup", "--out", backup, "--config", config])).code).toBe(0);
});

afterAll(() => {
  process.umask(previousUmask);
  rmSync(dir, { recursive: true, force: true });
});

test("a restored database is 0600 even when the backup file is 0644 (copied under umask 022)", async () => {
  const copied = join(dir, "copied.db");
  copyFileSync(backup, copied);
  chmodSync(copied, 0o644);
  const r = await assay(["restore", copied, "--config", config]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(mode(join(dir, "host/data/assay.db"))).toBe("0600");
  // The server opens it, and SQLite gives its -wal and -shm the database's mode.
  expect((await assay(["doctor", "--config", config])).code).toBe(0);
});

test("restore onto a new host whose data folder does not exist yet creates it 0700", async () => {
  const fresh = configIn(join(dir, "new-host"));
  const r = await assay(["restore", backup, "--config", fresh, "--json"]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout).previous).toBeNull();
  expect({ folder: mode(join(dir, "new-host/data")), database: mode(join(dir, "new-host/data/assay.db")) }).toEqual({ folder: "0700", database: "0600" });
});

test("restore of a folder, a named pipe or a device is refused at once, naming what it is", async () => {
  const fifo = join(dir, "backup.fifo");
  Bun.spawnSync(["mkfifo", fifo]);
  const cases: [string, string][] = [
    [dir, "is a folder: name the backup file in it"],
    [fifo, "is not a regular file (a named pipe or a device): name a backup file written by `assay backup`"],
    ["/dev/zero", "is not a regular file (a named pipe or a device): name a backup file written by `assay backup`"],
  ];
  for (const [file, message] of cases) {
    const r = await assay(["restore", file, "--config", config]);
    expect({ file, code: r.code, stderr: r.stderr.trim() }).toEqual({ file, code: 1, stderr: `assay: ${file} ${message}` });
    expect(r.seconds).toBeLessThan(10);
  }
}, 60_000);

test("backup into a folder that does not exist names it; nothing is created", async () => {
  const out = join(dir, "no-such-folder", "b.db");
  const r = await assay(["backup", "--out", out, "--config", config]);
  expect(r.code).toBe(1);
  expect(r.stderr.trim()).toBe(`assay: the folder ${join(dir, "no-such-folder")} does not exist; create it first (mkdir -p) or choose another --out`);
  expect(existsSync(join(dir, "no-such-folder"))).toBe(false);
});

test("backup onto a dangling symbolic link is refused and writes nothing where it points", async () => {
  const target = join(dir, "elsewhere.db");
  const link = join(dir, "link.db");
  symlinkSync(target, link);
  const r = await assay(["backup", "--out", link, "--config", config]);
  expect(r.code).toBe(1);
  expect(r.stderr.trim()).toBe(`assay: ${link} is a symbolic link (to ${target}); a backup never writes through one: choose a new file name`);
  expect(existsSync(target)).toBe(false);
});
