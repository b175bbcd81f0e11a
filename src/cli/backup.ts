// `assay backup --out FILE` and `assay restore FILE` (options: src/cli/commands.ts).
import { resolve } from "node:path";
import { liveServer } from "../store/server-marker.ts";
import { backupSqlite, restoreSqlite } from "../store/sqlite/backup.ts";
import { CliFailure, type CliIO, loadCliConfig, printJson } from "./common.ts";
import type { Args } from "./framework.ts";

export async function backup(a: Args, io: CliIO) {
  const out = resolve(a.required("out", "the backup file to write"));
  const config = loadCliConfig(a.string("config"), io);
  if (config.storage.driver !== "sqlite") {
    throw new CliFailure("this store is not SQLite: back it up with the database's own tools, e.g. `pg_dump --format=custom --file=assay.dump \"$DATABASE_URL\"` (docs/deployment.md)");
  }
  if (config.storage.path === ":memory:") throw new CliFailure("storage.path is :memory:; there is nothing on disk to back up");
  let check;
  try {
    check = backupSqlite(config.storage.path, out, config.storage.busy_timeout_ms);
  } catch (e) {
    throw new CliFailure((e as Error).message);
  }
  const rows = Object.values(check.tables).reduce((s, n) => s + n, 0);
  if (a.json) printJson(io, { backup: out, integrity: check.integrity, tables: check.tables });
  else io.out(`wrote ${out}: integrity ok, ${Object.keys(check.tables).length} tables, ${rows.toLocaleString("en-US")} rows (restore with: assay restore ${out})`);
}

export async function restore(a: Args, io: CliIO) {
  const file = resolve(a.positionals[0]!);
  const config = loadCliConfig(a.string("config"), io);
  if (config.storage.driver !== "sqlite") throw new CliFailure("this store is not SQLite: restore it with the database's own tools (pg_restore; docs/deployment.md)");
  const target = config.storage.path;
  const server = liveServer(target);
  if (server) {
    throw new CliFailure(`a server (pid ${server.pid} on ${server.host}, since ${server.started_at}) is using ${target}: stop it first (e.g. systemctl stop assay), then restore`);
  }
  let result;
  try {
    result = restoreSqlite(file, target, new Date().toISOString().replace(/[:.]/g, "-"));
  } catch (e) {
    throw new CliFailure((e as Error).message);
  }
  if (a.json) printJson(io, { restored: target, from: file, previous: result.previous, tables: result.check.tables });
  else io.out(`restored ${target} from ${file}${result.previous ? `; the previous database is kept as ${result.previous}` : ""}`);
}
