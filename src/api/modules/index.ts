// GET /v1/modules: the analysis modules with their detectors and effective weights.
import { Elysia, t } from "elysia";
import type { Runtime } from "../../runtime.ts";

const closed = { additionalProperties: false } as const;

const DetectorSchema = t.Object(
  {
    code: t.String(),
    name: t.String(),
    description: t.String(),
    area: t.Union([t.Literal("leakage"), t.Literal("duplicates"), t.Literal("anomaly"), t.Literal("compliance")]),
    scope: t.Union([t.Literal("transaction"), t.Literal("population")]),
    weight: t.Number({ minimum: 0, maximum: 1 }),
    enabled: t.Boolean(),
  },
  closed,
);

const ModuleSchema = t.Object(
  { id: t.String(), object: t.Literal("module"), name: t.String(), description: t.String(), detectors: t.Array(DetectorSchema) },
  closed,
);

const ModuleList = t.Object({ object: t.Literal("list"), data: t.Array(ModuleSchema), has_more: t.Boolean() }, closed);

export function moduleRoutes(rt: Runtime) {
  return new Elysia({ name: "assay.modules" }).get(
    "/v1/modules",
    () => ({ object: "list" as const, data: rt.analysis.describe(), has_more: false }),
    {
      response: { 200: ModuleList },
      detail: {
        summary: "List analysis modules",
        description: "Modules with their detectors, what each finds and its weight in the risk score (0 = switched off).",
        tags: ["analysis"],
      },
    },
  );
}
