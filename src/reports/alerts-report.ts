// alerts: the alerts opened in a period (optionally of one connector): volumes per day, states,
// severities, resolutions, and how long they took to acknowledge and to resolve. Lists every
// alert as the detail table.
import { round2 } from "../domain/rounding.ts";
import { SEVERITIES } from "../domain/analysis.ts";
import { breathe } from "../domain/event-loop.ts";
import { Counter, durationStats } from "./aggregate.ts";
import { change, comparisonTable, count, previousPeriod } from "./labels.ts";
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

  // The previous period of the same length, when the report has one: the same counts, nothing kept per row.
  const prev = previousPeriod(period.fromTime, period.toTime);
  let before: { total: number; critical: number; active: number } | undefined;
  if (prev) {
    before = { total: 0, critical: 0, active: 0 };
    for await (const a of ctx.store.alerts.iterate(report.account_id, { from: prev.fromTime, to: prev.toTime, connector: report.connector ?? undefined })) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      before.total++;
      if (a.severity === "critical" || a.severity === "high") before.critical++;
      if (a.status === "open" || a.status === "acknowledged") before.active++;
      if (before.total % 500 === 0) await breathe();
    }
  }
  const severe = severities.get("critical") + severities.get("high");
  const active = statuses.get("open") + statuses.get("acknowledged");
  const resolveStats = durationStats(toResolve);
  const narrative =
    total === 0
      ? "No alerts were opened in this period."
      : [
          `${count(total)} ${total === 1 ? "alert was" : "alerts were"} opened, ${count(severe)} of them high or critical; ${count(active)} ${active === 1 ? "is" : "are"} still open or being worked on.`,
          toResolve.length ? `Resolved alerts took a median of ${(resolveStats.median_h ?? 0).toLocaleString("en-US", { maximumFractionDigits: 1 })} hours to close.` : "None has been resolved yet.",
          before ? `Compared with the previous period of the same length: alerts opened ${change(total, before.total)}, high or critical ${change(severe, before.critical)}.` : "No earlier period to compare with: the report covers all time (give from and to for a comparison).",
        ].join(" ");
  const comparison = before
    ? [
        comparisonTable(prev!.fromTime, prev!.toTime, [
          { metric: "Alerts opened", now: total, before: before.total },
          { metric: "High or critical", now: severe, before: before.critical },
          { metric: "Still open or acknowledged", now: active, before: before.active },
        ]),
      ]
    : [];
  const days = [...new Set([...opened.counts.keys(), ...resolvedPerDay.counts.keys()])].sort();
  return {
    narrative,
    summary: {
      alerts: total,
      by_status: Object.fromEntries(STATUSES.map((s) => [s, statuses.get(s)])),
      by_severity: Object.fromEntries(SEVERITIES.map((s) => [s, severities.get(s)])),
      by_source: Object.fromEntries(sources.top()),
      by_resolution: Object.fromEntries(resolutions.top()),
      still_active: statuses.get("open") + statuses.get("acknowledged"),
      time_to_acknowledge: durationStats(toAck),
      time_to_resolve: resolveStats,
      ...(before ? { previous_period: { from: prev!.fromTime, to: prev!.toTime, alerts: before.total } } : {}),
    },
    tables: [
      ...comparison,
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
