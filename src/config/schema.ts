// The configuration file's schema (API.md §8). Every object is closed (unknown keys are errors)
// and every optional setting carries its default here, so the rest of the code reads a complete,
// typed config. Feature areas own their sections in their own folders; this file composes them.
import { type Static, Type } from "@sinclair/typebox";
import { ConnectorsSection } from "../connectors/config-schema.ts";
import { ModulesSection } from "../analysis/config-schema.ts";
import { AlertsSection, ReportsSection } from "../api/alerts/config-schema.ts";

const closed = { additionalProperties: false } as const;

export const ServerSection = Type.Object(
  {
    host: Type.String({ default: "127.0.0.1", minLength: 1 }),
    port: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
    tls: Type.Optional(Type.Object({ cert: Type.String({ minLength: 1 }), key: Type.String({ minLength: 1 }) }, closed)),
    max_body_bytes: Type.Integer({ default: 1_048_576, minimum: 1024, maximum: 64 * 1024 * 1024 }),
    /** Seconds SIGTERM waits for in-flight requests before closing anyway. */
    shutdown_grace_s: Type.Number({ default: 10, minimum: 0, maximum: 600 }),
    access_log: Type.Boolean({ default: true }),
    /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
    trust_proxy: Type.Boolean({ default: false }),
  },
  { ...closed, default: {} },
);

export const StorageSection = Type.Object(
  {
    driver: Type.Union([Type.Literal("sqlite")], { default: "sqlite" }),
    path: Type.String({ default: "./data/assay.db", minLength: 1 }),
    /** FULL: a committed write survives power loss. NORMAL (WAL): survives a process crash. */
    synchronous: Type.Union([Type.Literal("FULL"), Type.Literal("NORMAL")], { default: "FULL" }),
    busy_timeout_ms: Type.Integer({ default: 5000, minimum: 0, maximum: 600_000 }),
  },
  { ...closed, default: {} },
);

export const SecuritySection = Type.Object(
  {
    master_key_file: Type.String({ default: "./data/master.key", minLength: 1 }),
    signature: Type.Object(
      {
        timestamp: Type.Union([Type.Literal("optional"), Type.Literal("required")], { default: "optional" }),
        tolerance_s: Type.Integer({ default: 300, minimum: 1, maximum: 86_400 }),
      },
      { ...closed, default: {} },
    ),
    /** Per client address: failed authentications allowed before further attempts are refused. */
    failed_auth: Type.Object(
      {
        per_minute: Type.Integer({ default: 60, minimum: 1, maximum: 1_000_000 }),
        per_second: Type.Integer({ default: 10, minimum: 1, maximum: 1_000_000 }),
      },
      { ...closed, default: {} },
    ),
  },
  { ...closed, default: {} },
);

export const PlanLimits = Type.Object(
  {
    per_second: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
    per_minute: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  },
  closed,
);

export const IdempotencySection = Type.Object(
  { retention_h: Type.Number({ default: 24, minimum: 1, maximum: 24 * 30 }) },
  { ...closed, default: {} },
);

export const ConfigSchema = Type.Object(
  {
    server: ServerSection,
    storage: StorageSection,
    security: SecuritySection,
    plans: Type.Record(Type.String({ pattern: "^[a-z][a-z0-9_-]{0,39}$" }), PlanLimits, { default: {} }),
    idempotency: IdempotencySection,
    alerts: AlertsSection,
    reports: ReportsSection,
    modules: ModulesSection,
    connectors: ConnectorsSection,
  },
  closed,
);

export type ConfigFile = Static<typeof ConfigSchema>;
export type PlanLimitsT = Static<typeof PlanLimits>;
