// Turns one alert change into outbox messages: one per configured webhook target that wants
// this event type and account. The payload is frozen at change time, so a delivery made hours
// later (after retries or a restart) still describes the alert as it was when it changed.
import type { WebhookEventType, WebhookTargetT } from "../alerts/config-schema.ts";
import { newId } from "../domain/ids.ts";
import type { OutboxMessage } from "../store/types.ts";

export interface WebhookEvent {
  /** The alert history event id (evt_…): the same for every target and every retry. */
  id: string;
  type: WebhookEventType;
  account: string;
  created_at: string;
  data: { object: unknown; change: unknown };
}

export function targetWants(target: WebhookTargetT, type: WebhookEventType, accountId: string): boolean {
  if (target.accounts && !target.accounts.includes(accountId)) return false;
  return target.events.includes("*") || target.events.includes(type);
}

export function outboxMessagesFor(targets: readonly WebhookTargetT[], event: WebhookEvent): OutboxMessage[] {
  const wanting = targets.filter((t) => targetWants(t, event.type, event.account));
  if (wanting.length === 0) return [];
  const payload = JSON.stringify({ id: event.id, object: "event", type: event.type, created_at: event.created_at, account: event.account, data: event.data });
  return wanting.map((t) => ({
    id: newId("whk"),
    event_id: event.id,
    event_type: event.type,
    target: t.id,
    payload,
    status: "pending",
    attempts: 0,
    next_attempt_at: event.created_at,
    last_error: null,
    last_status: null,
    created_at: event.created_at,
    delivered_at: null,
  }));
}
