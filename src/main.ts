#!/usr/bin/env bun
// `assay <command>`: the one executable. Each command group lives in src/cli/<group>.ts and
// exports `run(argv, io)` returning an exit code.
import { type CliIO, EXIT_USAGE, processIO } from "./cli/common.ts";
import { VERSION } from "./version.ts";

type CommandModule = { run(argv: string[], io: CliIO): Promise<number> };

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  serve: { summary: "run the API server", load: () => import("./cli/serve.ts") },
  init: { summary: "create what is missing of config, data folder and master key", load: () => import("./cli/init.ts") },
  demo: { summary: "sample data, a demo key and a running server, in one command", load: () => import("./cli/demo.ts") },
  accounts: { summary: "create, list accounts; set their plan", load: () => import("./cli/accounts.ts") },
  keys: { summary: "create, list, revoke, rotate API keys", load: () => import("./cli/keys.ts") },
  config: { summary: "check the configuration file", load: () => import("./cli/config.ts") },
  sign: { summary: "print the signature of a body read from stdin", load: () => import("./cli/sign.ts") },
  call: { summary: "send a signed request to a running server", load: () => import("./cli/call.ts") },
  alerts: { summary: "list alerts (offline, from the database)", load: () => import("./cli/alerts.ts") },
  reports: { summary: "create (and --wait for) reports, list them, offline", load: () => import("./cli/reports.ts") },
};

const USAGE = `assay ${VERSION}: self-hosted transaction-risk appliance

usage: assay <command> [options]      (every command accepts --config FILE)

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join("\n")}
  version    print the version

config: --config FILE, else $ASSAY_CONFIG, else ./config/assay.yaml`;

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "version" || command === "--version") {
    io.out(rest.includes("--json") ? JSON.stringify({ version: VERSION }) : `assay ${VERSION}`);
    return 0;
  }
  if (!command || command === "help" || command === "--help" || command === "-h") {
    io.out(USAGE);
    return command ? 0 : EXIT_USAGE;
  }
  const entry = COMMANDS[command];
  if (!entry) {
    io.err(`assay: unknown command "${command}"\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  return (await entry.load()).run(rest, io);
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2));
  // `serve` keeps the process alive itself; every other command ends here.
  if (code !== -1) process.exit(code);
}
