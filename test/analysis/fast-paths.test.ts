// The hand-written fast paths of the scan agree with what they replace: parseDateMs with
// Date.parse, parseMoment with the Date-based reading it replaced, PairCounts, CodePairCounts and
// TripleCounts with a Map (nextUncommon with countCapped), medianDeviation with sorting the deviations, sameUser with comparing names trimmed and lower-cased, dayOf with its regular expressions.
import { expect, test } from "bun:test";
import { dayOf, parseDateMs, parseMoment } from "../../src/analysis/dates.ts";
import { PairCounts } from "../../src/analysis/pair-counts.ts";
import { CodePairCounts, denseBits } from "../../src/analysis/code-pair-counts.ts";
import { TripleCounts } from "../../src/analysis/combinations.ts";
import { SeededRandom } from "../../src/analysis/random.ts";
import { median, medianDeviation } from "../../src/analysis/stats.ts";
import { sameUser, selfApprover } from "../../src/analysis/self-approvals.ts";

const rng = new SeededRandom(20261122);
const pad = (x: number, w: number) => String(x).padStart(w, "0");

function dates(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const iso = new Date(Math.floor((rng.next() - 0.5) * 2 * (i % 4 === 0 ? 8.6e15 : 3e11))).toISOString();
    out.push(iso, iso.slice(0, 10), `${iso.slice(0, 19)}Z`, iso.slice(0, 19), `${iso.slice(0, 19)}+02:00`);
    const y = [999, 1000, 1900, 2024, 2025, 9999][i % 6]!;
    const base = `${pad(y, 4)}-${pad(rng.int(0, 13), 2)}-${pad(rng.int(0, 32), 2)}`;
    out.push(base, `${base}T${pad(rng.int(0, 25), 2)}:${pad(rng.int(0, 60), 2)}:${pad(rng.int(0, 60), 2)}Z`, `${base}T10:00:00.${pad(rng.int(0, 999), 3)}Z`);
  }
  out.push("2025-01-01T00:00:00z", "2025-1-01", "2025-02-29T00:00:00Z", "2024-02-29T23:59:59.999Z", "2025-01-01T24:00:00Z", "2025-01-01T00:00:00.-12Z", "garbage", "", "2025-01-0a", "20x5-01-01", "2025/01/01", "2025-01-01 ", " 2025-01-01", "2025-01-01\n");
  return out;
}

test("parseDateMs equals Date.parse, valid dates or not", () => {
  const differ = dates().filter((v) => !Object.is(parseDateMs(v), Date.parse(v)));
  expect(differ).toEqual([]);
});

function momentByDate(value: string, offset: number) {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) return null;
  const local = new Date(dateOnly ? ms : ms + offset * 60_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return { ms, day: local.toISOString().slice(0, 10), weekday: local.getUTCDay(), hour: dateOnly ? null : local.getUTCHours(), dayOfMonth: d, daysToMonthEnd: lastDay - d };
}

test("parseMoment reads the calendar as the Date-based reading did", () => {
  const offsets = [0, 60, -300, 330, 840, -720];
  const differ: string[] = [];
  const values = dates().filter((v) => Math.abs(Date.parse(v)) < 8e15);
  values.forEach((v, i) => {
    const off = offsets[i % offsets.length]!;
    if (JSON.stringify(parseMoment(v, off)) !== JSON.stringify(momentByDate(v, off))) differ.push(`${v} ${off}`);
  });
  expect(differ).toEqual([]);
});

test("PairCounts agrees with a Map through growth", () => {
  const table = new PairCounts(4);
  const map = new Map<string, number>();
  for (let i = 0; i < 50_000; i++) {
    const a = rng.int(0, 300);
    const b = rng.int(0, i % 2 === 0 ? 5 : 70_000);
    table.add(a, b, 1);
    map.set(`${a}:${b}`, (map.get(`${a}:${b}`) ?? 0) + 1);
  }
  expect(table.size).toBe(map.size);
  for (const [key, n] of map) {
    const [a, b] = key.split(":").map(Number) as [number, number];
    expect(table.get(a, b)).toBe(n);
  }
  expect(table.get(301, 0)).toBe(0);
  expect(table.find(301, 0, -1)).toBe(-1);
  expect([...table.entries()].length).toBe(map.size);
});

test("CodePairCounts agrees with a Map, codes within and beyond the dense ranges, adds and removals", () => {
  // Ranges sized for 6 and 40 values (3 and 6 bits); codes run past both, and one table's
  // product is too large for a dense array (hashed only).
  for (const [bitsA, bitsB] of [[denseBits(6), denseBits(40)], [denseBits(3000), denseBits(40)], [0, 0]] as const) {
    const table = new CodePairCounts(bitsA, bitsB);
    const map = new Map<string, number>();
    for (let i = 0; i < 30_000; i++) {
      const a = rng.int(0, i % 3 === 0 ? 20 : 7);
      const b = rng.int(0, i % 5 === 0 ? 5_000 : 45);
      const delta = i % 7 === 0 ? -1 : 1;
      table.add(a, b, delta);
      map.set(`${a}:${b}`, (map.get(`${a}:${b}`) ?? 0) + delta);
    }
    for (const [key, n] of map) {
      const [a, b] = key.split(":").map(Number) as [number, number];
      expect(table.get(a, b)).toBe(n);
    }
    expect(table.get(19, 4_999)).toBe(map.get("19:4999") ?? 0);
    expect(table.get(0, 100_000)).toBe(0);
  }
});

test("CodePairCounts.getCapped gives a count up to its cap exactly and any count above it as above it, also after more counting", () => {
  const table = new CodePairCounts(denseBits(6), denseBits(40));
  const map = new Map<string, number>();
  // Each round's first cap sets the bits; the others are answered from the counts.
  for (const caps of [[1, 0, 3], [3, 1]]) {
    for (let i = 0; i < 3_000; i++) {
      // Mostly within the dense ranges, a few beyond them (hashed).
      const a = rng.int(0, i % 9 === 0 ? 30 : 5);
      const b = rng.int(0, i % 7 === 0 ? 400 : 60);
      table.add(a, b, 1);
      map.set(`${a}:${b}`, (map.get(`${a}:${b}`) ?? 0) + 1);
    }
    for (const cap of caps) {
      for (const [key, n] of map) {
        const [a, b] = key.split(":").map(Number) as [number, number];
        if (n <= cap) expect(table.getCapped(a, b, cap)).toBe(n);
        else expect(table.getCapped(a, b, cap)).toBeGreaterThan(cap);
      }
      expect(table.getCapped(5, 61, cap)).toBe(map.get("5:61") ?? 0);
    }
  }
});

test("TripleCounts agrees with a Map, codes within and beyond the profiled ranges and past 256", () => {
  // Four fields at categorical positions 0, 2, 3, 5; the profile saw 5, 40, 2 and 13 values.
  const triples = new TripleCounts([0, 2, 3, 5], [5, 40, 2, 13]);
  expect(triples.triples.length).toBe(4);
  const map = new Map<string, number>();
  const codes = new Int32Array(6);
  for (let i = 0; i < 40_000; i++) {
    for (let f = 0; f < 6; f++) codes[f] = i % 11 === 0 ? rng.int(-2, 300) : rng.int(0, f === 2 ? 60 : 9);
    triples.add(codes, 1);
    for (let t = 0; t < 4; t++) {
      const [a, b, c] = triples.triples[t]!.map((k) => codes[triples.fieldIndexes[k]!]!) as [number, number, number];
      if ([a, b, c].some((x) => x < 0 || x >= 256)) expect(triples.count(t, codes)).toBeUndefined();
      else map.set(`${t}:${a}:${b}:${c}`, (map.get(`${t}:${a}:${b}:${c}`) ?? 0) + 1);
    }
  }
  for (const [key, n] of map) {
    const [t, a, b, c] = key.split(":").map(Number) as [number, number, number, number];
    const [fa, fb, fc] = triples.triples[t]!.map((k) => triples.fieldIndexes[k]!) as [number, number, number];
    codes[fa] = a;
    codes[fb] = b;
    codes[fc] = c;
    expect(triples.count(t, codes)).toBe(n);
  }
});

test("TripleCounts.countCapped gives a count up to its cap exactly and any count above it as above it, also after more counting", () => {
  const triples = new TripleCounts([0, 1, 2, 3], [4, 30, 3, 300]);
  const codes = new Int32Array(4);
  const seen = new Map<string, Int32Array>();
  // Each round's first cap sets the bits; the others are answered from the counts.
  const check = (caps: number[]) => {
    for (const cap of caps) {
      for (const kept of seen.values()) {
        for (let t = 0; t < triples.triples.length; t++) {
          const n = triples.count(t, kept);
          const capped = triples.countCapped(t, kept, cap);
          if (n === undefined) expect(capped).toBeUndefined();
          else if (n <= cap) expect(capped).toBe(n);
          else expect(capped!).toBeGreaterThan(cap);
        }
      }
    }
  };
  for (const caps of [[1, 0, 3], [3, 1]]) {
    for (let i = 0; i < 1_500; i++) {
      // Mostly within the profiled ranges, a few codes beyond them (hashed) and past 256 (none).
      for (let f = 0; f < 4; f++) codes[f] = i % 13 === 0 ? rng.int(0, 400) : rng.int(0, [4, 30, 3, 300][f]! - 1);
      triples.add(codes, 1);
      seen.set(codes.join(","), codes.slice());
    }
    check(caps);
  }
});

test("TripleCounts.nextUncommon passes over exactly triples whose countCapped is above the cap, for caps that set the bits and others", () => {
  const triples = new TripleCounts([0, 1, 2, 3, 4], [4, 30, 3, 300, 6]);
  const codes = new Int32Array(5);
  const kept: Int32Array[] = [];
  for (let i = 0; i < 3_000; i++) {
    // Mostly within the profiled ranges; some beyond them (hashed), past 256, none (-1) or unseen (-2).
    for (let f = 0; f < 5; f++) codes[f] = i % 17 === 0 ? rng.int(-2, 400) : rng.int(0, [4, 30, 3, 300, 6][f]! - 1);
    triples.add(codes, 1);
    if (i % 3 === 0) kept.push(codes.slice());
  }
  for (const cap of [2, 0, 5]) {
    for (const c of kept) {
      const visited = new Set<number>();
      for (let t = triples.nextUncommon(c, cap, 0); t < triples.triples.length; t = triples.nextUncommon(c, cap, t + 1)) visited.add(t);
      for (let t = 0; t < triples.triples.length; t++) if (!visited.has(t)) expect(triples.countCapped(t, c, cap)).toBe(cap + 1);
    }
  }
  expect(triples.nextUncommon(codes, 2, triples.triples.length)).toBe(triples.triples.length);
});

test("medianDeviation (two sorted runs merged) equals the median of the sorted deviations", () => {
  const byMerge: number[] = [];
  const bySort: number[] = [];
  for (let t = 0; t < 40_000; t++) {
    const n = rng.int(0, 40);
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      // Continuous, tied, log-amount-like and some infinite values.
      const kind = t % 4;
      values[i] = kind === 0 ? rng.next() * 10 - 5 : kind === 1 ? rng.int(0, 4) : kind === 2 ? Math.log(1 + rng.next() * 1e6) : rng.next() < 0.1 ? Number.POSITIVE_INFINITY : rng.next();
    }
    values.sort();
    const med = median(values);
    const deviations = Float64Array.from(values, (v) => Math.abs(v - med)).sort();
    byMerge.push(medianDeviation(values, med));
    bySort.push(median(deviations));
  }
  expect(byMerge).toEqual(bySort);
});

test("SeededRandom.nextWhen draws as next() when asked to, and leaves the stream alone otherwise", () => {
  const a = new SeededRandom(7);
  const b = new SeededRandom(7);
  for (let i = 0; i < 10_000; i++) {
    const skip = i < 4_096 || i % 3 === 0;
    if (skip) expect(b.nextWhen(0)).toBe(0);
    else expect(b.nextWhen(1)).toBe(a.next());
  }
  expect(b.next()).toBe(a.next());
});

test("sameUser (self-approvals.ts) equals comparing the names trimmed and lower-cased", () => {
  // Letters in both cases, ASCII and other white space, and characters whose lower case differs
  // in length or lands in ASCII (İ, the Kelvin sign K, ß).
  const alphabet = ["a", "A", "b", "B", "z", "Z", "1", ".", "@", "_", " ", "\t", "\n", "\u000b", "\u001f", "\u00a0", "\ufeff", "\u2003", "İ", "i", "\u212a", "k", "K", "ß", "é", "É"];
  const name = () => {
    let s = "";
    for (let n = rng.int(0, 7); n > 0; n--) s += alphabet[rng.int(0, alphabet.length)]!;
    return s;
  };
  const reference = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const differ: [string, string][] = [];
  for (let k = 0; k < 200_000; k++) {
    const a = name();
    // Half the pairs are one name with its case and white space changed: mostly the same user.
    const b = k % 2 === 0 ? name() : ` ${a.toUpperCase()}\t`.slice(rng.int(0, 2), rng.int(a.length + 1, a.length + 3));
    if (sameUser(a, b) !== reference(a, b)) differ.push([a, b]);
  }
  const sames = ["dchen", " DChen ", "dchen\u00a0", "\u212aim", "kim"].flatMap((a) => ["dchen", "DCHEN\t", "d chen", "kim", "KIM"].map((b) => sameUser(a, b) === reference(a, b)));
  expect(differ).toEqual([]);
  expect(sames.every(Boolean)).toBe(true);
  // A source's NULL approver approves nothing, as `approved_by?.trim()` read it.
  expect(selfApprover({ created_by: "dchen", approved_by: null as unknown as string })).toBeUndefined();
  expect(selfApprover({ created_by: " DChen", approved_by: "dchen\t" })).toBe("dchen");
});

test("dayOf equals its reading by the two expressions, valid dates or not", () => {
  const reference = (value: string) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/.test(value)) return value.slice(0, 10);
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
  };
  const odd = ["2025-01-01T10:00:00z", "2025-01-01 10:00:00Z", "2025-01-01T10:00:0xZ", "2025/01/01", "2025-01-0a", "２０２５-01-01", "2025-01-01T10:00:00+", "+02025-01-01", "2025-01-01T1:00:00ZZ"];
  const differ = [...dates(), ...odd].filter((v) => dayOf(v) !== reference(v));
  expect(differ).toEqual([]);
});
