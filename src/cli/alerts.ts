// `assay alerts list`: the alerts in the database, offline (no server needed), newest first,
// across every account unless --account narrows it.
import { ALERT_STATUSES } from "../api/alerts/model.ts";
import { SEVERITIES } from "../domain/analysis.ts";
import { openAdmin } from "../runtime.ts";
import type { AlertStatus } from "../store/types.ts";
import { type CliIO, loadCliConfig, printJson, table, UsageError } from "./common.ts";
import type { Args } from "./framework.ts";

export async function list(a: Args, io: CliIO) {
  const status = a.string("status");
  const severity = a.string("severity");
  if (status !== undefined && !(ALERT_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status: expected one of ${ALERT_STATUSES.join(", ")} (got "${status}")`);
  }
  if (severity !== undefined && !(SEVERITIES as readonly string[]).includes(severity)) {
    throw new UsageError(`--severity: expected one of ${SEVERITIES.join(", ")} (got "${severity}")`);
  }
  const limitFlag = a.string("limit");
  const limit = limitFlag === undefined ? 50 : Number(limitFlag);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError(`--limit: expected 1-1000 (got "${limitFlag}")`);
  let since: string | undefined;
  const sinceFlag = a.string("since");
  if (sinceFlag !== undefined) {
    const ms = Date.parse(sinceFlag);
    if (Number.isNaN(ms)) throw new UsageError(`--since: expected a date or RFC 3339 time (got "${sinceFlag}")`);
    since = new Date(ms).toISOString();
  }

  const { store } = openAdmin(loadCliConfig(a.string("config"), io), { env: io.env });
  try {
    const page = await store.alerts.list({
      account_id: a.string("account"),
      status: status as AlertStatus | undefined,
      severity,
      connector: a.string("connector"),
      since,
      limit,
    });
    if (a.json) {
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
    await store.close();
  }
}
