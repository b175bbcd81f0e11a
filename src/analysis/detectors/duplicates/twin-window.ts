// A fingerprint group's documents as duplicate_invoice / duplicate_payment read them for each
// document judged (duplicate-document.ts), made once per group (the group's array: a large group's
// is kept by the history, history.ts withFingerprint) rather than walked for each document: whether
// the group is a habit but for the judged document, the twins within the window around it, and
// whether any two of it come within the window. A group of one vendor's payments of one amount
// spaced just beyond the window is no habit and has no twin in the window, and each of its
// documents walked the whole group twice: 16,000 such payments took 12.7 s in process.
import { before, type HistoryEntry } from "../../history.ts";
import { daysBetween } from "../../dates.ts";

/** A group's index for one window (days). */
export class TwinWindow {
  /** The dated documents in time order (before(): by date, then history position). */
  readonly dated: readonly HistoryEntry[];
  /** Whether two of the group's dated documents are at most the window apart (repeatsWithin). */
  readonly repeats: boolean;
  /** The dated documents in history position order (the group's order), as indexes into the group. */
  private readonly positional: number[] = [];
  /** close[k]: whether positional k - 1 and k are at most the window apart (k ≥ 1). */
  private readonly close: Uint8Array;
  private readonly closeCount: number;
  /** Per id, its places in `positional` (ascending). */
  private readonly placesById = new Map<string, number[]>();

  constructor(
    private readonly group: readonly HistoryEntry[],
    readonly windowDays: number,
  ) {
    for (let i = 0; i < group.length; i++) if (!Number.isNaN(group[i]!.ms)) this.positional.push(i);
    const m = this.positional.length;
    this.close = new Uint8Array(m);
    let count = 0;
    for (let k = 0; k < m; k++) {
      const e = group[this.positional[k]!]!;
      const places = this.placesById.get(e.id);
      if (places) places.push(k);
      else this.placesById.set(e.id, [k]);
      if (k > 0 && daysBetween(group[this.positional[k - 1]!]!.ms, e.ms) <= windowDays) {
        this.close[k] = 1;
        count++;
      }
    }
    this.closeCount = count;
    this.dated = this.positional.map((i) => group[i]!).sort((a, b) => a.ms - b.ms || a.seq - b.seq);
    let repeats = false;
    for (let k = 1; k < this.dated.length && !repeats; k++) repeats = daysBetween(this.dated[k - 1]!.ms, this.dated[k]!.ms) <= windowDays;
    this.repeats = repeats;
  }

  /**
   * How many times a dated document of the group, those with id `id` left out, follows the one
   * before it (in the group's order) within the window: the close pairs of the whole group, less
   * those a left-out document is part of, plus the pair each run of left-out documents bridges.
   * (A walk over the group, as it was, for each document judged.)
   */
  closeWithout(id: string): number {
    const places = this.placesById.get(id);
    if (places === undefined) return this.closeCount;
    // Counted once per id: the documents of a group may all carry one id (pages of an http
    // source each naming it), and each asked about the id's every place.
    const known = this.closeById.get(id);
    if (known !== undefined) return known;
    const m = this.positional.length;
    let count = this.closeCount;
    for (let r = 0; r < places.length; ) {
      // A run of left-out places a..b (consecutive in `positional`).
      const a = places[r]!;
      let b = a;
      while (r + 1 < places.length && places[r + 1] === b + 1) b = places[++r]!;
      r++;
      for (let k = Math.max(a, 1); k <= Math.min(b + 1, m - 1); k++) count -= this.close[k]!;
      if (a > 0 && b + 1 < m && daysBetween(this.group[this.positional[a - 1]!]!.ms, this.group[this.positional[b + 1]!]!.ms) <= this.windowDays) count++;
    }
    this.closeById.set(id, count);
    return count;
  }

  /** closeWithout's answers, by id. */
  private readonly closeById = new Map<string, number>();

  /** runEnd[i]: the first index of `dated` after i whose id differs from dated[i]'s (made on first use). */
  private runEnd: Int32Array | undefined;

  /** The first index after `i` whose document's id is not dated[i]'s: a run of one id is stepped over at once. */
  private afterRun(i: number): number {
    let ends = this.runEnd;
    if (ends === undefined) {
      const dated = this.dated;
      ends = this.runEnd = new Int32Array(dated.length);
      for (let k = dated.length - 1; k >= 0; k--) ends[k] = k + 1 < dated.length && dated[k + 1]!.id === dated[k]!.id ? ends[k + 1]! : k + 1;
    }
    return ends[i]!;
  }

  /**
   * The earliest (before()) dated document of the group that is not `id`, is within the window of
   * `ms` (anywhere before it, when `once`), is before `self` when given, and `passes`: found by a
   * binary search for the window's start and end and a walk from the start to the first that
   * passes — or, when `monotone` (`passes` fails for the earlier documents and holds from one on:
   * whether a payment was booked back by a day), a binary search for that one too.
   */
  earliestWithin(id: string | undefined, ms: number, self: HistoryEntry | undefined, once: boolean, passes: (c: HistoryEntry) => boolean, monotone = false): HistoryEntry | undefined {
    const dated = this.dated;
    const window = this.windowDays;
    // The first within the window: |c.ms - ms| / DAY_MS <= window grows true with c.ms up to ms.
    const lo = once ? 0 : this.firstWhere(0, (c) => c.ms >= ms || daysBetween(c.ms, ms) <= window);
    // The first past the window, or not before `self`: both grow true in before() order.
    const end = this.firstWhere(lo, (c) => (!once && c.ms > ms && daysBetween(c.ms, ms) > window) || (self !== undefined && !before(c, self)));
    for (let i = monotone ? this.firstWhere(lo, passes, end) : lo; i < end; i++) {
      const c = dated[i]!;
      // The judged id's documents in a row are left out together: a group all of one id walked
      // the whole window for each of its documents.
      if (c.id === id) {
        i = this.afterRun(i) - 1;
        continue;
      }
      if (monotone || passes(c)) return c;
    }
    return undefined;
  }

  /** The index of the first of `dated` from `from` (up to `to`) for which `holds`, which once true
   *  stays true; `to` if none. */
  private firstWhere(from: number, holds: (c: HistoryEntry) => boolean, to = this.dated.length): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (holds(this.dated[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/**
 * The group's documents that `keep` lets pass, made once per group array, `version` and `key`
 * (which with `version` must name everything `keep` reads besides the document: the same key, the
 * same answer; a new version drops what was made for the others). Twins that can never pass for a
 * reason of their own (an invoice credited in full, one delivered on its own) were walked for each
 * document judged, for the first that passes — for a group billed once (a timesheet's, whose
 * window is everything before) every earlier twin; the twins that can pass, indexed once
 * (twinWindow of this array), leave that walk out.
 */
export function passingOf(group: readonly HistoryEntry[], version: number, key: string, keep: (c: HistoryEntry) => boolean): readonly HistoryEntry[] {
  let made = passing.get(group);
  if (made === undefined || made.version !== version) passing.set(group, (made = { version, byKey: new Map() }));
  let kept = made.byKey.get(key);
  if (kept === undefined) made.byKey.set(key, (kept = group.filter(keep)));
  return kept;
}

const passing = new WeakMap<readonly HistoryEntry[], { version: number; byKey: Map<string, readonly HistoryEntry[]> }>();

/** Groups' indexes, by the group's array (a large group's is kept by the history while it stands). */
const indexes = new WeakMap<readonly HistoryEntry[], TwinWindow>();

/** The group's index for the window, made once per group array and window. */
export function twinWindow(group: readonly HistoryEntry[], windowDays: number): TwinWindow {
  const kept = indexes.get(group);
  if (kept !== undefined && kept.windowDays === windowDays) return kept;
  const made = new TwinWindow(group, windowDays);
  indexes.set(group, made);
  return made;
}
