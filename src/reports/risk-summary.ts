// risk_summary: the analyses recorded in a period (optionally of one connector or module):
// counts by risk level, the most frequent findings (with human labels), and amount at risk by
// connector and by customer, per currency (a scan's amount in every currency it found, never
// summed across currencies), compared with the previous period of the same length. Streams the
// analyses (keyset pages), keeping one entry per distinct key.
import { round2 } from "../domain/rounding.ts";
import { SEVERITIES } from "../domain/analysis.ts";
import type { AnalysisRecord } from "../store/types.ts";
import { breathe } from "../domain/event-loop.ts";
import { Counter, MoneyByKey, moneyTable, totalsByCurrency } from "./aggregate.ts";
import { change, comparisonTable, count, findingLabel, moneyFigures, moneyList, previousPeriod } from "./labels.ts";
import type { ReportContext, ReportOutcome } from "./types.ts";

const TOP_CODES = 20;
const TOP_CUSTOMERS = 50;

/** Amount at risk per currency: a scan records every currency's total in by_currency. */
export function amountsOf(a: AnalysisRecord): [string, number][] {
  const byCurrency = (a.result as { amount_at_risk?: { by_currency?: Record<string, number> } } | null)?.amount_at_risk?.by_currency;
  if (byCurrency) return Object.entries(byCurrency).map(([c, v]) => [c === "none" ? "n/a" : c, v]);
  if (a.amount_at_risk === 0 && !a.currency) return [];
  return [[a.currency ?? "n/a", a.amount_at_risk]];
}

interface Tally {
  analyses: number;
  anomalies: number;
  highOrCritical: number;
  atRisk: Map<string, number>;
}

export async function riskSummary(ctx: ReportContext): Promise<ReportOutcome> {
  const { report, period } = ctx;
  const levels = new Counter();
  const codes = new Counter();
  const codeAnalyses = new Counter();
  const byConnector = new MoneyByKey();
  const byCustomer = new MoneyByKey();
  const now: Tally = { analyses: 0, anomalies: 0, highOrCritical: 0, atRisk: new Map() };
  let transactions = 0;
  let scoreSum = 0;
  let withAlert = 0;
  const scope = { connector: report.connector ?? undefined, module: report.module ?? undefined };

  for await (const a of ctx.store.analyses.iterate(report.account_id, { from: period.fromTime, to: period.toTime, ...scope })) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const found = findingCodes(a);
    count1(now, a, found);
    transactions += a.transactions_analyzed;
    scoreSum += a.risk_score;
    if (a.alert_id) withAlert++;
    levels.add(a.risk_level);
    for (const code of found) codes.add(code);
    for (const code of new Set(found)) codeAnalyses.add(code);
    for (const [currency, amount] of amountsOf(a)) {
      byConnector.add(a.connector, currency, amount);
      if (a.customer_id) byCustomer.add(a.customer_id, currency, amount);
    }
    if (now.analyses % 500 === 0) {
      ctx.progress(now.analyses, null);
      await breathe();
    }
  }

  // The previous period of the same length, when the report has one: the same counts, nothing kept per row.
  const prev = previousPeriod(period.fromTime, period.toTime);
  let before: Tally | undefined;
  if (prev) {
    before = { analyses: 0, anomalies: 0, highOrCritical: 0, atRisk: new Map() };
    for await (const a of ctx.store.analyses.iterate(report.account_id, { from: prev.fromTime, to: prev.toTime, ...scope })) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      count1(before, a, findingCodes(a));
      if (before.analyses % 500 === 0) await breathe();
    }
  }
  ctx.progress(now.analyses, now.analyses);

  const { analyses } = now;
  const levelRows = SEVERITIES.map((level) => ({
    risk_level: level,
    analyses: levels.get(level),
    share: analyses ? round2((levels.get(level) / analyses) * 100) : 0,
  }));
  const totals = totalsByCurrency(now.atRisk);
  const topCodes = codes.top(TOP_CODES);
  const tables: ReportOutcome["tables"] = [];
  if (before) {
    tables.push(
      comparisonTable(prev!.fromTime, prev!.toTime, [
        { metric: "Analyses", now: now.analyses, before: before.analyses },
        { metric: "High or critical risk", now: now.highOrCritical, before: before.highOrCritical },
        { metric: "Findings", now: now.anomalies, before: before.anomalies },
        ...moneyFigures(now.atRisk, before.atRisk),
      ]),
    );
  }
  tables.push(
    {
      id: "by_risk_level",
      title: "Analyses by risk level",
      columns: [
        { key: "risk_level", label: "Risk level" },
        { key: "analyses", label: "Analyses", kind: "number" },
        { key: "share", label: "Share", kind: "percent" },
      ],
      rows: levelRows,
      chart: { label: "risk_level", value: "analyses" },
    },
    {
      id: "top_anomaly_codes",
      title: `Most frequent findings (top ${TOP_CODES})`,
      columns: [
        { key: "finding", label: "Finding" },
        { key: "code", label: "Code" },
        { key: "occurrences", label: "Occurrences", kind: "number" },
        { key: "analyses", label: "Analyses", kind: "number" },
      ],
      rows: topCodes.map(([code, n]) => ({ finding: findingLabel(code), code, occurrences: n, analyses: codeAnalyses.get(code) })),
      chart: { label: "finding", value: "occurrences" },
    },
    moneyTable({
      id: "amount_at_risk_by_connector",
      title: "Amount at risk by connector",
      key: { key: "connector", label: "Connector" },
      count: { key: "analyses", label: "Analyses" },
      money: byConnector,
    }),
    moneyTable({
      id: "amount_at_risk_by_customer",
      title: `Amount at risk by customer (top ${TOP_CUSTOMERS})`,
      key: { key: "customer_id", label: "Customer" },
      count: { key: "analyses", label: "Analyses" },
      money: byCustomer,
      top: TOP_CUSTOMERS,
      rest: "customer/currency pairs",
    }),
  );

  const top = topCodes.slice(0, 3).map(([code]) => findingLabel(code).toLowerCase());
  const narrative = [
    analyses === 0
      ? "No analyses were recorded in this period."
      : `${count(analyses)} ${analyses === 1 ? "analysis" : "analyses"} covered ${count(transactions)} transactions; ${count(now.highOrCritical)} ${now.highOrCritical === 1 ? "was" : "were"} rated high or critical risk, with ${count(now.anomalies)} findings in all.`,
    analyses ? `Amount at risk: ${moneyList(totals)}.` : "",
    top.length ? `The most frequent findings were ${top.join(", ")}.` : "",
    before ? `Compared with the previous period of the same length: analyses ${change(now.analyses, before.analyses)}, high or critical ${change(now.highOrCritical, before.highOrCritical)}, findings ${change(now.anomalies, before.anomalies)}.` : "No earlier period to compare with: the report covers all time (give from and to for a comparison).",
  ]
    .filter(Boolean)
    .join(" ");

  return {
    narrative,
    summary: {
      analyses,
      transactions_analyzed: transactions,
      average_risk_score: analyses ? round2(scoreSum / analyses) : null,
      by_risk_level: Object.fromEntries(levelRows.map((r) => [r.risk_level, r.analyses])),
      anomalies: now.anomalies,
      distinct_anomaly_codes: codes.counts.size,
      amount_at_risk: totals,
      analyses_with_alert: withAlert,
      ...(before ? { previous_period: { from: prev!.fromTime, to: prev!.toTime, analyses: before.analyses, anomalies: before.anomalies, amount_at_risk: totalsByCurrency(before.atRisk) } } : {}),
    },
    tables,
  };
}

/**
 * The code of every finding an analysis reported, one per finding: from its recorded result's
 * `anomalies` (a scan's: those it listed, at most its `max_anomalies`), else its distinct codes.
 * The distinct codes alone counted a scan that listed 399 findings of four kinds as 4 findings,
 * and made each code's occurrences the number of analyses that had it.
 */
function findingCodes(a: AnalysisRecord): readonly string[] {
  const listed = (a.result as { anomalies?: unknown } | null | undefined)?.anomalies;
  if (!Array.isArray(listed)) return a.anomaly_codes;
  const codes: string[] = [];
  for (const finding of listed) {
    const code = (finding as { code?: unknown } | null)?.code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

function count1(t: Tally, a: AnalysisRecord, found: readonly string[]) {
  t.analyses++;
  t.anomalies += found.length;
  if (a.risk_level === "high" || a.risk_level === "critical") t.highOrCritical++;
  for (const [currency, amount] of amountsOf(a)) t.atRisk.set(currency, (t.atRisk.get(currency) ?? 0) + amount);
}
