// A labelled general ledger for dormant_user_posting: postings under the name of a user who left
// (credentials reused, an account not disabled), beside the regular business that also has users
// falling silent and coming back. One company, about 17 months of single-line journal entries,
// each user posting to their own accounts at ordinary amounts in business hours — the planted
// postings too: nothing but the silence before them tells them apart, as in the evaluator's
// ledger (docs/quality.md, "A third independent data set").
// Positives ("reuse"): a clerk with a rhythm (daily, or one posting a week) leaves; 6–20 weeks
// later 2–8 entries appear under their name, on one or two days or spread over weeks.
// Hard negatives (each its own kind, so that its false alarms are counted apart):
//  - holiday: every clerk's 2–3 holidays a year of 2–3 weeks, and one clerk's five-week summer;
//  - leave: parental or sick leave of 2–6 months, then back at the old rhythm or part time;
//  - periodic: users posting only at month end, quarter end, a year-end closing;
//  - batch: a nightly import (weekends too) with an outage of 6–9 weeks, a monthly depreciation run;
//  - new: users who join during the history;
//  - temp: a temp back each summer (two summers);
//  - shutdown: Christmas (every person stops; the import goes on) and, on some seeds, a seasonal
//    closure of seven weeks in which every person stops;
//  - left: a clerk who leaves and never comes back (nothing after: nothing to find).
// Each kind labels the postings where a false alarm would be: those after the return from the
// silence (8 weeks of them), or all of a periodic, batch or new user's.
import type { Transaction } from "../../src/domain/transaction.ts";
import { SeededRandom } from "../../src/analysis/random.ts";
import { roundMoney } from "../../src/domain/rounding.ts";

export type DormantKind = "holiday" | "leave" | "periodic" | "batch" | "new" | "temp" | "shutdown";
export const DORMANT_KINDS: readonly DormantKind[] = ["holiday", "leave", "periodic", "batch", "new", "temp", "shutdown"];

export interface DormantDataset {
  transactions: Transaction[];
  /** Planted postings by a departed user. */
  positives: Set<string>;
  /** Hard negatives: the postings where regular business could look like a return. */
  regular: Map<string, DormantKind>;
}

const DAY = 86_400_000;
const START = Date.UTC(2024, 4, 1);
const END = Date.UTC(2025, 8, 30);
const RETURN_WINDOW = 56 * DAY;

interface Account {
  code: string;
  mu: number;
}

export function generateDormantLedger(options: { seed: number; dateOnly?: boolean; closure?: boolean }): DormantDataset {
  const rng = new SeededRandom(options.seed);
  const accounts: Account[] = Array.from({ length: 40 }, (_, i) => ({ code: String(4000 + i * 10), mu: rng.uniform(4, 9) }));
  const departments = ["ADM", "OPS", "SAL", "FIN", "IT"];
  const out: { t: Transaction; ms: number }[] = [];
  const positives = new Set<string>();
  const regular = new Map<string, DormantKind>();
  let seq = 0;
  const christmas = (ms: number) => {
    const d = new Date(ms);
    return (d.getUTCMonth() === 11 && d.getUTCDate() >= 24) || (d.getUTCMonth() === 0 && d.getUTCDate() <= 1);
  };
  // A seasonal closure: every person away seven weeks (the import still runs).
  const closureFrom = Date.UTC(2025, 0, 6);
  const closureTo = closureFrom + 49 * DAY;
  const closed = (ms: number) => options.closure === true && ms >= closureFrom && ms < closureTo;
  const weekday = (ms: number) => new Date(ms).getUTCDay();
  const businessDay = (ms: number) => weekday(ms) !== 0 && weekday(ms) !== 6 && !christmas(ms);

  const post = (user: string, ms: number, own: Account[], hour: () => number, kind?: DormantKind | "reuse") => {
    const account = rng.pick(own);
    const amount = roundMoney(Math.exp(account.mu + 0.5 * rng.normal()));
    const at = ms + hour() * 3_600_000 + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000;
    const id = `JE-${options.seed}-${++seq}`;
    const date = options.dateOnly ? new Date(ms).toISOString().slice(0, 10) : new Date(at).toISOString().replace(".000Z", "Z");
    out.push({
      t: {
        transaction_id: id,
        type: "journal_entry",
        date,
        currency: "GBP",
        amount,
        created_by: user,
        lines: [{ sku: account.code, amount }],
        attributes: { account: account.code, department: rng.pick(departments) },
      },
      ms: at,
    });
    if (kind === "reuse") positives.add(id);
    else if (kind) regular.set(id, kind);
  };
  const ownAccounts = () => rng.shuffle(accounts).slice(0, rng.int(3, 6));
  const office = () => rng.int(8, 17);
  /** Holidays of a person: 2–3 a year of 10–21 days. */
  const holidays = (): [number, number][] => {
    const list: [number, number][] = [];
    for (let y = START; y < END; y += 365 * DAY) {
      const n = rng.int(2, 3);
      for (let i = 0; i < n; i++) {
        const from = y + rng.int(0, 340) * DAY;
        list.push([from, from + rng.int(10, 21) * DAY]);
      }
    }
    return list;
  };
  const away = (ms: number, hs: [number, number][]) => hs.some(([a, b]) => ms >= a && ms < b);

  /** A clerk posting on a share of business days; `absent` days post nothing, `kindAt` labels. */
  const clerk = (user: string, o: { rate: number; from?: number; to?: number; absent?: (ms: number) => boolean; rateAt?: (ms: number) => number; kindAt?: (ms: number) => DormantKind | undefined; weekly?: boolean }) => {
    const own = ownAccounts();
    const hs = holidays();
    const weeklyDay = rng.int(1, 5);
    for (let ms = o.from ?? START; ms < (o.to ?? END); ms += DAY) {
      if (!businessDay(ms) || closed(ms) || away(ms, hs) || o.absent?.(ms)) continue;
      if (o.weekly ? weekday(ms) !== weeklyDay : !rng.chance(o.rateAt?.(ms) ?? o.rate)) continue;
      const n = rng.int(1, 5);
      const kind = o.kindAt?.(ms);
      for (let i = 0; i < n; i++) post(user, ms, own, office, kind);
    }
    return own;
  };
  const afterAny = (returns: number[], kind: DormantKind) => (ms: number) => (returns.some((r) => ms >= r && ms < r + RETURN_WINDOW) ? kind : undefined);
  // Days of each holiday's or closure's end, to label the postings after it.
  const closureKind = afterAny(options.closure ? [closureTo] : [], "shutdown");
  const christmasEnds = [Date.UTC(2025, 0, 2)];
  const afterChristmas = afterAny(christmasEnds, "shutdown");

  // Ordinary clerks (their returns from holidays and Christmas are hard negatives).
  for (let i = 0; i < 8; i++) {
    clerk(`clerk${i + 1}`, { rate: rng.uniform(0.55, 0.9), kindAt: (ms) => closureKind(ms) ?? afterChristmas(ms) });
  }
  // A clerk with a five-week summer holiday each year.
  clerk("clerk_summer", {
    rate: 0.8,
    absent: (ms) => {
      const d = new Date(ms);
      return d.getUTCMonth() === 6 || (d.getUTCMonth() === 7 && d.getUTCDate() <= 4);
    },
    kindAt: (ms) => {
      const d = new Date(ms);
      return d.getUTCMonth() === 7 || (d.getUTCMonth() === 8 && d.getUTCDate() < 30) ? "holiday" : (closureKind(ms) ?? afterChristmas(ms));
    },
  });
  // Leavers whose accounts are used again (positives): two daily clerks and one weekly poster.
  for (let i = 0; i < 3; i++) {
    const user = `leaver${i + 1}`;
    const left = START + rng.int(150, 380) * DAY;
    const own = clerk(user, { rate: rng.uniform(0.6, 0.9), to: left, weekly: i === 2 });
    const back = left + rng.int(42, 140) * DAY;
    const spread = rng.chance(0.5);
    const entries = rng.int(2, 8);
    let day = back;
    for (let k = 0; k < entries; k++) {
      // One or two days, or one entry every one to three weeks.
      if (k > 0 && (spread || (k === Math.ceil(entries / 2) && rng.chance(0.5)))) day += (spread ? rng.int(7, 21) : 1) * DAY;
      while (!businessDay(day) || closed(day)) day += DAY;
      if (day >= END) break;
      post(user, day, own, office, "reuse");
    }
  }
  // A leaver who never comes back.
  clerk("left1", { rate: 0.8, to: START + rng.int(120, 400) * DAY });
  // Parental or sick leave of 2–6 months, back at the old rhythm (one of them part time).
  for (let i = 0; i < 2; i++) {
    const from = START + rng.int(100, 300) * DAY;
    const to = from + rng.int(60, 180) * DAY;
    const rate = rng.uniform(0.6, 0.9);
    clerk(`parent${i + 1}`, {
      rate,
      absent: (ms) => ms >= from && ms < to,
      rateAt: (ms) => (i === 1 && ms >= to ? rate * 0.5 : rate),
      kindAt: (ms) => afterAny([to], "leave")(ms) ?? closureKind(ms) ?? afterChristmas(ms),
    });
  }
  // Periodic users: month end (two), quarter end, one year-end closing.
  const lastBusinessDays = (ms: number, n: number) => {
    const d = new Date(ms);
    let count = 0;
    for (let x = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0); x > ms - DAY; x -= DAY) if (businessDay(x)) count++;
    return businessDay(ms) && count <= n;
  };
  for (const [user, months, n] of [
    ["monthend1", null, 2],
    ["monthend2", null, 2],
    ["quarterend", [2, 5, 8, 11], 3],
  ] as const) {
    const own = ownAccounts();
    for (let ms = START; ms < END; ms += DAY) {
      const m = new Date(ms).getUTCMonth();
      if ((months === null || (months as readonly number[]).includes(m)) && lastBusinessDays(ms, n)) {
        const k = rng.int(2, 8);
        for (let i = 0; i < k; i++) post(user, ms, own, office, "periodic");
      }
    }
  }
  {
    const own = ownAccounts();
    for (let ms = Date.UTC(2025, 0, 8); ms < Date.UTC(2025, 0, 20); ms += DAY) if (businessDay(ms)) for (let i = 0; i < 6; i++) post("yearend", ms, own, office, "periodic");
  }
  // Batch users: the nightly import (weekends and Christmas too) with an outage, the depreciation run.
  {
    const own = ownAccounts();
    const outage = START + rng.int(120, 400) * DAY;
    const outageEnd = outage + rng.int(42, 63) * DAY;
    for (let ms = START; ms < END; ms += DAY) {
      if (ms >= outage && ms < outageEnd) continue;
      const k = rng.int(3, 12);
      const kind = ms >= outageEnd && ms < outageEnd + RETURN_WINDOW ? "batch" : undefined;
      for (let i = 0; i < k; i++) post("SYS_IMPORT", ms, own, () => 2, kind);
    }
    const dep = ownAccounts();
    for (let ms = START; ms < END; ms += DAY) if (new Date(ms + DAY).getUTCDate() === 1) for (let i = 0; i < 5; i++) post("SYS_DEPR", ms, dep, () => 23, "batch");
  }
  // New users joining during the history.
  for (let i = 0; i < 2; i++) clerk(`new${i + 1}`, { rate: 0.8, from: START + rng.int(150, 420) * DAY, kindAt: () => "new" });
  // A temp back each summer (June to August), the second summer labelled.
  clerk("temp1", {
    rate: 0.8,
    absent: (ms) => {
      const m = new Date(ms).getUTCMonth();
      return m < 5 || m > 7;
    },
    kindAt: (ms) => (ms >= Date.UTC(2025, 5, 1) ? "temp" : undefined),
  });

  out.sort((a, b) => a.ms - b.ms);
  return { transactions: out.map((o) => o.t), positives, regular };
}
