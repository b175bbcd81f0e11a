// dormant_user_posting: a user with a rhythm falls silent while the colleagues go on posting,
// then postings appear under their name and the rhythm does not come back. The regular business
// with long silences stays quiet at high (holidays, a leave that resumes, month-end users, a
// company-wide shutdown, a history that begins during a silence), and the detector copes with
// what sources lack (no time of day, no user, a user seen once).
import { describe, expect, test } from "bun:test";
import type { AnalysisContext } from "../../src/analysis/context.ts";
import { dormantUserDetector } from "../../src/analysis/detectors/anomaly/dormant-user.ts";
import { usualGaps } from "../../src/analysis/detectors/anomaly/user-returns.ts";
import type { Finding } from "../../src/analysis/detectors/types.ts";
import { HistoryBuilder } from "../../src/analysis/history.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { countCalls } from "../support/count-calls.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 6); // a Monday

let seq = 0;
function entry(user: string | undefined, day: number, o: { dateOnly?: boolean } = {}): Transaction {
  const ms = START + day * DAY + 10 * 3_600_000;
  return {
    transaction_id: `T${++seq}`,
    type: "journal_entry",
    date: o.dateOnly ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString().replace(".000Z", "Z"),
    currency: "EUR",
    amount: 100 + (seq % 50),
    ...(user ? { created_by: user } : {}),
    lines: [],
  };
}

const weekday = (day: number) => day % 7 < 5;

/** Colleagues posting every weekday of [from, to) (five of them unless said). */
function colleagues(from: number, to: number, o: { n?: number; off?: (day: number) => boolean; dateOnly?: boolean } = {}): Transaction[] {
  const out: Transaction[] = [];
  for (let d = from; d < to; d++) {
    if (!weekday(d) || o.off?.(d)) continue;
    for (let c = 0; c < (o.n ?? 5); c++) out.push(entry(`colleague${c + 1}`, d, o));
  }
  return out;
}

/** `user` posting every weekday of the ranges. */
function rhythm(user: string, ranges: [number, number][], o: { dateOnly?: boolean; every?: number } = {}): Transaction[] {
  const out: Transaction[] = [];
  for (const [from, to] of ranges) for (let d = from; d < to; d += o.every ?? 1) if (weekday(d)) out.push(entry(user, d, o));
  return out;
}

function historyOf(transactions: Transaction[]) {
  const sorted = [...transactions].sort((a, b) => a.date!.localeCompare(b.date!));
  const b = new HistoryBuilder({ categoricalFields: [] });
  for (const t of sorted) b.add(t);
  return b.finish();
}

const built = new WeakMap<Transaction[], ReturnType<typeof historyOf>>();

function detect(transactions: Transaction[], txn: Transaction, config = modulesConfig()): Finding[] {
  let history = built.get(transactions);
  if (!history) built.set(transactions, (history = historyOf(transactions)));
  const ctx = { history } as unknown as AnalysisContext;
  return dormantUserDetector.detect({ txn, ctx, config, self: history.entry(txn.transaction_id), moment: () => null, keyedMoment: () => null, lines: () => [], categorical: () => ({ values: [], codes: new Int32Array(0) }), twins: () => undefined });
}

const YEAR = 364;

describe("dormant_user_posting", () => {
  test("a departed user's account used again: high on the return and on a later entry of the same stretch", () => {
    const reused = [entry("dora", 200), entry("dora", 215)];
    const all = [...colleagues(0, YEAR), ...rhythm("dora", [[0, 120]]), ...reused];
    const first = detect(all, reused[0]!);
    expect(first).toHaveLength(1);
    expect(first[0]!.score).toBe(0.85);
    expect(first[0]!.message).toContain("after 81 days of silence");
    expect(first[0]!.message).toContain("last posting 2025-05-05");
    expect(first[0]!.message).toContain("has not resumed");
    expect((first[0]!.actual as { gap_days: number }).gap_days).toBe(81);
    expect((first[0]!.expected as { usual_gap_days: number }).usual_gap_days).toBe(3);
    const later = detect(all, reused[1]!);
    expect(later[0]?.score).toBe(0.85);
    expect(later[0]!.message).toContain("15 days after the return");
  });

  test("holidays of two or three weeks, several a year: nothing", () => {
    const all = [...colleagues(0, YEAR), ...rhythm("hal", [[0, 60], [81, 150], [171, 250], [266, YEAR]])];
    for (const day of [81, 171, 266]) expect(detect(all, all.find((t) => t.created_by === "hal" && t.date!.startsWith(iso(day)))!)).toEqual([]);
  });

  test("a leave of four months that returns to the old rhythm: listed low on the return day only", () => {
    const all = [...colleagues(0, YEAR), ...rhythm("pat", [[0, 100], [220, YEAR]])];
    const back = all.find((t) => t.created_by === "pat" && t.date!.startsWith(iso(220)))!;
    const f = detect(all, back);
    expect(f).toHaveLength(1);
    expect(f[0]!.score).toBe(0.3);
    expect(f[0]!.message).toContain("back at their rhythm");
    const nextDay = all.find((t) => t.created_by === "pat" && t.date!.startsWith(iso(221)))!;
    expect(detect(all, nextDay)).toEqual([]);
  });

  test("a part-time return (half the old days) resumes too", () => {
    const all = [...colleagues(0, YEAR), ...rhythm("pat", [[0, 100]]), ...rhythm("pat", [[220, YEAR]], { every: 2 })];
    const back = all.find((t) => t.created_by === "pat" && t.date!.startsWith(iso(220)))!;
    expect(detect(all, back)[0]!.score).toBe(0.3);
  });

  test("a user who posts only at month end: nothing", () => {
    const monthEnds: Transaction[] = [];
    for (let m = 0; m < 12; m++) {
      const last = Math.round((Date.UTC(2025, m + 1, 0) - START) / DAY);
      for (let d = last - 3; d <= last; d++) if (d >= 0 && weekday(d)) for (let i = 0; i < 3; i++) monthEnds.push(entry("closer", d));
    }
    const all = [...colleagues(0, YEAR), ...monthEnds];
    for (const t of monthEnds) expect(detect(all, t)).toEqual([]);
  });

  test("a company-wide shutdown (everybody stops eight weeks, a nightly batch goes on): nothing", () => {
    const closed = (d: number) => d >= 150 && d < 206;
    const batch: Transaction[] = [];
    for (let d = 0; d < YEAR; d++) batch.push(entry("SYS_BATCH", d));
    const all = [...colleagues(0, YEAR, { off: closed }), ...batch, ...rhythm("dora", [[0, 150]]), entry("dora", 210)];
    expect(detect(all, all.at(-1)!)).toEqual([]);
  });

  test("a history that begins during the user's silence: nothing (no rhythm seen before it)", () => {
    const reused = entry("dora", 200);
    const all = [...colleagues(0, YEAR), reused, ...rhythm("dora", [[230, YEAR]])];
    expect(detect(all, reused)).toEqual([]);
  });

  test("a user seen once, in the history or inline: nothing", () => {
    const once = entry("olga", 100);
    const all = [...colleagues(0, YEAR), once];
    expect(detect(all, once)).toEqual([]);
    expect(detect(all, entry("olga", 300))).toEqual([]);
  });

  test("dates without a time of day give the same verdict", () => {
    const reused = entry("dora", 200, { dateOnly: true });
    const all = [...colleagues(0, YEAR, { dateOnly: true }), ...rhythm("dora", [[0, 120]], { dateOnly: true }), reused];
    expect(reused.date).toHaveLength(10);
    const f = detect(all, reused);
    expect(f[0]?.score).toBe(0.85);
    expect(f[0]!.message).toContain("last posting 2025-05-05");
  });

  test("no user field: nothing, and such entries still count for the business", () => {
    const anonymous = colleagues(0, YEAR).map((t) => ({ ...t, created_by: undefined }));
    const all = [...anonymous, ...rhythm("dora", [[0, 120]])];
    expect(detect(all, entry(undefined, 200))).toEqual([]);
  });

  test("inline: a posting after the history by a user silent since is medium (whether the rhythm resumes is not known yet)", () => {
    const all = [...colleagues(0, YEAR), ...rhythm("dora", [[0, 250]])];
    const f = detect(all, entry("dora", YEAR + 10));
    expect(f).toHaveLength(1);
    expect(f[0]!.score).toBe(0.5);
    expect(f[0]!.message).toContain("too close to the end of the history");
  });

  test("a user who never had a rhythm (new, or a few postings) is not judged", () => {
    const all = [...colleagues(0, YEAR), ...rhythm("nina", [[0, 30]])];
    expect(detect(all, entry("nina", 200))).toEqual([]);
  });

  test("configurable: a longer minimum silence lets the same return pass", () => {
    const reused = entry("dora", 200);
    const all = [...colleagues(0, YEAR), ...rhythm("dora", [[0, 120]]), reused];
    expect(detect(all, reused, modulesConfig({ anomaly_detection: { dormant_user: { min_gap_days: 90 } } }))).toEqual([]);
  });
});

function iso(day: number): string {
  return new Date(START + day * DAY).toISOString().slice(0, 10);
}

describe("dormant_user_posting through the engine", () => {
  test("a scan reports the reused account's entries high; weight 0 switches it off", async () => {
    const reused = [entry("dora", 200), entry("dora", 215)];
    const all = [...colleagues(0, YEAR), ...rhythm("dora", [[0, 120]]), ...reused].sort((a, b) => a.date!.localeCompare(b.date!));
    const scan = async (config: ReturnType<typeof modulesConfig>) => {
      const { engine } = makeEngine([memoryConnector({ transactions: all })], config);
      const levels = new Map<string, string>();
      for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 10_000 })) {
        if (f.anomalies.some((a) => a.code === "dormant_user_posting")) levels.set(f.transaction.transaction_id, f.risk_level);
      }
      return levels;
    };
    const on = await scan(modulesConfig());
    expect([...on.entries()]).toEqual(reused.map((t) => [t.transaction_id, "high"]));
    expect((await scan(modulesConfig({ anomaly_detection: { weights: { dormant_user_posting: 0 } } }))).size).toBe(0);
  });
});

// The usual gap before each return was a sort of all the gaps before it, once per gap judged: a
// user with a long gap before every posting day (one posting every seven weeks over centuries of
// dates) made the returns' judgement quadratic in the posting days — 12,000 such days per user
// held the event loop ~1.9 s while a context was built on dist/assay. One table per timeline now.
describe("the usual gap before each posting day", () => {
  test("is the 90th percentile (nearest rank) of the gaps before it, for any timeline", () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 48271) + 1) >>> 0) / 2 ** 32);
    for (let t = 0; t < 500; t++) {
      const n = 1 + Math.floor(random() * 60);
      const days = new Int32Array(n);
      let day = -5_000 + Math.floor(random() * 10_000);
      for (let i = 0; i < n; i++) days[i] = day += 1 + Math.floor(random() ** 3 * (t % 3 === 0 ? 3 : 400));
      const table = usualGaps(days);
      for (let prev = 1; prev < n; prev++) {
        const before = Array.from(days.subarray(1, prev + 1), (d, k) => d - days[k]!).sort((a, b) => a - b);
        expect(table[prev]).toBe(before[Math.min(prev - 1, Math.ceil(0.9 * prev) - 1)]!);
      }
    }
  });

  test("3,000 returns of one user are judged without sorting the gaps before each", async () => {
    const slow: Transaction[] = [];
    for (let k = 0; k < 3_000; k++) slow.push(entry("seasonal", k * 49), entry("colleague", k * 49 + 1));
    const history = historyOf(slow);
    const sorts = await countCalls(Int32Array.prototype, "sort", () => {
      const ctx = { history } as unknown as AnalysisContext;
      const txn = slow[slow.length - 2]!;
      dormantUserDetector.detect({ txn, ctx, config: modulesConfig(), self: history.entry(txn.transaction_id), moment: () => null, keyedMoment: () => null, lines: () => [], categorical: () => ({ values: [], codes: new Int32Array(0) }), twins: () => undefined });
    });
    expect(sorts).toBeLessThanOrEqual(2);
  });
});
