// The stored form of an analysis (what reports aggregate), built from the result returned to
// the client. One place, used by the engine and by the alert service (which records an analysis
// together with the alert it opens).
import type { AnalysisResult } from "../domain/analysis.ts";
import type { AnalysisRecord } from "../store/types.ts";

export function analysisRecord(accountId: string, analysis: AnalysisResult, customerId: string | null): AnalysisRecord {
  return {
    id: analysis.id,
    account_id: accountId,
    connector: analysis.connector,
    module: analysis.module,
    transaction_id: analysis.transaction_id,
    customer_id: customerId,
    risk_score: analysis.risk_score,
    risk_level: analysis.risk_level,
    amount_at_risk: analysis.amount_at_risk.amount,
    currency: analysis.amount_at_risk.currency,
    anomaly_codes: [...new Set(analysis.anomalies.map((a) => a.code))],
    transactions_analyzed: analysis.transactions_analyzed,
    alert_id: analysis.alert_id,
    created_at: analysis.analyzed_at,
    result: analysis,
  };
}
