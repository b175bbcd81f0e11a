// Dismissed-as-false-positive patterns stop re-alerting. When an analyst closes an auto-alert
// with resolution `false_positive`, its pattern — connector, the set of finding codes, and the
// entity (the customer, else the transaction) — is recorded; an analysis with the same pattern
// is still recorded and returned, but opens no alert. Reopening the alert lifts the suppression.
import type { Anomaly } from "../domain/analysis.ts";
import { codesKey, entityKey, type SuppressedPattern } from "../domain/suppression.ts";
import { newId } from "../domain/ids.ts";
import type { AlertRecord, Store, SuppressionKey, SuppressionRecord } from "../store/types.ts";

export { codesKey, entityKey };

/** The dismissed patterns of an account (of one connector), for the back-test to apply. */
export async function dismissedPatterns(store: Store, accountId: string, connector: string): Promise<SuppressedPattern[]> {
  return (await store.suppressions.list(accountId, connector)).map((r) => ({ codes: r.codes, entity: r.entity }));
}

/**
 * The pattern a suppression of this analysis would have, or undefined when none can apply (no
 * entity, no findings): what the store checks before opening an alert (AlertRepository.openOrRefresh).
 */
export function suppressionKeyOf(analysis: { connector: string; transaction_id: string | null; anomalies: readonly Anomaly[] }, customerId: string | null | undefined): SuppressionKey | undefined {
  const entity = entityKey(customerId, analysis.transaction_id);
  if (!entity || analysis.anomalies.length === 0) return undefined;
  return { connector: analysis.connector, codes: codesKey(analysis.anomalies), entity };
}

/** Records (or lifts, when reopened) the pattern of an auto-alert after a status change. */
export async function followResolution(store: Store, alert: AlertRecord, at: string): Promise<void> {
  if (alert.source !== "analysis" || !alert.connector) return;
  if (alert.status === "open") {
    await store.suppressions.removeForAlert(alert.id);
    return;
  }
  if ((alert.status !== "dismissed" && alert.status !== "resolved") || alert.resolution !== "false_positive") return;
  const customer = typeof alert.metadata.customer_id === "string" ? alert.metadata.customer_id : null;
  const entity = entityKey(customer, alert.transaction_id);
  if (!entity || alert.anomalies.length === 0) return;
  const record: SuppressionRecord = { id: newId("sup"), account_id: alert.account_id, connector: alert.connector, codes: codesKey(alert.anomalies), entity, alert_id: alert.id, created_at: at };
  await store.suppressions.add(record);
}
