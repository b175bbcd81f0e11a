// The answer of GET /v1/health, and the front door's fast route for it. Apart from the route's
// schema (index.ts, for the OpenAPI document and the Elysia route), nothing here loads Elysia: a
// starting server answers health before its Elysia app is built (server.ts).
import type { FastRoute } from "../../http/fast-path.ts";
import type { Runtime } from "../../runtime.ts";
import { then } from "../../domain/awaitable.ts";
import { VERSION } from "../../version.ts";
import { STORAGE_READ_DEADLINE_MS } from "../../store/deadline.ts";
import type { HealthBody } from "./index.ts";

/** A storage check is reused for this long: health may be polled far more often than that. */
const STORAGE_CHECK_MS = 1000;
export interface HealthAnswer {
  status: 200 | 503;
  body: HealthBody;
}

export type HealthReporter = () => HealthAnswer | Promise<HealthAnswer>;

/**
 * The health answer (status code and body): shared by the route and the front door's fast path.
 * Synchronous while the last storage check is fresh (nearly always): no promise per poll.
 */
export function healthReporter(rt: Runtime): HealthReporter {
  let lastCheck = { at: Number.NEGATIVE_INFINITY, storage: "ok" as "ok" | "unavailable" };
  // The answer changes at most once a second (uptime) or when a check changes: a poll in between
  // gets the same object, so its serialised text can be reused too (healthFastRoute).
  let last: HealthAnswer | undefined;
  const answer = (storage: "ok" | "unavailable"): HealthAnswer => {
    const connectors = rt.connectors.healthCounts();
    const uptime_s = Math.floor((rt.clock.now() - rt.startedAt) / 1000);
    if (last !== undefined && last.body.uptime_s === uptime_s && last.body.checks.storage === storage && sameCounts(last.body.checks.connectors, connectors)) return last;
    return (last = {
      status: storage === "ok" ? 200 : 503,
      body: {
        status: storage === "ok" && connectors.unreachable === 0 && connectors.degraded === 0 ? "ok" : "degraded",
        version: VERSION,
        uptime_s,
        checks: { storage, connectors },
      },
    });
  };
  // The store's check under way: one at a time, however long it hangs (polls meanwhile share it).
  // A database that hangs instead of failing made health hang as long (7.5 s of a paused
  // PostgreSQL in a chaos run, for ever in a partition): past the deadline it is unavailable.
  let pinging: Promise<"ok" | "unavailable"> | null = null;
  let pingStarted = 0;
  return () => {
    const now = rt.clock.monotonic();
    if (now - lastCheck.at < STORAGE_CHECK_MS) return answer(lastCheck.storage);
    if (pinging === null) {
      pingStarted = now;
      const check = (pinging = rt.store.ping().then(
        () => "ok" as const,
        () => "unavailable" as const,
      ));
      void check.then(() => {
        if (pinging === check) pinging = null;
      });
    }
    // A check that already overran its deadline is not waited for again by every later poll.
    return withinDeadline(pinging, STORAGE_READ_DEADLINE_MS - (now - pingStarted)).then((storage) => {
      lastCheck = { at: now, storage };
      return answer(storage);
    });
  };
}

/** The check's outcome, or "unavailable" when it has not come within `ms`. */
function withinDeadline(check: Promise<"ok" | "unavailable">, ms: number): Promise<"ok" | "unavailable"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"unavailable">((resolve) => (timer = setTimeout(() => resolve("unavailable"), Math.max(0, ms))));
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}

function sameCounts(a: HealthBody["checks"]["connectors"], b: HealthBody["checks"]["connectors"]): boolean {
  return a.unknown === b.unknown && a.healthy === b.healthy && a.degraded === b.degraded && a.unreachable === b.unreachable && a.disabled === b.disabled;
}

/** GET /v1/health for the front door's fast path (fast-path.ts): the same answer object, the same text. */
export function healthFastRoute(report: HealthReporter): FastRoute {
  let lastBody: HealthBody | undefined;
  let lastText = "";
  return {
    method: "GET",
    path: "/v1/health",
    handle: () =>
      then(report(), ({ status, body }) => {
        if (body !== lastBody) (lastBody = body), (lastText = JSON.stringify(body));
        return { status, value: body, json: lastText };
      }),
  };
}
