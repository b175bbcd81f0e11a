// alerts: the alerts opened in a period (optionally of one connector): volumes per day, states,
// severities, resolutions, and how long they took to acknowledge and to resolve. Lists every
// alert as the detail table.
import { round2 } from "../domain/rounding.ts";
import { SEVERITIES } from "../domain/analysis.ts";
import { breathe, Counter, durationStats } from "./aggregate.ts";
import type { ReportContext, ReportOutcome } from "./types.ts";

const STATUSES = ["open", "acknowledged", "resolved", "dismissed"] as const;
const HOUR = 3_600_000;

export async function alertsReport(ctx: ReportContext): Promise<ReportOutcome> {
  const { report, period } = ctx;
  await ctx.detail.begin({
    id: "alerts",
    title: "Alerts",
    columns: [
      { key: "id", label: "Alert" },
      { key: "created_at", label: "Opened", kind: "time" },
      { key: "status", label: "Status" },
      { key: "severity", label: "Severity" },
      { key: "source", label: "Source" },
      { key: "connector", label: "Connector" },
      { key: "transaction_id", label: "Transaction" },
      { key: "title", label: "Title" },
      { key: "resolution", label: "Resolution" },
      { key: "hours_to_acknowledge", label: "Hours to acknowledge", kind: "hours" },
      { key: "hours_to_resolve", label: "Hours to resolve", kind: "hours" },
    ],
  });
  const statuses = new Counter();
  const severities = new Counter();
  const resolutions = new Counter();
  const sources = new Counter();
  const opened = new Counter();
  const resolvedPerDay = new Counter();
  const toAck: number[] = [];
  const toResolve: number[] = [];
  let total = 0;

  for await (const a of ctx.store.alerts.iterate(report.account_id, {
    from: period.fromTime,
    to: period.toTime,
    connector: report.connector ?? undefined,
  })) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    total++;
    statuses.add(a.status);
    severities.add(a.severity);
    sources.add(a.source);
    if (a.resolution) resolutions.add(a.resolution);
    opened.add(a.created_at.slice(0, 10));
    const created = Date.parse(a.created_at);
    const ackH = a.acknowledged_at ? (Date.parse(a.acknowledged_at) - created) / HOUR : null;
    const resH = a.resolved_at ? (Date.parse(a.resolved_at) - created) / HOUR : null;
    if (ackH !== null) toAck.push(ackH);
    if (resH !== null) {
      toResolve.push(resH);
      resolvedPerDay.add(a.resolved_at!.slice(0, 10));
    }
    await ctx.detail.row({
      id: a.id,
      created_at: a.created_at,
      status: a.status,
      severity: a.severity,
      source: a.source,
      connector: a.connector,
      transaction_id: a.transaction_id,
      title: a.title,
      resolution: a.resolution,
      hours_to_acknowledge: ackH === null ? null : round2(ackH),
      hours_to_resolve: resH === null ? null : round2(resH),
    });
    if (total % 500 === 0) {
      ctx.progress(total, null);
      await breathe();
    }
  }
  ctx.progress(total, total);

  const days = [...new Set([...opened.counts.keys(), ...resolvedPerDay.counts.keys()])].sort();
  return {
    summary: {
      alerts: total,
      by_status: Object.fromEntries(STATUSES.map((s) => [s, statuses.get(s)])),
      by_severity: Object.fromEntries(SEVERITIES.map((s) => [s, severities.get(s)])),
      by_source: Object.fromEntries(sources.top()),
      by_resolution: Object.fromEntries(resolutions.top()),
      still_active: statuses.get("open") + statuses.get("acknowledged"),
      time_to_acknowledge: durationStats(toAck),
      time_to_resolve: durationStats(toResolve),
    },
    tables: [
      {
        id: "volume_per_day",
        title: "Alerts opened and resolved per day",
        columns: [
          { key: "date", label: "Date" },
          { key: "opened", label: "Opened", kind: "number" },
          { key: "resolved", label: "Resolved", kind: "number" },
        ],
        rows: days.map((d) => ({ date: d, opened: opened.get(d), resolved: resolvedPerDay.get(d) })),
        chart: { label: "date", value: "opened", kind: "column" },
      },
      {
        id: "by_status",
        title: "Alerts by status",
        columns: [
          { key: "status", label: "Status" },
          { key: "alerts", label: "Alerts", kind: "number" },
        ],
        rows: STATUSES.map((s) => ({ status: s, alerts: statuses.get(s) })),
        chart: { label: "status", value: "alerts" },
      },
      {
        id: "by_severity",
        title: "Alerts by severity",
        columns: [
          { key: "severity", label: "Severity" },
          { key: "alerts", label: "Alerts", kind: "number" },
        ],
        rows: SEVERITIES.map((s) => ({ severity: s, alerts: severities.get(s) })),
        chart: { label: "severity", value: "alerts" },
      },
      {
        id: "by_resolution",
        title: "Closed alerts by resolution",
        columns: [
          { key: "resolution", label: "Resolution" },
          { key: "alerts", label: "Alerts", kind: "number" },
        ],
        rows: resolutions.top().map(([r, n]) => ({ resolution: r, alerts: n })),
      },
      {
        id: "time_to_close",
        title: "Time to acknowledge and to resolve (hours)",
        columns: [
          { key: "measure", label: "Measure" },
          { key: "count", label: "Alerts", kind: "number" },
          { key: "mean_h", label: "Mean", kind: "hours" },
          { key: "median_h", label: "Median", kind: "hours" },
          { key: "p90_h", label: "90th percentile", kind: "hours" },
          { key: "max_h", label: "Longest", kind: "hours" },
        ],
        rows: [
          { measure: "time to acknowledge", ...durationStats(toAck) },
          { measure: "time to resolve", ...durationStats(toResolve) },
        ],
      },
    ],
  };
}
