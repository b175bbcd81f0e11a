// Builds the HTTP application from an explicit runtime: `assay serve` and the tests share it.
import { type AnyElysia, Elysia, getSchemaValidator, ValidationError } from "elysia";
import { alertRoutes } from "./api/alerts/index.ts";
import { analyzeFor, analyzeRoutes } from "./api/analyze/index.ts";
import { AnalyzeBody } from "./api/analyze/model.ts";
import { connectorRoutes } from "./api/connectors/index.ts";
import { healthRoutes } from "./api/health/index.ts";
import { healthFastRoute, type HealthReporter, healthReporter } from "./api/health/report.ts";
import { moduleRoutes } from "./api/modules/index.ts";
import { reportRoutes } from "./api/reports/index.ts";
import { docsRoutes } from "./http/docs.ts";
import { problemRoutes } from "./http/problem-pages.ts";
import { metricsRoutes } from "./http/metrics-route.ts";
import { type FastPath, fastPath } from "./http/fast-path.ts";
import { BODY_PARSER, pipeline } from "./http/pipeline.ts";
import { pipelineDepsOf } from "./http/steps.ts";
import { transformedKeys } from "./http/transformed-keys.ts";
import { analysisJson } from "./domain/analysis-json.ts";
import { claimOf } from "./http/request-state.ts";
import { RouteTable } from "./http/route-table.ts";
import type { Runtime } from "./runtime.ts";

export function createApp(rt: Runtime) {
  return buildApp(rt).app;
}

/**
 * The Elysia app, the front door's fast path for its two hottest routes (fast-path.ts), and its
 * route table. A server that answered health before building the app passes its health reporter
 * and route table on (server.ts).
 */
export interface AppParts {
  app: AnyElysia;
  fast: FastPath;
  routes: RouteTable;
}

export function buildApp(rt: Runtime, given: { health?: HealthReporter; routes?: RouteTable } = {}): AppParts {
  const routes = given.routes ?? new RouteTable();
  const deps = pipelineDepsOf(rt, routes);
  const health = given.health ?? healthReporter(rt);
  // The docs describe the finished app, which exists only once every route is added.
  let built: AnyElysia | undefined;
  const app = new Elysia({ normalize: false })
    .use(pipeline(deps))
    .use(docsRoutes(() => built!))
    .use(problemRoutes())
    .use(metricsRoutes(rt.config.metrics, rt.metrics, rt.authenticator))
    .use(healthRoutes(health))
    .use(connectorRoutes(rt))
    .use(analyzeRoutes(rt))
    .use(moduleRoutes(rt))
    .use(alertRoutes(rt))
    .use(reportRoutes(rt));
  routes.load(app.routes);
  assertBodiesParsedRaw(app.routes);
  built = app;
  const fast = fastPath(
    [
      healthFastRoute(health),
      {
        method: "POST",
        path: "/v1/analyze",
        body: once(() => ({ validator: getSchemaValidator(AnalyzeBody, { normalize: false }), ValidationError, transformed: transformedKeys(AnalyzeBody) })),
        handle: async (request, body, state) => {
          const value = await analyzeFor(rt, state.auth!.account.id, body as typeof AnalyzeBody.static, request.signal, claimOf(request));
          // The text the analyses table got: the response sends the same bytes.
          return { status: 200, value, json: analysisJson(value) };
        },
      },
    ],
    deps,
  );
  return { app, fast, routes };
}

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
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
