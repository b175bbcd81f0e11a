// Alert logic: creation, the lifecycle, history, listing, and alerts opened by analyses. Knows
// nothing of HTTP; every refusal a client can cause is an ApiError with a stable code.
import type { AssayConfig } from "../config/load.ts";
import { analysisRecord } from "../analysis/record.ts";
import type { ConnectorAccess } from "../connectors/access.ts";
import type { AnalysisResult, Anomaly } from "../domain/analysis.ts";
import type { IdempotencyRef } from "../domain/idempotency.ts";
import { SEVERITIES, type Severity } from "../domain/analysis.ts";
import { type Clock, iso } from "../domain/clock.ts";
import { newId } from "../domain/ids.ts";
import { parseTime } from "../domain/time.ts";
import { ApiError } from "../domain/errors.ts";
import { outboxMessagesFor } from "../notify/events.ts";
import { followResolution, suppressionKeyOf } from "./suppressions.ts";
import {
  ActiveAlertExistsError,
  type AlertEventRecord,
  type AlertProbe,
  type AlertRecord,
  type AlertStatus,
  type OutboxBuilder,
  type Store,
} from "../store/types.ts";
import type { WebhookEventType } from "./config-schema.ts";
import { type AlertEventView, type AlertView, alertEventView, alertView } from "./views.ts";

/** Who makes a change: an API key of an account, a dashboard user, or Assay itself (auto-alerts). */
export type Actor = { type: "api_key"; account: string; key: string } | { type: "user"; account: string; user: string } | { type: "system"; account: string };

export interface CreateAlertInput {
  title: string;
  severity: Severity;
  description?: string;
  connector?: string;
  module?: string;
  transaction_id?: string;
  analysis_id?: string;
  metadata?: Record<string, string | number | boolean | null>;
}

export interface TransitionInput {
  status: AlertStatus;
  resolution?: string;
  note?: string;
}

export interface AlertListInput {
  status?: AlertStatus;
  severity?: string;
  connector?: string;
  since?: string;
  limit?: number;
  starting_after?: string;
}

/** The lifecycle (docs/alerts.md, "The lifecycle"). Anything not listed is 409 invalid_state_transition. */
export const TRANSITIONS: Record<AlertStatus, readonly AlertStatus[]> = {
  open: ["acknowledged", "dismissed"],
  acknowledged: ["resolved", "dismissed"],
  resolved: ["open"],
  dismissed: ["open"],
};

const STATUS_EVENT: Record<AlertStatus, WebhookEventType> = {
  open: "alert.reopened",
  acknowledged: "alert.acknowledged",
  resolved: "alert.resolved",
  dismissed: "alert.dismissed",
};

/** Anomalies kept on an alert: the costliest first; the analysis itself has them all. */
const MAX_ALERT_ANOMALIES = 100;

/** Bounds of `metadata` (as Stripe's): keys, key length, string value length, total JSON size. */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500, bytes: 8_192 } as const;

export interface AlertServiceDeps {
  store: Store;
  clock: Clock;
  config: Pick<AssayConfig, "alerts">;
  /** The connectors an alert may name, and the one rule for naming one. */
  connectors: ConnectorAccess;
  /** Called after a change that queued webhook messages (wakes the delivery worker). */
  onNotify?: () => void;
}

export class AlertService {
  constructor(private readonly deps: AlertServiceDeps) {}

  get autoThreshold(): number {
    return this.deps.config.alerts.auto_threshold;
  }

  async create(actor: Actor & { type: "api_key" }, input: CreateAlertInput, claim?: IdempotencyRef): Promise<AlertView> {
    checkMetadata(input.metadata);
    if (input.connector !== undefined) this.deps.connectors.access(actor.account, input.connector, { module: input.module });
    // The linked analysis must be the caller's own: another account's id is refused exactly as an
    // unknown one, so the answer says nothing about other accounts.
    if (input.analysis_id !== undefined && !(await this.deps.store.analyses.get(actor.account, input.analysis_id))) {
      throw new ApiError("validation_failed", "analysis_id does not name an analysis of this account", {
        errors: [{ path: "/analysis_id", message: "no such analysis in this account" }],
      });
    }
    const now = iso(this.deps.clock.now());
    const alert: AlertRecord = {
      id: newId("alrt"),
      account_id: actor.account,
      status: "open",
      severity: input.severity,
      title: input.title,
      description: input.description ?? null,
      source: "api",
      connector: input.connector ?? null,
      module: input.module ?? null,
      transaction_id: input.transaction_id ?? null,
      analysis_id: input.analysis_id ?? null,
      risk_score: null,
      anomalies: [],
      metadata: input.metadata ?? {},
      resolution: null,
      dedupe_key: null,
      created_by_key: actor.key,
      created_at: now,
      updated_at: now,
      acknowledged_at: null,
      resolved_at: null,
      dismissed_at: null,
    };
    const created = await this.deps.store.alerts.create(alert, this.event(alert, actor, "created", null, "open", now), this.outbox, claim);
    this.deps.onNotify?.();
    return alertView(created);
  }

  async get(accountId: string, id: string): Promise<AlertView> {
    const alert = await this.deps.store.alerts.get(accountId, id);
    if (!alert) throw notFound(id);
    return alertView(alert);
  }

  async list(accountId: string, q: AlertListInput) {
    const page = await this.deps.store.alerts.list({
      account_id: accountId,
      status: q.status,
      severity: q.severity,
      connector: q.connector,
      since: q.since === undefined ? undefined : parseTime(q.since, "/query/since"),
      starting_after: q.starting_after,
      limit: q.limit ?? 20,
    });
    return { object: "list" as const, data: page.data.map(alertView), has_more: page.has_more };
  }

  async history(accountId: string, id: string, q: { limit?: number; starting_after?: string }) {
    await this.get(accountId, id);
    const page = await this.deps.store.alerts.events(accountId, id, { limit: q.limit ?? 20, starting_after: q.starting_after });
    return { object: "list" as const, data: page.data.map(alertEventView), has_more: page.has_more };
  }

  async transition(actor: Actor, id: string, input: TransitionInput): Promise<AlertView> {
    const closing = input.status === "resolved" || input.status === "dismissed";
    if (input.resolution !== undefined && !closing) {
      throw new ApiError("validation_failed", "a resolution applies only when the status becomes resolved or dismissed", {
        errors: [{ path: "/resolution", message: `not allowed with status "${input.status}"` }],
      });
    }
    let updated: AlertRecord | null;
    try {
      updated = await this.deps.store.alerts.change(
        actor.account,
        id,
        (current) => {
          const to = input.status;
          if (!TRANSITIONS[current.status].includes(to)) {
            const allowed = TRANSITIONS[current.status];
            const detail =
              current.status === to
                ? `the alert is already ${to}`
                : `an alert cannot go from ${current.status} to ${to}; from ${current.status} it can become ${allowed.join(" or ")}`;
            return { ok: false, error: new ApiError("invalid_state_transition", detail, { extra: { current_status: current.status, allowed_statuses: allowed } }) };
          }
          const now = iso(this.deps.clock.now());
          const patch: Partial<AlertRecord> = { status: to, updated_at: now };
          if (to === "acknowledged") patch.acknowledged_at = now;
          if (to === "resolved") Object.assign(patch, { resolved_at: now, resolution: input.resolution ?? null });
          if (to === "dismissed") Object.assign(patch, { dismissed_at: now, resolution: input.resolution ?? null });
          if (to === "open") Object.assign(patch, { resolution: null, acknowledged_at: null, resolved_at: null, dismissed_at: null });
          const event = this.event(current, actor, "status_changed", current.status, to, now);
          event.resolution = patch.resolution ?? null;
          event.note = input.note ?? null;
          return { ok: true, patch, event };
        },
        this.outbox,
      );
    } catch (e) {
      if (e instanceof ActiveAlertExistsError) {
        throw new ApiError("invalid_state_transition", `another active alert (${e.existingId}) covers this connector and transaction; work on that one`, {
          extra: { active_alert: e.existingId },
        });
      }
      throw e;
    }
    if (!updated) throw notFound(id);
    await followResolution(this.deps.store, updated, updated.updated_at);
    this.deps.onNotify?.();
    return alertView(updated);
  }

  /**
   * Opens the alert of a risky analysis, or returns the active one (open or acknowledged) of
   * the same account, connector and transaction, refreshed with the new score and anomalies.
   * Atomic across processes: a partial unique index refuses a second active alert.
   */
  async openFromAnalysis(accountId: string, analysis: AnalysisResult, recording?: { customerId: string | null; claim?: IdempotencyRef }): Promise<string | null> {
    const now = iso(this.deps.clock.now());
    // A pattern an analyst dismissed as a false positive opens no new alert (suppressions.ts). An
    // analysis to record is checked in the store's write (no read transaction of its own).
    const unlessSuppressed = suppressionKeyOf(analysis, recording?.customerId);
    if (!recording && unlessSuppressed && (await this.deps.store.suppressions.matches(accountId, unlessSuppressed.connector, unlessSuppressed.codes, unlessSuppressed.entity))) {
      return null;
    }
    const severity = analysis.risk_level;
    // Most risky analyses re-analyse a transaction whose alert is active and unchanged: what only a
    // new alert or a change needs (ids, title, description, the kept anomalies) is made on demand.
    let top: Anomaly[] | undefined;
    const anomalies = () => (top ??= topAnomalies(analysis.anomalies));
    let topCodes: string | undefined;
    const system: Actor = { type: "system", account: accountId };
    const key = { account_id: accountId, dedupe_key: JSON.stringify([analysis.connector, analysis.transaction_id]) };
    const open = () => {
      const alert: AlertRecord = {
        id: newId("alrt"),
        account_id: accountId,
        status: "open",
        severity,
        title: titleOf(analysis),
        description: describe(analysis),
        source: "analysis",
        connector: analysis.connector,
        module: analysis.module,
        transaction_id: analysis.transaction_id,
        analysis_id: analysis.id,
        risk_score: analysis.risk_score,
        anomalies: anomalies(),
        // The customer names the pattern a false-positive resolution suppresses.
        metadata: recording?.customerId ? { customer_id: recording.customerId } : {},
        resolution: null,
        dedupe_key: key.dedupe_key,
        created_by_key: null,
        created_at: now,
        updated_at: now,
        acknowledged_at: null,
        resolved_at: null,
        dismissed_at: null,
      };
      return { alert, event: this.event(alert, system, "created", null, "open", now, { risk_score: analysis.risk_score, analysis_id: analysis.id }) };
    };
    // The same analysis, or the same score and findings: the alert stays as it is.
    // The kept anomalies' codes, sorted: of all of them when all are kept (topAnomalies only
    // reorders them then), without sorting the anomalies themselves.
    const unchanged = (active: AlertProbe) =>
      active.analysis_id === analysis.id ||
      (active.risk_score === analysis.risk_score &&
        codesOf(active.anomalies) === (topCodes ??= codesOf(analysis.anomalies.length <= MAX_ALERT_ANOMALIES ? analysis.anomalies : anomalies())));
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.deps.store.alerts.openOrRefresh(key, open, {
          unchanged,
          change: (current) => {
            if (unchanged(current)) return null;
            const patch: Partial<AlertRecord> = {
              risk_score: analysis.risk_score,
              anomalies: anomalies(),
              analysis_id: analysis.id,
              module: analysis.module,
              // Never lower a severity people may already have triaged by.
              severity: maxSeverity(current.severity, severity),
              title: titleOf(analysis),
              description: describe(analysis),
              updated_at: now,
            };
            const changes = { risk_score: { from: current.risk_score, to: analysis.risk_score }, analysis_id: { from: current.analysis_id, to: analysis.id } };
            return { patch, event: this.event(current, system, "updated", current.status, current.status, now, changes) };
          },
        }, this.outbox, recording && { record: analysisRecord(accountId, analysis, recording.customerId), claim: recording.claim, unlessSuppressed });
        if (result.id === null) return null;
        this.deps.onNotify?.();
        return result.id;
      } catch (e) {
        // Another process inserted the same alert between our read and write: read it again.
        if (attempt < 2 && /UNIQUE constraint failed: alerts/.test(String((e as Error).message))) continue;
        throw e;
      }
    }
  }

  private event(
    alert: AlertRecord,
    actor: Actor,
    type: "created" | "status_changed" | "updated",
    from: AlertStatus | null,
    to: AlertStatus,
    at: string,
    changes: Record<string, unknown> = {},
  ): AlertEventRecord {
    return {
      id: newId("evt"),
      alert_id: alert.id,
      account_id: alert.account_id,
      type,
      from_status: from,
      to_status: to,
      resolution: null,
      note: null,
      changes,
      actor_type: actor.type,
      actor_key: actor.type === "api_key" ? actor.key : null,
      actor_account: actor.account,
      actor_user: actor.type === "user" ? actor.user : null,
      created_at: at,
    };
  }

  /** The webhook messages of a change, written in the change's own transaction. */
  private readonly outbox: OutboxBuilder = (alert, event) => {
    const type: WebhookEventType =
      event.type === "created" ? "alert.created" : event.type === "updated" ? "alert.updated" : STATUS_EVENT[event.to_status as AlertStatus];
    return outboxMessagesFor(this.deps.config.alerts.webhooks, {
      id: event.id,
      type,
      account: alert.account_id,
      created_at: event.created_at,
      data: { object: alertView(alert), change: alertEventView(event) },
    });
  };
}

export type { AlertEventView, AlertView };

function notFound(id: string) {
  return new ApiError("not_found", `no alert ${id}`);
}

function checkMetadata(metadata: Record<string, unknown> | undefined) {
  if (!metadata) return;
  // JSON Schema cannot bound the length of a record's keys; check them here.
  const longKey = Object.keys(metadata).find((k) => k.length > METADATA_LIMITS.keyLength);
  if (longKey !== undefined) {
    throw new ApiError("validation_failed", "a metadata key is too long", {
      errors: [{ path: `/metadata/${longKey.slice(0, 60).replace(/~/g, "~0").replace(/\//g, "~1")}`, message: `keys are at most ${METADATA_LIMITS.keyLength} characters` }],
    });
  }
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > METADATA_LIMITS.bytes) {
    throw new ApiError("validation_failed", "metadata is too large", {
      errors: [{ path: "/metadata", message: `${bytes} bytes as JSON; the limit is ${METADATA_LIMITS.bytes}` }],
    });
  }
}

function topAnomalies(anomalies: Anomaly[]): Anomaly[] {
  return [...anomalies].sort((a, b) => b.amount_at_risk - a.amount_at_risk || b.score - a.score).slice(0, MAX_ALERT_ANOMALIES);
}

/** codesOf of a frozen list of frozen items (the SQLite store's probe keeps one per alert text): made once. */
const frozenCodes = new WeakMap<readonly unknown[], string>();

function codesOf(anomalies: readonly unknown[]): string {
  const known = frozenCodes.get(anomalies);
  if (known !== undefined) return known;
  const codes = anomalies
    .map((a) => String((a as { code?: unknown }).code))
    .sort()
    .join(",");
  if (Object.isFrozen(anomalies) && anomalies.every(Object.isFrozen)) frozenCodes.set(anomalies, codes);
  return codes;
}

function maxSeverity(a: string, b: Severity): Severity {
  const rank = (s: string) => SEVERITIES.indexOf(s as Severity);
  return rank(a) > rank(b) ? (a as Severity) : b;
}

function titleOf(a: AnalysisResult): string {
  const subject = a.transaction_id ? `transaction ${a.transaction_id}` : `a scan of ${a.connector}`;
  return `Risk ${Math.round(a.risk_score)} (${a.risk_level}) on ${subject}`.slice(0, 200);
}

function describe(a: AnalysisResult): string | null {
  if (a.anomalies.length === 0) return null;
  const lines = topAnomalies(a.anomalies)
    .slice(0, 5)
    .map((x) => `${x.code}: ${x.message}`);
  const more = a.anomalies.length > 5 ? `\n… and ${a.anomalies.length - 5} more` : "";
  return `${lines.join("\n")}${more}`.slice(0, 5_000);
}
