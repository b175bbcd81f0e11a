// A general ledger's month-end accruals, auto-reversed on the 1st (the same lines, debit and credit
// swapped): one left unreversed is accrual_not_reversed. The hard negatives are regular business:
// journals recurring every month and never reversed (depreciation, rent), an accrual of the
// history's last month whose reversal is not due yet, a reversal posted late but within the window,
// a kind reversed only half the time, a fixed-amount accrual re-posted every month, a split and a
// partial reversal, a year-end close of many accounts.
import { describe, expect, test } from "bun:test";
import { type AccountSide, findUnreversedAccruals, type JournalFacts, partialReversals, REVERSAL_DAYS } from "../../src/analysis/accrual-reversals.ts";
import { JournalCopiesBuilder } from "../../src/analysis/journal-copies.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { silentLogger } from "../../src/log.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";
import { type JournalLine, journalWriter } from "../support/journal-lines.ts";

interface Line extends JournalLine { memo?: string }
const writeJournal = journalWriter();

function journal(id: string, day: string, lines: Line[], user = "staff"): Transaction[] {
  return writeJournal(id, day, lines, user, (l) => ({ Account: l.account, Department: "Finance", Memo: l.memo ?? "" }));
}

const swap = (lines: Line[]): Line[] => lines.map((l) => ({ account: l.account, debit: l.credit, credit: l.debit, memo: `Reversal: ${l.memo ?? ""}` }));
const accrual = (dr: string, cr: string, amount: number, memo: string): Line[] => [{ account: dr, debit: amount, memo }, { account: cr, credit: amount, memo }];

/** Month ends and the next day's first, 2024-01 .. 2025-12. */
const months = Array.from({ length: 24 }, (_, k) => {
  const end = new Date(Date.UTC(2024, k + 1, 0));
  const first = new Date(Date.UTC(2024, k + 1, 1));
  return { k, end: end.toISOString().slice(0, 10), first: first.toISOString().slice(0, 10), plus: (days: number) => new Date(end.getTime() + days * 86_400_000).toISOString().slice(0, 10) };
});

/** A ledger of two years: monthly utilities and freight accruals reversed on the 1st (the last month's reversal after the export), depreciation and rent never reversed. */
function regularLedger(skipReversal: (k: number, what: string) => boolean = () => false): Transaction[] {
  const out: Transaction[] = [];
  for (const m of months) {
    const util = accrual("6100", "2100", 70_000 + m.k * 113, "Utilities accrual");
    const freight = accrual("5500", "2150", 48_000 + m.k * 71, "Freight accrual");
    out.push(...journal(`UT${m.k}`, m.end, util), ...journal(`FR${m.k}`, m.end, freight));
    out.push(...journal(`DEP${m.k}`, m.end, accrual("6400", "1590", 12_500, "Depreciation"), "fam"));
    out.push(...journal(`RENT${m.k}`, m.end, accrual("6000", "2000", 9_000, "Rent")));
    if (m.k < 23) {
      if (!skipReversal(m.k, "UT")) out.push(...journal(`RUT${m.k}`, m.first, swap(util), "system"));
      if (!skipReversal(m.k, "FR")) out.push(...journal(`RFR${m.k}`, m.first, swap(freight), "system"));
    }
  }
  return out;
}

function unreversedOf(ledger: Transaction[]): Record<string, string> {
  const ordered = [...ledger].sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!));
  const b = new JournalCopiesBuilder("Journal ID");
  ordered.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
  const found = b.finish().unreversed;
  const out: Record<string, string> = {};
  ordered.forEach((_, seq) => {
    const u = found.at(seq);
    if (u) out[u.journal] = `${u.level} ${u.habit} ${u.reversed}/${u.journals}`;
  });
  return out;
}

describe("accrual_not_reversed: which journals", () => {
  test("a regular ledger: accruals reversed, depreciation and rent never, the last month's accruals not due yet — nothing", () => {
    expect(unreversedOf(regularLedger())).toEqual({});
  });

  test("an accrual of another expense keyed into the reversing liability account and never reversed is found", () => {
    const ledger = [...regularLedger(), ...journal("CONS", "2025-06-30", accrual("6300", "2100", 35_000, "Consulting accrual"))];
    expect(unreversedOf(ledger)).toEqual({ CONS: "high credits to 2100 posted by staff 22/23" });
  });

  test("one month's own accrual left unreversed is found; a reversal 30 days late is still one", () => {
    const ledger = regularLedger((k, what) => (k === 8 && what === "UT") || (k === 10 && what === "FR"));
    const late = months[10]!;
    ledger.push(...journal("RFR10-late", late.plus(30), swap(accrual("5500", "2150", 48_000 + 10 * 71, "Freight accrual")), "system"));
    expect(unreversedOf(ledger)).toEqual({ UT8: "high debits to 6100 posted by staff 21/22" });
  });

  test("a reversal later than the window is none: the accrual is found", () => {
    const ledger = regularLedger((k, what) => k === 10 && what === "FR");
    ledger.push(...journal("RFR10-late", months[10]!.plus(60), swap(accrual("5500", "2150", 48_000 + 10 * 71, "Freight accrual")), "system"));
    expect(Object.keys(unreversedOf(ledger))).toEqual(["FR10"]);
  });

  test("a GL detail numbering each transaction and its lines (Vista's Trans # and Line, a Seq No): neither is compared", () => {
    const ledger = [...regularLedger(), ...journal("CONS", "2025-06-30", accrual("6300", "2100", 35_000, "Consulting accrual"))];
    // Each journal its own Trans #; a reversal lists its lines the other way round.
    let trans = 880_000;
    const byJournal = new Map<string, Transaction[]>();
    for (const t of ledger) {
      const id = String(t.attributes!["Journal ID"]);
      byJournal.set(id, [...(byJournal.get(id) ?? []), t]);
    }
    for (const [id, lines] of byJournal) {
      trans++;
      lines.forEach((t, i) => (t.attributes = { ...t.attributes, "Trans #": String(trans), Line: String(id.startsWith("R") ? lines.length - i : i + 1), "Seq No": String(i) }));
    }
    expect(unreversedOf(ledger)).toEqual({ CONS: "high credits to 2100 posted by staff 22/23" });
  });

  test("a line's second, signed amount (NetSuite's Amount (Foreign Currency), SAP's WRBTR) changes sign in the reversal: the reversal is still one", () => {
    // Each line carries its amount again in the transaction's currency, signed debit minus credit
    // (and a reversal-date column on the accrual only); the accruals' reversals negate it.
    const withForeign = (ledger: Transaction[]) => ledger.map((t) => ({ ...t, attributes: { ...t.attributes, "Amount (Foreign Currency)": (t.amount ?? 0).toFixed(2), "Exchange Rate": "1.00" } }));
    expect(unreversedOf(withForeign(regularLedger()))).toEqual({});
    const ledger = withForeign(regularLedger((k, what) => k === 8 && what === "UT"));
    expect(unreversedOf(ledger)).toEqual({ UT8: "high debits to 6100 posted by staff 21/22" });
  });

  test("an accrual and its reversal posted in one run under one document number (Business Central's recurring journal, Reversing Variable) are two journals: one left unreversed is found", () => {
    // BC posts the month-end accrual and its reversal on the 1st together, consecutive lines of
    // one Document No. on two posting days; read as one journal of two days it was never judged,
    // and no accrual was ever seen reversed. The ledger in source order (as the history reads it).
    const bc: Transaction[] = [];
    for (const m of months) {
      const util = accrual("6100", "2100", 70_000 + m.k * 113, "Utilities accrual");
      bc.push(...journal(`GJ-${m.k}`, m.end, util));
      if (m.k < 23) bc.push(...journal(`GJ-${m.k}`, m.first, swap(util)));
      bc.push(...journal(`DEP${m.k}`, m.end, accrual("6400", "1590", 12_500, "Depreciation"), "fam"));
    }
    const inOrder = (ledger: Transaction[]) => {
      const b = new JournalCopiesBuilder("Journal ID");
      ledger.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
      const found = b.finish().unreversed;
      return ledger.flatMap((_, seq) => (found.at(seq) ? [found.at(seq)!.journal] : []));
    };
    expect(inOrder(bc)).toEqual([]);
    // The same accrual keyed on an ordinary batch in June 2025, never reversed: both its lines.
    const standing = journal("GJ-X", "2025-06-30", accrual("6100", "2100", 71_500, "Utilities accrual"));
    expect(inOrder([...bc, ...standing])).toEqual(["GJ-X", "GJ-X"]);
  });

  test("a copy is still told by its second amount: two journals alike but for their foreign amounts are no copies", () => {
    const lines = accrual("6300", "2100", 35_000, "Consulting accrual");
    const first = journal("C1", "2025-03-14", lines).map((t) => ({ ...t, attributes: { ...t.attributes, "Amount (Foreign Currency)": String(Math.sign(t.amount!) * 27_500) } }));
    const second = journal("C2", "2025-03-14", lines).map((t) => ({ ...t, attributes: { ...t.attributes, "Amount (Foreign Currency)": String(Math.sign(t.amount!) * 31_800) } }));
    const b = new JournalCopiesBuilder("Journal ID");
    [...first, ...second].forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
    const copies = b.finish();
    expect([0, 1, 2, 3].map((seq) => copies.copyAt(seq)?.journal)).toEqual([undefined, undefined, undefined, undefined]);
  });

  test("an unreversed accrual in the history's last weeks is not judged: its reversal may not be due", () => {
    const ledger = [...regularLedger(), ...journal("CONS", "2025-11-30", accrual("6300", "2100", 35_000, "Consulting accrual"))];
    expect(unreversedOf(ledger)).toEqual({});
  });

  test("a kind reversed only half the time is no habit", () => {
    expect(unreversedOf(regularLedger((k, what) => what === "UT" && k % 2 === 0))).toEqual({});
  });

  test("a fixed-amount accrual re-posted every month is no reversal of the last reversal: the one left standing is found", () => {
    const ledger: Transaction[] = [];
    for (const m of months) {
      const lines = accrual("6600", "2300", 55_000, "Bonus accrual");
      ledger.push(...journal(`BON${m.k}`, m.end, lines));
      if (m.k < 23 && m.k !== 12) ledger.push(...journal(`RBON${m.k}`, m.first, swap(lines), "system"));
    }
    expect(unreversedOf(ledger)).toEqual({ BON12: "high debits to 6600 posted by staff 21/22" });
  });

  test("a split reversal (two journals of half the amount) and a partial one spare the accrual", () => {
    const ledger = regularLedger((k, what) => (k === 5 || k === 7) && what === "UT");
    const amount5 = 70_000 + 5 * 113;
    ledger.push(...journal("RUT5a", months[5]!.first, swap(accrual("6100", "2100", amount5 / 2, "Utilities accrual")), "system"));
    ledger.push(...journal("RUT5b", months[5]!.first, swap(accrual("6100", "2100", amount5 / 2, "Utilities accrual")), "system"));
    ledger.push(...journal("RUT7p", months[7]!.plus(3), swap(accrual("6100", "2100", 50_000, "Utilities accrual")), "system"));
    expect(unreversedOf(ledger)).toEqual({});
  });

  test("a year-end close of many accounts is not judged", () => {
    const close: Line[] = ["4000", "4100", "5000", "5500", "6000", "6100", "6400", "6600", "7000"].map((a, i) => (i < 2 ? { account: a, debit: 100_000 + i } : { account: a, credit: 10_000 + i }));
    close.push({ account: "3900", credit: 200_001 - close.slice(2).reduce((s, l) => s + (l.credit ?? 0), 0) });
    const ledger = [...regularLedger(), ...journal("CLOSE24", "2024-12-31", close)];
    expect(unreversedOf(ledger)).toEqual({});
  });
});

describe("accrual_not_reversed through an anomaly_detection scan", () => {
  test("each line of the unreversed journal, nothing at risk (an anomaly), names the habit and the days since", async () => {
    const ledger = [...regularLedger(), ...journal("CONS", "2025-06-30", accrual("6300", "2100", 35_000, "Consulting accrual"))].sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!));
    const engine = makeEngine([memoryConnector({ transactions: ledger })], modulesConfig({}), 101, [], silentLogger, 1).engine;
    const out: { journal: string; at: number; message: string; score: number }[] = [];
    for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) {
      for (const a of f.anomalies) if (a.code === "accrual_not_reversed") out.push({ journal: String(f.transaction.attributes!["Journal ID"]), at: f.amount_at_risk, message: a.message, score: a.score });
    }
    expect(out.map((o) => o.journal)).toEqual(["CONS", "CONS"]);
    expect(out.map((o) => o.at)).toEqual([0, 0]);
    expect(out.map((o) => o.score)).toEqual([0.85, 0.85]);
    expect(out[0]!.message).toContain("22 of the 23 journals with credits to 2100 posted by staff");
    expect(out[0]!.message).toContain("usually 1 day later");
    expect(out[0]!.message).toContain("184 days past");
  });
});

// Whether an unreversed accrual was partly reversed (a split or partial reversal) was a walk over
// the journals after it, for each one judged: a ledger of many habits each with one accrual left
// standing, all in one 40-day window, made it candidates × journals — 8,000 habits (72,001
// journals, 144,002 lines: within the history's default bound) took 26.7 s. Counted here as the
// reads of the journals' side lists: linear in the journals.
describe("accrual_reversed_twice: a reversal of an accrual already reversed", () => {
  // The recurring journal reversed the accrual on the 1st; days later someone keys the reversal
  // again by hand (another text): the expense is taken back twice. The hard negatives: a partial
  // reversal completed later, a reversal then a re-accrual reversed in turn, a wrong reversal
  // corrected (reversed, then the right reversal posted), a kind not reversed as a rule.
  function twiceOf(ledger: Transaction[]): Record<string, string> {
    const ordered = [...ledger].sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!));
    const b = new JournalCopiesBuilder("Journal ID");
    ordered.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
    const found = b.finish().unreversed;
    const out: Record<string, string> = {};
    ordered.forEach((_, seq) => {
      const u = found.twiceAt(seq);
      if (u) out[u.journal] = `${u.level} ${u.original} ${u.firstReversal} +${u.days}`;
    });
    return out;
  }
  const util = (k: number) => accrual("6100", "2100", 70_000 + k * 113, "Utilities accrual");
  const handReversal = (k: number): Line[] => swap(util(k)).map((l) => ({ ...l, memo: "Reverse utilities accrual" }));

  test("a regular ledger: no accrual reversed twice", () => {
    expect(twiceOf(regularLedger())).toEqual({});
  });

  test("the reversal keyed again by hand 4 days after the recurring journal's is found; so is the same reversal posted again by the system", () => {
    const ledger = [...regularLedger(), ...journal("JE-HAND", months[5]!.plus(5), handReversal(5), "staff"), ...journal("RUT9-again", months[9]!.plus(2), swap(util(9)), "system")];
    expect(twiceOf(ledger)).toEqual({ "JE-HAND": "high UT5 RUT5 +4", "RUT9-again": "high UT9 RUT9 +1" });
  });

  test("the second reversal does not pair with next month's accrual: that one, left unreversed, is still found", () => {
    // A fixed-amount accrual: next month's has the same lines as this one.
    const ledger: Transaction[] = [];
    for (const m of months) {
      const lines = accrual("6600", "2300", 55_000, "Bonus accrual");
      ledger.push(...journal(`BON${m.k}`, m.end, lines));
      if (m.k < 23 && m.k !== 12) ledger.push(...journal(`RBON${m.k}`, m.first, swap(lines), "system"));
    }
    ledger.push(...journal("JE-HAND", months[11]!.plus(6), swap(accrual("6600", "2300", 55_000, "Reverse bonus")), "staff"));
    expect(twiceOf(ledger)).toEqual({ "JE-HAND": "high BON11 RBON11 +5" });
    expect(unreversedOf(ledger)).toEqual({ BON12: "high debits to 6600 posted by staff 21/22" });
  });

  test("a partial reversal completed later, a reversal then a re-accrual reversed in turn, a wrong reversal corrected: none is found", () => {
    const ledger = regularLedger((k, what) => (k === 3 || k === 6) && what === "UT");
    const a3 = 70_000 + 3 * 113;
    // Partial: 50,000 on the 1st, the rest on the 5th.
    ledger.push(...journal("RUT3-part", months[3]!.first, swap(accrual("6100", "2100", 50_000, "Utilities accrual")), "system"));
    ledger.push(...journal("RUT3-rest", months[3]!.plus(5), swap(accrual("6100", "2100", a3 - 50_000, "Utilities accrual")), "system"));
    // Reversed, re-accrued (the accrual was right after all), reversed again.
    ledger.push(...journal("UT4-again", months[4]!.plus(3), util(4), "staff"));
    ledger.push(...journal("RUT4-again", months[4]!.plus(8), handReversal(4), "staff"));
    // A reversal posted in error on the wrong day, reversed, then the right reversal posted.
    ledger.push(...journal("RUT6-wrong", months[6]!.plus(-10), swap(util(6)), "system"));
    ledger.push(...journal("RUT6-undo", months[6]!.plus(-9), util(6), "staff"));
    ledger.push(...journal("RUT6", months[6]!.first, swap(util(6)), "system"));
    expect(twiceOf(ledger)).toEqual({});
  });

  test("a kind not reversed as a rule (rent) posted back and forth: no habit, nothing found", () => {
    const ledger = regularLedger();
    const rent = accrual("6000", "2000", 9_000, "Rent");
    ledger.push(...journal("RENT-back", months[7]!.plus(2), swap(rent)), ...journal("RENT-back2", months[7]!.plus(4), swap(rent)));
    expect(twiceOf(ledger)).toEqual({});
  });

  test("through a duplicate_detection scan: each line of the second reversal, its total at risk once", async () => {
    const ledger = [...regularLedger(), ...journal("JE-HAND", months[5]!.plus(5), handReversal(5), "staff")].sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!));
    const engine = makeEngine([memoryConnector({ transactions: ledger })], modulesConfig({}), 101, [], silentLogger, 1).engine;
    const out: { journal: string; at: number; message: string; severity: string }[] = [];
    for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "duplicate_detection", limit: 1_000_000 })) {
      for (const a of f.anomalies) if (a.code === "accrual_reversed_twice") out.push({ journal: String(f.transaction.attributes!["Journal ID"]), at: a.amount_at_risk, message: a.message, severity: a.severity });
    }
    expect(out.map((o) => o.journal)).toEqual(["JE-HAND", "JE-HAND"]);
    expect(out.map((o) => o.at).sort()).toEqual([0, 70_565]);
    expect(out[0]!.severity).toBe("high");
    expect(out[0]!.message).toContain("reverses journal UT5 again");
    expect(out[0]!.message).toContain("RUT5");
  });
});

describe("accrual_not_reversed: a document dated far in the future", () => {
  // One typo-dated entry (2099 for 2025) made the history's last day 2099: every accrual of the
  // last month looked 74 years unreversed. As the recurring rules do, a day past the scan's day +
  // 366 extends the history no further (context.ts passes that horizon).
  const typo = () => [...regularLedger(), ...journal("RENT-TYPO", "2099-12-31", accrual("6000", "2000", 9_000, "Rent"))];
  const horizon = Math.floor(Date.parse("2026-01-15") / 86_400_000) + 366;

  function unreversedWithin(ledger: Transaction[], horizonDay?: number): string[] {
    const ordered = [...ledger].sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!));
    const b = new JournalCopiesBuilder("Journal ID", undefined, horizonDay);
    ordered.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
    const found = b.finish().unreversed;
    return [...new Set(ordered.flatMap((_, seq) => found.at(seq)?.journal ?? []))];
  }

  test("without a horizon the typo's day is the last: the last month's accruals, not due yet, look unreversed", () => {
    expect(unreversedWithin(typo()).sort()).toEqual(["FR23", "UT23"]);
  });

  test("with the scan's horizon the typo extends nothing: the last month's accruals are not due; one truly left standing is still found", () => {
    expect(unreversedWithin(typo(), horizon)).toEqual([]);
    const ledger = [...typo(), ...journal("CONS", "2025-06-30", accrual("6300", "2100", 35_000, "Consulting accrual"))];
    expect(unreversedWithin(ledger, horizon)).toEqual(["CONS"]);
  });

  test("through a scan (the clock's day + 366 is the horizon): nothing found for the typo", async () => {
    const ledger = typo().sort((a, b) => Date.parse(a.date!) - Date.parse(b.date!));
    const engine = makeEngine([memoryConnector({ transactions: ledger })], modulesConfig({}), 101, [], silentLogger, 1).engine;
    const out: string[] = [];
    for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) {
      for (const a of f.anomalies) if (a.code === "accrual_not_reversed") out.push(String(f.transaction.attributes!["Journal ID"]));
    }
    expect(out).toEqual([]);
  });
});

describe("accrual_not_reversed: partial reversals found without a walk per accrual", () => {
  /** `habits` account-sides of 4 reversed accruals (reversals the next day) and 1 left standing, all of day 0, and one journal 100 days later. */
  function standingAccruals(habits: number): JournalFacts & { sideStarts: number[] } {
    const f = { hashes: [] as number[], reversals: [] as number[], days: [] as number[], starts: [] as number[], counts: [] as number[], totals: [] as number[], ids: [] as string[], sideStarts: [] as number[], sideKeys: [] as number[], sideNames: new Map<number, AccountSide>() };
    let h = 1;
    const add = (hash: number, reversal: number, day: number, keys: number[], id: string) => {
      f.sideStarts.push(f.sideKeys.length);
      f.sideKeys.push(...keys);
      f.hashes.push(hash);
      f.reversals.push(reversal);
      f.days.push(day);
      f.starts.push(f.starts.length * 2);
      f.counts.push(2);
      f.totals.push(100);
      f.ids.push(id);
    };
    for (let k = 0; k < habits; k++) {
      const [cr, dr, rcr, rdr] = [10 * k + 1, 10 * k + 2, 10 * k + 3, 10 * k + 4];
      f.sideNames.set(cr, { account: `2100-${k}`, debit: false, user: "staff" });
      f.sideNames.set(dr, { account: `6100-${k}`, debit: true, user: "staff" });
      f.sideNames.set(rcr, { account: `2100-${k}`, debit: true, user: "system" });
      f.sideNames.set(rdr, { account: `6100-${k}`, debit: false, user: "system" });
      for (let j = 0; j < 4; j++) {
        const [a, b] = [h++, h++];
        add(a, b, 0, [cr, dr], `A${k}-${j}`);
        add(b, a, 1, [rcr, rdr], `R${k}-${j}`);
      }
      add(h++, h++, 0, [cr, dr], `U${k}`);
    }
    add(h++, h++, 100, [1e9], "LAST");
    f.sideStarts.push(f.sideKeys.length);
    return f;
  }

  test("400 habits each with one accrual left standing in one window: all found, the side lists read linearly", () => {
    const f = standingAccruals(400);
    let reads = 0;
    const counted = new Proxy(f.sideStarts, {
      get(target, k, receiver) {
        if (typeof k === "string" && k !== "length" && !Number.isNaN(Number(k))) reads++;
        return Reflect.get(target, k, receiver);
      },
    });
    const found = findUnreversedAccruals({ ...f, sideStarts: counted });
    expect(found.size).toBe(400);
    expect(found.at(f.starts[f.ids.indexOf("U123")]!)?.habit).toBe("credits to 2100-123 posted by staff");
    // The walk read 2 per journal walked: ~2.9 million here.
    expect(reads).toBeLessThan(20 * f.days.length);
  });

  /** The walk it replaced, as the reference. */
  function walked(f: JournalFacts, order: readonly number[], isReversal: Uint8Array, i: number, key: number): boolean {
    const side = f.sideNames.get(key);
    if (side === undefined) return false;
    for (let p = 0; p < order.length; p++) {
      const j = order[p]!;
      if (f.days[j]! < f.days[i]! || j === i || (f.days[j] === f.days[i] && j < i)) continue;
      if (f.days[j]! - f.days[i]! > REVERSAL_DAYS) break;
      let sameSide = false;
      let oppositeSide = false;
      for (let k = f.sideStarts[j]!; k < f.sideStarts[j + 1]!; k++) {
        const key2 = f.sideKeys[k]!;
        if (key2 === key) sameSide = true;
        else {
          const other = f.sideNames.get(key2);
          if (other !== undefined && other.account === side.account && other.debit !== side.debit) oppositeSide = true;
        }
      }
      if (sameSide && isReversal[j] === 0) return false;
      if (oppositeSide && isReversal[j] === 0) return true;
    }
    return false;
  }

  test("on random ledgers, the same answers as the walk", () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let partly = 0;
    for (let round = 0; round < 200; round++) {
      const n = 5 + rand(60);
      const keys = 2 + rand(10);
      const sideNames = new Map<number, AccountSide>();
      // Some keys unnamed (the names are bounded); accounts shared by several keys (users, dimensions).
      for (let k = 0; k < keys; k++) if (rand(8) !== 0) sideNames.set(k, { account: `A${rand(3)}`, debit: rand(2) === 0, user: `u${rand(2)}` });
      const days = Array.from({ length: n }, () => rand(90));
      const sideStarts: number[] = [];
      const sideKeys: number[] = [];
      for (let i = 0; i < n; i++) {
        sideStarts.push(sideKeys.length);
        const count = rand(4);
        for (let c = 0; c < count; c++) sideKeys.push(rand(keys));
      }
      sideStarts.push(sideKeys.length);
      const f = { hashes: [], reversals: [], days, starts: [], counts: [], totals: [], ids: [], sideStarts, sideKeys, sideNames } as JournalFacts;
      const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => days[x]! - days[y]! || x - y);
      const isReversal = Uint8Array.from({ length: n }, () => (rand(3) === 0 ? 1 : 0));
      const candidates = Array.from({ length: 1 + rand(n) }, () => ({ i: rand(n), key: rand(keys) }));
      const got = partialReversals(f, order, isReversal, candidates);
      const want = candidates.map(({ i, key }) => walked(f, order, isReversal, i, key));
      expect(got).toEqual(want);
      partly += want.filter(Boolean).length;
    }
    expect(partly).toBeGreaterThan(100);
  });
});
