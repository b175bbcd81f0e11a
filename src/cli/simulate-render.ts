// The plain-text page of `assay simulate`: the two configurations side by side.
import type { LabelMetrics, SimulationResult, SimulationSide } from "../domain/simulation.ts";
import { SEVERITIES } from "../domain/analysis.ts";

export function renderSimulation(r: SimulationResult, files: { current: string; candidate: string }): string {
  const period = r.period.from || r.period.to ? ` from ${r.period.from ?? "the start"} to ${r.period.to ?? "the end"}` : "";
  const rows: [string, string, string][] = [
    ["", "current", "candidate"],
    ["configuration", files.current, files.candidate],
    ["model_version", r.current.model_version, r.candidate.model_version],
    ["auto_threshold", String(r.current.auto_threshold), String(r.candidate.auto_threshold)],
    ["alerts", String(r.current.alerts), String(r.candidate.alerts)],
    ...(r.current.suppressed || r.candidate.suppressed ? [["  + suppressed (dismissed pattern)", String(r.current.suppressed), String(r.candidate.suppressed)] as [string, string, string]] : []),
    ...SEVERITIES.map((s): [string, string, string] => [`  ${s}`, String(r.current.by_severity[s]), String(r.candidate.by_severity[s])]),
  ];
  const codes = [...new Set([...Object.keys(r.current.by_detector), ...Object.keys(r.candidate.by_detector)])];
  if (codes.length > 0) rows.push(["by finding", "", ""]);
  for (const code of codes) rows.push([`  ${code}`, String(r.current.by_detector[code] ?? 0), String(r.candidate.by_detector[code] ?? 0)]);
  const currencies = [...new Set([...Object.keys(r.current.amount_at_risk), ...Object.keys(r.candidate.amount_at_risk)])].sort();
  rows.push(["money at risk", currencies.length === 0 ? "0" : "", currencies.length === 0 ? "0" : ""]);
  for (const c of currencies) rows.push([`  ${c}`, money(r.current.amount_at_risk[c]), money(r.candidate.amount_at_risk[c])]);
  if (r.current.metrics && r.candidate.metrics) {
    rows.push(["precision", pct(r.current.metrics.precision), pct(r.candidate.metrics.precision)]);
    rows.push(["recall", pct(r.current.metrics.recall), pct(r.candidate.metrics.recall)]);
    rows.push(["F1", f1(r.current.metrics), f1(r.candidate.metrics)]);
    rows.push(["  tp / fp / fn", confusion(r.current), confusion(r.candidate)]);
  }
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  const lines = [
    `simulation of ${r.module} on ${r.connector}${period}: ${r.transactions_analyzed} transactions replayed`,
    r.labels.positives + r.labels.negatives > 0
      ? `labels (${r.labels.source}): ${r.labels.positives} confirmed, ${r.labels.negatives} false positives`
      : `labels: none (resolve alerts as confirmed or false_positive, or pass --labels FILE, to measure precision and recall)`,
    "",
    ...rows.map(([k, a, b]) => `${k.padEnd(w0)}  ${a.padStart(w1)}  ${b}`.trimEnd()),
  ];
  if (r.changes.opened + r.changes.closed > 0) {
    lines.push("", `the candidate opens ${r.changes.opened} alert(s) the current does not, and drops ${r.changes.closed}`);
    if (r.changes.opened_sample.length) lines.push(`  opens: ${r.changes.opened_sample.join(", ")}${r.changes.opened > r.changes.opened_sample.length ? ", …" : ""}`);
    if (r.changes.closed_sample.length) lines.push(`  drops: ${r.changes.closed_sample.join(", ")}${r.changes.closed > r.changes.closed_sample.length ? ", …" : ""}`);
  }
  return lines.join("\n");
}

function money(v: number | undefined): string {
  return (v ?? 0).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function pct(v: number | null): string {
  return v === null ? "-" : `${(v * 100).toFixed(1)}%`;
}

function f1(m: LabelMetrics): string {
  return m.f1 === null ? "-" : m.f1.toFixed(3);
}

function confusion(s: SimulationSide): string {
  const m = s.metrics!;
  return `${m.tp} / ${m.fp} / ${m.fn}`;
}
