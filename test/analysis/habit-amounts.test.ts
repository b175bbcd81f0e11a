// A store's own norm in an account (amount_outlier_habit, habit-amounts.ts): a chain's stores each
// keep their own level of cash over/short and returns. Across the stores the account's spread is
// wide — one store's usual shortage is a few dollars, another's thirty —, so a shortage forty times
// the small store's usual is ordinary for the account; against the (store, account) pair's norm it
// is not. The business's own movements must not read as a store's: a Black Friday that lifts every
// store's sales, a store's first weeks and its opening stock, its closing entries, a bill (the
// vendor's to judge), an account only one store posts to.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse } from "./fixtures.ts";
import { HabitAmountsBuilder } from "../../src/analysis/habit-amounts.ts";

const DAY = 86_400_000;
const DAYS = 150;
const STORES = 12;
let seq = 0;
let state = 20261129;
/** A seeded uniform draw (the same ledger every run). */
function uniform(): number {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 2 ** 32;
}
/** A log-normal factor of spread σ (Box–Muller). */
function spread(sigma: number): number {
  const u = Math.max(1e-9, uniform());
  return Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform()));
}

const dateOf = (day: number) => new Date(Date.UTC(2025, 6, 1) + day * DAY).toISOString().slice(0, 10);

function line(store: string, account: string, day: number, amount: number, extra: Partial<Transaction> = {}): Transaction {
  return {
    transaction_id: `L${++seq}`,
    type: "journal_entry",
    date: dateOf(day),
    currency: "USD",
    amount: Math.round(amount * 100) / 100,
    created_by: "pos.interface",
    lines: [],
    attributes: { "Cost Center": store, Account: account },
    ...extra,
  };
}

const BLACK_FRIDAY = 120;
const usualShort = (s: number) => 2 + 3 * s;
/** Twelve stores' nightly sales and cash shortages for 150 days (each store its own level of
 *  shortage: 2 to 35 dollars), sales six times the usual on Black Friday everywhere; a store that
 *  opens on day 100 with its opening stock; a store that closes on day 80 and sends its stock back;
 *  HQ's rent, the only cost centre on that account. */
function ledger(): { history: Transaction[]; peak: Transaction; opening: Transaction; closing: Transaction } {
  const out: Transaction[] = [];
  let peak: Transaction | undefined;
  for (let d = 0; d < DAYS; d++) {
    for (let s = 0; s < STORES; s++) {
      const store = `S${100 + s}`;
      if (s === 11 && d < 100) continue;
      if (s === 10 && d > 80) continue;
      const sales = line(store, "4010", d, -9000 * (1 + s / 10) * spread(0.1) * (d === BLACK_FRIDAY ? 6 : 1));
      if (d === BLACK_FRIDAY && s === 3) peak = sales;
      out.push(sales, line(store, "6810", d, usualShort(s) * spread(0.3)), line(store, "1300", d, -5000 * spread(0.1)));
    }
    if (d % 7 === 0) out.push(line("HQ", "6110", d, 20000 * spread(0.05)));
  }
  const opening = line("S111", "1300", 97, 250_000);
  const closing = line("S110", "1300", 82, -180_000);
  out.push(opening, closing);
  return { history: out, peak: peak!, opening, closing };
}

const { history: H, peak, opening, closing } = ledger();
const fields = ["attributes.Cost Center", "attributes.Account"];
const plain = modulesConfig({ anomaly_detection: { categorical_fields: fields } });
const habits = modulesConfig({ anomaly_detection: { categorical_fields: fields, rare_combination: { habit_fields: ["attributes.Cost Center"] } } });
const module = "anomaly_detection";
const found = async (t: Transaction, config = habits, history = H) => (await analyse(t, { module, history, config })).anomalies;
const habit = async (t: Transaction, config = habits, history = H) => (await found(t, config, history)).find((a) => a.code === "amount_outlier_habit");

describe("a store's own norm in an account", () => {
  test("a shortage 40× the store's usual, ordinary for the account across stores: an alarm, only with the store as a habit field", async () => {
    const short = line("S100", "6810", 60, usualShort(0) * 40);
    // Ordinary for the account: stores S109–S111 post such shortages every night.
    expect((await found(short, plain)).map((a) => a.code)).not.toContain("amount_outlier_attribute");
    expect(await habit(short, plain)).toBeUndefined();
    const finding = await habit(short);
    expect(finding).toBeDefined();
    expect(["high", "critical"]).toContain(finding!.severity);
    expect(finding!.field).toBe("attributes.Cost Center,attributes.Account");
    expect(finding!.message).toContain(`what attributes.Cost Center "S100" usually posts to attributes.Account "6810" as a debit`);
  });

  test("the same amount at a store whose shortages run that high is ordinary", async () => {
    expect(await habit(line("S110", "6810", 60, usualShort(0) * 40))).toBeUndefined();
  });

  test("Black Friday lifts every store's sales at once (six times their usual): the day's level is allowed for", async () => {
    expect(await habit(peak)).toBeUndefined();
    // One store's sales four times its usual on an ordinary day are not.
    const alone = line("S103", "4010", 61, -9000 * 1.3 * 8);
    expect((await habit(alone))?.severity).toBeDefined();
  });

  test("a store's opening stock (before its norm is established) and its closing stock (its last posting there) are not judged", async () => {
    expect(await habit(opening)).toBeUndefined();
    expect(await habit(closing)).toBeUndefined();
    // The same amounts in the middle of an established store's life are.
    expect(await habit(line("S105", "1300", 60, -180_000))).toBeDefined();
  });

  test("a line naming a counterparty, or an account only one cost centre posts to, is left to the other amount contexts", async () => {
    expect(await habit(line("S100", "6810", 60, usualShort(0) * 40, { customer_id: "V700" }))).toBeUndefined();
    expect(await habit(line("HQ", "6110", 60, 20000 * 30))).toBeUndefined();
  });
});

// The account's level that day was kept under account side × 131,072 + day: a day before
// 1970-01-01 or after 2328-11-09 (131,072 days) is another account side's day, and one side's
// movement that day was taken for the other's. An account's credits on a day of 1971 with its
// stores' amounts ten times their usual lent their level to its debits on the same day number
// 131,072 days later (2329), which no other posting shared: judged against the wrong day.
describe("the account's level that day, for dates far from 1970", () => {
  test("a day 131,072 days after another side's day does not take its level", () => {
    const builder = new HabitAmountsBuilder(["attributes.Cost Center", "attributes.Account"], [[0, 1]]);
    const t = (amount: number) => ({ transaction_id: "x", type: "journal_entry", currency: "USD", amount, lines: [] }) as Transaction;
    const store = (s: number) => Int32Array.of(s, 0);
    const day = 400;
    // Five stores' credits to the account on many days at their usual -100, and on `day` ten times that.
    for (let d = 300; d < 500; d++) for (let s = 0; s < 5; s++) builder.add(t(d === day ? -1000 : -100), d * DAY, store(s));
    // Store 0's debits to it, 131,072 days later: 20 postings of 50 on days of their own.
    for (let k = 0; k < 20; k++) builder.add(t(50), (day + 131_072 + 1 + k) * DAY, store(0));
    const amounts = builder.finish();
    const judged = amounts.judge(store(0), "USD", (day + 131_072) * DAY, 50);
    expect(judged).toHaveLength(1);
    expect(judged[0]!.dayFactor).toBe(1);
    expect(Math.abs(judged[0]!.z)).toBeLessThan(1);
  });
});
