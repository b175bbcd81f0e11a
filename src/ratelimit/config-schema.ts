// One entry of the `plans:` section of the config file: the request limits of a plan.
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

/**
 * A plan's name in `plans:`: a slug, as an account stores it and `--plan` names it. Other names are
 * refused by src/config/record-keys.ts.
 */
export const PLAN_NAME_PATTERN = "^[a-z][a-z0-9_-]{0,39}$";

export const PlanLimits = Type.Object(
  {
    per_second: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
    per_minute: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  },
  closed,
);

export type PlanLimitsT = Static<typeof PlanLimits>;

/** The `rate_limit:` section: where the sliding windows live. */
export const RateLimitSection = Type.Object(
  {
    /** memory: per node (one node, or limits per node); redis: shared by every node. */
    backend: Type.Union([Type.Literal("memory"), Type.Literal("redis")], { default: "memory" }),
    /** redis://[:password@]host:6379[/db] (required for the redis backend). */
    url: Type.Optional(Type.String({ minLength: 1 })),
    /** When Redis cannot be reached: decide on this node alone (local) or answer 503 (reject). */
    on_unavailable: Type.Union([Type.Literal("local"), Type.Literal("reject")], { default: "local" }),
    /** Prefix of every Redis key Assay writes (several deployments can share one Redis). */
    key_prefix: Type.String({ default: "assay:rl:", maxLength: 100 }),
    /** How long one decision may wait for Redis before it counts as unavailable. */
    timeout_ms: Type.Integer({ default: 500, minimum: 10, maximum: 10_000 }),
    /** Scans (POST /v1/analyze without data) one account may run at once on each node; more are
     *  refused with 429 (analysis/scan-admission.ts). Reports queue apart (reports.max_active_per_account). */
    concurrent_scans_per_account: Type.Integer({ default: 4, minimum: 1, maximum: 1000 }),
  },
  { ...closed, default: {} },
);

export type RateLimitConfig = Static<typeof RateLimitSection>;
