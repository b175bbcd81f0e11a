// revenue_leakage: runs the revenue-leakage module over one connector's transactions in the
// period (the analysis engine's streaming scan) and lists every finding with its amount at
// risk. Findings stream to the output as they come; only per-key totals stay in memory.
import type { ModuleId } from "../analysis/catalog.ts";
import { type AnalysisEngine, type Anomaly, type FlaggedBatch, flaggedBatchesOf, type ScanRequest } from "../domain/analysis.ts";
import { roundMoney } from "../domain/rounding.ts";
import { change, comparisonTable, count, findingLabel, money, moneyFigures, moneyList, previousDates } from "./labels.ts";
import { breathe } from "../domain/event-loop.ts";
import { Counter, MoneyByKey, moneyTable, totalsByCurrency } from "./aggregate.ts";
import { type ReportContext, ReportError, type ReportOutcome } from "./types.ts";

export const REVENUE_LEAKAGE_MODULE: ModuleId = "revenue_leakage";
const TOP_CUSTOMERS = 50;

export async function revenueLeakage(ctx: ReportContext): Promise<ReportOutcome> {
  const { report, period, engine } = ctx;
  if (!engine) throw new ReportError("analysis_unavailable", "the analysis engine is not available in this installation");
  if (!report.connector) throw new ReportError("validation_failed", "a revenue_leakage report needs a connector");

  await ctx.detail.begin({
    id: "findings",
    title: "Findings",
    columns: [
      { key: "transaction_id", label: "Transaction" },
      { key: "date", label: "Date" },
      { key: "customer_id", label: "Customer" },
      { key: "finding", label: "Finding" },
      { key: "code", label: "Code" },
      { key: "severity", label: "Severity" },
      { key: "message", label: "Message" },
      { key: "field", label: "Field" },
      { key: "expected", label: "Expected" },
      { key: "actual", label: "Actual" },
      { key: "currency", label: "Currency" },
      { key: "amount_at_risk", label: "Amount at risk", kind: "money" },
    ],
  });

  const byCode = new MoneyByKey();
  const byCustomer = new MoneyByKey();
  const severities = new Counter();
  const atRisk = new Map<string, number>();
  let transactions = 0;
  let flagged = 0;
  let findings = 0;
  let reported = 0;
  /** One finding into the totals and the detail (`transactionId` null: a finding about the history that no transaction holds). */
  const record = async (a: Anomaly, transactionId: string | null, date: string | null, customerId: string | null, currency: string) => {
    findings++;
    severities.add(a.severity);
    byCode.add(findingLabel(a.code), currency, a.amount_at_risk);
    if (customerId) byCustomer.add(customerId, currency, a.amount_at_risk);
    atRisk.set(currency, (atRisk.get(currency) ?? 0) + a.amount_at_risk);
    await ctx.detail.row({
      transaction_id: transactionId,
      date,
      customer_id: customerId,
      finding: findingLabel(a.code),
      code: a.code,
      severity: a.severity,
      message: a.message,
      field: a.field,
      expected: a.expected ?? null,
      actual: a.actual ?? null,
      currency,
      amount_at_risk: roundMoney(a.amount_at_risk),
    });
  };

  const scan = flaggedBatches(engine, {
    accountId: report.account_id,
    connector: report.connector,
    module: REVENUE_LEAKAGE_MODULE,
    from: period.from,
    to: period.to,
    signal: ctx.signal,
    onProgress: (analyzed) => {
      reported = analyzed;
      ctx.progress(Math.max(analyzed, transactions), null);
    },
  });
  for await (const batch of scan) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    transactions += batch.analyzed;
    for (const f of batch.flagged) {
      flagged++;
      const tx = f.transaction;
      const currency = tx.currency ?? "n/a";
      for (const a of f.anomalies) await record(a, a.transaction_id || tx.transaction_id, tx.date ?? null, tx.customer_id ?? null, currency);
    }
    ctx.progress(Math.max(reported, transactions), null);
    await breathe();
  }
  // Charges due in periods without any document of their contract: no transaction to name (null);
  // the date is the period's first day, `expected` names the contract, charge and period.
  const historyFindings = async (from: string | undefined, to: string | undefined) =>
    (await engine.historyFindings?.({ accountId: report.account_id, connector: report.connector!, module: REVENUE_LEAKAGE_MODULE, from, to, signal: ctx.signal })) ?? [];
  for (const h of await historyFindings(period.from, period.to)) {
    await record(h.anomaly, null, h.date, h.customer_id ?? null, h.currency ?? "n/a");
  }

  // The previous period of the same length, when the report has one: the same scan, counts only.
  const prev = previousDates(period.from, period.to);
  let before: { transactions: number; flagged: number; findings: number; atRisk: Map<string, number> } | undefined;
  if (prev) {
    before = { transactions: 0, flagged: 0, findings: 0, atRisk: new Map() };
    const earlier = flaggedBatches(engine, { accountId: report.account_id, connector: report.connector, module: REVENUE_LEAKAGE_MODULE, from: prev.from, to: prev.to, signal: ctx.signal, onProgress: () => {} });
    for await (const batch of earlier) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      before.transactions += batch.analyzed;
      for (const f of batch.flagged) {
        before.flagged++;
        for (const a of f.anomalies) {
          before.findings++;
          const currency = f.transaction.currency ?? "n/a";
          before.atRisk.set(currency, (before.atRisk.get(currency) ?? 0) + a.amount_at_risk);
        }
      }
      await breathe();
    }
    for (const h of await historyFindings(prev.from, prev.to)) {
      before.findings++;
      const currency = h.currency ?? "n/a";
      before.atRisk.set(currency, (before.atRisk.get(currency) ?? 0) + h.anomaly.amount_at_risk);
    }
  }
  ctx.progress(transactions, transactions);

  const totals = totalsByCurrency(atRisk);
  // Ranked within each currency: with several, the largest of each of the three busiest.
  const worstGroups = byCode.topWithinCurrencies(totals.length > 1 ? 1 : 3, 3);
  const worst = worstGroups.flat().map((e) => `${findingLabel(e.key).toLowerCase()} (${money(roundMoney(e.amount), e.currency)})`);
  const worstSentence = worstGroups.length > 1 ? `The largest amount in each currency comes from ${worst.join(", ")}.` : `The largest amounts come from ${worst.join(", ")}.`;
  const narrative =
    transactions === 0
      ? `No transactions of ${report.connector} fall in this period.`
      : [
          `Of ${count(transactions)} transactions billed through ${report.connector}, ${count(flagged)} (${Math.round((flagged / transactions) * 1000) / 10}%) show revenue leakage, with ${count(findings)} findings in all.`,
          `Revenue at risk: ${moneyList(totals)}; each currency is totalled on its own.`,
          worst.length ? worstSentence : "",
          before
            ? `Compared with the previous period of the same length (${prev!.from.slice(0, 10)} to ${prev!.to.slice(0, 10)}): transactions with leakage ${change(flagged, before.flagged)}, findings ${change(findings, before.findings)}.`
            : "",
          "Every finding is listed below with the expected and actual values, so it can be checked and recovered.",
        ]
          .filter(Boolean)
          .join(" ");
  return {
    narrative,
    summary: {
      connector: report.connector,
      module: REVENUE_LEAKAGE_MODULE,
      transactions_analyzed: transactions,
      transactions_flagged: flagged,
      findings,
      by_severity: Object.fromEntries(severities.top()),
      amount_at_risk: totals,
      ...(before
        ? { previous_period: { from: prev!.from, to: prev!.to, transactions_analyzed: before.transactions, transactions_flagged: before.flagged, findings: before.findings, amount_at_risk: totalsByCurrency(before.atRisk) } }
        : {}),
    },
    tables: [
      ...(before
        ? [
            comparisonTable(prev!.from, prev!.to, [
              { metric: "Transactions analyzed", now: transactions, before: before.transactions },
              { metric: "Transactions with leakage", now: flagged, before: before.flagged },
              { metric: "Findings", now: findings, before: before.findings },
              ...moneyFigures(atRisk, before.atRisk),
            ]),
          ]
        : []),
      moneyTable({
        id: "by_finding",
        title: "Amount at risk by finding",
        key: { key: "finding", label: "Finding" },
        count: { key: "findings", label: "Findings" },
        money: byCode,
      }),
      moneyTable({
        id: "by_customer",
        title: `Amount at risk by customer (top ${TOP_CUSTOMERS})`,
        key: { key: "customer_id", label: "Customer" },
        count: { key: "findings", label: "Findings" },
        money: byCustomer,
        top: TOP_CUSTOMERS,
        rest: "customer/currency pairs",
      }),
    ],
  };
}

/** The engine's scan as batches of flagged transactions (on its worker threads when it has them). */
async function* flaggedBatches(engine: AnalysisEngine, request: ScanRequest): AsyncIterable<FlaggedBatch> {
  if (engine.scanFlagged) {
    yield* engine.scanFlagged(request);
    return;
  }
  yield* flaggedBatchesOf(engine.scanFindings(request));
}
