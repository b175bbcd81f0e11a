// The JSON text of an analysis, made once per request: the same text is written to the analyses
// table and sent as the response body (it was stringified twice, ~3 % of a request each time).
// The text is kept beside the result object, which must not change after it was first made —
// except its alert_id, set through setAlertId below, which keeps the text in step.
import type { AnalysisResult } from "./analysis.ts";

interface Kept {
  text: string;
  /** Where the `null` of `"alert_id":null` sits in text, or -1 (alert_id set, or not found). */
  alertAt: number;
  /** The text with an alert id in place of that null, as last made (the store's, reused by setAlertId). */
  withAlert?: { id: string; text: string };
}

const kept = new WeakMap<object, Kept>();

function keep(result: AnalysisResult): Kept {
  let k = kept.get(result);
  if (k === undefined) {
    const text = JSON.stringify(result);
    k = { text, alertAt: result.alert_id === null ? alertIdAt(result, text) : -1 };
    kept.set(result, k);
  }
  return k;
}

/**
 * The index of alert_id's null in the text of a result: alert_id is followed by model_version,
 * analyzed_at and duration_ms, so the text ends with exactly these properties' text. Checked by
 * comparing that ending (no search through the text); -1 if the text does not end so.
 */
function alertIdAt(result: AnalysisResult, text: string): number {
  const tail = `"alert_id":null,"model_version":${jsonText(result.model_version)},"analyzed_at":${jsonText(result.analyzed_at)},"duration_ms":${jsonNumber(result.duration_ms)}}`;
  return text.endsWith(tail) ? text.length - tail.length + '"alert_id":'.length : -1;
}

/** Printable ASCII other than `"` and `\`: JSON.stringify only puts quotes around such text. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * JSON.stringify of a string or null without calling it for plain text (an id, a timestamp): its
 * three calls for the tail were ~2 % of a recorded analysis's CPU in the profile.
 */
function jsonText(value: string | null): string {
  return value === null ? "null" : PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

/** JSON.stringify of a number: its shortest text, null for NaN and the infinities. */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : "null";
}

/** JSON.stringify(result), made on the first call and kept with the object. */
export function analysisJson(result: AnalysisResult): string {
  return keep(result).text;
}

/** The text kept for a result, if it was made (analysisJson); undefined for any other value. */
export function knownAnalysisJson(value: unknown): string | undefined {
  return typeof value === "object" && value !== null ? kept.get(value)?.text : undefined;
}

/** JSON.stringify({ ...result, alert_id }): the stored form of an analysis that opened or found an alert. */
export function analysisJsonWithAlert(result: AnalysisResult, alertId: string): string {
  const k = keep(result);
  if (k.withAlert?.id === alertId) return k.withAlert.text;
  const text =
    k.alertAt === -1 ? JSON.stringify({ ...result, alert_id: alertId }) : k.text.slice(0, k.alertAt) + JSON.stringify(alertId) + k.text.slice(k.alertAt + "null".length);
  k.withAlert = { id: alertId, text };
  return text;
}

/** Sets result.alert_id, keeping a text already made in step with it. */
export function setAlertId(result: AnalysisResult, alertId: string | null) {
  if (result.alert_id === alertId) return;
  const k = kept.get(result);
  const text = k !== undefined && alertId !== null && result.alert_id === null ? analysisJsonWithAlert(result, alertId) : undefined;
  result.alert_id = alertId;
  if (text === undefined) kept.delete(result);
  else {
    // The kept record itself is changed (no new WeakMap entry per risky analysis).
    k!.text = text;
    k!.alertAt = -1;
    k!.withAlert = undefined;
  }
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
