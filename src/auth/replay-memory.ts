// A single node's replay guard is in memory (replay-guard.ts), so a restart — a deploy, an
// upgrade — forgot every signature of the window, and an exact copy of a timestamped request
// sent before it was accepted again after it (fifteenth attack pass: a second alert). The
// signatures still in their window are kept in the database when the server stops and read back
// before the next one listens. A process killed outright (kill -9, a power cut) keeps none.
import { iso } from "../domain/clock.ts";
import type { ReplayRepository } from "../store/types.ts";
import type { MemoryReplayGuard } from "./replay-guard.ts";

/** Before listening: what the previous process kept, each refused until its window ends. */
export async function restoreSeenSignatures(guard: MemoryReplayGuard, repo: ReplayRepository, nowMs: number): Promise<number> {
  if (!repo.takeAll) return 0;
  const rows = await repo.takeAll(iso(nowMs));
  guard.restore(rows.map((r) => [r.key, Date.parse(r.expires_at)] as [string, number]));
  return rows.length;
}

/** At the stop, once no request is answered any more: the signatures still in their window. */
export async function keepSeenSignatures(guard: MemoryReplayGuard, repo: ReplayRepository, nowMs: number): Promise<number> {
  if (!repo.keepAll) return 0;
  const live = guard.live(nowMs);
  await repo.keepAll(live.map(([key, until]) => ({ key, expires_at: iso(until) })));
  return live.length;
}
