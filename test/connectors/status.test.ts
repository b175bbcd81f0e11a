// The status state machine on its own, with a controlled clock.
import { describe, expect, test } from "bun:test";
import { connectorTimeout, connectorUnavailable } from "../../src/connectors/errors.ts";
import { StatusTracker } from "../../src/connectors/status.ts";

const clock = { t: Date.parse("2025-01-01T00:00:00Z"), now() { return this.t; }, monotonic() { return this.t; } };
const settings = { interval_s: 30, slow_ms: 1000, unreachable_after: 3, recover_after: 2 };

describe("StatusTracker", () => {
  test("healthy → degraded → unreachable → degraded (recovering) → healthy, with every transition reported", () => {
    const changes: string[] = [];
    const s = new StatusTracker("erp", settings, true, clock, (_, from, to) => changes.push(`${from}>${to}`));
    expect(s.snapshot()).toMatchObject({ status: "unknown", checked_at: null, message: "not checked yet" });
    s.recordSuccess(12);
    expect(s.snapshot()).toMatchObject({ status: "healthy", latency_ms: 12, last_success_at: "2025-01-01T00:00:00.000Z" });
    clock.t += 1000;
    s.recordFailure(connectorUnavailable("erp", "the source is not reachable"), 5);
    s.recordFailure(connectorTimeout("erp", 500), 500);
    expect(s.snapshot()).toMatchObject({ status: "degraded", consecutive_failures: 2, message: "2 consecutive failures; last: did not answer within 500 ms" });
    expect(s.failFast).toBe(false);
    s.recordFailure(new Error("password=hunter2 at /srv/secret"), 1);
    expect(s.snapshot()).toMatchObject({ status: "unreachable", consecutive_failures: 3, message: "3 consecutive failures; last: the source failed unexpectedly" });
    expect(s.failFast).toBe(true);
    s.recordSuccess(10);
    expect(s.snapshot()).toMatchObject({ status: "degraded", consecutive_failures: 0, message: "recovering: 1 of 2 checks succeeded" });
    s.recordSuccess(10);
    expect(s.snapshot()).toMatchObject({ status: "healthy", message: "ok", checked_at: "2025-01-01T00:00:01.000Z" });
    expect(changes).toEqual(["unknown>healthy", "healthy>degraded", "degraded>unreachable", "unreachable>degraded", "degraded>healthy"]);
  });

  test("slow answers degrade; fast ones restore", () => {
    const s = new StatusTracker("erp", settings, true, clock);
    s.recordSuccess(1500);
    expect(s.snapshot()).toMatchObject({ status: "degraded", message: "slow: answered in 1500 ms (slow_ms is 1000)", consecutive_failures: 0 });
    s.recordSuccess(20);
    s.recordSuccess(20);
    expect(s.status).toBe("healthy");
  });

  test("disabled never changes", () => {
    const s = new StatusTracker("erp", settings, false, clock);
    s.recordFailure(new Error("x"), 1);
    s.recordSuccess(1);
    expect(s.snapshot()).toMatchObject({ status: "disabled", message: "disabled in the configuration", checked_at: null });
  });
});
