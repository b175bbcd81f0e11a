// GET /v1/health (signed, detailed) and GET /livez (unauthenticated, no detail, for load balancers).
import { Elysia, t } from "elysia";
import type { HealthReporter } from "./report.ts";

export { healthReporter } from "./report.ts";

export const Health = t.Object({
  status: t.Union([t.Literal("ok"), t.Literal("degraded")]),
  version: t.String(),
  uptime_s: t.Number(),
  checks: t.Object({
    storage: t.Union([t.Literal("ok"), t.Literal("unavailable")]),
    connectors: t.Object({
      unknown: t.Integer({ description: "not checked since start" }),
      healthy: t.Integer(),
      degraded: t.Integer(),
      unreachable: t.Integer(),
      disabled: t.Integer(),
    }),
  }),
});

export type HealthBody = typeof Health.static;

export function healthRoutes(report: HealthReporter) {
  return new Elysia({ name: "assay.health" })
    .get(
      "/v1/health",
      async ({ set }) => {
        const { status, body } = await report();
        if (status !== 200) set.status = status;
        return body;
      },
      {
        response: { 200: Health, 503: Health },
        detail: { summary: "Service health", description: "Storage and connector checks. 503 when storage is down.", tags: ["health"] },
      },
    )
    .get("/livez", () => new Response("ok\n", { headers: { "content-type": "text/plain" } }), {
      detail: { summary: "Liveness probe (no authentication, no detail)", tags: ["health"] },
    });
}
