// `assay accounts create --name N [--plan P] [--json]`, `assay accounts list [--json]`,
// `assay accounts set-plan ACCOUNT_ID --plan P [--json]`.
import { KeyServiceError } from "../auth/key-service.ts";
import { openAdmin } from "../runtime.ts";
import { CliFailure, CONFIG_OPTION, type CliIO, loadCliConfig, parse, printJson, runCommand, table, UsageError } from "./common.ts";

const USAGE = `usage:
  assay accounts create --name N [--plan P] [--json]
  assay accounts list [--json]
  assay accounts set-plan ACCOUNT_ID --plan P [--json]`;

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const [sub, ...rest] = argv;
    const options = { ...CONFIG_OPTION, json: { type: "boolean" }, name: { type: "string" }, plan: { type: "string" } } as const;
    if (sub !== "create" && sub !== "list" && sub !== "set-plan") throw new UsageError(USAGE);
    const { values, positionals } = parse(rest, options, sub === "set-plan");
    const config = loadCliConfig(values.config, io);
    const { keys, store } = openAdmin(config, { env: io.env });
    try {
      if (sub === "create") {
        if (!values.name?.trim()) throw new UsageError("--name: required (the account's display name)");
        const account = await keys.createAccount(values.name.trim(), values.plan ?? "standard").catch(rethrow);
        const view = { ...account, object: "account" };
        if (values.json) printJson(io, view);
        else io.out(`created account ${account.id} "${account.name}" on plan ${account.plan}`);
      } else if (sub === "set-plan") {
        if (positionals.length !== 1) throw new UsageError("usage: assay accounts set-plan ACCOUNT_ID --plan P");
        if (!values.plan) throw new UsageError("--plan: required");
        const account = await keys.setPlan(positionals[0]!, values.plan).catch(rethrow);
        if (values.json) printJson(io, { ...account, object: "account" });
        else io.out(`account ${account.id} is now on plan ${account.plan}`);
      } else {
        const accounts = await store.accounts.list();
        if (values.json) printJson(io, { object: "list", data: accounts.map((a) => ({ ...a, object: "account" })), has_more: false });
        else io.out(accounts.length ? table(accounts as never, ["id", "name", "plan", "created_at"]) : "no accounts yet: assay accounts create --name NAME");
      }
    } finally {
      store.close();
    }
  });
}

function rethrow(e: unknown): never {
  if (e instanceof KeyServiceError) {
    throw e.code === "unknown_plan" ? new UsageError(`--plan: ${e.message}`) : new CliFailure(e.message);
  }
  throw e;
}
