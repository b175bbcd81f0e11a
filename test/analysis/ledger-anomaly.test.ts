// The anomaly module on a ledger with regular business (bench/ledger.ts): hard negatives (payroll,
// depreciation, accrual and allocation runs must not be high), decisive single findings (an
// amount hundreds of times the account's usual, a never-seen posting key), local amounts, three-
// way combinations, zero-config profiling, calibrated weak signals and posting habits.
import { describe, expect, test } from "bun:test";
import { generateLedger, LEDGER_FIELDS, SCHEDULED_KINDS } from "../../bench/ledger.ts";
import { scopeReader } from "../../src/analysis/amount-contexts.ts";
import { profileCategoricalFields } from "../../src/analysis/profile.ts";
import { riskScore } from "../../src/analysis/scoring.ts";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";

const ledger = generateLedger({ seed: 11, entries: 30_000, anomalyRate: 0.002 });

async function scan(transactions: Transaction[], overrides: Record<string, unknown> = {}) {
  const connector = memoryConnector({ transactions });
  const { engine } = makeEngine([connector], modulesConfig({ anomaly_detection: overrides, context: { history_limit: 1_000_000 } }));
  const out = new Map<string, TransactionFinding>();
  for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) out.set(f.transaction.transaction_id, f);
  return out;
}

const isHigh = (f: TransactionFinding | undefined) => f !== undefined && (f.risk_level === "high" || f.risk_level === "critical");

describe("anomaly detection on a ledger with regular business", () => {
  for (const setup of ["zero-config", "configured"] as const) {
    test(`${setup}: scheduled runs are not high, decisive anomalies are`, async () => {
      const found = await scan(ledger.transactions, setup === "configured" ? { categorical_fields: LEDGER_FIELDS } : {});
      for (const kind of SCHEDULED_KINDS) {
        const ids = [...ledger.regular].filter(([, k]) => k === kind).map(([id]) => id);
        expect(ids.length).toBeGreaterThan(20);
        expect(ids.filter((id) => isHigh(found.get(id)))).toEqual([]);
      }
      const byKind = (kind: string) => [...ledger.labels].filter(([, k]) => k === kind).map(([id]) => id);
      // Amounts 100–1000× the account's usual and never-used values reach high on their own —
      // except a never-used value in a field whose history is too short to call it so (30,000
      // entries: some legitimate accounts are used only 2–4 times, so one used once is worth a
      // look, medium, not an alarm; the minimum-history guard of rare_value).
      for (const kind of ["global_amount", "global_value"]) {
        const ids = byKind(kind);
        expect(ids.length).toBeGreaterThan(5);
        const notHigh = ids.filter((id) => !isHigh(found.get(id)));
        if (kind === "global_amount") expect(notHigh).toEqual([]);
        else {
          expect(notHigh.length).toBeLessThanOrEqual(2);
          for (const id of notHigh) expect(found.get(id)!.anomalies.find((a) => a.code === "rare_value")?.message).toMatch(/history is too short/);
        }
      }
      // Combinations: pairs never seen together, and three values whose every pair is common.
      expect(byKind("local_pair").filter((id) => isHigh(found.get(id))).length).toBeGreaterThanOrEqual(byKind("local_pair").length - 1);
      const triples = byKind("local_triple").filter((id) => found.get(id)?.anomalies.some((a) => a.code === "rare_combination" && a.field!.split(",").length === 3));
      expect(triples.length).toBeGreaterThanOrEqual(Math.ceil(byKind("local_triple").length / 2));
      // Amounts 25–80× the account's usual (within the ledger's range): many are found (the account's own spread hides some).
      const local = byKind("local_amount");
      expect(local.filter((id) => isHigh(found.get(id))).length).toBeGreaterThanOrEqual(Math.ceil(local.length / 3));
      // Precision at the product's decision.
      const high = [...found.values()].filter(isHigh);
      const tp = high.filter((f) => ledger.labels.has(f.transaction.transaction_id)).length;
      expect(tp / high.length).toBeGreaterThan(0.6);
    }, 120_000);
  }

  test("short ledgers: low-volume accounts and occasional foreign currencies are not high (minimum-history guard)", async () => {
    // 15,000 entries: a low-volume account appears once or twice, a company's occasional foreign
    // currency a handful of times per profit centre — what a long ledger shows hundreds of times.
    for (const seed of [7, 99]) {
      const short = generateLedger({ seed, entries: 15_000 });
      const found = await scan(short.transactions);
      const flagged = [...short.regular].filter(([id, k]) => (k === "low_volume" || k === "foreign_currency") && isHigh(found.get(id)));
      expect(flagged).toEqual([]);
    }
    // The year-end closing run of a short ledger: each posting a year of its account's postings,
    // fewer times the usual than on a long ledger, the closing user's first posting there.
    const closing = generateLedger({ seed: 7, entries: 15_000, extra: true });
    const found = await scan(closing.transactions);
    const ids = [...closing.regular].filter(([, k]) => k === "year_end_closing").map(([id]) => id);
    expect(ids.filter((id) => isHigh(found.get(id))).length).toBeLessThanOrEqual(ids.length * 0.01);
  }, 60_000);

  test("further regular business: a year-end closing run, intercompany charges, a seasonal line and revaluation runs are not high", async () => {
    // The closing run posts once per account a year, each amount a year of postings: far above
    // the account's usual, ordinary for the batch user's own level (a routine of its own level).
    const extra = generateLedger({ seed: 11, entries: 30_000, extra: true });
    const found = await scan(extra.transactions);
    for (const kind of ["year_end_closing", "intercompany", "seasonal", "fx_revaluation"]) {
      const ids = [...extra.regular].filter(([, k]) => k === kind).map(([id]) => id);
      expect(ids.length).toBeGreaterThan(100);
      expect(ids.filter((id) => isHigh(found.get(id))).length).toBeLessThanOrEqual(ids.length * 0.01);
    }
  }, 60_000);

  test("every amount finding is explained: context, usual amount, ratio", async () => {
    const found = await scan(ledger.transactions);
    const id = [...ledger.labels].find(([, k]) => k === "global_amount")![0];
    const a = found.get(id)!.anomalies.find((x) => x.code.startsWith("amount_outlier_"))!;
    expect(a.severity).toMatch(/high|critical/);
    expect(a.message).toMatch(/× the usual/);
    expect((a.expected as { typical: number }).typical).toBeGreaterThan(0);
    expect((a.actual as { ratio: number }).ratio).toBeGreaterThan(25);
  }, 60_000);
});

describe("zero configuration", () => {
  test("profiling keeps code-like fields and drops ids, amounts, dates and free text", () => {
    const rows: Transaction[] = Array.from({ length: 2000 }, (_, i) => ({
      transaction_id: `T${i}`,
      type: "journal_entry",
      date: `2025-01-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00Z`,
      currency: i % 3 === 0 ? "USD" : "EUR",
      amount: 100 + i * 1.37,
      created_by: `U${i % 12}`,
      lines: [],
      attributes: { BSCHL: ["40", "50"][i % 2]!, DOCNO: `D${i}`, WRBTR: (i * 3.7).toFixed(2), BUDAT: `2025-02-${String(1 + (i % 28)).padStart(2, "0")}`, TEXT: `free text describing posting number ${i % 90} in some detail, long` },
    }));
    expect(profileCategoricalFields(rows)).toEqual(["type", "currency", "created_by", "attributes.BSCHL"]);
    // Where an entry sits is no category: a line number (by its values or its name), a fiscal
    // year or period. A code of small numbers that are not a line count still is one.
    const placed = rows.map((t, i) => ({
      ...t,
      attributes: { ...t.attributes, item: String(1 + [0, 0, 0, 0, 0, 1, 1, 1, 2, 3][i % 10]!), Line_No: String(1 + (i % 2)), fiscal_year: "2025", MONAT: String(1 + (i % 12)), SEG: ["1", "2", "2", "2", "3", "3"][i % 6]! },
    }));
    expect(profileCategoricalFields(placed)).toEqual(["type", "currency", "created_by", "attributes.BSCHL", "attributes.SEG"]);
    expect(profileCategoricalFields(ledger.transactions.slice(0, 10_000))).toEqual(expect.arrayContaining(["created_by", "attributes.BUKRS", "attributes.BLART", "attributes.BSCHL", "attributes.KTOSL", "attributes.PRCTR"]));
  });

  test("a German or French export's line item, fiscal year and period are no codes either (Position, Geschäftsjahr, Buchungsperiode, Exercice)", () => {
    // SAP GUI exports on a German logon write BUZEI, GJAHR and MONAT/POPER under their German
    // labels; taken for codes, the year-end closing's periods 13–16 were never-seen values, and
    // the period split a vendor's postings into a stream per month (split_below_approval_limit).
    const rows: Transaction[] = Array.from({ length: 2400 }, (_, i) => ({
      transaction_id: `T${i}`,
      type: "journal_entry",
      date: "2025-01-02T10:00:00Z",
      currency: "EUR",
      amount: 100 + i,
      created_by: `U${i % 12}`,
      lines: [],
      attributes: {
        Sachkonto: String(400000 + (i % 30) * 100),
        Position: String(1 + (i % 3)).padStart(3, "0"),
        "Geschäftsjahr": i < 1200 ? "2024" : "2025",
        Buchungsperiode: String(1 + (i % 12)).padStart(3, "0"),
        Geschaeftsjahr: "2025",
        Exercice: "2025",
        "Période": String(1 + (i % 12)),
      },
    }));
    expect(profileCategoricalFields(rows)).toEqual(["type", "currency", "created_by", "attributes.Sachkonto"]);
  });

  test("a regional export's posting date is a date, not a code (31/01/2025, 01/31/2025, 31.01.2025)", () => {
    // A Xero, Sage or DATEV export writes its dates as the region does; kept as an attribute
    // beside the mapped date-time, such a column repeats like a code (a day has dozens of lines)
    // and, taken for one, made "account 090 on 13/01/2025" a never-seen pair and a user's postings
    // of one day a routine that explained any amount posted that day.
    const day = (i: number) => 1 + (i % 28);
    const rows: Transaction[] = Array.from({ length: 2000 }, (_, i) => ({
      transaction_id: `T${i}`,
      type: "journal_entry",
      date: `2025-01-${String(day(i)).padStart(2, "0")}T10:00:00Z`,
      currency: "GBP",
      amount: 100 + i * 1.37,
      created_by: `U${i % 12}`,
      lines: [],
      attributes: {
        Account: ["090", "200", "610"][i % 3]!,
        Date: `${String(day(i)).padStart(2, "0")}/01/2025`,
        US_Date: `01/${String(day(i)).padStart(2, "0")}/2025`,
        Belegdatum: `${String(day(i)).padStart(2, "0")}.01.25`,
        Period: `${String(day(i)).padStart(2, "0")}-01-2025`,
        Slash: `2025/01/${String(day(i)).padStart(2, "0")}`,
        // ISO 8601's basic format, the FEC's PieceDate and DateLet (20250113), and DATEV's
        // Leistungsdatum (13012025): taken for codes, "BQ_IMPORT on PieceDate 20240109" was a
        // never-seen pair and a day's bank lines an amount context of their own.
        PieceDate: `202501${String(day(i)).padStart(2, "0")}`,
        Leistungsdatum: `${String(day(i)).padStart(2, "0")}012025`,
        // Codes that look a little like dates stay codes, eight-digit accounts among them.
        Version: ["4.1.2", "4.1.3", "5.0.1"][i % 3]!,
        Range: ["10-20", "20-30"][i % 2]!,
        GL: ["60110000", "20010000", "44566000"][i % 3]!,
      },
    }));
    expect(profileCategoricalFields(rows)).toEqual(["type", "currency", "created_by", "attributes.Account", "attributes.GL", "attributes.Range", "attributes.Version"]);
  });

  test("a link to another entry is no code: Business Central's Reversed Entry No. and Reversed by Entry No. (0, else the other entry's number)", () => {
    // BC writes 0 where an entry was never reversed and the other entry's number on both sides of a
    // Reverse Transaction: a column of one commonest value with every other value met once. Taken
    // for a code, every reversal and every entry it reversed was a value never seen (rare_value, high).
    const rows: Transaction[] = Array.from({ length: 3000 }, (_, i) => {
      const reversed = i % 150 === 7;
      return {
        transaction_id: `T${i}`,
        type: "journal_entry",
        date: "2025-01-02T10:00:00Z",
        currency: "USD",
        amount: 100 + i,
        created_by: `U${i % 12}`,
        lines: [],
        attributes: {
          "G/L Account": String(10100 + (i % 40) * 100),
          "Reversed by Entry No.": reversed ? String(412_300 + i * 7) : "0",
          "Reversed Entry No.": reversed ? String(412_305 + i * 7) : "0",
          Reversed: reversed ? "Yes" : "No",
          // Two links only in the sample: known by the name.
          "Closed by Entry No.": i === 11 || i === 12 ? String(500_000 + i) : "0",
          "Link Ref": i === 11 || i === 12 ? String(500_000 + i) : "0",
          // A code with a dominant value and a few rare ones, each met once, stays a code.
          Region: i % 500 === 3 ? ["NW", "SE", "SW", "NE", "N", "S"][i / 500] ?? "W" : "C",
        },
      };
    });
    expect(profileCategoricalFields(rows)).toEqual(["type", "currency", "created_by", "attributes.G/L Account", "attributes.Link Ref", "attributes.Region", "attributes.Reversed"]);
  });

  test("a batch is no code: a pay run or posting batch, each value used within days, new ones all year (a payroll register's Pay Run ID)", () => {
    // A biweekly payroll: 40 employees paid each run, a run id per run, now and then an off-cycle
    // run of one manual check. Taken for a code, every off-cycle run was a value never seen.
    const rows: Transaction[] = [];
    for (let run = 0; run < 26; run++) {
      const day = new Date(Date.UTC(2025, 0, 3) + run * 14 * 86_400_000).toISOString().slice(0, 10);
      for (let e = 0; e < 40; e++) rows.push({ transaction_id: `P${rows.length}`, type: "payment", date: `${day}T00:00:00Z`, customer_id: `E${e}`, currency: "USD", amount: 1500 + e, created_by: `U${run % 2}`, lines: [], attributes: { "Pay Run ID": `BW-${day}`, "Pay Group": e < 30 ? "Biweekly Hourly" : "Biweekly Drivers", "Pay Type": "Regular" } });
      if (run % 3 === 0) rows.push({ transaction_id: `P${rows.length}`, type: "payment", date: `${day}T00:00:00Z`, customer_id: "E3", currency: "USD", amount: 212.5, created_by: "U0", lines: [], attributes: { "Pay Run ID": `OC-${day}-${run}`, "Pay Group": "Biweekly Hourly", "Pay Type": "Off-Cycle" } });
    }
    expect(profileCategoricalFields(rows)).toEqual(["type", "currency", "created_by", "customer_id", "attributes.Pay Group", "attributes.Pay Type"]);
    // The same field over one day's entries says nothing of lifetimes: kept, as before.
    const oneDay = rows.map((t) => ({ ...t, date: "2025-01-03T00:00:00Z" }));
    expect(profileCategoricalFields(oneDay)).toContain("attributes.Pay Run ID");
  });

  test("a field that only renames another (an account's code and its name) is kept once; a company and its currency stay two", () => {
    // Counted twice, a new account would be two never-seen values and each of its pairs two pairs.
    // Fields of few values that go one to one are not names of each other: a company booking in
    // another company's currency is the combination to find.
    const rows: Transaction[] = Array.from({ length: 3000 }, (_, i) => ({
      transaction_id: `T${i}`,
      type: "journal_entry",
      date: "2025-01-02T10:00:00Z",
      currency: i % 2 === 0 ? "EUR" : "USD",
      amount: 100 + i,
      created_by: `U${i % 12}`,
      lines: [],
      attributes: { Company: i % 2 === 0 ? "DE01" : "US01", "Account Code": String(400 + (i % 30)), "Account Name": `Expense account ${i % 30}` },
    }));
    expect(profileCategoricalFields(rows)).toEqual(["type", "currency", "created_by", "attributes.Account Code", "attributes.Company"]);
  });

  test("amounts are compared within the company when a field determines the currency", () => {
    const sample = ledger.transactions.slice(0, 10_000);
    expect(scopeReader(sample, ["currency", "created_by", "attributes.BUKRS", "attributes.BLART"]).field).toBe("attributes.BUKRS");
    expect(scopeReader(sample.map((t) => ({ ...t, currency: "EUR" })), ["attributes.BUKRS"]).field).toBeNull();
  });
});

describe("calibrated scoring", () => {
  test("weak signals together stay below high; one decisive finding reaches it alone", () => {
    const weak = [
      { weight: 0.25, score: 1, group: "weak" as const },
      { weight: 0.25, score: 1, group: "weak" as const },
      { weight: 0.15, score: 1, group: "weak" as const },
      { weight: 0.5, score: 1, group: "weak" as const },
    ];
    expect(riskScore(weak)).toBeLessThan(60);
    expect(riskScore([{ weight: 0.9, score: 0.7 }])).toBeGreaterThanOrEqual(60);
    expect(riskScore([...weak, { weight: 0.9, score: 0.5 }])).toBeGreaterThan(riskScore([{ weight: 0.9, score: 0.5 }]));
  });

  test("a batch user's habitual night and weekend runs are not reported as out of hours", async () => {
    const found = await scan(ledger.transactions);
    const runs = [...ledger.regular].filter(([, k]) => k === "depreciation").map(([id]) => found.get(id)!);
    expect(runs.flatMap((f) => f.anomalies.map((a) => a.code))).not.toContain("out_of_hours_posting");
    expect(runs.flatMap((f) => f.anomalies.map((a) => a.code))).not.toContain("weekend_posting");
  }, 60_000);
});
