// The in-process replay guard's bound (src/auth/replay-guard.ts): full of live signatures, it
// drops the oldest, and a dropped request must still not be accepted a second time.
import { describe, expect, test } from "bun:test";
import { MemoryReplayGuard } from "../../src/auth/replay-guard.ts";

describe("MemoryReplayGuard at its bound", () => {
  test("a request seen once is refused again within its window", () => {
    const guard = new MemoryReplayGuard(10);
    expect(guard.firstSeen("a", 1_000, 0)).toBe(true);
    expect(guard.firstSeen("a", 1_000, 500)).toBe(false);
    // Past its window the timestamp check refuses it; the guard forgets it.
    expect(guard.firstSeen("a", 2_000, 1_500)).toBe(true);
  });

  test("a live signature dropped to keep the bound is refused when replayed; newer requests still pass", () => {
    const guard = new MemoryReplayGuard(3);
    // A flood of valid requests fills the guard within the window (timestamps 100..400 ms apart).
    expect(guard.firstSeen("captured", 300_100, 0)).toBe(true);
    expect(guard.firstSeen("flood-1", 300_200, 10)).toBe(true);
    expect(guard.firstSeen("flood-2", 300_300, 20)).toBe(true);
    expect(guard.firstSeen("flood-3", 300_400, 30)).toBe(true); // drops "captured", the oldest
    // The captured request replayed while its timestamp is still within the tolerance.
    expect(guard.firstSeen("captured", 300_100, 40)).toBe(false);
    // A request at least as old as one dropped cannot be told from a replay: refused too.
    expect(guard.firstSeen("late-but-new", 300_050, 50)).toBe(false);
    // Fresh requests are unaffected.
    expect(guard.firstSeen("fresh", 300_500, 60)).toBe(true);
    expect(guard.firstSeen("flood-2", 300_300, 70)).toBe(false);
  });
});
