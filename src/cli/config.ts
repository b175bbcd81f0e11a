// `assay config check [--config F]`: validates the file; prints one line per problem.
import { connectorSettings } from "../connectors/settings.ts";
import { readTlsFiles } from "../http/tls-files.ts";
import { redactUrl } from "../store/config-checks.ts";
import { type CliIO, loadCliConfig } from "./common.ts";
import type { Args } from "./framework.ts";

export async function check(a: Args, io: CliIO) {
  const config = loadCliConfig(a.string("config"), io);
  // The per-type connector checks `serve` runs at start-up (required keys, mapping, formats).
  connectorSettings(config);
  // The TLS files `serve` reads at start-up: a missing or swapped one is a problem of the setup.
  if (config.server.tls) readTlsFiles(config.server.tls);
  if (a.json) io.out(JSON.stringify({ ok: true, file: config.file }));
  else {
    // A PostgreSQL store is named by its URL (password redacted): storage.path is unused then.
    const storage = config.storage.driver === "postgres" ? `postgres ${redactUrl(config.storage.url ?? "")}` : config.storage.path;
    io.out(`${config.file}: ok (${config.connectors.length} connector(s), ${config.rules.length} rule(s), storage ${storage})`);
  }
}
