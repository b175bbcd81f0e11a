#!/usr/bin/env bun
// `assay <command> [subcommand]`: the one executable. Commands, their options and help text are
// declared in src/cli/commands.ts; src/cli/framework.ts parses, dispatches and reports errors.
import { COMMANDS } from "./cli/commands.ts";
import { type CliIO, processIO } from "./cli/common.ts";
import { dispatch } from "./cli/framework.ts";
import { VERSION } from "./version.ts";

export function main(argv: string[], io: CliIO = processIO): Promise<number> {
  return dispatch(COMMANDS, argv, io, VERSION);
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2));
  // `serve` keeps the process alive itself; every other command ends here.
  if (code !== -1) process.exit(code);
}
