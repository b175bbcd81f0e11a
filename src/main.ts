#!/usr/bin/env bun
// `assay <command> [subcommand]`: the one executable. Commands, their options and help text are
// declared in src/cli/commands.ts; src/cli/framework.ts parses, dispatches and reports errors.
import { COMMANDS } from "./cli/commands.ts";
import { type CliIO, processIO } from "./cli/common.ts";
import { dispatch } from "./cli/framework.ts";
import { flushLogs } from "./log.ts";
import { VERSION } from "./version.ts";

export function main(argv: string[], io: CliIO = processIO): Promise<number> {
  return dispatch(COMMANDS, argv, io, VERSION);
}

/**
 * Resolves once what was written to the stream has been handed to the system. Bun's
 * process.exit drops whatever a pipe has not taken yet: without this, `assay call … | jq` lost
 * all but the first 64 KiB of a large answer, with exit code 0. A reader that has gone away
 * (`| head`) ends the wait with an error, which is not the command's failure.
 */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    stream.once("error", () => resolve());
    stream.end(() => resolve());
  });
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2));
  // `serve` keeps the process alive itself; every other command ends here.
  if (code !== -1) {
    await flushLogs();
    await Promise.all([drained(process.stdout), drained(process.stderr)]);
    process.exit(code);
  }
}
