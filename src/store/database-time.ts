// Nodes sharing one PostgreSQL database compare times each of them wrote: a report's or an
// Idempotency-Key claim's lease (another node takes the work over once it has run out), a webhook
// delivery's claim, the replay guard's expiries, sessions. Each node wrote them from its own wall
// clock, so a node whose clock ran 30 s fast took over reports other nodes were still running.
// A node therefore measures its clock against the database server's, at start and every minute,
// and when they disagree by a second or more it follows the database's (one timeline for every
// node, whatever each host's time synchronisation) and says so in its log, since the host's own
// clock wants fixing. Within a second it keeps its own time: NTP keeps hosts far closer than
// that, and nothing then changes from a node's plain wall clock.
import type { Logger } from "../log.ts";
import type { ShiftedClock } from "../domain/clock.ts";

/** Smaller disagreements are left alone (a lease is 30 s or more). */
export const FOLLOW_FROM_MS = 1_000;
/** A measurement whose round trip took longer tells the offset too loosely to act on. */
const MAX_ROUND_TRIP_MS = 500;
/** Round trips per measurement; the quickest tells the offset best. */
const SAMPLES = 3;

export interface ClockReading {
  /** The database's time minus this node's, at the quickest round trip. */
  offsetMs: number;
  roundTripMs: number;
}

/** The database's clock against `clock`'s base (its wall time less its current offset). */
export async function readDatabaseClock(databaseTime: () => Promise<number>, clock: ShiftedClock): Promise<ClockReading | null> {
  let best: ClockReading | null = null;
  for (let i = 0; i < SAMPLES; i++) {
    const before = clock.now() - clock.offsetMs;
    const at = await databaseTime();
    const after = clock.now() - clock.offsetMs;
    const roundTripMs = after - before;
    if (!Number.isFinite(at) || roundTripMs > MAX_ROUND_TRIP_MS) continue;
    if (best === null || roundTripMs < best.roundTripMs) best = { offsetMs: at - (before + after) / 2, roundTripMs };
  }
  return best;
}

/** Sets `clock`'s offset from a reading: the database's time when they disagree by FOLLOW_FROM_MS or more, else none. */
export async function followDatabaseClock(databaseTime: () => Promise<number>, clock: ShiftedClock, log: Logger): Promise<void> {
  let reading: ClockReading | null;
  try {
    reading = await readDatabaseClock(databaseTime, clock);
  } catch {
    return; // storage unavailable: health says so; the clock keeps its offset until the next reading
  }
  if (reading === null) return;
  // Hysteresis: a disagreement near the bound does not switch the clock back and forth.
  const following = clock.offsetMs !== 0;
  const far = Math.abs(reading.offsetMs) >= (following ? FOLLOW_FROM_MS / 2 : FOLLOW_FROM_MS);
  const target = far ? Math.round(reading.offsetMs) : 0;
  // A reading's jitter (a millisecond or two) does not move a clock already following.
  if (target === 0 ? !following : following && Math.abs(target - clock.offsetMs) < FOLLOW_FROM_MS / 4) return;
  const was = clock.offsetMs;
  clock.offsetMs = target;
  if (target !== 0) {
    const seconds = Math.abs(target / 1000).toFixed(1);
    log.warn(`this host's clock is ${seconds} s ${target > 0 ? "behind" : "ahead of"} the database server's: the node follows the database's time for leases and timestamps; fix the host's time synchronisation (NTP)`, {
      offset_ms: target,
      round_trip_ms: Math.round(reading.roundTripMs),
    });
  } else if (was !== 0) {
    log.info("this host's clock agrees with the database server's again: the node keeps its own time", { offset_ms: Math.round(reading.offsetMs) });
  }
}
