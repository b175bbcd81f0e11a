// The `alerts:` section of the config file (auto-alert threshold, webhook targets and delivery).
import { type Static, Type } from "@sinclair/typebox";

const closed = { additionalProperties: false } as const;

export const WEBHOOK_EVENTS = [
  "alert.created",
  "alert.updated",
  "alert.acknowledged",
  "alert.resolved",
  "alert.dismissed",
  "alert.reopened",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WebhookTarget = Type.Object(
  {
    /** Names the target in the outbox and the logs; stable across config edits. */
    id: Type.String({ pattern: "^[a-z0-9][a-z0-9_-]{0,39}$" }),
    url: Type.String({ pattern: "^https?://", minLength: 8, maxLength: 2048 }),
    /** HMAC-SHA256 key for X-Assay-Signature; write it as ${ENV_NAME} to keep it out of the file. */
    secret: Type.String({ minLength: 16, maxLength: 512 }),
    /** Event types delivered to this target; "*" (the default) is all of them. */
    events: Type.Array(Type.Union([Type.Literal("*"), ...WEBHOOK_EVENTS.map((e) => Type.Literal(e))]), {
      default: ["*"],
      minItems: 1,
    }),
    /** Only alerts of these accounts; absent = every account. */
    accounts: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
    timeout_ms: Type.Integer({ default: 10_000, minimum: 100, maximum: 120_000 }),
    /** Hosts allowed although the SSRF rules refuse them (loopback, link-local): as for HTTP connectors. */
    allow_hosts: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { default: [], maxItems: 50 }),
  },
  closed,
);

export const WebhookDelivery = Type.Object(
  {
    /** After this many failed attempts a message is marked dead (and logged), not retried. */
    max_attempts: Type.Integer({ default: 15, minimum: 1, maximum: 100 }),
    /** First retry delay; each further retry doubles it (with jitter) up to backoff_max_ms. */
    backoff_initial_ms: Type.Integer({ default: 1_000, minimum: 10, maximum: 3_600_000 }),
    backoff_max_ms: Type.Integer({ default: 3_600_000, minimum: 10, maximum: 86_400_000 }),
    /** How often the worker looks for due messages (new alert changes wake it at once). */
    poll_interval_ms: Type.Integer({ default: 1_000, minimum: 10, maximum: 60_000 }),
    /** Delivered and dead messages are deleted after this many days. */
    retention_days: Type.Number({ default: 7, minimum: 1, maximum: 3650 }),
  },
  { ...closed, default: {} },
);

export const AlertsSection = Type.Object(
  {
    auto_threshold: Type.Number({ default: 70, minimum: 0, maximum: 101 }),
    webhooks: Type.Array(WebhookTarget, { default: [] }),
    webhook_delivery: WebhookDelivery,
  },
  { ...closed, default: {} },
);

export type WebhookTargetT = Static<typeof WebhookTarget>;
export type WebhookDeliveryT = Static<typeof WebhookDelivery>;
