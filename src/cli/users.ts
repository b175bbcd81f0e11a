// `assay users create|list|disable|reset` (options: src/cli/commands.ts): dashboard users.
// `create` and `reset` print a one-time setup link (single use, dashboard.setup_link_hours);
// nothing here prints a password.
import { CLI_ACTOR } from "../audit/service.ts";
import { UserError } from "../users/service.ts";
import { withAdmin } from "./admin.ts";
import { CliFailure, type CliIO, printJson, table, UsageError } from "./common.ts";
import { type Args, CodedFailure } from "./framework.ts";

export async function create(a: Args, io: CliIO) {
  const email = a.required("email", "the user's email address");
  const account = a.required("account", "an account id, see `assay accounts list`");
  const role = a.string("role") ?? "developer";
  if (role !== "developer" && role !== "admin") throw new UsageError(`--role: expected developer or admin (got "${role}")`);
  await withAdmin(a, io, async ({ users }) => {
    const invited = await users.invite({ email, account, role }, CLI_ACTOR).catch(rethrow);
    const { id, role: r, account: acct } = invited.user;
    if (a.json) printJson(io, { id, email: invited.user.email, role: r, account: acct, setup_url: invited.setup_url, expires_at: invited.expires_at });
    else io.out(`created ${r} ${id} <${invited.user.email}> for account ${acct}\nsetup link (single use, until ${invited.expires_at}):\n${invited.setup_url}`);
  });
}

export async function list(a: Args, io: CliIO) {
  await withAdmin(a, io, async ({ users }) => {
    const all = await users.list(a.string("account"));
    if (a.json) printJson(io, { object: "list", data: all, has_more: false });
    else io.out(all.length ? table(all as never, ["id", "email", "account", "role", "status", "last_sign_in_at"]) : "no users yet: assay users create --email E --account ACCOUNT_ID");
  });
}

export async function disable(a: Args, io: CliIO) {
  await withAdmin(a, io, async ({ users }) => {
    const user = await users.disable(a.positionals[0]!, CLI_ACTOR).catch(rethrow);
    if (a.json) printJson(io, user);
    else io.out(`disabled ${user.id} <${user.email}>; their sessions have ended`);
  });
}

export async function reset(a: Args, io: CliIO) {
  await withAdmin(a, io, async ({ users }) => {
    const r = await users.reset(a.positionals[0]!, CLI_ACTOR).catch(rethrow);
    if (a.json) printJson(io, { id: r.user.id, email: r.user.email, role: r.user.role, setup_url: r.setup_url, expires_at: r.expires_at });
    else io.out(`reset ${r.user.id} <${r.user.email}>; new setup link (single use, until ${r.expires_at}):\n${r.setup_url}`);
  });
}

function rethrow(e: unknown): never {
  if (e instanceof UserError) {
    if (e.code === "invalid_email" || e.code === "invalid_role") throw new UsageError(e.message);
    if (e.code === "unknown_account" || e.code === "unknown_user") throw new CodedFailure("not_found", e.message);
    throw new CliFailure(e.message);
  }
  throw e;
}
