// Builds the HTTP application from an explicit runtime: `assay serve` and the tests share it.
import { type AnyElysia, Elysia } from "elysia";
import { alertRoutes } from "./api/alerts/index.ts";
import { analyzeRoutes } from "./api/analyze/index.ts";
import { connectorRoutes } from "./api/connectors/index.ts";
import { healthRoutes } from "./api/health/index.ts";
import { moduleRoutes } from "./api/modules/index.ts";
import { reportRoutes } from "./api/reports/index.ts";
import { docsRoutes } from "./http/docs.ts";
import { pipeline } from "./http/pipeline.ts";
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
  built = app;
  return app;
}

export type AssayApp = ReturnType<typeof createApp>;
