// storage.analyses_retention_days: recorded analyses older than the retention are deleted, a batch
// at a time, so that the database of a busy appliance does not grow for ever (an analysis keeps
// its whole result: a scan's or a large invoice's can be megabytes). An analysis's id begins with
// its time, so "older than" is a range of the primary key: no index and no table scan for it.
import { breathe } from "../domain/event-loop.ts";
import type { Clock } from "../domain/clock.ts";
import { firstIdAt } from "../domain/ids.ts";
import type { AnalysisRetention } from "./types.ts";

/** Rows deleted per statement: one short write transaction each, with the event loop free between. */
const BATCH = 1000;
const DAY_MS = 86_400_000;

/** Deletes the analyses older than `days` (0: none); returns how many were deleted. */
export async function purgeAnalyses(analyses: AnalysisRetention, clock: Clock, days: number): Promise<number> {
  if (days <= 0) return 0;
  const before = firstIdAt("anl", clock.now() - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const n = await analyses.purgeBefore(before, BATCH);
    deleted += n;
    if (n < BATCH) return deleted;
    await breathe();
  }
}
