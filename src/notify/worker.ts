// Delivers the webhook outbox. Each target's messages go out in order, one at a time: a
// message that fails is retried with exponential backoff (and jitter) and holds back the later
// messages of its target only, so one dead receiver delays nobody else. The targets are delivered
// to independently: a slow receiver's backlog is worked through while the others' messages go
// out. Delivery is at least once: receivers de-duplicate on X-Assay-Event-Id.
import { checkedDestination, type Resolver } from "../connectors/http/ssrf.ts";
import type { WebhookDeliveryT, WebhookTargetT } from "../alerts/config-schema.ts";
import { type Clock, iso } from "../domain/clock.ts";
import type { Logger } from "../log.ts";
import type { OutboxMessage, OutboxRepository } from "../store/types.ts";
import { pinnedFetch } from "../connectors/http/pinned-fetch.ts";
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "./signature.ts";

export interface WebhookWorkerDeps {
  outbox: OutboxRepository;
  targets: readonly WebhookTargetT[];
  delivery: WebhookDeliveryT;
  clock: Clock;
  log: Logger;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Resolves a target's host name for the SSRF check (the system resolver otherwise; tests inject one). */
  resolve?: Resolver;
}

/** How long past a delivery attempt's timeout its claim lasts (time to record the outcome). */
const CLAIM_MARGIN_MS = 5_000;
const BATCH = 50;
const USER_AGENT = "Assay-Webhooks/1";

export class WebhookWorker {
  private readonly targets: Map<string, WebhookTargetT>;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private pendingKick = false;
  private readonly inFlight = new AbortController();
  /** The targets being delivered to now, each by its own run of messages (deliverTarget). */
  private readonly busy = new Map<string, Promise<void>>();
  private lastPurge = 0;

  constructor(private readonly deps: WebhookWorkerDeps) {
    this.targets = new Map(deps.targets.map((t) => [t.id, t]));
  }

  /** True when there is something to deliver to (no targets, no worker). */
  get enabled() {
    return this.targets.size > 0;
  }

  start() {
    // With no targets nothing is ever enqueued: no loop polling an empty outbox.
    if (this.running || !this.enabled) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Something was enqueued: look now rather than at the next poll. */
  kick() {
    if (!this.running) return;
    this.pendingKick = true;
    this.wake?.();
  }

  async stop() {
    this.running = false;
    this.inFlight.abort();
    this.wake?.();
    await this.loop;
    await Promise.all(this.busy.values());
  }

  /**
   * Starts delivering to every target whose head message is due and that is not being delivered
   * to already; returns how many targets it started. It does not wait for them: a pass that
   * waited for every target's run held each target back until the slowest receiver had worked
   * through its backlog (twenty-third attack pass).
   */
  private async startDue(): Promise<number> {
    const due = await this.deps.outbox.due(iso(this.deps.clock.now()), BATCH);
    let started = 0;
    for (const m of due) {
      if (this.busy.has(m.target)) continue;
      started++;
      const run = this.deliverTarget(m)
        .then(() => {})
        .catch((e) => this.deps.log.warn("webhook delivery pass failed", { target: m.target, error: String((e as Error).message ?? e) }))
        .finally(() => {
          this.busy.delete(m.target);
          // Its next message may be due now (a retry's time came while the run went on).
          this.kick();
        });
      this.busy.set(m.target, run);
    }
    return started;
  }

  private async run() {
    while (this.running) {
      try {
        await this.startDue();
        await this.purgeNowAndThen();
      } catch (e) {
        this.deps.log.warn("webhook delivery pass failed", { error: String((e as Error).message ?? e) });
      }
      if (!this.running) break;
      if (this.pendingKick) {
        this.pendingKick = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.deps.delivery.poll_interval_ms);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Delivers `first` and then, while they succeed and are due, the next messages of its target. */
  private async deliverTarget(first: OutboxMessage): Promise<number> {
    let count = 0;
    let message: OutboxMessage | null = first;
    while (message && this.running) {
      const ok = await this.attempt(message);
      if (!ok) return count;
      count++;
      message = await this.deps.outbox.head(first.target);
      if (message && message.next_attempt_at > iso(this.deps.clock.now())) return count;
    }
    return count;
  }

  /** One delivery attempt; true when the message is settled (delivered or dead). */
  private async attempt(m: OutboxMessage): Promise<boolean> {
    const { outbox, clock, delivery, log } = this.deps;
    const target = this.targets.get(m.target);
    if (!target) {
      await outbox.dead(m.id, m.attempts, "target no longer in the configuration", null);
      log.warn("webhook dropped: target removed from the configuration", { target: m.target, event_id: m.event_id });
      return true;
    }
    // One node per attempt: the claim moves the message's next attempt past this one's timeout,
    // so other nodes skip it; if this node dies mid-attempt the message is due again after that.
    const claimedAt = clock.now();
    if (!(await outbox.claim(m.id, iso(claimedAt), iso(claimedAt + target.timeout_ms + CLAIM_MARGIN_MS)))) return false;
    const timestamp = Math.floor(clock.now() / 1000);
    let status: number | null = null;
    let error: string;
    // The connectors' SSRF rules: a target on loopback, link-local or a metadata address is
    // refused unless its allow_hosts lists it (checked on the resolved addresses, every attempt),
    // and the request goes to the address checked, not to a second resolution (pinned-fetch.ts).
    const url = new URL(target.url);
    const destination = await checkedDestination(url, target.allow_hosts ?? [], this.deps.resolve);
    if (destination.refusal !== undefined) error = `webhook target refused: ${destination.refusal}`;
    else try {
      const response = await pinnedFetch(url, destination.address, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          [EVENT_ID_HEADER]: m.event_id,
          [EVENT_TYPE_HEADER]: m.event_type,
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWebhook(target.secret, timestamp, m.payload),
        },
        body: m.payload,
        signal: AbortSignal.any([AbortSignal.timeout(target.timeout_ms), this.inFlight.signal]),
      }, this.deps.fetch);
      status = response.status;
      await response.body?.cancel().catch(() => {});
      if (status >= 200 && status < 300) {
        await outbox.delivered(m.id, iso(clock.now()), status, m.attempts + 1);
        return true;
      }
      error = `receiver answered HTTP ${status}`;
    } catch (e) {
      // Shutting down: leave the message as it was (claim undone); it goes out after the restart.
      if (!this.running) {
        await outbox.unclaim(m.id, m.next_attempt_at).catch(() => {});
        return false;
      }
      const name = (e as Error).name;
      error = name === "TimeoutError" ? `no answer within ${target.timeout_ms} ms` : `connection failed (${(e as { code?: string }).code ?? name})`;
    }
    const attempts = m.attempts + 1;
    if (attempts >= delivery.max_attempts) {
      await outbox.dead(m.id, attempts, error, status);
      log.error("webhook given up after the last attempt", { target: m.target, event_id: m.event_id, attempts, error });
      return true;
    }
    const delay = backoffMs(attempts, delivery);
    await outbox.retryLater(m.id, attempts, iso(clock.now() + delay), error, status);
    log.warn("webhook delivery failed; will retry", { target: m.target, event_id: m.event_id, attempts, retry_in_ms: delay, error });
    return false;
  }

  private async purgeNowAndThen() {
    const now = this.deps.clock.now();
    if (now - this.lastPurge < 3_600_000) return;
    this.lastPurge = now;
    await this.deps.outbox.purge(iso(now - this.deps.delivery.retention_days * 86_400_000));
  }
}

/** Exponential backoff with ±20% jitter, so many failed messages do not retry in lockstep. */
export function backoffMs(attempts: number, d: Pick<WebhookDeliveryT, "backoff_initial_ms" | "backoff_max_ms">): number {
  const base = Math.min(d.backoff_max_ms, d.backoff_initial_ms * 2 ** Math.min(attempts - 1, 40));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}
