// simulation: a back-test the dashboard can show. Replays the connector's transactions in the
// period under the built-in baseline (default weights, no custom rules, no learned model) and
// under the configuration in force (weights, rules, learned model), and tabulates side by side
// the alerts each would open, by severity and finding, the money at risk, and precision, recall
// and F1 against the account's resolved alerts. `assay simulate --with` compares any candidate.
import { resolutionLabels } from "../alerts/labels.ts";
import { dismissedPatterns } from "../alerts/suppressions.ts";
import { SEVERITIES } from "../domain/analysis.ts";
import type { SimulationResult } from "../domain/simulation.ts";
import { breathe } from "../domain/event-loop.ts";
import { ReportError, type ReportContext, type ReportOutcome } from "./types.ts";

export async function simulationReport(ctx: ReportContext): Promise<ReportOutcome> {
  const { report, period } = ctx;
  if (!ctx.engine?.simulate) throw new ReportError("analysis_unavailable", "the analysis engine is not available to replay transactions");
  const labels = await resolutionLabels(ctx.store, { connector: report.connector!, accountId: report.account_id });
  const suppressions = await dismissedPatterns(ctx.store, report.account_id, report.connector!);
  let last = 0;
  const r: SimulationResult = await ctx.engine.simulate({
    accountId: report.account_id,
    connector: report.connector!,
    module: report.module!,
    from: period.from,
    to: period.to,
    labels,
    labelSource: "alert resolutions",
    baseline: true,
    suppressions,
    signal: ctx.signal,
    onProgress: (n) => {
      if (n - last >= 1000) {
        last = n;
        ctx.progress(n, null);
      }
    },
  });
  await breathe();
  ctx.progress(r.transactions_analyzed, r.transactions_analyzed);
  const sides = [r.current, r.candidate] as const;
  const row = (metric: string, f: (s: (typeof sides)[number]) => unknown) => ({ metric, baseline: f(sides[0]), running: f(sides[1]) });
  const codes = [...new Set(sides.flatMap((s) => Object.keys(s.by_detector)))];
  const currencies = [...new Set(sides.flatMap((s) => Object.keys(s.amount_at_risk)))].sort();
  const metricRows = r.current.metrics
    ? [
        row("precision", (s) => s.metrics?.precision ?? null),
        row("recall", (s) => s.metrics?.recall ?? null),
        row("f1", (s) => s.metrics?.f1 ?? null),
        row("true positives", (s) => s.metrics?.tp ?? 0),
        row("false positives", (s) => s.metrics?.fp ?? 0),
        row("missed (false negatives)", (s) => s.metrics?.fn ?? 0),
      ]
    : [];
  const columns = [
    { key: "metric", label: "" },
    { key: "baseline", label: "Built-in baseline" },
    { key: "running", label: "Configuration in force" },
  ];
  return {
    summary: {
      connector: r.connector,
      module: r.module,
      transactions_analyzed: r.transactions_analyzed,
      labels: r.labels,
      baseline: { model_version: r.current.model_version, alerts: r.current.alerts, f1: r.current.metrics?.f1 ?? null },
      running: { model_version: r.candidate.model_version, alerts: r.candidate.alerts, f1: r.candidate.metrics?.f1 ?? null },
      changes: { opened: r.changes.opened, closed: r.changes.closed },
    },
    tables: [
      {
        id: "side_by_side",
        title: "Alerts that would open",
        columns,
        rows: [
          row("model_version", (s) => s.model_version),
          row("auto_threshold", (s) => s.auto_threshold),
          row("alerts", (s) => s.alerts),
          row("suppressed (pattern dismissed as a false positive)", (s) => s.suppressed),
          ...SEVERITIES.map((sev) => row(`alerts: ${sev}`, (s) => s.by_severity[sev])),
          ...currencies.map((c) => row(`money at risk (${c})`, (s) => s.amount_at_risk[c] ?? 0)),
          ...metricRows,
        ],
        note: metricRows.length ? `labels: ${r.labels.positives} confirmed, ${r.labels.negatives} false positives (alert resolutions)` : "no resolved alerts (confirmed / false_positive) for this connector yet: no precision or recall",
      },
      {
        id: "by_finding",
        title: "Alerts by finding",
        columns: [{ key: "code", label: "Finding" }, ...columns.slice(1)],
        rows: codes.map((code) => ({ code, baseline: r.current.by_detector[code] ?? 0, running: r.candidate.by_detector[code] ?? 0 })),
        chart: { label: "code", value: "running" },
      },
    ],
  };
}
