// A general ledger mapped one row per journal line, each line naming its journal (`Journal ID`):
// an interface re-posting a journal under a new number (the POS nightly summary sent twice)
// repeats its lines exactly — duplicate_journal. The hard negatives are the ledger's regular
// business that repeats lines too: a recurring journal every month, a weekly standing order, a
// reversing entry and a journal reversed then posted again, two stores' identical small summaries
// the same day, a journal split into two halves, a two-line transfer repeated the next day.
import { describe, expect, test } from "bun:test";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { JournalCopiesBuilder } from "../../src/analysis/journal-copies.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { silentLogger } from "../../src/log.ts";
import { fixedClock, memoryConnector, modulesConfig } from "../support/engine.ts";
import { type JournalLine, journalWriter } from "../support/journal-lines.ts";

interface Line extends JournalLine { store?: string }
const writeJournal = journalWriter();

/** A journal's lines as a ledger export writes them (one transaction per line). */
function journal(id: string, day: string, lines: Line[], docType = "POS", user = "pos_interface"): Transaction[] {
  return writeJournal(id, day, lines, user, (l, no) => ({ "Doc Type": docType, Account: l.account, "Cost Center": l.store ?? "S001", "Created At": `${day} 23:0${(no + 1) % 10}:00` }));
}

/** The ledger with its journal number under another column (one whose name says nothing of journals). */
function underColumn(ledger: Transaction[], column: string): Transaction[] {
  return ledger.map((t) => {
    const { "Journal ID": id, ...rest } = t.attributes!;
    return { ...t, attributes: { ...rest, [column]: id! } };
  });
}

const posSummary = (store: string, sales: number): Line[] => [
  { account: "1040", debit: round(sales * 0.7), store },
  { account: "1010", debit: round(sales * 0.3 + sales * 0.07), store },
  { account: "4010", credit: sales, store },
  { account: "2200", credit: round(sales * 0.07), store },
];
const round = (n: number) => Math.round(n * 100) / 100;

/** The journals (by Journal ID) a built history reports as copies, each with the journal it repeats. */
function copiesOf(ledger: Transaction[], column = "Journal ID", windowDays?: number): Record<string, string> {
  const b = new JournalCopiesBuilder(column, windowDays);
  ledger.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
  const copies = b.finish();
  const out: Record<string, string> = {};
  ledger.forEach((_, seq) => {
    const c = copies.copyAt(seq);
    if (c) out[c.journal] = c.original;
  });
  return out;
}

describe("journal-copies: which repeated journals are copies", () => {
  test("a POS summary posted again under a new journal id, same posting date: a copy", () => {
    const ledger = [...journal("JE1", "2025-08-14", posSummary("S001", 4180.5)), ...journal("JE2", "2025-08-14", posSummary("S002", 3990)), ...journal("JE3", "2025-08-14", posSummary("S001", 4180.5))];
    expect(copiesOf(ledger)).toEqual({ JE3: "JE1" });
  });

  test("a journal whose lines are in another order is still the same journal", () => {
    const lines = posSummary("S001", 4180.5);
    const ledger = [...journal("JE1", "2025-08-14", lines), ...journal("JE2", "2025-08-16", [...lines].reverse())];
    expect(copiesOf(ledger)).toEqual({ JE2: "JE1" });
  });

  test("hard negative: the same rent journal every month is a recurrence", () => {
    const rent: Line[] = [{ account: "6110", debit: 8500 }, { account: "6120", debit: 1200 }, { account: "2400", credit: 9700 }];
    const ledger = ["2025-07-01", "2025-08-01", "2025-09-01", "2025-10-01"].flatMap((d, i) => journal(`JR${i}`, d, rent, "GJ", "accountant"));
    expect(copiesOf(ledger)).toEqual({});
  });

  test("hard negative: a weekly standing order of identical amounts", () => {
    const order: Line[] = [{ account: "5020", debit: 640 }, { account: "6310", debit: 85.5 }, { account: "2010", credit: 725.5 }];
    const ledger = ["2025-09-01", "2025-09-08", "2025-09-15", "2025-09-22", "2025-09-26", "2025-10-06"].flatMap((d, i) => journal(`JW${i}`, d, order, "AP"));
    expect(copiesOf(ledger)).toEqual({});
  });

  test("hard negative: a three-line sweep posted every working day; twice on one day is a copy", () => {
    const sweep: Line[] = [{ account: "1020", debit: 1500 }, { account: "1040", credit: 1000 }, { account: "1050", credit: 500 }];
    const days = ["2025-10-06", "2025-10-07", "2025-10-08", "2025-10-09", "2025-10-10", "2025-10-13", "2025-10-14"];
    expect(copiesOf(days.flatMap((d, i) => journal(`JY${i}`, d, sweep, "GJ")))).toEqual({});
    expect(copiesOf([...days, "2025-10-14"].flatMap((d, i) => journal(`JY${i}`, d, sweep, "GJ")))).toEqual({ JY7: "JY6" });
  });

  test("a journal recurring weekly posted twice on one day is a copy", () => {
    const order: Line[] = [{ account: "5020", debit: 640 }, { account: "6310", debit: 85.5 }, { account: "2010", credit: 725.5 }];
    const ledger = ["2025-09-01", "2025-09-08", "2025-09-15", "2025-09-15", "2025-09-22"].flatMap((d, i) => journal(`JW${i}`, d, order, "AP"));
    expect(copiesOf(ledger)).toEqual({ JW3: "JW2" });
  });

  test("a journal posted three times on one day (the interface run twice more): each later one is a copy", () => {
    const lines = posSummary("S001", 4180.5);
    const ledger = ["JE1", "JE2", "JE3"].flatMap((id) => journal(id, "2025-08-14", lines));
    expect(copiesOf(ledger)).toEqual({ JE2: "JE1", JE3: "JE2" });
  });

  test("a journal posted on a Monday and twice on the Tuesday: both Tuesday journals are copies", () => {
    const lines = posSummary("S001", 4180.5);
    const ledger = [...journal("JE1", "2025-08-11", lines), ...journal("JE2", "2025-08-12", lines), ...journal("JE3", "2025-08-12", lines)];
    expect(copiesOf(ledger)).toEqual({ JE2: "JE1", JE3: "JE2" });
  });

  test("hard negative: a sweep posted twice every working day (morning and afternoon) is its routine", () => {
    const sweep: Line[] = [{ account: "1020", debit: 1500 }, { account: "1040", credit: 1000 }, { account: "1050", credit: 500 }];
    const days = ["2025-10-06", "2025-10-07", "2025-10-08", "2025-10-09", "2025-10-10", "2025-10-13", "2025-10-14"];
    expect(copiesOf([...days, ...days].sort().flatMap((d, i) => journal(`JY${i}`, d, sweep, "GJ")))).toEqual({});
  });

  test("journal_field names the column where no name says journal; journal_window_days widens the window", () => {
    const lines = posSummary("S001", 4180.5);
    const ledger = underColumn([...journal("G1", "2025-08-11", lines), ...journal("G2", "2025-08-16", lines)], "Txn Group");
    expect(copiesOf(ledger, "Txn Group")).toEqual({});
    expect(copiesOf(ledger, "Txn Group", 7)).toEqual({ G2: "G1" });
  });

  test("hard negative: a reversing entry swaps debit and credit", () => {
    const accrual: Line[] = [{ account: "6010", debit: 15200 }, { account: "6020", debit: 1163 }, { account: "2100", credit: 16363 }];
    const reversal = accrual.map((l) => ({ account: l.account, debit: l.credit, credit: l.debit }));
    const ledger = [...journal("JA1", "2025-09-30", accrual, "GJ"), ...journal("JA2", "2025-10-01", reversal, "GJ")];
    expect(copiesOf(ledger)).toEqual({});
  });

  test("hard negative: a journal reversed and posted again (a correction) is no copy", () => {
    const bill: Line[] = [{ account: "6410", debit: 1830 }, { account: "2200", debit: 128.1 }, { account: "2010", credit: 1958.1 }];
    const reversal = bill.map((l) => ({ account: l.account, debit: l.credit, credit: l.debit }));
    const ledger = [...journal("JB1", "2025-10-02", bill, "AP"), ...journal("JB2", "2025-10-03", reversal, "AP"), ...journal("JB3", "2025-10-03", bill, "AP")];
    expect(copiesOf(ledger)).toEqual({});
  });

  test("hard negative: two stores post identical small summaries on the same day", () => {
    const ledger = [...journal("JS1", "2025-11-03", posSummary("S014", 310)), ...journal("JS2", "2025-11-03", posSummary("S027", 310))];
    expect(copiesOf(ledger)).toEqual({});
  });

  test("hard negative: a journal split into two halves, and one of the halves", () => {
    const whole: Line[] = [{ account: "6210", debit: 900, store: "S001" }, { account: "6210", debit: 900, store: "S002" }, { account: "2400", credit: 900, store: "S001" }, { account: "2400", credit: 900, store: "S002" }];
    const ledger = [
      ...journal("JH0", "2025-12-01", whole, "ALLOC"),
      ...journal("JH1", "2025-12-01", [whole[0]!, whole[2]!], "ALLOC"),
      ...journal("JH2", "2025-12-01", [whole[1]!, whole[3]!], "ALLOC"),
    ];
    expect(copiesOf(ledger)).toEqual({});
  });

  test("hard negative: a two-line transfer repeated the next day; the same on one day is a copy", () => {
    const deposit: Line[] = [{ account: "1020", debit: 2500 }, { account: "1010", credit: 2500 }];
    expect(copiesOf([...journal("JD1", "2025-10-06", deposit, "GJ"), ...journal("JD2", "2025-10-07", deposit, "GJ")])).toEqual({});
    expect(copiesOf([...journal("JD1", "2025-10-06", deposit, "GJ"), ...journal("JD2", "2025-10-06", deposit, "GJ")])).toEqual({ JD2: "JD1" });
  });

  test("a NetSuite GL detail: each transaction's own Internal ID on its lines is no content — a rev-rec journal run twice in a month is a copy", () => {
    // The line key is Internal ID + Line ID; both columns stay attributes, and a re-run gets a new Internal ID.
    let internal = 318_000;
    const netsuite = (ledger: Transaction[]) => {
      const ids = new Map<string, string>();
      return ledger.map((t) => {
        const je = String(t.attributes!["Journal ID"]);
        if (!ids.has(je)) ids.set(je, String(++internal));
        return { ...t, attributes: { ...t.attributes, "Internal ID": ids.get(je)!, "Line ID": String(Number(t.transaction_id) % 2) } };
      });
    };
    const revrec: Line[] = [{ account: "2200", debit: 4000 }, { account: "4000", credit: 4000 }];
    expect(copiesOf(netsuite([...journal("JE1", "2025-03-31", revrec, "Journal"), ...journal("JE2", "2025-04-30", revrec, "Journal"), ...journal("JE3", "2025-04-30", revrec, "Journal")]))).toEqual({ JE3: "JE2" });
    // Hard negative: the same schedule each month, and another contract's equal amount the same day.
    const other: Line[] = [{ account: "2200", debit: 4000, store: "S002" }, { account: "4000", credit: 4000, store: "S002" }];
    expect(copiesOf(netsuite([...journal("JE4", "2025-03-31", revrec, "Journal"), ...journal("JE5", "2025-04-30", revrec, "Journal"), ...journal("JE6", "2025-04-30", other, "Journal")]))).toEqual({});
  });

  test("a Business Central G/L entries export: each entry's Entry No. and each posting's Transaction No. are no content — a journal posted twice is a copy", () => {
    // The line key is Company + Entry No. (both stay attributes); BC numbers every entry, and every
    // balanced posting, anew: a journal posted again gets new ones.
    let entry = 412_300;
    let posting = 151_000;
    const bc = (ledger: Transaction[]) => {
      const postings = new Map<string, string>();
      return ledger.map((t) => {
        const je = String(t.attributes!["Journal ID"]);
        if (!postings.has(je)) postings.set(je, String(++posting));
        return { ...t, attributes: { Company: "Northwind", "Entry No.": String(++entry), ...t.attributes, "Transaction No.": postings.get(je)! } };
      });
    };
    const reclass: Line[] = [{ account: "62100", debit: 6423.21 }, { account: "64100", credit: 6423.21 }, { account: "62100", debit: 100 }, { account: "64100", credit: 100 }];
    expect(copiesOf(bc([...journal("GJ-1", "2025-03-14", reclass, "Journal"), ...journal("GJ-2", "2025-03-14", reclass, "Journal")]))).toEqual({ "GJ-2": "GJ-1" });
    // Hard negative: the same reclass of another branch the same day.
    const other = reclass.map((l) => ({ ...l, store: "S002" }));
    expect(copiesOf(bc([...journal("GJ-3", "2025-03-14", reclass, "Journal"), ...journal("GJ-4", "2025-03-14", other, "Journal")]))).toEqual({});
  });

  test("not judged: one-line journals, zero journals, a journal's lines met again under its own id", () => {
    const zero: Line[] = [{ account: "1300", debit: 0 }, { account: "1310", credit: 0 }];
    const one: Line[] = [{ account: "6810", debit: 4.25 }];
    const pos = posSummary("S003", 1200);
    const ledger = [...journal("J1", "2025-10-06", zero), ...journal("J2", "2025-10-06", zero), ...journal("J3", "2025-10-06", one), ...journal("J4", "2025-10-06", one), ...journal("J5", "2025-10-06", pos), ...journal("J6", "2025-10-06", posSummary("S004", 10)), ...journal("J5", "2025-10-06", pos)];
    expect(copiesOf(ledger)).toEqual({});
  });

  test("a copy keyed by another user, minutes later, is still a copy; another cost centre or amount is not", () => {
    const lines = posSummary("S009", 2210.35);
    const ledger = [
      ...journal("JK1", "2025-09-12", lines, "POS", "pos_interface"),
      ...journal("JK2", "2025-09-12", lines, "POS", "jsmith"),
      ...journal("JK3", "2025-09-12", lines.map((l) => ({ ...l, store: "S010" }))),
      ...journal("JK4", "2025-09-12", lines.map((l, i) => (i === 0 ? { ...l, debit: l.debit! + 0.01 } : l))),
    ];
    expect(copiesOf(ledger)).toEqual({ JK2: "JK1" });
  });
});

describe("duplicate_journal through a duplicate_detection scan", () => {
  async function scan(transactions: Transaction[], workers: number, modules: unknown = {}) {
    const engine = new AssayAnalysisEngine({
      modules: modulesConfig(modules),
      autoThreshold: 101,
      connectors: connectorAccess([memoryConnector({ transactions })]),
      analyses: { insert: async () => {}, async *iterate() {} },
      clock: fixedClock,
      log: silentLogger,
      scanWorkers: workers,
    });
    const out: { id: string; level: string; at: number; codes: string[] }[] = [];
    for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "duplicate_detection", limit: 1_000_000 })) {
      if (f.anomalies.length > 0) out.push({ id: f.transaction.transaction_id, level: f.risk_level, at: f.amount_at_risk, codes: f.anomalies.map((a) => a.code) });
    }
    return out;
  }

  test("each line of the later journal is high, the journal's total at risk once; the original and the rest are clean", async () => {
    const lines = posSummary("S001", 4180.5);
    const ledger = [
      ...journal("JE1", "2025-08-14", lines),
      ...journal("JE2", "2025-08-14", posSummary("S002", 3990)),
      ...["2025-07-01", "2025-08-01", "2025-09-01"].flatMap((d, i) => journal(`JR${i}`, d, [{ account: "6110", debit: 8500 }, { account: "2400", credit: 8500 }], "GJ")),
      ...journal("JE3", "2025-08-14", lines),
    ];
    const copyIds = ledger.slice(-4).map((t) => t.transaction_id);
    const found = await scan(ledger, 1);
    expect(found.map((f) => f.id)).toEqual(copyIds);
    expect(found.every((f) => f.level === "high" && f.codes.join() === "duplicate_journal")).toBe(true);
    expect(found.reduce((s, f) => s + f.at, 0)).toBeCloseTo(lines.reduce((s, l) => s + (l.debit ?? 0), 0), 2);
  });

  test("a ledger whose journal column says nothing of journals: found once duplicate_detection.journal_field names it", async () => {
    const lines = posSummary("S001", 4180.5);
    const ledger = underColumn([...journal("G1", "2025-08-14", lines), ...journal("G2", "2025-08-14", posSummary("S002", 990)), ...journal("G3", "2025-08-14", lines)], "Txn Group");
    expect(await scan(ledger, 1)).toEqual([]);
    const found = await scan(ledger, 1, { duplicate_detection: { journal_field: "attributes.Txn Group" } });
    expect(found.map((f) => f.id)).toEqual(ledger.slice(-4).map((t) => t.transaction_id));
  });

  test("journal_field is auto or attributes.<column>, journal_window_days 0–31: anything else is refused with its path", async () => {
    const { parseConfig } = await import("../../src/config/load.ts");
    const load = (section: string) => () => parseConfig(`modules:\n  duplicate_detection: ${section}\n`, "/tmp/assay.yaml", {});
    expect(load("{ journal_field: Txn Group }")).toThrow(/modules\.duplicate_detection\.journal_field.*attributes\.<column>/);
    expect(load("{ journal_window_days: 45 }")).toThrow(/modules\.duplicate_detection\.journal_window_days/);
    expect(load("{ journal_field: attributes.Txn Group, journal_window_days: 7 }")).not.toThrow();
  });
});

describe("duplicate_journal on a CSV ledger scanned with scan workers", () => {
  test("a ledger whose lines name their journal is scanned in process: the copy is found as with one worker", async () => {
    const { mkdirSync, rmSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { parseConfig } = await import("../../src/config/load.ts");
    const { ConnectorRegistry } = await import("../../src/connectors/registry.ts");
    const { systemClock } = await import("../../src/domain/clock.ts");
    const { makeTempDir } = await import("../support/harness.ts");
    const dir = makeTempDir("assay-journals-");
    try {
      const rows: string[] = [];
      let line = 31_000_000;
      const write = (id: string, day: string, lines: Line[]) => {
        for (const l of lines) rows.push([line++, id, "POS", day, l.account, l.store ?? "S001", l.debit?.toFixed(2) ?? "", l.credit?.toFixed(2) ?? ""].join(","));
      };
      // A few hundred journals: the stores' nightly summaries over a month, one of them sent twice.
      for (let d = 1; d <= 28; d++) {
        const day = `2025-09-${String(d).padStart(2, "0")}`;
        for (let s = 1; s <= 12; s++) write(`JE${d * 100 + s}`, day, posSummary(`S${String(s).padStart(3, "0")}`, round(1000 + d * 37.5 + s * 11.25)));
        if (d === 17) write("JE9999", day, posSummary("S005", round(1000 + 17 * 37.5 + 5 * 11.25)));
      }
      mkdirSync(join(dir, "data"), { recursive: true });
      writeFileSync(join(dir, "data", "gl.csv"), `Line ID,Journal ID,Doc Type,Posting Date,Account,Cost Center,Debit,Credit\n${rows.join("\n")}\n`);
      const config = parseConfig(`storage: { path: ${join(dir, "a.db")} }
connectors:
  - id: gl
    type: csv
    transactions: ${join(dir, "data", "gl.csv")}
    mapping: { transaction_id: Line ID, date: Posting Date }
`, join(dir, "assay.yaml"), {});
      const found: Record<number, string[]> = {};
      for (const workers of [1, 2]) {
        const connectors = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
        const engine = new AssayAnalysisEngine({ modules: config.modules, autoThreshold: 101, connectors, analyses: { insert: async () => {}, async *iterate() {} }, clock: systemClock, log: silentLogger, scanWorkers: workers });
        const ids: string[] = [];
        // scanFlagged: the path of POST /v1/analyze and reports, split over scan workers where it can be.
        for await (const b of engine.scanFlagged({ accountId: "acct_t", connector: "gl", module: "duplicate_detection", limit: 1_000_000 })) {
          for (const f of b.flagged) if (f.anomalies.some((a) => a.code === "duplicate_journal")) ids.push(f.transaction.transaction_id);
        }
        found[workers] = ids;
        await connectors.close();
      }
      expect(found[1]).toHaveLength(4);
      expect(found[2]).toEqual(found[1]!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Whether a copy's original was reversed in between was a walk over every reversal of it, per
// copy: 50,000 two-line journals and 50,000 reversals of them (a 200,000-line ledger, the
// history's default bound) held the event loop 3.5 s on dist/assay while the history was
// finished, quadratic in them. A binary search and an index of the reversals by day answer it.
describe("journal-copies: reversals of journals repeated by the thousand", () => {
  const pair: Line[] = [{ account: "1020", debit: 100 }, { account: "1040", credit: 60 }, { account: "1050", credit: 40 }];
  const reversal: Line[] = pair.map((l) => ({ account: l.account, debit: l.credit, credit: l.debit }));
  const dayOf = (d: number) => new Date(Date.UTC(2024, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);

  /** The copies a builder finds, and with the walk over every reversal it replaced (the oracle). */
  function both(ledger: Transaction[]) {
    const fast = new JournalCopiesBuilder("Journal ID");
    const slow = new JournalCopiesBuilder("Journal ID");
    const internals = slow as unknown as { byHash: Map<number, number | number[]>; reversals: number[]; days: number[] };
    (slow as unknown as { reversedBetween(o: number, c: number): boolean }).reversedBetween = (original, copy) => {
      const found = internals.byHash.get(internals.reversals[original]!);
      if (found === undefined) return false;
      return (typeof found === "number" ? [found] : found).some((r) => r > original && (r < copy || Math.abs(internals.days[r]! - internals.days[copy]!) <= 3));
    };
    const result = (b: JournalCopiesBuilder) => {
      ledger.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
      const copies = b.finish();
      return ledger.map((_, seq) => copies.copyAt(seq)?.original ?? "");
    };
    return { fast: result(fast), slow: result(slow), fastBuilder: fast };
  }

  test("the same copies as a walk over every reversal, on ledgers of copies and reversals in any order", () => {
    let seed = 5;
    const random = () => ((seed = (Math.imul(seed, 48271) + 1) >>> 0) / 2 ** 32);
    for (let t = 0; t < 40; t++) {
      const ledger: Transaction[] = [];
      for (let k = 0; k < 60; k++) {
        const day = Math.floor(random() * 40);
        ledger.push(...journal(`J${t}-${k}`, dayOf(day), random() < 0.35 ? reversal : pair, "GJ"));
      }
      const { fast, slow } = both(ledger);
      expect(fast).toEqual(slow);
    }
  });

  test("3,000 journals with 1,000 copies among them, and 3,000 reversals read after them: each copy's check reads a few days, not every reversal's", () => {
    const ledger: Transaction[] = [];
    // Days 1, 11, 11, 21, 31, 31…: a rhythm of ten days, and a copy on the day of every other.
    for (let k = 0; k < 3_000; k++) ledger.push(...journal(`J${k}`, dayOf(10 * (2 * Math.floor(k / 3) + (k % 3 === 0 ? 0 : 1)) + 1), pair, "GJ"));
    // Reversals dated before them all, read last (a batch of reversals keyed at the year's end).
    for (let k = 0; k < 3_000; k++) ledger.push(...journal(`R${k}`, dayOf(-400), reversal, "GJ"));
    const b = new JournalCopiesBuilder("Journal ID");
    ledger.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
    const internals = b as unknown as { days: number[] };
    let reads = 0;
    internals.days = new Proxy(internals.days, { get: (target, key, receiver) => (typeof key === "string" && key !== "length" && (reads++), Reflect.get(target, key, receiver)) });
    const copies = b.finish();
    const found = new Set(ledger.map((_, seq) => copies.copyAt(seq)?.journal).filter((j) => j !== undefined));
    // The journals' thousand copies; the 3,000 identical reversals keyed on one day and never
    // otherwise recur on no rhythm: each after the first is a copy of its own.
    expect([...found].filter((j) => j.startsWith("J")).length).toBe(1_000);
    expect([...found].filter((j) => j.startsWith("R")).length).toBe(2_999);
    expect(reads).toBeLessThan(100_000);
  });
});
