// The files of a csv connector's folder are written by whatever exports into it (an ERP job, an
// SFTP upload), not by the admin who configured it. A link placed there, `2025-02.csv ->
// /srv/assay/master.key`, made the server read its own master key as an export: its one line was
// the header, and the header a mapping lacked columns of is listed in the connector's status for
// every API client allowed to see it (seventh attack pass). Only regular files of the folder are
// read, and a symbolic link only when the file it leads to is in the folder too; the others are
// named in mapping.warnings. A named pipe in the folder is skipped too (opening one waits for a
// writer for ever).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { makeTempDir } from "../support/harness.ts";
import { startServer, type Server } from "../support/server.ts";
import { statusOf } from "../support/services.ts";

let s: Server;
const secret = randomBytes(32).toString("hex");

beforeAll(async () => {
  const dir = makeTempDir();
  const folder = join(dir, "exports");
  mkdirSync(folder);
  writeFileSync(join(dir, "secret.txt"), `${secret}\n`);
  writeFileSync(join(folder, "2025-01.csv"), "Konto;Betrag\n70000;10\n70001;12\n");
  writeFileSync(join(folder, "november.txt"), "Konto;Betrag\n70002;14\n");
  symlinkSync(join(folder, "november.txt"), join(folder, "latest.csv")); // inside the folder: read
  symlinkSync(join(dir, "secret.txt"), join(folder, "2025-02.csv"));
  symlinkSync("/etc/passwd", join(folder, "2025-03.csv"));
  symlinkSync("../secret.txt", join(folder, "2025-04.csv"));
  mkdirSync(join(folder, "2025-05.csv"));
  expect(Bun.spawnSync(["mkfifo", join(folder, "2025-06.csv")]).exitCode).toBe(0);
  s = await startServer(
    `connectors:
  - { id: drop, type: csv, transactions: ./exports/, csv: { delimiter: ";" }, mapping: { transaction_id: $row, customer_id: Konto, amount: Betrag } }
`,
    { dir },
  );
});
afterAll(() => s.stop());

const lookup = async (id: string) => {
  const res = await s.call("POST", "/v1/analyze", { connector: "drop", module: "anomaly_detection", data: { transaction_id: id } });
  return res.status;
};

test("a link out of the folder is not read: its target's text never reaches the status", async () => {
  expect(await lookup("2025-01.csv:2")).toBe(200);
  expect(await lookup("2025-02.csv:1")).toBe(404);
  const status = JSON.stringify(await statusOf(s, "drop"));
  // Before: "its columns: \"<the secret>\"" and "root:x:0:0:…" in mapping.warnings.
  expect(status).not.toContain(secret.slice(0, 16));
  expect(status).not.toContain("root:x:0");
  for (const name of ["2025-02.csv", "2025-03.csv", "2025-04.csv"]) expect(status).toContain(`${name}: not read: a link to a file outside the folder`);
  expect(status).toContain("2025-05.csv: not read: not a regular file");
  expect(status).toContain("2025-06.csv: not read: not a regular file");
});

test("a link to a file in the folder is read", async () => {
  expect(await lookup("latest.csv:1")).toBe(200);
});
