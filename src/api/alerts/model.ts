// Alert request and response schemas (t.*); the views they describe are built in src/alerts/views.ts.
import { t } from "elysia";
import { SEVERITIES } from "../../domain/analysis.ts";
import { literals } from "../literals.ts";
import { METADATA_LIMITS } from "../../alerts/service.ts";
import { PageLimit } from "../page-limit.ts";

export const ALERT_STATUSES = ["open", "acknowledged", "resolved", "dismissed"] as const;
/** Why an alert was closed. */
export const RESOLUTIONS = ["confirmed", "false_positive", "duplicate", "accepted_risk", "not_actionable", "other"] as const;

const strict = { additionalProperties: false } as const;


export const AlertStatus = literals(ALERT_STATUSES);
export const AlertSeverity = literals(SEVERITIES);
export const Resolution = literals(RESOLUTIONS);

const MetadataValue = t.Union([t.String({ maxLength: METADATA_LIMITS.valueLength }), t.Number(), t.Boolean(), t.Null()]);
export const Metadata = t.Record(t.String({ minLength: 1, maxLength: METADATA_LIMITS.keyLength }), MetadataValue, {
  maxProperties: METADATA_LIMITS.keys,
  description: `Up to ${METADATA_LIMITS.keys} keys of ≤${METADATA_LIMITS.keyLength} characters; values are strings (≤${METADATA_LIMITS.valueLength}), numbers, booleans or null; ≤${METADATA_LIMITS.bytes} bytes as JSON.`,
});

const Text = (max: number) => t.String({ minLength: 1, maxLength: max });

export const CreateAlertBody = t.Object(
  {
    // Not blank: a title of spaces would list as an all but invisible link.
    title: t.String({ minLength: 1, maxLength: 200, pattern: "\\S", "x-pattern-message": "must not be blank", description: "Shown in lists and notifications; not blank." }),
    severity: AlertSeverity,
    description: t.Optional(t.String({ maxLength: 5_000 })),
    connector: t.Optional(Text(100)),
    module: t.Optional(Text(100)),
    transaction_id: t.Optional(Text(255)),
    analysis_id: t.Optional(Text(64)),
    metadata: t.Optional(Metadata),
  },
  strict,
);

export const PatchAlertBody = t.Object(
  {
    status: AlertStatus,
    resolution: t.Optional(Resolution),
    note: t.Optional(t.String({ maxLength: 2_000 })),
  },
  strict,
);


export const ListAlertsQuery = t.Object({
  status: t.Optional(AlertStatus),
  severity: t.Optional(AlertSeverity),
  connector: t.Optional(Text(100)),
  since: t.Optional(t.String({ minLength: 1, maxLength: 40, description: "RFC 3339 time: alerts created at or after it" })),
  limit: PageLimit,
  starting_after: t.Optional(t.String({ pattern: "^alrt_[0-9A-HJKMNP-TV-Z]{26}$" })),
});

export const HistoryQuery = t.Object({
  limit: PageLimit,
  starting_after: t.Optional(t.String({ pattern: "^evt_[0-9A-HJKMNP-TV-Z]{26}$" })),
});

export const AlertIdParams = t.Object({ id: t.String({ maxLength: 64 }) });

const Nullable = <S extends Parameters<typeof t.Union>[0][number]>(s: S) => t.Union([s, t.Null()]);

export const AlertObject = t.Object({
  id: t.String(),
  object: t.Literal("alert"),
  status: AlertStatus,
  severity: AlertSeverity,
  title: t.String(),
  description: Nullable(t.String()),
  source: t.Union([t.Literal("api"), t.Literal("analysis")]),
  connector: Nullable(t.String()),
  module: Nullable(t.String()),
  transaction_id: Nullable(t.String()),
  analysis_id: Nullable(t.String()),
  risk_score: Nullable(t.Number()),
  anomalies: t.Array(t.Unknown()),
  metadata: t.Record(t.String(), t.Unknown()),
  resolution: Nullable(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
  acknowledged_at: Nullable(t.String()),
  resolved_at: Nullable(t.String()),
  dismissed_at: Nullable(t.String()),
  history_url: t.String(),
});

export const AlertEventObject = t.Object({
  id: t.String(),
  object: t.Literal("alert_event"),
  alert: t.String(),
  type: t.String(),
  from_status: Nullable(t.String()),
  to_status: Nullable(t.String()),
  resolution: Nullable(t.String()),
  note: Nullable(t.String()),
  changes: t.Record(t.String(), t.Unknown()),
  actor: t.Object({
    type: t.Union([t.Literal("api_key"), t.Literal("system"), t.Literal("user")]),
    key: Nullable(t.String()),
    account: Nullable(t.String()),
    user: t.Optional(t.String({ description: "the dashboard user who made the change (type user)" })),
  }),
  created_at: t.String(),
});

export const listOf = <S extends Parameters<typeof t.Array>[0]>(item: S) =>
  t.Object({ object: t.Literal("list"), data: t.Array(item), has_more: t.Boolean() });
