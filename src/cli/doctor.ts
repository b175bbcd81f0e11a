// `assay doctor`: the checks start-up cannot afford — the full PRAGMA integrity_check — plus the
// schema version and whether the master key opens the database. Opens the file read-only and
// reports, it never repairs: exit 0 when sound, 1 when it found a problem.
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { loadMasterKey, open } from "../auth/master-key.ts";
import { MIGRATIONS } from "../store/migrations/index.ts";
import { describeStore } from "../store/open.ts";
import { PostgresStore } from "../store/postgres/index.ts";
import { danglingLinkProblem, databasePathKindProblem, integrityProblems } from "../store/sqlite/checks.ts";
import { type CliIO, loadCliConfig } from "./common.ts";
import type { Args } from "./framework.ts";

interface Report {
  ok: boolean;
  database: string;
  integrity_check: string;
  problems: string[];
  schema_version: number | null;
  expected_schema_version: number;
  master_key: "ok" | "does not open the database" | "cannot be read" | "not checked";
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
  // Read first, whatever the database holds: a key file that is missing, not a key or not
  // readable was reported as a key that "does not open the database" (or, before any server had
  // stored the check value, not at all), while `assay serve` fails on it at once.
  let masterKey: Buffer | undefined;
  try {
    masterKey = loadMasterKey(config.security.master_key_file, io.env);
  } catch (e) {
    report.master_key = "cannot be read";
    report.problems.push(`the master key cannot be read: ${(e as Error).message}`);
  }
  if (config.storage.driver === "postgres") {
    report.database = describeStore(config.storage);
    await inspectPostgres(config, report, masterKey);
  } else {
    const problem = !existsSync(path)
      ? (danglingLinkProblem(path) ?? `${path} does not exist (run \`assay init\`)`)
      : (databasePathKindProblem(path) ?? (statSync(path).size === 0 ? `${path} is empty (0 bytes): not an Assay database` : undefined));
    if (problem) report.problems.push(problem);
    else inspect(path, report, masterKey);
  }
  report.ok = report.problems.length === 0;
  if (a.json) io.out(JSON.stringify(report));
  else {
    io.out(`database        ${report.database}`);
    io.out(`integrity_check ${report.integrity_check}`);
    io.out(`schema version  ${report.schema_version ?? "none"} (this build: ${report.expected_schema_version})`);
    io.out(`master key      ${report.master_key}`);
    for (const p of report.problems) io.err(`problem: ${p}`);
    io.out(report.ok ? "ok" : `${report.problems.length} problem(s) found`);
  }
  return report.ok ? 0 : 1;
}

/** PostgreSQL: reachable, schema version, master key (integrity is the server's own business). */
async function inspectPostgres(config: { storage: { url?: string } }, report: Report, masterKey: Buffer | undefined) {
  report.integrity_check = "not applicable (PostgreSQL)";
  // Read-only: the raw pool, so that nothing (not even a pending migration) is written.
  const store = new PostgresStore({ url: config.storage.url!, pool: 1 });
  try {
    const states = await store.migrations();
    const applied = states.filter((s) => s.applied_at !== null).map((s) => s.version);
    report.schema_version = applied.length > 0 ? Math.max(...applied) : null;
    if (applied.length < states.length) report.problems.push(`${states.length - applied.length} migration(s) pending: run \`assay migrate --apply\``);
    const rows = (await store.db.sql.unsafe("SELECT value FROM meta WHERE key = 'master_key_check'").catch(() => [])) as { value: Uint8Array }[];
    if (rows[0]) compareMasterKey(report, masterKey, rows[0].value);
  } catch (e) {
    report.problems.push(`cannot read ${report.database}: ${(e as Error).message}`);
  } finally {
    await store.close();
  }
}

function inspect(path: string, report: Report, masterKey: Buffer | undefined) {
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
      if (row) compareMasterKey(report, masterKey, row.value);
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

/** Whether the key opens the database's check value (a key that could not be read is already reported). */
function compareMasterKey(report: Report, masterKey: Buffer | undefined, check: Uint8Array) {
  if (!masterKey) return;
  try {
    open(masterKey, new Uint8Array(check), "master_key_check");
    report.master_key = "ok";
  } catch {
    report.master_key = "does not open the database";
    report.problems.push("the master key does not open this database's secrets");
  }
}
