// `assay migrate [--apply] [--json]`: the schema migrations of the configured store, applied and
// pending; --apply applies the pending ones (init and serve do so too).
// `assay migrate-store --to postgres://… [--batch N] [--json]`: copies the configured SQLite
// database into an empty PostgreSQL database and verifies row counts per table.
import { openStore } from "../store/open.ts";
import { describeStore } from "../store/open.ts";
import { copySqliteToPostgres, TargetNotEmptyError } from "../store/copy.ts";
import { redactUrl } from "../store/config-checks.ts";
import { liveServer } from "../store/server-marker.ts";
import { SqliteStore } from "../store/sqlite/index.ts";
import { CliFailure, type CliIO, loadCliConfig, printJson, table, UsageError } from "./common.ts";
import type { Args } from "./framework.ts";

export async function migrateCommand(a: Args, io: CliIO) {
  const values = { apply: a.flag("apply"), json: a.json };
  const config = loadCliConfig(a.string("config"), io);
  const store = openStore(config, { migrate: false });
  try {
    const applied = values.apply ? await store.migrate() : [];
    const states = await store.migrations();
    const pending = states.filter((s) => s.applied_at === null);
    if (values.json) {
      printJson(io, { store: config.storage.driver, target: describeStore(config.storage), applied_now: applied, migrations: states, pending: pending.length });
      return;
    }
    io.out(`${config.storage.driver}: ${describeStore(config.storage)}`);
    io.out(table(states.map((s) => ({ ...s, applied_at: s.applied_at ?? "pending" })) as never, ["version", "name", "applied_at"]));
    if (applied.length > 0) io.out(`applied ${applied.length} migration(s): ${applied.join(", ")}`);
    else if (pending.length > 0) io.out(`${pending.length} pending: run \`assay migrate --apply\` (init and serve apply them too)`);
    else io.out("up to date");
  } finally {
    await store.close();
  }
}

export async function migrateStore(a: Args, io: CliIO) {
  const values = { to: a.string("to"), batch: a.string("batch"), json: a.json };
  const usage = "usage: assay migrate-store --to postgres://user:pw@host:5432/db [--batch N] [--json] [--config F]";
  if (!values.to) throw new UsageError(`--to: required\n${usage}`);
  if (!/^postgres(ql)?:\/\//.test(values.to)) throw new UsageError(`--to: expected a postgres:// URL (got "${redactUrl(values.to)}")`);
  // A URL the client cannot parse was its bare "Invalid URL", naming neither the flag nor the value.
  if (!URL.canParse(values.to)) throw new UsageError(`--to: not a valid URL (got "${redactUrl(values.to)}"); a password with @ : / or % in it must be percent-encoded`);
  const batch = values.batch === undefined ? 500 : Number(values.batch);
  if (!Number.isInteger(batch) || batch < 1 || batch > 5000) throw new UsageError(`--batch: expected 1-5000 (got "${values.batch}")`);
  const config = loadCliConfig(a.string("config"), io);
  if (config.storage.driver !== "sqlite") throw new CliFailure(`the configured store is ${config.storage.driver}, not SQLite: migrate-store copies from SQLite`);
  // What a running server writes after its table was copied would stay behind in SQLite, and be
  // lost at the switch to PostgreSQL: copy a database nobody writes to.
  const server = liveServer(config.storage.path);
  if (server) {
    throw new CliFailure(`a server (pid ${server.pid} on ${server.host}, since ${server.started_at}) is using ${config.storage.path}: stop it first (e.g. systemctl stop assay), then migrate-store`);
  }
  const source = SqliteStore.open(config.storage);
  try {
    const copied = await copySqliteToPostgres(source.db, values.to, {
      batch,
      onTable: (t) => {
        if (!values.json) io.err(`copied ${t.table}: ${t.target} rows`);
      },
    }).catch((e) => {
      if (e instanceof TargetNotEmptyError) throw new CliFailure(e.message);
      throw e;
    });
    const rows = copied.reduce((n, t) => n + t.target, 0);
    if (values.json) printJson(io, { from: config.storage.path, to: redactUrl(values.to), tables: copied, rows, verified: true });
    else {
      io.out(table(copied as never, ["table", "source", "target"]));
      io.out(`copied ${rows} rows from ${config.storage.path} to ${redactUrl(values.to)}; row counts verified. Now set storage.driver: postgres and storage.url.`);
    }
  } finally {
    source.close();
  }
}
