// A value that posts only in periods of its own — the physical counts' document type, ten days in
// July and ten in January — posting between them (off_period_posting, value-periods.ts): a shrink
// adjustment booked in October, outside any count. Not a month-end accrual or a quarter-end entry
// (one day of their months: no periods), a weekly payroll (every month), a count inside its
// period, nor a value that begins after the history did.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse } from "./fixtures.ts";
import { offPeriodDetector } from "../../src/analysis/detectors/anomaly/off-period.ts";
import type { DetectorInput } from "../../src/analysis/detectors/types.ts";
import { monthIndexOf, ValuePeriodsBuilder } from "../../src/analysis/value-periods.ts";

const DAY = 86_400_000;
let seq = 0;
const START = Date.UTC(2025, 6, 1);
const dateOf = (day: number) => new Date(START + day * DAY).toISOString().slice(0, 10);
const dayOf = (y: number, m0: number, d: number) => Math.round((Date.UTC(y, m0, d) - START) / DAY);

function line(docType: string, day: number, amount = 500): Transaction {
  return { transaction_id: `L${++seq}`, type: "journal_entry", date: dateOf(day), currency: "USD", amount, created_by: "clerk", lines: [], attributes: { "Doc Type": docType } };
}

/** July 2025 – January 2026: daily sales, a weekly payroll, a month-end accrual, a quarter-end
 *  entry, the counts on ten days of July and of January, a new interface from November on. */
function ledger(): Transaction[] {
  const out: Transaction[] = [];
  const last = dayOf(2026, 0, 31);
  for (let d = 0; d <= last; d++) {
    const date = new Date(START + d * DAY);
    out.push(line("POS", d), line("POS", d, 800));
    if (date.getUTCDay() === 5) out.push(line("PR", d, 7000));
    if (new Date(START + (d + 1) * DAY).getUTCDate() === 1) {
      for (let k = 0; k < 5; k++) out.push(line("ACC", d, 4000));
      if ([8, 11].includes(date.getUTCMonth())) for (let k = 0; k < 5; k++) out.push(line("QTR", d, 9000));
    }
    if (date >= new Date(Date.UTC(2025, 10, 1))) out.push(line("XPOS", d));
  }
  for (const [y, m0] of [[2025, 6], [2026, 0]] as const) for (let k = 0; k < 10; k++) out.push(line("CNT", dayOf(y, m0, 14 + k), 3000), line("CNT", dayOf(y, m0, 14 + k), 3000));
  return out;
}

const H = ledger();
const fields = ["attributes.Doc Type"];
const plain = modulesConfig({ anomaly_detection: { categorical_fields: fields } });
const periods = modulesConfig({ anomaly_detection: { categorical_fields: fields, off_period: { fields } } });
const off = async (t: Transaction, config = periods) => (await analyse(t, { module: "anomaly_detection", history: H, config })).anomalies.find((a) => a.code === "off_period_posting");

describe("a value posting outside its own periods", () => {
  test("a count adjustment in October, between the July and January counts: high, only for a configured field", async () => {
    const shrink = line("CNT", dayOf(2025, 9, 15), 3000);
    expect(await off(shrink, plain)).toBeUndefined();
    const finding = await off(shrink);
    expect(finding).toBeDefined();
    expect(finding!.severity).toBe("high");
    expect(finding!.message).toContain(`attributes.Doc Type "CNT" posts in its own periods (2025-07, 2026-01`);
  });

  test("a field listed several times (categorical_fields, off_period.fields) is read once: the same findings as listed once", async () => {
    const thrice = [...fields, ...fields, ...fields];
    const repeated = modulesConfig({ anomaly_detection: { categorical_fields: thrice, off_period: { fields: thrice }, rare_combination: { habit_fields: thrice } } });
    const once = modulesConfig({ anomaly_detection: { categorical_fields: fields, off_period: { fields }, rare_combination: { habit_fields: fields } } });
    for (const t of [line("CNT", dayOf(2025, 9, 15), 3000), line("CNT", dayOf(2025, 6, 3), 3000)]) {
      const a = await analyse(t, { module: "anomaly_detection", history: H, config: repeated });
      const b = await analyse(t, { module: "anomaly_detection", history: H, config: once });
      expect(a.anomalies).toEqual(b.anomalies);
    }
  });

  test("three stray adjustments in one month do not make it a period of the counts", async () => {
    const stray = [5, 12, 19].map((d) => line("CNT", dayOf(2025, 10, d), 3000));
    const r = await analyse(line("CNT", dayOf(2025, 9, 15), 3000), { module: "anomaly_detection", history: [...H, ...stray], config: periods });
    expect(r.anomalies.find((a) => a.code === "off_period_posting")).toBeDefined();
  });

  test("a count inside its period, even on another day, is regular", async () => {
    expect(await off(line("CNT", dayOf(2026, 0, 27), 3000))).toBeUndefined();
  });

  test("a month-end accrual or quarter-end entry on another day, a payroll on a Wednesday, a new interface: no periods to be off", async () => {
    expect(await off(line("ACC", dayOf(2025, 9, 15), 4000))).toBeUndefined();
    expect(await off(line("QTR", dayOf(2025, 9, 15), 9000))).toBeUndefined();
    expect(await off(line("PR", dayOf(2025, 9, 15), 7000))).toBeUndefined();
    expect(await off(line("XPOS", dayOf(2025, 9, 15)))).toBeUndefined();
  });
});

// A value's periods are a property of the history, read once when it is built: judged per entry,
// they were read again from every month the value posted in — a ledger of 60,000 lines over 20,000
// months (dates far in the future) took 52 s of CPU for one scan on dist/assay, 2.7 s without
// off_period. Counted here as the months read while entries are judged: none.
describe("a value's periods are read once per history", () => {
  class CountedMonths extends Map<number, Set<number>> {
    static reads = 0;
    override values() {
      CountedMonths.reads++;
      return super.values();
    }
    override entries() {
      CountedMonths.reads++;
      return super.entries();
    }
    override [Symbol.iterator]() {
      CountedMonths.reads++;
      return super[Symbol.iterator]();
    }
    override forEach(...args: Parameters<Map<number, Set<number>>["forEach"]>) {
      CountedMonths.reads++;
      super.forEach(...args);
    }
  }

  test("judging 1,500 postings of a value that posted in 5,000 months reads none of its months' lists", () => {
    const builder = new ValuePeriodsBuilder(["attributes.Doc Type"], [0]);
    const codes = Int32Array.of(0);
    const MONTH = 30.4 * DAY;
    const base = Date.UTC(2000, 0, 15);
    for (let m = 0; m < 5_000; m++) builder.add(base + m * MONTH, codes);
    // Its periods: three months of ten posting days each.
    for (const m of [10, 2_000, 4_000]) for (let d = 0; d < 10; d++) builder.add(base + m * MONTH + d * DAY, codes);
    const periods = builder.finish();
    const value = periods.specs[0]!.values.get(0)!;
    value.months = new CountedMonths(value.months);
    const config = modulesConfig({ anomaly_detection: { categorical_fields: fields, off_period: { fields } } });
    let found = 0;
    for (let k = 0; k < 1_500; k++) {
      const txn = line("CNT", 0);
      txn.date = new Date(base + (100 + k) * MONTH).toISOString().slice(0, 10);
      const input = { txn, ctx: { history: { valuePeriods: periods } }, config, categorical: () => ({ values: ["CNT"], codes }) } as unknown as DetectorInput;
      found += offPeriodDetector.detect(input).length;
    }
    expect(found).toBe(1_500);
    expect(CountedMonths.reads).toBe(0);
    expect(value.periods).toEqual([monthIndexOf(base + 10 * MONTH), monthIndexOf(base + 2_000 * MONTH), monthIndexOf(base + 4_000 * MONTH)]);
  });
});
