// Builds the HTTP application from an explicit runtime: `assay serve` and the tests share it.
import { type AnyElysia, Elysia } from "elysia";
import { alertRoutes } from "./api/alerts/index.ts";
import { analyzeRoutes } from "./api/analyze/index.ts";
import { connectorRoutes } from "./api/connectors/index.ts";
import { healthRoutes } from "./api/health/index.ts";
import { moduleRoutes } from "./api/modules/index.ts";
import { reportRoutes } from "./api/reports/index.ts";
import { docsRoutes } from "./http/docs.ts";
import { BODY_PARSER, pipeline } from "./http/pipeline.ts";
import { RouteTable } from "./http/route-table.ts";
import type { Runtime } from "./runtime.ts";

export function createApp(rt: Runtime) {
  const routes = new RouteTable();
  // The docs describe the finished app, which exists only once every route is added.
  let built: AnyElysia | undefined;
  const app = new Elysia({ normalize: false })
    .use(
      pipeline({
        authenticator: rt.authenticator,
        idempotency: rt.idempotency,
        log: rt.log,
        maxBodyBytes: rt.config.server.max_body_bytes,
        routes,
      }),
    )
    .use(docsRoutes(() => built!))
    .use(healthRoutes(rt))
    .use(connectorRoutes(rt))
    .use(analyzeRoutes(rt))
    .use(moduleRoutes(rt))
    .use(alertRoutes(rt))
    .use(reportRoutes(rt));
  routes.load(app.routes);
  assertBodiesParsedRaw(app.routes);
  built = app;
  return app;
}

/**
 * A route with a body that did not name BODY_PARSER would have its body consumed by Elysia's own
 * parser before the signature could be checked over the raw bytes: refuse to start.
 */
function assertBodiesParsedRaw(routes: { method: string; path: string; hooks?: { parse?: unknown } }[]) {
  for (const route of routes) {
    if (route.method === "GET" || route.method === "HEAD") continue;
    const parse = route.hooks?.parse as { fn?: unknown }[] | undefined;
    if (!parse?.some((p) => p.fn === BODY_PARSER)) throw new Error(`${route.method} ${route.path} must use parse: BODY_PARSER`);
  }
}
