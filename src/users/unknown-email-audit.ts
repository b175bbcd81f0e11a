// Failed sign-ins for email addresses no user has are what a client can produce at will: the
// per-email limit never applies to them (each guess names another address), and only the
// per-address limit bounds them, which a client of many addresses does not feel (an IPv6 /48
// holds 65,536 /64s, each allowed its own attempts a minute). Each was a row of an audit log that
// keeps everything, so the log, and the database with it, grew as fast as such a client asked.
// At most PER_MINUTE of them are recorded one by one each minute (on each node); the rest of that
// minute are counted and written as one event — when the next minute's first comes, or a minute
// after the first left out, whichever is sooner.
import { iso, type Clock } from "../domain/clock.ts";
import type { Logger } from "../log.ts";
import { type AuditEntry, type AuditService, SYSTEM_ACTOR } from "../audit/service.ts";

const PER_MINUTE = 20;
const MINUTE_MS = 60_000;

export class UnknownEmailAudit {
  private windowStart = Number.NEGATIVE_INFINITY;
  private recorded = 0;
  private leftOut = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly perMinute = PER_MINUTE,
  ) {}

  /** One failed sign-in for an unknown email: recorded, or counted into the minute's summary. */
  async failed(entry: AuditEntry): Promise<void> {
    const now = this.clock.now();
    if (now - this.windowStart >= MINUTE_MS) {
      await this.flush();
      this.windowStart = now;
      this.recorded = 0;
    }
    if (this.recorded < this.perMinute) {
      this.recorded++;
      await this.audit.record("user.sign_in_failed", SYSTEM_ACTOR, entry);
      return;
    }
    this.leftOut++;
    if (this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush(), MINUTE_MS);
      this.timer.unref?.();
    }
  }

  /** Writes the failures left out since the last summary as one event (none: nothing). */
  async flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.leftOut === 0) return;
    const n = this.leftOut;
    this.leftOut = 0;
    await this.audit
      .record("user.sign_in_failed", SYSTEM_ACTOR, {
        details: { reason: "unknown_email", not_recorded_one_by_one: n, since: iso(this.windowStart), per_minute: this.perMinute },
      })
      .catch((e) => this.log.warn("recording the failed sign-ins left out of the audit log failed", { error: String(e), failures: n }));
  }
}
