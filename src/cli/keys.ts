// `assay keys create|list|revoke|rotate`. The key and secret are printed once, at creation or
// rotation; `list` never prints either.
import { KeyServiceError } from "../auth/key-service.ts";
import { openAdmin } from "../runtime.ts";
import {
  CliFailure,
  CONFIG_OPTION,
  type CliIO,
  loadCliConfig,
  parse,
  parseDuration,
  printJson,
  runCommand,
  table,
  UsageError,
} from "./common.ts";

const USAGE = `usage:
  assay keys create --account ID [--name N] [--expires 90d] [--json]
  assay keys list [--account ID] [--json]
  assay keys revoke KEY_ID [--json]
  assay keys rotate KEY_ID [--grace 24h] [--json]`;

const OPTIONS = {
  ...CONFIG_OPTION,
  json: { type: "boolean" },
  account: { type: "string" },
  name: { type: "string" },
  expires: { type: "string" },
  grace: { type: "string" },
} as const;

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const [sub, ...rest] = argv;
    if (!["create", "list", "revoke", "rotate"].includes(sub ?? "")) throw new UsageError(USAGE);
    const { values, positionals } = parse(rest, OPTIONS, sub === "revoke" || sub === "rotate");
    const keyId = () => {
      if (positionals.length !== 1) throw new UsageError(`usage: assay keys ${sub} KEY_ID`);
      return positionals[0]!;
    };
    const expiresInMs = values.expires !== undefined ? parseDuration(values.expires, "--expires") : undefined;
    const graceMs = parseDuration(values.grace ?? "24h", "--grace");
    if (sub === "create" && !values.account) throw new UsageError("--account: required (an account id, see `assay accounts list`)");

    const config = loadCliConfig(values.config, io);
    const { keys, store } = openAdmin(config, { env: io.env });
    try {
      switch (sub) {
        case "create": {
          const minted = await keys.createKey(values.account!, { name: values.name, expiresInMs }).catch(rethrow);
          if (values.json) printJson(io, minted);
          else
            io.out(
              [
                `created key ${minted.id} for account ${minted.account}${minted.expires_at ? ` (expires ${minted.expires_at})` : ""}`,
                `API key:    ${minted.key}`,
                `API secret: ${minted.secret}`,
                "Store both now: they are shown only once.",
              ].join("\n"),
            );
          break;
        }
        case "list": {
          const list = await keys.listKeys(values.account);
          if (values.json) printJson(io, { object: "list", data: list, has_more: false });
          else io.out(list.length ? table(list as never, ["id", "account", "name", "prefix", "status", "created_at", "expires_at"]) : "no keys");
          break;
        }
        case "revoke": {
          const view = await keys.revokeKey(keyId()).catch(rethrow);
          if (values.json) printJson(io, view);
          else io.out(`revoked key ${view.id}`);
          break;
        }
        case "rotate": {
          const { key, previous } = await keys.rotateKey(keyId(), graceMs).catch(rethrow);
          if (values.json) printJson(io, { ...key, previous });
          else
            io.out(
              [
                `rotated ${previous.id} -> ${key.id}; the old key stops working at ${previous.expires_at}`,
                `API key:    ${key.key}`,
                `API secret: ${key.secret}`,
                "Store both now: they are shown only once.",
              ].join("\n"),
            );
          break;
        }
      }
    } finally {
      store.close();
    }
  });
}

function rethrow(e: unknown): never {
  if (e instanceof KeyServiceError) throw new CliFailure(e.message);
  throw e;
}
