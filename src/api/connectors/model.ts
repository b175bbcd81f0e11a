// Connector response schemas (t.*) for GET /v1/connectors and GET /v1/connectors/{id}/status.
import { t } from "elysia";
import { MODULE_IDS } from "../../analysis/catalog.ts";
import { REFERENCE_TABLES } from "../../domain/transaction.ts";
import { literals } from "../literals.ts";
import { PageLimit } from "../page-limit.ts";

const Health = t.Union([t.Literal("unknown"), t.Literal("healthy"), t.Literal("degraded"), t.Literal("unreachable"), t.Literal("disabled")], {
  description: "unknown (not checked since start; Assay's addition to the contract's four); healthy; degraded (slow or some failures); unreachable (N consecutive failures: calls fail fast with 503); disabled (by config)",
});

const ConnectorType = t.Union([t.Literal("csv"), t.Literal("sqlite"), t.Literal("postgres"), t.Literal("mysql"), t.Literal("http"), t.Literal("inline")]);
const Module = literals(MODULE_IDS);
const ReferenceTable = literals(REFERENCE_TABLES);

export const ConnectorObject = t.Object({
  id: t.String({ description: "Slug from the config; used as `connector` in POST /v1/analyze" }),
  object: t.Literal("connector"),
  type: ConnectorType,
  name: t.String(),
  description: t.String(),
  status: Health,
  modules: t.Array(Module, { description: "Analysis modules that apply to this connector's data" }),
  capabilities: t.Object({
    lookup: t.Boolean({ description: "Can fetch one transaction by id" }),
    scan: t.Boolean({ description: "Can stream its transactions (history for scans and anomaly detection)" }),
    reference: t.Array(ReferenceTable, { description: "Reference tables it provides" }),
  }),
});

export const ConnectorList = t.Object({
  object: t.Literal("list"),
  data: t.Array(ConnectorObject),
  has_more: t.Boolean(),
});

const Nullable = <S extends Parameters<typeof t.Union>[0][number]>(s: S) => t.Union([s, t.Null()]);

export const ConnectorStatusObject = t.Object({
  object: t.Literal("connector_status"),
  connector: t.String(),
  status: Health,
  checked_at: Nullable(t.String({ description: "RFC 3339 time of the last probe or call; null before the first" })),
  latency_ms: Nullable(t.Number()),
  message: t.String({ description: "Why the status is what it is; safe to show" }),
  consecutive_failures: t.Integer(),
  last_success_at: Nullable(t.String()),
  mapping: t.Object(
    {
      rejected_rows: t.Integer({ description: "Source rows that could not be mapped into canonical records since start" }),
      samples: t.Array(t.Object({ row: t.String(), reason: t.String() }), { description: "The latest few rejected rows and why" }),
      warnings: t.Optional(
        t.Array(t.String(), { description: "Problems of the source's columns, such as a column the mapping names that a file or table lacks (the field is then absent), and of a reference table's rows as a whole, such as contract rows that end before they start" }),
      ),
    },
    { description: "The connector's mapping report" },
  ),
});

export const ListQuery = t.Object({
  limit: PageLimit,
  starting_after: t.Optional(t.String({ minLength: 1, maxLength: 64 })),
});

export const ConnectorParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });
