// /v1/alerts routes: create, read, list, change status (lifecycle), and an alert's history.
import { Elysia } from "elysia";
import { RAW_JSON_BODY } from "../../http/pipeline.ts";
import { callerOf, claimOf } from "../../http/request-state.ts";
import type { Runtime } from "../../runtime.ts";
import {
  AlertEventObject,
  AlertIdParams,
  AlertObject,
  CreateAlertBody,
  HistoryQuery,
  ListAlertsQuery,
  listOf,
  PatchAlertBody,
} from "./model.ts";
import type { Actor } from "../../alerts/service.ts";

const tags = ["alerts"];

function actorOf(request: Request): Actor & { type: "api_key" } {
  const { account, key } = callerOf(request);
  return { type: "api_key", account: account.id, key: key.id };
}

export function alertRoutes(rt: Runtime) {
  const alerts = rt.alerts;
  return new Elysia({ name: "assay.alerts" })
    .post(
      "/v1/alerts",
      async ({ request, body, set }) => {
        const alert = await alerts.create(actorOf(request), body, claimOf(request));
        set.status = 201;
        set.headers.location = `/v1/alerts/${alert.id}`;
        return alert;
      },
      {
        ...RAW_JSON_BODY,
        body: CreateAlertBody,
        response: { 201: AlertObject },
        detail: {
          summary: "Create an alert",
          description: "Opens an alert by hand. Unknown fields are refused (422). Idempotency-Key makes retries safe.",
          tags,
        },
      },
    )
    .get("/v1/alerts", ({ request, query }) => alerts.list(actorOf(request).account, query), {
      query: ListAlertsQuery,
      response: { 200: listOf(AlertObject) },
      detail: {
        summary: "List alerts",
        description: "Newest first. Filters: status, severity, connector, since (created at or after). Cursor: starting_after=<alert id>.",
        tags,
      },
    })
    .get("/v1/alerts/:id", ({ request, params }) => alerts.get(actorOf(request).account, params.id), {
      params: AlertIdParams,
      response: { 200: AlertObject },
      detail: { summary: "Retrieve an alert", tags },
    })
    .patch("/v1/alerts/:id", ({ request, params, body }) => alerts.transition(actorOf(request), params.id, body), {
      params: AlertIdParams,
      ...RAW_JSON_BODY,
      body: PatchAlertBody,
      response: { 200: AlertObject },
      detail: {
        summary: "Change an alert's status",
        description:
          "open → acknowledged → resolved; open|acknowledged → dismissed; resolved|dismissed → open. Anything else is 409 invalid_state_transition. " +
          "resolution (confirmed, false_positive, duplicate, accepted_risk, not_actionable, other) applies to resolved and dismissed; note is kept in the history.",
        tags,
      },
    })
    .get("/v1/alerts/:id/history", ({ request, params, query }) => alerts.history(actorOf(request).account, params.id, query), {
      params: AlertIdParams,
      query: HistoryQuery,
      response: { 200: listOf(AlertEventObject) },
      detail: { summary: "An alert's history", description: "Who changed what and when, oldest first.", tags },
    });
}
