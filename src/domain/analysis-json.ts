// The JSON text of an analysis, made once per request: the same text is written to the analyses
// table and sent as the response body (it was stringified twice, ~3 % of a request each time).
// The text is kept beside the result object, which must not change after it was first made —
// except its alert_id, set through setAlertId below, which rewrites the kept text to match.
import type { AnalysisResult } from "./analysis.ts";

const texts = new WeakMap<object, string>();

/** JSON.stringify(result), made on the first call and kept with the object. */
export function analysisJson(result: AnalysisResult): string {
  let text = texts.get(result);
  if (text === undefined) {
    text = JSON.stringify(result);
    texts.set(result, text);
  }
  return text;
}

/** The text kept for a result, if it was made (analysisJson); undefined for any other value. */
export function knownAnalysisJson(value: unknown): string | undefined {
  return typeof value === "object" && value !== null ? texts.get(value) : undefined;
}

/**
 * JSON.stringify({ ...result, alert_id }) — the stored form of an analysis that opened or found
 * an alert — from the kept text when alert_id is null in it: only that value differs. alert_id is
 * followed by strings and a number only (model_version, analyzed_at, duration_ms), and a `"` inside
 * a string is escaped, so the last `"alert_id":null` of the text is the property itself.
 */
export function analysisJsonWithAlert(result: AnalysisResult, alertId: string): string {
  if (result.alert_id !== null) return JSON.stringify({ ...result, alert_id: alertId });
  const text = analysisJson(result);
  const at = text.lastIndexOf(ALERT_ID_NULL);
  if (at === -1) return JSON.stringify({ ...result, alert_id: alertId });
  return `${text.slice(0, at)}"alert_id":${JSON.stringify(alertId)}${text.slice(at + ALERT_ID_NULL.length)}`;
}

const ALERT_ID_NULL = '"alert_id":null';

/** Sets result.alert_id, keeping a text already made in step with it. */
export function setAlertId(result: AnalysisResult, alertId: string | null) {
  if (result.alert_id === alertId) return;
  const kept = texts.get(result);
  const text = kept !== undefined && alertId !== null && result.alert_id === null ? analysisJsonWithAlert(result, alertId) : undefined;
  result.alert_id = alertId;
  if (text !== undefined) texts.set(result, text);
  else texts.delete(result);
}

/**
 * The stored text of an analysis record's result (AnalysisRecord.result): the kept text of an
 * analysis, made now if need be; with alertId, that of { ...result, alert_id: alertId }.
 */
export function recordedResultJson(result: unknown, alertId?: string): string {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return JSON.stringify(result);
  const analysis = result as AnalysisResult;
  return alertId === undefined ? analysisJson(analysis) : analysisJsonWithAlert(analysis, alertId);
}
