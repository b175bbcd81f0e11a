// `assay doctor`: the checks start-up cannot afford — the full PRAGMA integrity_check — plus the
// schema version and whether the master key opens the database. Opens the file read-only and
// reports, it never repairs: exit 0 when sound, 1 when it found a problem.
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { loadMasterKey, open } from "../auth/master-key.ts";
import { MIGRATIONS } from "../store/migrations/index.ts";
import { integrityProblems } from "../store/sqlite/checks.ts";
import { type CliIO, loadCliConfig } from "./common.ts";
import type { Args } from "./framework.ts";

interface Report {
  ok: boolean;
  database: string;
  integrity_check: string;
  problems: string[];
  schema_version: number | null;
  expected_schema_version: number;
  master_key: "ok" | "does not open the database" | "not checked";
}

export async function doctor(a: Args, io: CliIO): Promise<number> {
  const config = loadCliConfig(a.string("config"), io);
  const path = config.storage.path;
  const report: Report = {
    ok: false,
    database: path,
    integrity_check: "not run",
    problems: [],
    schema_version: null,
    expected_schema_version: Math.max(...MIGRATIONS.map((m) => m.version)),
    master_key: "not checked",
  };
  if (!existsSync(path)) report.problems.push(`${path} does not exist (run \`assay init\`)`);
  else if (statSync(path).size === 0) report.problems.push(`${path} is empty (0 bytes): not an Assay database`);
  else inspect(path, report, () => loadMasterKey(config.security.master_key_file, io.env));
  report.ok = report.problems.length === 0;
  if (a.json) io.out(JSON.stringify(report));
  else {
    io.out(`database        ${path}`);
    io.out(`integrity_check ${report.integrity_check}`);
    io.out(`schema version  ${report.schema_version ?? "none"} (this build: ${report.expected_schema_version})`);
    io.out(`master key      ${report.master_key}`);
    for (const p of report.problems) io.err(`problem: ${p}`);
    io.out(report.ok ? "ok" : `${report.problems.length} problem(s) found`);
  }
  return report.ok ? 0 : 1;
}

function inspect(path: string, report: Report, masterKey: () => Buffer) {
  let db: Database;
  try {
    db = new Database(path, { readonly: true, strict: true });
  } catch (e) {
    report.problems.push(`cannot open ${path}: ${(e as Error).message}`);
    return;
  }
  try {
    const problems = integrityProblems(db, true, 100);
    report.integrity_check = problems.length === 0 ? "ok" : "failed";
    for (const p of problems) report.problems.push(`integrity: ${p}`);
    try {
      const v = db.query<{ v: number | null }, []>("SELECT max(version) AS v FROM schema_migrations").get();
      report.schema_version = v?.v ?? null;
      if (report.schema_version !== null && report.schema_version > report.expected_schema_version) {
        report.problems.push(`schema version ${report.schema_version} is newer than this build knows (${report.expected_schema_version}): use a newer assay`);
      }
    } catch {
      report.problems.push("no schema_migrations table: not an Assay database");
    }
    try {
      const row = db.query<{ value: Uint8Array }, []>("SELECT value FROM meta WHERE key = 'master_key_check'").get();
      if (row) {
        try {
          open(masterKey(), new Uint8Array(row.value), "master_key_check");
          report.master_key = "ok";
        } catch {
          report.master_key = "does not open the database";
          report.problems.push("the master key does not open this database's secrets");
        }
      }
    } catch {
      // No meta table yet (a database no server has started since the check value was added).
    }
  } catch (e) {
    report.integrity_check = "failed";
    report.problems.push(`integrity: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}
