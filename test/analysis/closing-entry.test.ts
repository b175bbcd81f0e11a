// The year-end close (Business Central's Close Income Statement, SAP's balance carryforward,
// Oracle's closing journal, Xero's and QuickBooks' close to retained earnings): once a year one
// journal brings every income-statement account to zero against an equity account, on the fiscal
// year's last day. It is judged as a close — does it zero the balances? — not scored as an
// ordinary entry (the one journal a year that debits revenue, at 12× the account's usual amount).
// The hard negatives are what must not pass for one: a top-side journal debiting revenue against
// retained earnings at year end (a classic planted anomaly), a journal of many accounts on the
// year's last day that does not zero them (a reclass, a payroll), a close on no month's last day,
// and a close whose history starts mid-year (its balances cannot be checked: no guess).
import { describe, expect, test } from "bun:test";
import { JournalCopiesBuilder } from "../../src/analysis/journal-copies.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { silentLogger } from "../../src/log.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";
import { type JournalLine, journalWriter } from "../support/journal-lines.ts";

interface Line extends JournalLine { dept?: string }
const writeJournal = journalWriter(50_000);

function journal(id: string, day: string, lines: Line[], user = "staff", company = "A"): Transaction[] {
  return writeJournal(id, day, lines, user, (l) => ({ Company: company, Account: l.account, Department: l.dept ?? "", Description: id.startsWith("CLOSE") ? "Close income statement" : "Posting" }));
}

const REVENUE = ["4000", "4100", "4200"];
const EXPENSE = ["5000", "6000", "6100", "6200", "6300", "6400"];
const isPnl = (a: string) => a >= "4000";

/** A small seeded generator (mulberry32). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A company's ordinary business from `from` to `to`: daily sales (AR to revenue by department), expenses (to AP), payments. */
function business(company: string, from: string, to: string, seed: number): Transaction[] {
  const rnd = random(seed);
  const out: Transaction[] = [];
  let n = 0;
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += 86_400_000) {
    const dow = new Date(ms).getUTCDay();
    if (dow === 0 || dow === 6) continue;
    const day = iso(ms);
    const rev = REVENUE[Math.floor(rnd() * REVENUE.length)]!;
    const sale = Math.round(2_000 + rnd() * 3_000) + 0.37;
    out.push(...journal(`${company}-S${n++}`, day, [{ account: "1100", debit: sale }, { account: rev, credit: sale, dept: rnd() < 0.5 ? "EAST" : "WEST" }], "sales", company));
    const exp = EXPENSE[Math.floor(rnd() * EXPENSE.length)]!;
    const cost = Math.round(800 + rnd() * 1_500) + 0.11;
    out.push(...journal(`${company}-E${n++}`, day, [{ account: exp, debit: cost, dept: rnd() < 0.5 ? "EAST" : "WEST" }, { account: "2000", credit: cost }], "payables", company));
    if (dow === 4) out.push(...journal(`${company}-P${n++}`, day, [{ account: "2000", debit: 5_000 }, { account: "1000", credit: 5_000 }], "payables", company));
  }
  return out;
}

/** The close of `year` for `company`: each income-statement account and department zeroed against 3900, from the ledger's own balances. */
function closeOf(ledger: Transaction[], company: string, year: string, scale = 1): Line[] {
  const balances = new Map<string, number>();
  for (const t of ledger) {
    const a = t.attributes!;
    if (a.Company !== company || !isPnl(String(a.Account)) || !t.date!.startsWith(year)) continue;
    const k = `${a.Account}|${a.Department}`;
    balances.set(k, Math.round(((balances.get(k) ?? 0) + t.amount! * 100) as number));
  }
  const lines: Line[] = [];
  let net = 0;
  for (const [k, cents] of [...balances].sort()) {
    const [account, dept] = k.split("|") as [string, string];
    const amount = Math.round(cents * scale);
    if (amount === 0) continue;
    lines.push(amount > 0 ? { account, credit: amount / 100, dept } : { account, debit: -amount / 100, dept });
    net += amount;
  }
  lines.push(net > 0 ? { account: "3900", debit: net / 100 } : { account: "3900", credit: -net / 100 });
  return lines;
}

/** 2024 and the first quarter of 2025, the close of 2024 keyed in January (after January's entries, as an export lists it). */
function closedYear(closeDay = "2024-12-31", scale = 1): { ledger: Transaction[]; close: Transaction[] } {
  const y24 = business("A", "2024-01-01", "2024-12-31", 7);
  const y25 = business("A", "2025-01-01", "2025-01-31", 8);
  const close = journal("CLOSE-2024", closeDay, closeOf(y24, "A", "2024", scale), "controller");
  const later = business("A", "2025-02-01", "2025-03-31", 9);
  return { ledger: [...y24, ...y25, ...close, ...later], close };
}

function closesOf(ledger: Transaction[]): string[] {
  const b = new JournalCopiesBuilder("Journal ID");
  ledger.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
  const found = b.finish().closes;
  return [...new Set(ledger.flatMap((_, seq) => found.at(seq)?.journal ?? []))];
}

describe("a closing entry: which journals", () => {
  test("the close of the year, keyed in January on the year's last day, zeroes every income-statement account: a close, every line of it", () => {
    const { ledger, close } = closedYear();
    expect(closesOf(ledger)).toEqual(["CLOSE-2024"]);
    const b = new JournalCopiesBuilder("Journal ID");
    ledger.forEach((t, seq) => b.add(t, seq, Date.parse(t.date!)));
    const closes = b.finish().closes;
    const first = ledger.indexOf(close[0]!);
    const found = closes.at(first)!;
    expect(found.lines).toBe(close.length);
    expect(found.zeroed).toBe(REVENUE.length + EXPENSE.length);
    expect(found.offsets).toEqual(["3900"]);
    for (let q = 0; q < close.length; q++) expect(closes.at(first + q)?.journal).toBe("CLOSE-2024");
    expect(closes.at(first - 1)).toBeUndefined();
    expect(closes.at(first + close.length)).toBeUndefined();
  });

  test("two companies of one chart close on the same day: each close zeroes its own company's accounts", () => {
    const a24 = business("A", "2024-01-01", "2024-12-31", 7);
    const b24 = business("B", "2024-01-01", "2024-12-31", 11);
    const ledger = [...a24, ...b24, ...business("A", "2025-01-01", "2025-01-31", 8), ...journal("CLOSE-A", "2024-12-31", closeOf(a24, "A", "2024"), "controller", "A"), ...journal("CLOSE-B", "2024-12-31", closeOf(b24, "B", "2024"), "controller", "B")];
    expect(closesOf(ledger).sort()).toEqual(["CLOSE-A", "CLOSE-B"]);
  });

  test("a top-side journal debiting revenue against retained earnings on the year's last day is no close", () => {
    const { ledger } = closedYear();
    const topSide = journal("JE-TOPSIDE", "2024-12-31", [{ account: "4000", debit: 48_000, dept: "EAST" }, { account: "3900", credit: 48_000 }], "cfo");
    expect(closesOf([...ledger.slice(0, 600), ...topSide, ...ledger.slice(600)])).toEqual(["CLOSE-2024"]);
    // Without the close, and spread over every revenue account: still no close (the balances stay).
    const y24 = business("A", "2024-01-01", "2024-12-31", 7);
    const spread = journal("JE-SPREAD", "2024-12-31", [...REVENUE.map((account) => ({ account, debit: 20_000, dept: "EAST" })), ...EXPENSE.map((account) => ({ account, credit: 5_000, dept: "WEST" })), { account: "3900", credit: 30_000 }], "cfo");
    expect(closesOf([...y24, ...spread])).toEqual([]);
  });

  test("a journal of many accounts on the year's last day that moves half of each balance is no close", () => {
    expect(closesOf(closedYear("2024-12-31", 0.5).ledger)).toEqual([]);
  });

  test("a journal zeroing the accounts on no month's last day is not judged a close", () => {
    const y24 = business("A", "2024-01-01", "2024-12-20", 7);
    const close = journal("CLOSE-X", "2024-12-20", closeOf(y24, "A", "2024"), "controller");
    expect(closesOf([...y24, ...close])).toEqual([]);
  });

  test("a history starting mid-year: the close's balances cannot be checked — no close (no guess)", () => {
    const { ledger } = closedYear();
    expect(closesOf(ledger.filter((t) => t.date! >= "2024-07-01" || t.attributes!["Journal ID"] === "CLOSE-2024"))).toEqual([]);
  });

  test("a payroll of many expense accounts on the year's last day, before the close zeroes them, is no close: it carries a month's amounts, the close the year's", () => {
    const { ledger } = closedYear();
    const payroll = journal("PR-12", "2024-12-31", [...EXPENSE.flatMap((account) => ["EAST", "WEST"].map((dept) => ({ account, debit: 1_500, dept }))), { account: "2100", credit: 18_000 }], "payroll");
    const y24 = business("A", "2024-01-01", "2024-12-31", 7);
    const close = journal("CLOSE-2024", "2024-12-31", closeOf([...y24, ...payroll], "A", "2024"), "controller");
    expect(closesOf([...y24, ...payroll, ...business("A", "2025-01-01", "2025-01-31", 8), ...close])).toEqual(["CLOSE-2024"]);
    void ledger;
  });

  test("a month-end payroll of many expense accounts and departments to one liability is no close", () => {
    const y24 = business("A", "2024-01-01", "2024-12-31", 7);
    const payroll = journal("PR-12", "2024-12-31", [...EXPENSE.flatMap((account) => ["EAST", "WEST"].map((dept) => ({ account, debit: 3_000, dept }))), { account: "2100", credit: 36_000 }], "payroll");
    expect(closesOf([...y24, ...payroll])).toEqual([]);
  });
});

describe("a closing entry through an anomaly_detection scan", () => {
  async function scan(ledger: Transaction[]): Promise<Map<string, string[]>> {
    const engine = makeEngine([memoryConnector({ transactions: ledger })], modulesConfig({}), 101, [], silentLogger, 1).engine;
    const out = new Map<string, string[]>();
    for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) {
      const id = String(f.transaction.attributes!["Journal ID"]);
      for (const a of f.anomalies) if (a.severity !== "low") out.set(id, [...(out.get(id) ?? []), `${a.code} ${a.severity}`]);
    }
    return out;
  }

  test("the close's lines are not scored as ordinary entries (medium and above: none); a top-side revenue debit by a user who posts nothing else still is", async () => {
    const { ledger } = closedYear();
    const topSide = journal("JE-TOPSIDE", "2024-12-31", [{ account: "4000", debit: 148_000, dept: "EAST" }, { account: "1000", credit: 148_000 }], "cfo");
    const at = ledger.findIndex((t) => t.date!.startsWith("2025-01-02"));
    const found = await scan([...ledger.slice(0, at), ...topSide, ...ledger.slice(at)]);
    expect(found.get("CLOSE-2024")).toBeUndefined();
    // 148,000 debited to revenue by a user who posts nothing else: rare and far above the account's usual (medium here).
    expect(found.get("JE-TOPSIDE")).toContain("amount_outlier_attribute medium");
  });

  test("the same journal with half of each balance (no close) is still scored", async () => {
    const found = await scan(closedYear("2024-12-31", 0.5).ledger);
    expect(found.get("CLOSE-2024")?.length ?? 0).toBeGreaterThan(0);
  });
});
