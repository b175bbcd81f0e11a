// GET /v1/connectors and GET /v1/connectors/{id}/status.
import { Elysia } from "elysia";
import { callerOf } from "../../http/request-state.ts";
import type { Runtime } from "../../runtime.ts";
import { ConnectorList, ConnectorParams, ConnectorStatusObject, ListQuery } from "./model.ts";
import { connectorStatus, listConnectors } from "./service.ts";

export function connectorRoutes(rt: Runtime) {
  return new Elysia({ name: "assay.connectors" })
    .get("/v1/connectors", ({ request, query }) => listConnectors(rt.connectors, callerOf(request).account.id, query), {
      query: ListQuery,
      response: { 200: ConnectorList },
      detail: {
        summary: "List connectors",
        description:
          "The connectors configured for this appliance that the caller's account may use, with their live status, capabilities and the analysis modules that apply. Paged with `limit` (1–100, default 20) and `starting_after` (a connector id).",
        tags: ["connectors"],
      },
    })
    .get("/v1/connectors/:id/status", ({ request, params }) => connectorStatus(rt.connectors, callerOf(request).account.id, params.id), {
      params: ConnectorParams,
      response: { 200: ConnectorStatusObject },
      detail: {
        summary: "Connector status",
        description:
          "Live status learned from background probes and real calls: healthy → degraded (slow or some failures) → unreachable (N consecutive failures; calls fail fast with 503) and back; disabled by config. Includes the mapping report (source rows that could not be mapped). 404 for an unknown connector, 403 when the connector is restricted to other accounts.",
        tags: ["connectors"],
      },
    });
}
