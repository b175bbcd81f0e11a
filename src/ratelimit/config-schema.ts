// One entry of the `plans:` section of the config file: the request limits of a plan.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const PlanLimits = Type.Object(
  {
    per_second: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
    per_minute: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  },
  closed,
);

export type PlanLimitsT = Static<typeof PlanLimits>;
