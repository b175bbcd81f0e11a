import { describe, expect, test } from "bun:test";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { analysisJson, analysisJsonWithAlert, knownAnalysisJson, recordedResultJson, setAlertId } from "../../src/domain/analysis-json.ts";

const result = (over: Partial<AnalysisResult> = {}): AnalysisResult => ({
  id: "anl_1",
  object: "analysis",
  connector: "inline",
  module: "revenue_leakage",
  transaction_id: "INV-1",
  risk_score: 80,
  risk_level: "high",
  // Text that looks like the property inside values: escaped in the JSON, so never matched.
  anomalies: [
    {
      code: "x",
      severity: "high",
      score: 1,
      message: 'says "alert_id":null',
      transaction_id: "INV-1",
      field: null,
      expected: { alert_id: null },
      actual: '"alert_id":null',
      amount_at_risk: 3,
    },
  ],
  amount_at_risk: { amount: 3, currency: "EUR" },
  transactions_analyzed: 1,
  alert_id: null,
  model_version: '"alert_id":null',
  analyzed_at: "2026-01-01T00:00:00.000Z",
  duration_ms: 0.5,
  ...over,
});

describe("the JSON text of an analysis, made once", () => {
  test("is JSON.stringify of the result, kept with it", () => {
    const r = result();
    expect(knownAnalysisJson(r)).toBeUndefined();
    const text = analysisJson(r);
    expect(text).toBe(JSON.stringify(r));
    expect(analysisJson(r)).toBe(text);
    expect(knownAnalysisJson(r)).toBe(text);
    expect(knownAnalysisJson("x")).toBeUndefined();
  });

  test("with an alert id: exactly the text of { ...result, alert_id }", () => {
    const r = result();
    for (const id of ["alrt_1", 'a"b\\c']) expect(analysisJsonWithAlert(r, id)).toBe(JSON.stringify({ ...r, alert_id: id }));
    expect(analysisJsonWithAlert(r, "alrt_1")).toBe(JSON.stringify({ ...r, alert_id: "alrt_1" })); // made again after another id
    // Another key order (alert_id last): the ending check fails, the text is made whole.
    const { alert_id, ...rest } = result();
    const reordered = { ...rest, alert_id } as AnalysisResult;
    expect(analysisJsonWithAlert(reordered, "alrt_4")).toBe(JSON.stringify({ ...reordered, alert_id: "alrt_4" }));
    const set = result({ alert_id: "alrt_0" });
    expect(analysisJsonWithAlert(set, "alrt_2")).toBe(JSON.stringify({ ...set, alert_id: "alrt_2" }));
  });

  test("with an alert id, whatever text the ending's values hold (quotes, escapes, non-ASCII, odd numbers)", () => {
    const texts = ["v1", "", 'a"b', "a\\b", "tab\there", "\u0001", "é", "\ud800", "2026-01-01T00:00:00.000Z", "\u007f"];
    for (const model_version of texts) {
      for (const analyzed_at of texts) {
        for (const duration_ms of [0.5, -0, 1e21, 123456.789, Number.NaN, Number.POSITIVE_INFINITY]) {
          const r = result({ model_version, analyzed_at, duration_ms });
          expect(analysisJsonWithAlert(r, "alrt_5")).toBe(JSON.stringify({ ...r, alert_id: "alrt_5" }));
        }
      }
    }
  });

  test("setAlertId keeps the kept text in step with the object", () => {
    const r = result();
    analysisJson(r);
    setAlertId(r, "alrt_9");
    expect(r.alert_id).toBe("alrt_9");
    expect(knownAnalysisJson(r)).toBe(JSON.stringify(r));
    setAlertId(r, null);
    expect(analysisJson(r)).toBe(JSON.stringify(r));
    const fresh = result();
    setAlertId(fresh, null);
    expect(knownAnalysisJson(fresh)).toBeUndefined();
  });

  test("a stored record's result: any JSON value, with or without an alert id", () => {
    expect(recordedResultJson({ n: 1 })).toBe('{"n":1}');
    expect(recordedResultJson({ n: 1 }, "alrt_1")).toBe('{"n":1,"alert_id":"alrt_1"}');
    expect(recordedResultJson([1, 2])).toBe("[1,2]");
    expect(recordedResultJson(null)).toBe("null");
    const r = result();
    expect(recordedResultJson(r, "alrt_3")).toBe(JSON.stringify({ ...r, alert_id: "alrt_3" }));
    expect(r.alert_id).toBeNull();
  });
});
