// The `modules:` section of the config file. Owned by the analysis feature.
import { Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const ModulesSection = Type.Object(
  {
    revenue_leakage: Type.Object(
      { max_discount_pct: Type.Number({ default: 10, minimum: 0, maximum: 100 }) },
      { ...closed, default: {} },
    ),
  },
  { ...closed, default: {} },
);
