// `assay keys create|list|revoke|rotate` (options: src/cli/commands.ts). The key and secret are
// printed once, at creation or rotation; `list` never prints either.
import { CLI_ACTOR } from "../audit/service.ts";
import { KeyServiceError } from "../auth/key-service.ts";
import { withAdmin } from "./admin.ts";
import { MAX_KEY_NAME } from "../domain/name-limits.ts";
import { CliFailure, type CliIO, parseDuration, printJson, table, UsageError } from "./common.ts";
import { type Args, CodedFailure } from "./framework.ts";

function printSecrets(io: CliIO, headline: string, key: { key: string; secret: string }) {
  io.out([headline, `API key:    ${key.key}`, `API secret: ${key.secret}`, "Store both now: they are shown only once."].join("\n"));
}

export async function create(a: Args, io: CliIO) {
  const account = a.required("account", "an account id, see `assay accounts list`");
  const expires = a.string("expires");
  const expiresInMs = expires !== undefined ? parseDuration(expires, "--expires", { positive: true }) : undefined;
  const name = a.string("name");
  if (name !== undefined && name.length > MAX_KEY_NAME) throw new UsageError(`--name: at most ${MAX_KEY_NAME} characters (got ${name.length})`);
  await withAdmin(a, io, async ({ keys }) => {
    const minted = await keys.createKey(account, { name, expiresInMs, actor: CLI_ACTOR }).catch(rethrow);
    if (a.json) printJson(io, minted);
    else printSecrets(io, `created key ${minted.id} for account ${minted.account}${minted.expires_at ? ` (expires ${minted.expires_at})` : ""}`, minted);
  });
}

export async function list(a: Args, io: CliIO) {
  await withAdmin(a, io, async ({ keys }) => {
    const keyList = await keys.listKeys(a.string("account"));
    if (a.json) printJson(io, { object: "list", data: keyList, has_more: false });
    else io.out(keyList.length ? table(keyList as never, ["id", "account", "name", "prefix", "status", "created_at", "expires_at"]) : "no keys");
  });
}

export async function revoke(a: Args, io: CliIO) {
  await withAdmin(a, io, async ({ keys }) => {
    const view = await keys.revokeKey(a.positionals[0]!, CLI_ACTOR).catch(rethrow);
    if (a.json) printJson(io, view);
    else io.out(`revoked key ${view.id}`);
  });
}

export async function rotate(a: Args, io: CliIO) {
  const graceMs = parseDuration(a.string("grace") ?? "24h", "--grace");
  await withAdmin(a, io, async ({ keys }) => {
    const { key, previous } = await keys.rotateKey(a.positionals[0]!, graceMs, CLI_ACTOR).catch(rethrow);
    if (a.json) printJson(io, { ...key, previous });
    else printSecrets(io, `rotated ${previous.id} -> ${key.id}; the old key stops working at ${previous.expires_at}`, key);
  });
}

function rethrow(e: unknown): never {
  if (e instanceof KeyServiceError) {
    if (e.code === "unknown_key" || e.code === "unknown_account") throw new CodedFailure("not_found", e.message);
    // A rotation that lost to another (or came after it): `--json` callers can tell it apart.
    if (e.code === "key_rotated") throw new CodedFailure("key_rotated", e.message);
    throw new CliFailure(e.message);
  }
  throw e;
}
