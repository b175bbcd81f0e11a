// risk_summary: the analyses recorded in a period (optionally of one connector or module):
// counts by risk level, the most frequent anomaly codes, and amount at risk by connector and
// by customer. Streams the analyses (keyset pages), keeping one entry per distinct key.
import { round2 } from "../domain/rounding.ts";
import { SEVERITIES } from "../domain/analysis.ts";
import { breathe, Counter, MoneyByKey, moneyTable, totalsByCurrency } from "./aggregate.ts";
import type { ReportContext, ReportOutcome } from "./types.ts";

const TOP_CODES = 20;
const TOP_CUSTOMERS = 50;

export async function riskSummary(ctx: ReportContext): Promise<ReportOutcome> {
  const { report, period } = ctx;
  const levels = new Counter();
  const codes = new Counter();
  const codeAnalyses = new Counter();
  const byConnector = new MoneyByKey();
  const byCustomer = new MoneyByKey();
  const atRisk = new Map<string, number>();
  let analyses = 0;
  let transactions = 0;
  let scoreSum = 0;
  let withAlert = 0;
  let anomalies = 0;

  for await (const a of ctx.store.analyses.iterate(report.account_id, {
    from: period.fromTime,
    to: period.toTime,
    connector: report.connector ?? undefined,
    module: report.module ?? undefined,
  })) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    analyses++;
    transactions += a.transactions_analyzed;
    scoreSum += a.risk_score;
    if (a.alert_id) withAlert++;
    levels.add(a.risk_level);
    for (const code of a.anomaly_codes) codes.add(code);
    for (const code of new Set(a.anomaly_codes)) codeAnalyses.add(code);
    anomalies += a.anomaly_codes.length;
    const currency = a.currency ?? "n/a";
    byConnector.add(a.connector, currency, a.amount_at_risk);
    if (a.customer_id) byCustomer.add(a.customer_id, currency, a.amount_at_risk);
    atRisk.set(currency, (atRisk.get(currency) ?? 0) + a.amount_at_risk);
    if (analyses % 500 === 0) {
      ctx.progress(analyses, null);
      await breathe();
    }
  }
  ctx.progress(analyses, analyses);

  const levelRows = SEVERITIES.map((level) => ({
    risk_level: level,
    analyses: levels.get(level),
    share: analyses ? round2((levels.get(level) / analyses) * 100) : 0,
  }));
  return {
    summary: {
      analyses,
      transactions_analyzed: transactions,
      average_risk_score: analyses ? round2(scoreSum / analyses) : null,
      by_risk_level: Object.fromEntries(levelRows.map((r) => [r.risk_level, r.analyses])),
      anomalies,
      distinct_anomaly_codes: codes.counts.size,
      amount_at_risk: totalsByCurrency(atRisk),
      analyses_with_alert: withAlert,
    },
    tables: [
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
        title: `Top ${TOP_CODES} anomaly codes`,
        columns: [
          { key: "code", label: "Anomaly code" },
          { key: "occurrences", label: "Occurrences", kind: "number" },
          { key: "analyses", label: "Analyses", kind: "number" },
        ],
        rows: codes.top(TOP_CODES).map(([code, n]) => ({ code, occurrences: n, analyses: codeAnalyses.get(code) })),
        chart: { label: "code", value: "occurrences" },
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
    ],
  };
}
