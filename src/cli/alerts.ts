// `assay alerts list`: the alerts in the database, offline (no server needed), newest first,
// across every account unless --account narrows it.
import { ALERT_SEVERITIES, ALERT_STATUSES } from "../api/alerts/model.ts";
import { openAdmin } from "../runtime.ts";
import type { AlertStatus } from "../store/types.ts";
import { CONFIG_OPTION, type CliIO, loadCliConfig, parse, printJson, runCommand, table, UsageError } from "./common.ts";

const USAGE = `usage:
  assay alerts list [--status S] [--severity S] [--connector C] [--account ID] [--since TIME] [--limit N] [--json]
    --status    ${ALERT_STATUSES.join(" | ")}
    --severity  ${ALERT_SEVERITIES.join(" | ")}
    --limit     1-1000 (default 50)`;

const OPTIONS = {
  ...CONFIG_OPTION,
  json: { type: "boolean" },
  status: { type: "string" },
  severity: { type: "string" },
  connector: { type: "string" },
  account: { type: "string" },
  since: { type: "string" },
  limit: { type: "string" },
} as const;

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const [sub, ...rest] = argv;
    if (sub !== "list") throw new UsageError(USAGE);
    const { values } = parse(rest, OPTIONS);
    if (values.status !== undefined && !(ALERT_STATUSES as readonly string[]).includes(values.status)) {
      throw new UsageError(`--status: expected one of ${ALERT_STATUSES.join(", ")} (got "${values.status}")`);
    }
    if (values.severity !== undefined && !(ALERT_SEVERITIES as readonly string[]).includes(values.severity)) {
      throw new UsageError(`--severity: expected one of ${ALERT_SEVERITIES.join(", ")} (got "${values.severity}")`);
    }
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError(`--limit: expected 1-1000 (got "${values.limit}")`);
    let since: string | undefined;
    if (values.since !== undefined) {
      const ms = Date.parse(values.since);
      if (Number.isNaN(ms)) throw new UsageError(`--since: expected a date or RFC 3339 time (got "${values.since}")`);
      since = new Date(ms).toISOString();
    }

    const { store } = openAdmin(loadCliConfig(values.config, io), { env: io.env });
    try {
      const page = await store.alerts.list({
        account_id: values.account,
        status: values.status as AlertStatus | undefined,
        severity: values.severity,
        connector: values.connector,
        since,
        limit,
      });
      if (values.json) {
        printJson(io, {
          object: "list",
          data: page.data.map(({ dedupe_key: _d, created_by_key: _k, account_id, ...a }) => ({ ...a, object: "alert", account: account_id })),
          has_more: page.has_more,
        });
      } else if (page.data.length === 0) {
        io.out("no alerts");
      } else {
        const rows = page.data.map((a) => ({ ...a, account: a.account_id, title: a.title.length > 60 ? `${a.title.slice(0, 59)}…` : a.title }));
        io.out(table(rows, ["id", "account", "status", "severity", "title", "connector", "transaction_id", "created_at"]));
        if (page.has_more) io.out(`(more than ${limit}; raise --limit or narrow with --status/--since)`);
      }
    } finally {
      store.close();
    }
  });
}
