// POST /v1/analyze: a transaction inline, a transaction by id, or a scan of the connector.
import { Elysia } from "elysia";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import { RAW_JSON_BODY } from "../../http/pipeline.ts";
import { callerOf, claimOf } from "../../http/request-state.ts";
import type { Runtime } from "../../runtime.ts";
import { AnalysisSchema, AnalyzeBody } from "./model.ts";

const DESCRIPTION = `Three modes:
- \`data\` with transaction fields: analyses that transaction as given, with the connector's reference data and history as context;
- \`data\` with only \`transaction_id\`: fetches it from the connector (404 \`transaction_not_found\`);
- no \`data\`: scans the connector's transactions (\`options.limit\`, default 1,000) and reports anomalies across them.

Unknown connector or module: 422 \`unknown_connector\` / \`unknown_module\` with \`valid_values\`.
\`risk_score\` (0–100) is the weighted ensemble of the anomalies listed; at or above \`alerts.auto_threshold\` an alert is opened and \`alert_id\` set.`;

/** The route's work, shared with the front door's fast path (src/http/fast-path.ts). */
export function analyzeFor(rt: Runtime, accountId: string, body: typeof AnalyzeBody.static, signal?: AbortSignal, claim?: IdempotencyRef) {
  return rt.analysis.analyze({ accountId, connector: body.connector, module: body.module, data: body.data, options: body.options, signal, claim });
}

export function analyzeRoutes(rt: Runtime) {
  return new Elysia({ name: "assay.analyze" }).post(
    "/v1/analyze",
    ({ body, request }) => analyzeFor(rt, callerOf(request).account.id, body, request.signal, claimOf(request)),
    {
      ...RAW_JSON_BODY,
      body: AnalyzeBody,
      response: { 200: AnalysisSchema },
      detail: { summary: "Analyse a transaction or scan a connector", description: DESCRIPTION, tags: ["analysis"] },
    },
  );
}
