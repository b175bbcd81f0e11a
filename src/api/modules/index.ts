// GET /v1/modules: the analysis modules with their detectors and effective weights.
import { Elysia, t } from "elysia";
import { callerOf } from "../../http/request-state.ts";
import type { Runtime } from "../../runtime.ts";
import { PageLimit, pageOf } from "../page-limit.ts";

const closed = { additionalProperties: false } as const;

const DetectorSchema = t.Object(
  {
    code: t.String(),
    name: t.String(),
    description: t.String(),
    area: t.Union([t.Literal("leakage"), t.Literal("duplicates"), t.Literal("anomaly"), t.Literal("compliance")]),
    scope: t.Union([t.Literal("transaction"), t.Literal("population"), t.Literal("history")]),
    weight: t.Number({ minimum: 0, maximum: 1 }),
    enabled: t.Boolean(),
  },
  closed,
);

const LearnedSchema = t.Object(
  {
    connector: t.String(),
    model_version: t.String(),
    auto_threshold: t.Number(),
    weights: t.Record(t.String(), t.Number({ minimum: 0, maximum: 1 }), { description: "Detector code → the learned weight in force on this connector" }),
  },
  { ...closed, description: "Weights a learned model (`assay learn`) sets on one connector, in place of the configured ones" },
);

const ModuleSchema = t.Object(
  {
    id: t.String(),
    object: t.Literal("module"),
    name: t.String(),
    description: t.String(),
    detectors: t.Array(DetectorSchema),
    learned: t.Optional(t.Array(LearnedSchema, { description: "Present when learned models analyse connectors the caller can use" })),
  },
  closed,
);

const ModuleList = t.Object({ object: t.Literal("list"), data: t.Array(ModuleSchema), has_more: t.Boolean() }, closed);

/** Paged like every list (docs/api.md, "Objects, ids, lists"): limit 1–100, starting_after a module id. */
const ListModulesQuery = t.Object({
  limit: PageLimit,
  starting_after: t.Optional(t.String({ minLength: 1, maxLength: 64 })),
});

export function moduleRoutes(rt: Runtime) {
  return new Elysia({ name: "assay.modules" }).get(
    "/v1/modules",
    ({ request, query }) => {
      const visible = rt.connectors.visibleTo(callerOf(request).account.id).map((c) => c.id);
      const { page, has_more } = pageOf(rt.analysis.describe(visible), query, "module");
      return { object: "list" as const, data: page, has_more };
    },
    {
      query: ListModulesQuery,
      response: { 200: ModuleList },
      detail: {
        summary: "List analysis modules",
        description:
          "Modules with their detectors, what each finds and its weight in the risk score (0 = switched off); `learned` lists the weights a learned model sets on the caller's connectors.",
        tags: ["analysis"],
      },
    },
  );
}
