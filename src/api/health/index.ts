// GET /v1/health (signed, detailed) and GET /livez (unauthenticated, no detail, for load balancers).
import { Elysia, t } from "elysia";
import type { Runtime } from "../../runtime.ts";
import { VERSION } from "../../version.ts";

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

/** A storage check is reused for this long: health may be polled far more often than that. */
const STORAGE_CHECK_MS = 1000;

export type HealthBody = typeof Health.static;

export interface HealthAnswer {
  status: 200 | 503;
  body: HealthBody;
}

/**
 * The health answer (status code and body): shared by the route and the front door's fast path.
 * Synchronous while the last storage check is fresh (nearly always): no promise per poll.
 */
export function healthReporter(rt: Runtime): () => HealthAnswer | Promise<HealthAnswer> {
  let lastCheck = { at: Number.NEGATIVE_INFINITY, storage: "ok" as "ok" | "unavailable" };
  const answer = (storage: "ok" | "unavailable"): HealthAnswer => {
    const connectors = rt.connectors.healthCounts();
    return {
      status: storage === "ok" ? 200 : 503,
      body: {
        status: storage === "ok" && connectors.unreachable === 0 && connectors.degraded === 0 ? "ok" : "degraded",
        version: VERSION,
        uptime_s: Math.floor((rt.clock.now() - rt.startedAt) / 1000),
        checks: { storage, connectors },
      },
    };
  };
  return () => {
    const now = rt.clock.monotonic();
    if (now - lastCheck.at < STORAGE_CHECK_MS) return answer(lastCheck.storage);
    return rt.store.ping().then(
      () => "ok" as const,
      () => "unavailable" as const,
    ).then((storage) => {
      lastCheck = { at: now, storage };
      return answer(storage);
    });
  };
}

export function healthRoutes(report: ReturnType<typeof healthReporter>) {
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
