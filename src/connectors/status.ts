// The live status of one connector (docs/connectors.md, "Status"), learned from background probes and from real
// calls alike:
//   unknown (not checked yet) ──(a fast success)──▶ healthy; ──(a failure)──▶ degraded
//   healthy ──(a failure, or a call slower than slow_ms)──▶ degraded
//   degraded ──(unreachable_after consecutive failures)──▶ unreachable   (calls now fail fast)
//   unreachable ──(a success)──▶ degraded ──(recover_after fast successes in a row)──▶ healthy
// `disabled` comes from the config and never changes. Messages are safe to show: they are the
// connectors' own error details, which never carry credentials, SQL or server paths.
import { round2 } from "../domain/rounding.ts";
import type { Clock } from "../domain/clock.ts";
import { iso } from "../domain/clock.ts";
import { ApiError } from "../domain/errors.ts";
import type { StatusSettings } from "./config-schema.ts";

/** `unknown` (never checked since start) extends the contract's four names: it is not "healthy" until a check says so. */
export type ConnectorHealth = "unknown" | "healthy" | "degraded" | "unreachable" | "disabled";

export interface ConnectorStatus {
  object: "connector_status";
  connector: string;
  status: ConnectorHealth;
  checked_at: string | null;
  latency_ms: number | null;
  message: string;
  consecutive_failures: number;
  last_success_at: string | null;
}

export type StatusChange = (connector: string, from: ConnectorHealth, to: ConnectorHealth, message: string) => void;

export class StatusTracker {
  private state: ConnectorHealth;
  private message: string;
  private checkedAt: number | null = null;
  private latency: number | null = null;
  private lastSuccess: number | null = null;
  private failures = 0;
  private goodStreak = 0;

  constructor(
    readonly connectorId: string,
    private readonly settings: StatusSettings,
    enabled: boolean,
    private readonly clock: Clock,
    private readonly onChange: StatusChange = () => {},
  ) {
    this.state = enabled ? "unknown" : "disabled";
    this.message = enabled ? "not checked yet" : "disabled in the configuration";
  }

  get status(): ConnectorHealth {
    return this.state;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** Calls to an unreachable connector are refused at once instead of waiting on a dead source. */
  get failFast(): boolean {
    return this.state === "unreachable";
  }

  recordSuccess(latencyMs: number) {
    if (this.state === "disabled") return;
    const now = this.clock.now();
    this.checkedAt = now;
    this.lastSuccess = now;
    this.latency = round2(latencyMs);
    this.failures = 0;
    if (latencyMs > this.settings.slow_ms) {
      this.goodStreak = 0;
      this.move("degraded", `slow: answered in ${Math.round(latencyMs)} ms (slow_ms is ${this.settings.slow_ms})`);
      return;
    }
    this.goodStreak++;
    if (this.state === "healthy" || this.state === "unknown") return this.move("healthy", "ok");
    if (this.goodStreak >= this.settings.recover_after) return this.move("healthy", "ok");
    this.move("degraded", `recovering: ${this.goodStreak} of ${this.settings.recover_after} checks succeeded`);
  }

  recordFailure(error: unknown, latencyMs: number) {
    if (this.state === "disabled") return;
    this.checkedAt = this.clock.now();
    this.latency = round2(latencyMs);
    this.failures++;
    this.goodStreak = 0;
    const why = safeMessage(error);
    if (this.failures >= this.settings.unreachable_after) {
      this.move("unreachable", `${this.failures} consecutive failures; last: ${why}`);
    } else {
      this.move("degraded", `${this.failures} consecutive failure${this.failures > 1 ? "s" : ""}; last: ${why}`);
    }
  }

  private move(to: ConnectorHealth, message: string) {
    const from = this.state;
    this.state = to;
    this.message = message;
    if (from !== to) this.onChange(this.connectorId, from, to, message);
  }

  snapshot(): ConnectorStatus {
    return {
      object: "connector_status",
      connector: this.connectorId,
      status: this.state,
      checked_at: this.checkedAt === null ? null : iso(this.checkedAt),
      latency_ms: this.latency,
      message: this.message,
      consecutive_failures: this.failures,
      last_success_at: this.lastSuccess === null ? null : iso(this.lastSuccess),
    };
  }
}

/** Connector errors carry a detail written to be shown; anything else is described generically. */
function safeMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail.replace(/^connector "[^"]*" (is unavailable: )?/, "").replace(/; retry later$/, "");
  return "the source failed unexpectedly";
}
