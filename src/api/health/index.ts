// GET /v1/health (signed, detailed) and GET /livez (unauthenticated, no detail, for load balancers).
import { Elysia, t } from "elysia";
import type { Runtime } from "../../runtime.ts";
import { VERSION } from "../../version.ts";

const Health = t.Object({
  status: t.Union([t.Literal("ok"), t.Literal("degraded")]),
  version: t.String(),
  uptime_s: t.Number(),
  checks: t.Object({
    storage: t.Union([t.Literal("ok"), t.Literal("unavailable")]),
    connectors: t.Object({
      healthy: t.Integer(),
      degraded: t.Integer(),
      unreachable: t.Integer(),
      disabled: t.Integer(),
    }),
  }),
});

/** A storage check is reused for this long: health may be polled far more often than that. */
const STORAGE_CHECK_MS = 1000;

export function healthRoutes(rt: Runtime) {
  let lastCheck = { at: Number.NEGATIVE_INFINITY, storage: "ok" as "ok" | "unavailable" };
  const storageState = async () => {
    const now = rt.clock.monotonic();
    if (now - lastCheck.at >= STORAGE_CHECK_MS) {
      const storage = await rt.store.ping().then(
        () => "ok" as const,
        () => "unavailable" as const,
      );
      lastCheck = { at: now, storage };
    }
    return lastCheck.storage;
  };
  return new Elysia({ name: "assay.health" })
    .get(
      "/v1/health",
      async ({ set }) => {
        const storage = await storageState();
        const connectors = rt.connectors.healthCounts();
        if (storage !== "ok") set.status = 503;
        return {
          status: storage === "ok" && connectors.unreachable === 0 && connectors.degraded === 0 ? ("ok" as const) : ("degraded" as const),
          version: VERSION,
          uptime_s: Math.floor((rt.clock.now() - rt.startedAt) / 1000),
          checks: { storage, connectors },
        };
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
