// The limiter against its definition, with an injected clock: in any window of W ms no more than
// Q requests are accepted, and no request is refused while every window has room.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { SlidingWindowLimiter } from "../../src/ratelimit/sliding-window.ts";
import { planWindows, type WindowSpec } from "../../src/ratelimit/types.ts";

function limiterAt() {
  const clock = { t: 1_000_000 };
  const limiter = new SlidingWindowLimiter({ now: () => clock.t });
  return { clock, limiter };
}

const STANDARD = planWindows({ per_second: 50, per_minute: 1000 });

/** Reference model: count accepted requests in (t − W, t] for every window. */
function modelAllows(accepted: number[], t: number, windows: readonly WindowSpec[]) {
  return windows.every((w) => accepted.filter((a) => a > t - w.windowMs).length < w.quota);
}

describe("SlidingWindowLimiter", () => {
  test("request 51 inside one second is refused; the 50 before it are accepted", () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 50; i++) {
      clock.t += 10;
      expect(limiter.acquire("a", STANDARD).allowed).toBe(true);
    }
    clock.t += 10;
    const d = limiter.acquire("a", STANDARD);
    expect(d.allowed).toBe(false);
    expect(d.violated).toEqual(["burst"]);
    expect(d.windows[0]!.remaining).toBe(0);
  });

  test("request 1,001 inside a minute is refused", () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 1000; i++) {
      clock.t += 55; // 18.2 per second: the burst window never fills
      expect(limiter.acquire("a", STANDARD).allowed).toBe(true);
    }
    clock.t += 55;
    const d = limiter.acquire("a", STANDARD);
    expect(d.allowed).toBe(false);
    expect(d.violated).toEqual(["sustained"]);
  });

  test("the account recovers exactly when Retry-After says, not before", () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 1000; i++) {
      clock.t += 20;
      if (!limiter.acquire("a", STANDARD).allowed) clock.t += 1000; // keep under the burst
    }
    // Fill the sustained window completely, then probe.
    while (limiter.acquire("a", STANDARD).allowed) clock.t += 20;
    const refused = limiter.acquire("a", STANDARD);
    expect(refused.allowed).toBe(false);
    const wait = refused.retryAfterS * 1000;
    clock.t += wait - 1001; // a second earlier than promised (Retry-After is rounded up)
    expect(limiter.acquire("a", STANDARD).allowed).toBe(false);
    clock.t += 1001;
    expect(limiter.acquire("a", STANDARD).allowed).toBe(true);
  });

  test("refused requests are not counted", () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 50; i++) limiter.acquire("a", STANDARD);
    for (let i = 0; i < 500; i++) expect(limiter.acquire("a", STANDARD).allowed).toBe(false);
    clock.t += 1000;
    expect(limiter.acquire("a", STANDARD).allowed).toBe(true);
    expect(limiter.acquire("a", STANDARD).windows[1]!.remaining).toBe(1000 - 52);
  });

  test("subjects do not affect each other", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 50; i++) limiter.acquire("a", STANDARD);
    expect(limiter.acquire("a", STANDARD).allowed).toBe(false);
    expect(limiter.acquire("b", STANDARD).allowed).toBe(true);
  });

  test("peek does not count; record counts even when over quota", () => {
    const { limiter } = limiterAt();
    const w = planWindows({ per_second: 2, per_minute: 10 });
    expect(limiter.peek("x", w).allowed).toBe(true);
    limiter.record("x", w);
    limiter.record("x", w);
    limiter.record("x", w);
    expect(limiter.peek("x", w).allowed).toBe(false);
  });

  test("idle subjects are evicted; memory per subject is bounded by the quotas", () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 100; i++) limiter.acquire(`s${i}`, STANDARD);
    expect(limiter.trackedSubjects).toBe(100);
    clock.t += 120_001;
    limiter.acquire("fresh", STANDARD);
    expect(limiter.sweep()).toBe(100);
    expect(limiter.trackedSubjects).toBe(1);
    for (let i = 0; i < 5000; i++) limiter.acquire("fresh", STANDARD);
    // Rings hold at most Q timestamps: nothing grows with the number of requests.
    expect(limiter.acquire("fresh", STANDARD).windows.map((w) => w.remaining)).toEqual([0, 950]);
  });

  test("beyond maxSubjects the least recently seen subject goes first (recency kept to the second)", () => {
    const clock = { t: 1_000_000 };
    const limiter = new SlidingWindowLimiter({ now: () => clock.t, maxSubjects: 2 });
    limiter.acquire("a", STANDARD);
    clock.t += 10;
    limiter.acquire("b", STANDARD);
    clock.t += 1_500;
    limiter.acquire("a", STANDARD); // a was seen more recently than b
    limiter.acquire("c", STANDARD); // full: b goes
    expect(limiter.peek("a", STANDARD).windows[1]!.remaining).toBe(998);
    expect(limiter.peek("b", STANDARD).windows[1]!.remaining).toBe(1000);
    expect(limiter.trackedSubjects).toBe(2);
  });

  test("a plan change resizes the windows and keeps the newest entries", () => {
    const { limiter } = limiterAt();
    const small = planWindows({ per_second: 5, per_minute: 100 });
    for (let i = 0; i < 5; i++) limiter.acquire("a", small);
    expect(limiter.acquire("a", small).allowed).toBe(false);
    expect(limiter.acquire("a", STANDARD).allowed).toBe(true);
  });

  test("property: for any arrival pattern the limiter agrees with the reference model", () => {
    const windows = planWindows({ per_second: 5, per_minute: 20 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 1, maxLength: 300 }), (gaps) => {
        const { clock, limiter } = limiterAt();
        const accepted: number[] = [];
        for (const gap of gaps) {
          clock.t += gap;
          const expected = modelAllows(accepted, clock.t, windows);
          const d = limiter.acquire("p", windows);
          if (d.allowed !== expected) return false;
          if (d.allowed) accepted.push(clock.t);
          // Never more than the quota in any window ending now.
          for (const w of windows) if (accepted.filter((a) => a > clock.t - w.windowMs).length > w.quota) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  test("property: every window's remaining count agrees with the reference model, as the clock moves either way", () => {
    // Quotas above the ring's first size (16) so the rings grow, wrap and are overwritten; the
    // count follows the window's edge with a cursor, which must hold when peeks look back.
    const windows = planWindows({ per_second: 24, per_minute: 70 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: -2500, max: 0 })), { minLength: 1, maxLength: 400 }), (steps) => {
        const { clock, limiter } = limiterAt();
        const accepted: number[] = [];
        const remainingAt = (t: number) => windows.map((w) => Math.max(0, w.quota - accepted.filter((a) => a > t - w.windowMs && a <= t).length));
        for (const [gap, lookBack] of steps) {
          clock.t += gap;
          const d = limiter.acquire("p", windows);
          if (d.allowed) accepted.push(clock.t);
          if (d.windows.some((w, i) => w.remaining !== remainingAt(clock.t)[i])) return false;
          if (lookBack === 0) continue;
          const now = clock.t;
          clock.t = now + lookBack;
          const peeked = limiter.peek("p", windows);
          clock.t = now;
          // Looking back, entries newer than that moment count as well (they are in the ring).
          const expected = windows.map((w) => Math.max(0, w.quota - accepted.filter((a) => a > now + lookBack - w.windowMs).length));
          if (peeked.windows.some((w, i) => w.remaining !== expected[i])) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  test("property: Retry-After is never too early and at most one second late", () => {
    const windows = planWindows({ per_second: 3, per_minute: 10 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 60 }), (gaps) => {
        const { clock, limiter } = limiterAt();
        for (const gap of gaps) {
          clock.t += gap;
          const d = limiter.acquire("p", windows);
          if (d.allowed) continue;
          const probe = probeRetryAfter(limiter, clock, d.retryAfterS * 1000);
          if (!probe.atPromise || probe.secondEarlier) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );

    // Checks the promise by asking the same limiter at later times, then rewinding the clock:
    // peek does not count, so probing leaves the limiter as it was.
    function probeRetryAfter(l: SlidingWindowLimiter, clock: { t: number }, waitMs: number) {
      const t0 = clock.t;
      clock.t = t0 + waitMs;
      const atPromise = l.peek("p", windows).allowed;
      clock.t = t0 + waitMs - 1000;
      const secondEarlier = l.peek("p", windows).allowed;
      clock.t = t0;
      return { atPromise, secondEarlier };
    }
  });
});

test("peeking at an unknown subject neither counts nor tracks it", () => {
  const { limiter } = limiterAt();
  const d = limiter.peek("never-seen", STANDARD);
  expect(d.allowed).toBe(true);
  expect(d.windows.map((w) => w.remaining)).toEqual([50, 1000]);
  expect(limiter.trackedSubjects).toBe(0);
});

test("release takes back the newest place: held places count, given-back ones do not", () => {
  const { clock, limiter } = limiterAt();
  const W: WindowSpec[] = [{ name: "sustained", quota: 3, windowMs: 60_000 }];
  for (let i = 0; i < 3; i++) expect(limiter.acquire("u", W).allowed).toBe(true);
  expect(limiter.acquire("u", W).allowed).toBe(false);
  limiter.release("u", W);
  clock.t += 1000;
  expect(limiter.acquire("u", W).allowed).toBe(true);
  expect(limiter.peek("u", W).windows[0]!.remaining).toBe(0);
  // The two places kept from the first three leave the window; the re-acquired one still counts.
  clock.t += 59_500;
  expect(limiter.peek("u", W).windows[0]!.remaining).toBe(2);
  for (let i = 0; i < 5; i++) limiter.release("u", W);
  expect(limiter.peek("u", W).windows[0]!.remaining).toBe(3);
  limiter.release("never-seen", W);
  expect(limiter.trackedSubjects).toBe(1);
});
