// The configuration file's schema (docs/operations.md). Every object is closed (unknown keys are errors)
// and every optional setting carries its default here, so the rest of the code reads a complete,
// typed config. Feature areas own their sections in their own folders; this file composes them.
import { type Static, Type } from "@sinclair/typebox";
import { ConnectorsSection } from "../connectors/config-schema.ts";
import { ModulesSection } from "../analysis/config-schema.ts";
import { RulesSection } from "../analysis/rules/config-schema.ts";
import { AlertsSection } from "../alerts/config-schema.ts";
import { ReportsSection } from "../reports/config-schema.ts";
import { MetricsSection } from "../metrics/config-schema.ts";
import { StorageSection } from "../store/config-schema.ts";
import { SecuritySection } from "../auth/config-schema.ts";
import { PLAN_NAME_PATTERN, PlanLimits, RateLimitSection } from "../ratelimit/config-schema.ts";
import { DashboardSection } from "../users/config-schema.ts";
import { LearningSection } from "../learning/config-schema.ts";

const closed = { additionalProperties: false } as const;

export const ServerSection = Type.Object(
  {
    host: Type.String({ default: "127.0.0.1", minLength: 1, pattern: "^\\S+$", "x-pattern-message": "an address or a host name, without white space (127.0.0.1, 0.0.0.0, ::1)" }),
    port: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
    tls: Type.Optional(Type.Object({ cert: Type.String({ minLength: 1 }), key: Type.String({ minLength: 1 }) }, closed)),
    max_body_bytes: Type.Integer({ default: 1_048_576, minimum: 1024, maximum: 64 * 1024 * 1024 }),
    /** Seconds SIGTERM waits for in-flight requests before closing anyway. */
    shutdown_grace_s: Type.Number({ default: 10, minimum: 0, maximum: 600 }),
    /**
     * On SIGTERM, how long the server keeps its connections open answering 503 shutting_down
     * (Connection: close) before it stops: a keep-alive client that sends a request meanwhile gets
     * an answer rather than a reset connection.
     */
    shutdown_notice_s: Type.Number({ default: 1, minimum: 0, maximum: 60 }),
    access_log: Type.Boolean({ default: true }),
    /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
    trust_proxy: Type.Boolean({ default: false }),
  },
  { ...closed, default: {} },
);

export const IdempotencySection = Type.Object(
  {
    retention_h: Type.Number({ default: 24, minimum: 1, maximum: 24 * 30 }),
    /** How long a claim outlives its owner's last heartbeat (renewed every minute) before another process resolves it; at once when the owner on this host is dead. */
    lease_s: Type.Integer({ default: 300, minimum: 5, maximum: 86_400 }),
  },
  { ...closed, default: {} },
);

export const ConfigSchema = Type.Object(
  {
    server: ServerSection,
    storage: StorageSection,
    rate_limit: RateLimitSection,
    security: SecuritySection,
    plans: Type.Record(Type.String({ pattern: PLAN_NAME_PATTERN }), PlanLimits, {
      default: {},
      keyHint: "a plan name is lower-case letters, digits, _ and - (at most 40), starting with a letter",
    }),
    idempotency: IdempotencySection,
    alerts: AlertsSection,
    reports: ReportsSection,
    metrics: MetricsSection,
    modules: ModulesSection,
    rules: RulesSection,
    learning: LearningSection,
    connectors: ConnectorsSection,
    dashboard: DashboardSection,
  },
  closed,
);

export type ConfigFile = Static<typeof ConfigSchema>;
