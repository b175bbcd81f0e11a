// twin-window.ts answers, once per fingerprint group, what duplicate_invoice / duplicate_payment
// asked by walking the whole group for each document judged: whether the group is a habit but for
// the judged document, and its earliest twin within the window that passes. The walks are kept
// here as they were, and both must give the same answers on random groups: dates in half-days (so
// that twins lie exactly at the window's edge), undated documents, ids repeated, the group's order
// not the dates', a document judged with and without its own entry, once-billed documents.
import { describe, expect, test } from "bun:test";
import { daysBetween } from "../../src/analysis/dates.ts";
import { before, type HistoryEntry } from "../../src/analysis/history.ts";
import { habitual } from "../../src/analysis/detectors/duplicates/duplicate-document.ts";
import { passingOf, twinWindow } from "../../src/analysis/detectors/duplicates/twin-window.ts";
import { mulberry32 } from "../../bench/quality/mulberry32.ts";

/** The habit check as it was: a walk over the group. */
function habitualWalk(candidates: readonly HistoryEntry[], id: string, windowDays: number): boolean {
  if (candidates.length < 4) return false;
  let close = 0;
  let previous = Number.NaN;
  for (const c of candidates) {
    if (c.id === id || Number.isNaN(c.ms)) continue;
    if (!Number.isNaN(previous) && daysBetween(previous, c.ms) <= windowDays && ++close >= 2) return true;
    previous = c.ms;
  }
  return false;
}

/** The search for the original as it was: a walk over the group. */
function earliestWalk(candidates: readonly HistoryEntry[], id: string, ms: number, self: HistoryEntry | undefined, once: boolean, windowDays: number, passes: (c: HistoryEntry) => boolean) {
  let original: HistoryEntry | undefined;
  for (const c of candidates) {
    if (c.id === id || Number.isNaN(c.ms) || (!once && daysBetween(c.ms, ms) > windowDays)) continue;
    if (self && !before(c, self)) continue;
    if (!passes(c)) continue;
    if (!original || before(c, original)) original = c;
  }
  return original;
}

/** A journal's search for the payment it pays again as it was (paid-by-journal.ts): a walk. */
function journalWalk(payments: readonly HistoryEntry[], ms: number, self: HistoryEntry | undefined, windowDays: number, passes: (c: HistoryEntry) => boolean) {
  let original: HistoryEntry | undefined;
  for (const p of payments) {
    if (Number.isNaN(p.ms) || p.ms > ms || daysBetween(p.ms, ms) > windowDays) continue;
    if (self && !before(p, self)) continue;
    if (!passes(p)) continue;
    if (!original || before(p, original)) original = p;
  }
  return original;
}

const HALF_DAY = 43_200_000;

/**
 * A random group of 1..`most` documents spaced around a random window, in half-days (some groups
 * straddle it, some are dense), some undated, some sharing an id, in history position order —
 * which need not be the dates'.
 */
function randomGroup(rnd: () => number, most: number): { group: HistoryEntry[]; windowDays: number } {
  const n = 1 + Math.floor(rnd() * most);
  const windowDays = [0, 0.5, 1, 3, 7][Math.floor(rnd() * 5)]!;
  const spacing = Math.floor(rnd() * (windowDays * 2 + 4));
  let t = Date.UTC(2025, 0, 1);
  const entries: HistoryEntry[] = [];
  for (let k = 0; k < n; k++) {
    t += Math.floor(rnd() * (spacing + 2)) * HALF_DAY;
    const ms = rnd() < 0.08 ? Number.NaN : t;
    const id = rnd() < 0.12 && k > 0 ? entries[Math.floor(rnd() * k)]!.id : `D-${k}`;
    entries.push({ id, seq: k * 3 + 1, ms, amount: 100 });
  }
  const shuffled = rnd() < 0.5 ? entries : entries.map((e) => ({ e, r: rnd() })).sort((a, b) => a.r - b.r).map((x) => x.e);
  return { group: shuffled.map((e, i) => ({ ...e, seq: i * 2 + 1 })), windowDays };
}

describe("twin-window: the same answers as the walks over the group", () => {
  test("on 3,000 random groups, each document judged with and without its entry", () => {
    let habits = 0;
    let found = 0;
    for (let seed = 1; seed <= 3_000; seed++) {
      const rnd = mulberry32(seed);
      const { group, windowDays } = randomGroup(rnd, 24);
      const failing = new Set(group.filter(() => rnd() < 0.25).map((e) => e.seq));
      const passes = (c: HistoryEntry) => !failing.has(c.seq);
      const index = twinWindow(group, windowDays);
      for (const judged of group) {
        const h = habitual(group, judged.id, windowDays);
        expect(h).toBe(habitualWalk(group, judged.id, windowDays));
        if (h) habits++;
        if (Number.isNaN(judged.ms)) continue;
        for (const once of [false, true]) {
          for (const self of [judged, undefined]) {
            const walked = earliestWalk(group, judged.id, judged.ms, self, once, windowDays, passes);
            expect(index.earliestWithin(judged.id, judged.ms, self, once, passes)?.seq).toBe(walked?.seq);
            if (walked) found++;
          }
        }
      }
      // A predicate failing for the earlier documents and holding from one on (booked back by a
      // day), searched for by halves: the same answers.
      const dated = group.filter((e) => !Number.isNaN(e.ms)).sort((a, b) => a.ms - b.ms || a.seq - b.seq);
      const from = dated[Math.floor(rnd() * (dated.length + 1))];
      const later = (c: HistoryEntry) => from !== undefined && !before(c, from);
      for (const judged of group) {
        if (Number.isNaN(judged.ms)) continue;
        for (const self of [judged, undefined]) {
          expect(index.earliestWithin(judged.id, judged.ms, self, false, later, true)?.seq).toBe(earliestWalk(group, judged.id, judged.ms, self, false, windowDays, later)?.seq);
          // A journal of that day, after or before the judged document in the ledger.
          const journal = { id: "J", seq: judged.seq + (rnd() < 0.5 ? 1 : -1), ms: judged.ms, amount: 100 };
          const js = self ? journal : undefined;
          const upTo = js && js.ms <= judged.ms ? js : { id: "", seq: Number.POSITIVE_INFINITY, ms: judged.ms, amount: 0 };
          expect(index.earliestWithin(undefined, judged.ms, upTo, false, later, true)?.seq).toBe(journalWalk(group, judged.ms, js, windowDays, later)?.seq);
          if (journalWalk(group, judged.ms, js, windowDays, later)) found++;
        }
      }
      // And a document not of the group (an inline analysis), between its dates.
      const ms = Date.UTC(2025, 0, 1) + Math.floor(rnd() * 40) * HALF_DAY;
      expect(habitual(group, "NEW", windowDays)).toBe(habitualWalk(group, "NEW", windowDays));
      expect(index.earliestWithin("NEW", ms, undefined, false, passes)?.seq).toBe(earliestWalk(group, "NEW", ms, undefined, false, windowDays, passes)?.seq);
      expect(index.repeats).toBe(dated.some((e, i) => i > 0 && daysBetween(dated[i - 1]!.ms, e.ms) <= windowDays));
    }
    // Both kinds of answer were met often.
    expect(habits).toBeGreaterThan(1_000);
    expect(found).toBeGreaterThan(1_000);
  });
});

// A twin that can never pass for a reason of its own (an invoice credited in full, one delivered on
// its own) is left out of the group searched (passingOf, made once per group, version and key), so that a
// window dense with such twins is not walked for each document judged: the same answers as the
// walk over the whole group with every reason checked.
describe("passingOf: the twins that can pass, searched in place of the group", () => {
  test("on 2,000 random groups, each document judged with and without its entry", () => {
    let found = 0;
    let skipped = 0;
    for (let seed = 1; seed <= 2_000; seed++) {
      const rnd = mulberry32(seed * 7919);
      const { group, windowDays } = randomGroup(rnd, 40);
      // Reasons of the twin's own, by id (credited in full: all of an id's entries), often most of
      // the group; and a reason of the judged document's (it names the twin as the one it follows).
      const share = [0.1, 0.5, 0.9, 1][Math.floor(rnd() * 4)]!;
      const cannot = new Set(group.filter(() => rnd() < share).map((e) => e.id));
      const own = (c: HistoryEntry) => !cannot.has(c.id);
      const searched = passingOf(group, 1, "credited", own);
      // Made once per group, version and key.
      expect(passingOf(group, 1, "credited", () => false)).toBe(searched);
      const index = twinWindow(searched, windowDays);
      for (const judged of group) {
        if (Number.isNaN(judged.ms)) continue;
        const names = group[Math.floor(rnd() * group.length)]!.id;
        const passes = (c: HistoryEntry) => own(c) && c.id !== names;
        for (const once of [false, true]) {
          for (const self of [judged, undefined]) {
            const walked = earliestWalk(group, judged.id, judged.ms, self, once, windowDays, passes);
            expect(index.earliestWithin(judged.id, judged.ms, self, once, passes)?.seq).toBe(walked?.seq);
            if (walked) found++;
            else if (earliestWalk(group, judged.id, judged.ms, self, once, windowDays, () => true)) skipped++;
          }
        }
      }
      // A new version (the history grew: a credit note added) makes it anew.
      expect(passingOf(group, 2, "credited", () => false)).toEqual([]);
    }
    // Both a twin found and every twin in reach skipped were met often.
    expect(found).toBeGreaterThan(1_000);
    expect(skipped).toBeGreaterThan(1_000);
  });
});

// A group whose documents all carry one id (an http source's pages each naming it: the pages are
// grouped by id one at a time) made each document judged read the id's every place for the habit
// and walk every document of the window for its twin, skipping its own id: n × n. The habit is
// counted once per id, and a run of the judged id's documents is stepped over at once.
describe("a group whose documents share one id", () => {
  /** Reads of the index's dated documents and close pairs while `run` runs. */
  function countIndexReads(index: ReturnType<typeof twinWindow>, run: () => void): number {
    let reads = 0;
    const fields = index as unknown as { dated: readonly HistoryEntry[]; close: Uint8Array };
    const counted = <T extends object>(target: T): T => new Proxy(target, { get: (t, k) => (typeof k === "string" && /^\d+$/.test(k) && reads++, Reflect.get(t, k)) });
    const { dated, close } = fields;
    Object.assign(fields, { dated: counted(dated), close: counted(close) });
    try {
      run();
    } finally {
      Object.assign(fields, { dated, close });
    }
    return reads;
  }

  test("n documents of one id on one day: the reads of judging each grow with n, not n²; none is a twin of another", () => {
    for (const n of [500, 1_000, 2_000]) {
      const group: HistoryEntry[] = Array.from({ length: n }, (_, k) => ({ id: "DOC-1", seq: k, ms: Date.UTC(2025, 0, 1) + (k % 3) * 3_600_000, amount: 500 }));
      const index = twinWindow(group, 7);
      let found = 0;
      const reads = countIndexReads(index, () => {
        for (const judged of group) {
          if (habitual(group, judged.id, 7)) found++;
          if (index.earliestWithin(judged.id, judged.ms, undefined, false, () => true)) found++;
        }
      });
      expect(found).toBe(0);
      // Walked per document: 2 n² and more.
      expect(reads).toBeLessThan(50 * n);
    }
  });

  test("on 2,000 random groups of two or three ids in runs, the same answers as the walks", () => {
    let found = 0;
    for (let seed = 1; seed <= 2_000; seed++) {
      const rnd = mulberry32(seed * 104_729);
      const { group: drawn, windowDays } = randomGroup(rnd, 40);
      const ids = ["A", "B", "C"].slice(0, 2 + Math.floor(rnd() * 2));
      let id = ids[0]!;
      const group = drawn.map((e) => {
        if (rnd() < 0.3) id = ids[Math.floor(rnd() * ids.length)]!;
        return { ...e, id };
      });
      const failing = new Set(group.filter(() => rnd() < 0.25).map((e) => e.seq));
      const passes = (c: HistoryEntry) => !failing.has(c.seq);
      const index = twinWindow(group, windowDays);
      for (const judged of group) {
        expect(habitual(group, judged.id, windowDays)).toBe(habitualWalk(group, judged.id, windowDays));
        if (Number.isNaN(judged.ms)) continue;
        for (const self of [judged, undefined]) {
          const walked = earliestWalk(group, judged.id, judged.ms, self, false, windowDays, passes);
          expect(index.earliestWithin(judged.id, judged.ms, self, false, passes)?.seq).toBe(walked?.seq);
          expect(index.earliestWithin(judged.id, judged.ms, self, true, passes)?.seq).toBe(earliestWalk(group, judged.id, judged.ms, self, true, windowDays, passes)?.seq);
          if (walked) found++;
        }
      }
    }
    expect(found).toBeGreaterThan(1_000);
  });
});
