// `assay accounts create|list|set-plan` (options: src/cli/commands.ts).
import { CLI_ACTOR } from "../audit/service.ts";
import { KeyServiceError } from "../auth/key-service.ts";
import { MAX_ACCOUNT_NAME } from "../domain/name-limits.ts";
import { withAdmin } from "./admin.ts";
import { CliFailure, type CliIO, printJson, table, UsageError } from "./common.ts";
import type { Args } from "./framework.ts";

export async function create(a: Args, io: CliIO) {
  const name = a.required("name", "the account's display name").trim();
  if (name.length > MAX_ACCOUNT_NAME) throw new UsageError(`--name: at most ${MAX_ACCOUNT_NAME} characters (got ${name.length})`);
  await withAdmin(a, io, async ({ keys }) => {
    const account = await keys.createAccount(name, a.string("plan") ?? "standard", CLI_ACTOR).catch(rethrow);
    if (a.json) printJson(io, { ...account, object: "account" });
    else io.out(`created account ${account.id} "${account.name}" on plan ${account.plan}`);
  });
}

export async function setPlan(a: Args, io: CliIO) {
  const plan = a.required("plan", "the new plan");
  await withAdmin(a, io, async ({ keys }) => {
    const account = await keys.setPlan(a.positionals[0]!, plan, CLI_ACTOR).catch(rethrow);
    if (a.json) printJson(io, { ...account, object: "account" });
    else io.out(`account ${account.id} is now on plan ${account.plan}`);
  });
}

export async function list(a: Args, io: CliIO) {
  await withAdmin(a, io, async ({ store }) => {
    const accounts = await store.accounts.list();
    if (a.json) printJson(io, { object: "list", data: accounts.map((x) => ({ ...x, object: "account" })), has_more: false });
    else io.out(accounts.length ? table(accounts as never, ["id", "name", "plan", "created_at"]) : "no accounts yet: assay accounts create --name NAME");
  });
}

function rethrow(e: unknown): never {
  if (e instanceof KeyServiceError) {
    throw e.code === "unknown_plan" ? new UsageError(`--plan: ${e.message}`) : new CliFailure(e.message);
  }
  throw e;
}
