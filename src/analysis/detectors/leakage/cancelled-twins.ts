// The earliest twins of a fingerprint group that were credited in full (cancelled), for the
// re-issue check of the line facts (line-facts.ts reissuedMs: the day of the earliest earlier
// identical invoice credited in full). That check walked the whole group for each invoice judged:
// an invoice billed alike every day, with one credit note anywhere in the history, made it
// invoices × invoices — 16,000 such invoices took 4.8 s of CPU in process (0.7 s without the
// credit note), 32,000 12 s. The earliest is all the check reads, so two entries per group are
// kept: the earliest credited in full, and the earliest of another id (for when the judged
// invoice is the first itself).
import { creditedInFull, type HistoryEntry, type HistoryStats } from "../../history.ts";

/** The earliest dated twin credited in full, and the earliest one whose id differs from it. */
interface EarliestCancelled {
  first: HistoryEntry | undefined;
  otherId: HistoryEntry | undefined;
}

/**
 * The date (ms) of the earliest twin in `group`, dated by `ms` (inclusive) and credited in full,
 * that is not `id` itself; undefined when there is none (or `ms` is NaN). The same answer as a
 * walk over the group; the group's two earliest are found once per group array and history size
 * (a history that grows may gain credit notes).
 */
export function earliestCancelledTwinMs(history: HistoryStats, group: readonly HistoryEntry[], id: string, ms: number): number | undefined {
  const { first, otherId } = earliestOf(history, group);
  const twin = first !== undefined && first.id === id ? otherId : first;
  return twin !== undefined && twin.ms <= ms ? twin.ms : undefined;
}

function earliestOf(history: HistoryStats, group: readonly HistoryEntry[]): EarliestCancelled {
  const kept = made.get(group);
  if (kept !== undefined && kept.version === history.size) return kept.earliest;
  let first: HistoryEntry | undefined;
  for (const c of group) {
    if (Number.isNaN(c.ms) || !creditedInFull(history, c.id)) continue;
    if (first === undefined || c.ms < first.ms) first = c;
  }
  let otherId: HistoryEntry | undefined;
  if (first !== undefined) {
    for (const c of group) {
      if (c.id === first.id || Number.isNaN(c.ms) || !creditedInFull(history, c.id)) continue;
      if (otherId === undefined || c.ms < otherId.ms) otherId = c;
    }
  }
  const earliest = { first, otherId };
  made.set(group, { version: history.size, earliest });
  return earliest;
}

/** By the group's array (a large group's is kept by the history while it stands, history.ts withFingerprint). */
const made = new WeakMap<readonly HistoryEntry[], { version: number; earliest: EarliestCancelled }>();
