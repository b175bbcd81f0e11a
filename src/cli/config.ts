// `assay config check [--config F]`: validates the file; prints one line per problem.
import { connectorSettings } from "../connectors/settings.ts";
import { CONFIG_OPTION, type CliIO, loadCliConfig, parse, runCommand, UsageError } from "./common.ts";

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const { values, positionals } = parse(argv, { ...CONFIG_OPTION, json: { type: "boolean" } }, true);
    if (positionals[0] !== "check" || positionals.length > 1) throw new UsageError("usage: assay config check [--config F]");
    const config = loadCliConfig(values.config, io);
    // The per-type connector checks `serve` runs at start-up (required keys, mapping, formats).
    connectorSettings(config);
    if (values.json) io.out(JSON.stringify({ ok: true, file: config.file }));
    else io.out(`${config.file}: ok (${config.connectors.length} connector(s), storage ${config.storage.path})`);
  });
}
