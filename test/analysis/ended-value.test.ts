// A posting to a store whose regular activity ended more than a month before and never came back
// (posting_to_ended_value, habit-activity.ts): a vendor bill coded to a store closed months ago.
// Not the store's closing month (its stock sent back, its lease termination), the payment of a
// bill booked then, a remodel's weeks without sales, a long closure after which the store
// reopened, a store's pre-opening bills, the settling of a balance the store built while it was
// active (a contractor's retainage withheld on every pay application, released in one payment
// after the job's close) — up to what it built.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse } from "./fixtures.ts";
import { HabitActivityBuilder } from "../../src/analysis/habit-activity.ts";

const DAY = 86_400_000;
const DAYS = 200;
let seq = 0;
const dateOf = (day: number) => new Date(Date.UTC(2025, 6, 1) + day * DAY).toISOString().slice(0, 10);

function line(store: string, account: string, day: number, amount: number, extra: Partial<Transaction> = {}): Transaction {
  return {
    transaction_id: `L${++seq}`,
    type: "journal_entry",
    date: dateOf(day),
    currency: "USD",
    amount,
    created_by: "pos.interface",
    lines: [],
    attributes: { "Cost Center": store, Account: account },
    ...extra,
  };
}

const CLOSED = "S100"; // opens on day 10, last sales on day 79
const SITE = "S104"; // open when the history begins, closed from day 90
const REMODELLED = "S101"; // no sales on days 100–120
const REOPENED = "S102"; // closed on days 40–99, then back
const OPENED = "S103"; // opens on day 120, a fixtures bill on day 90
const open = (store: string, d: number) =>
  store === CLOSED ? d >= 10 && d < 80 : store === SITE ? d < 90 : store === REMODELLED ? d < 100 || d > 120 : store === REOPENED ? d < 40 || d >= 100 : store === OPENED ? d >= 120 : true;

const withheld = (store: string) => {
  let n = 0;
  for (let d = 0; d < DAYS; d++) if (open(store, d) && d % 7 === 2) n++;
  return 500 * n;
};
// The retainage released after the close, in one payment: CLOSED's once, SITE's (whose withholding
// began before the history did) once, of more than the history shows withheld.
const RELEASES = [
  line(CLOSED, "2010", 140, withheld(CLOSED), { customer_id: "K1", created_by: "ap" }),
  line(SITE, "2010", 150, withheld(SITE) + 6000, { customer_id: "K1", created_by: "ap" }),
];

function ledger(): Transaction[] {
  const out: Transaction[] = [];
  for (let d = 0; d < DAYS; d++) {
    for (let s = 0; s < 10; s++) {
      const store = `S${100 + s}`;
      if (open(store, d)) out.push(line(store, "4010", d, -9000), line(store, "1010", d, 1500));
      // A subcontractor's retainage withheld on each weekly pay application while the site works.
      if (open(store, d) && d % 7 === 2) out.push(line(store, "2010", d, -500, { customer_id: "K1", created_by: "ap" }));
      // Weekly payroll, through a remodel and a week past a closing.
      if (d % 7 === 4 && (store !== CLOSED || (d >= 10 && d < 87)) && (store !== OPENED || d > 100)) out.push(line(store, "6010", d, 7000, { created_by: "adp.sync" }));
    }
  }
  out.push(line(CLOSED, "1300", 85, -200_000), line(CLOSED, "6110", 105, 80_000, { created_by: "controller" }));
  out.push(line(CLOSED, "2010", 95, -2400, { customer_id: "U205", created_by: "ap" }));
  out.push(line(OPENED, "1510", 90, 38_000, { customer_id: "V900", created_by: "ap" }));
  out.push(line(REMODELLED, "1500", 110, 62_000, { customer_id: "V920", created_by: "ap" }));
  out.push(...RELEASES);
  return out;
}

const H = ledger();
const fields = ["attributes.Cost Center", "attributes.Account"];
const plain = modulesConfig({ anomaly_detection: { categorical_fields: fields } });
const habits = modulesConfig({ anomaly_detection: { categorical_fields: fields, rare_combination: { habit_fields: ["attributes.Cost Center"] } } });
const ended = async (t: Transaction, config = habits) =>
  (await analyse(t, { module: "anomaly_detection", history: H, config })).anomalies.find((a) => a.code === "posting_to_ended_value");

describe("a posting to a store whose activity ended", () => {
  test("a vendor bill to a store closed 70 days before: high, only with the store as a habit field", async () => {
    const bill = line(CLOSED, "6410", 150, 2400, { customer_id: "V710", created_by: "ap" });
    expect(await ended(bill, plain)).toBeUndefined();
    const finding = await ended(bill);
    expect(finding).toBeDefined();
    expect(finding!.severity).toBe("high");
    expect(finding!.message).toContain(`posting to attributes.Cost Center "${CLOSED}"`);
  });

  test("the store's closing month (its stock sent back, the lease termination) is not judged", async () => {
    expect(await ended(line(CLOSED, "6110", 105, 80_000, { created_by: "controller" }))).toBeUndefined();
  });

  test("the payment of a bill booked in the closing month settles it; a payment of nothing booked does not", async () => {
    expect(await ended(line(CLOSED, "2010", 130, 2400, { customer_id: "U205", created_by: "treasury" }))).toBeUndefined();
    expect(await ended(line(CLOSED, "2010", 130, 2900, { customer_id: "U205", created_by: "treasury" }))).toBeDefined();
  });

  test("the release of the retainage a store's activity withheld settles its balance: not reported", async () => {
    expect(await ended(RELEASES[0]!)).toBeUndefined();
    // Withheld before the history began: the balance it settles is more than the history shows.
    expect(await ended(RELEASES[1]!)).toBeUndefined();
  });

  test("a release beyond what was withheld, a side the activity also posted, another counterparty or a cost: reported", async () => {
    // Released twice: together more than the activity withheld (the history holds both).
    const twice = [...H, line(CLOSED, "2010", 170, withheld(CLOSED), { customer_id: "K1", created_by: "ap" })];
    const again = twice[twice.length - 1]!;
    const found = (await analyse(again, { module: "anomaly_detection", history: twice, config: habits })).anomalies.find((a) => a.code === "posting_to_ended_value");
    expect(found?.severity).toBe("high");
    // Another subcontractor's release: nothing of it was withheld.
    expect(await ended(line(CLOSED, "2010", 140, 3000, { customer_id: "K2", created_by: "ap" }))).toBeDefined();
    // A cost to the closed store: its activity posted that side.
    expect(await ended(line(CLOSED, "1010", 140, 1500, { customer_id: "V710", created_by: "ap" }))).toBeDefined();
    // Sales taken back after the close: the side the activity never posted, but no balance owed to or by anyone.
    expect(await ended(line(CLOSED, "4010", 140, 9000, { created_by: "controller" }))).toBeDefined();
  });

  test("a remodel's weeks, a long closure the store came back from and a store's pre-opening bills are not judged", async () => {
    expect(await ended(line(REMODELLED, "1500", 118, 62_000, { customer_id: "V920", created_by: "ap" }))).toBeUndefined();
    expect(await ended(line(REOPENED, "6410", 90, 900, { customer_id: "V710", created_by: "ap" }))).toBeUndefined();
    expect(await ended(line(OPENED, "1510", 95, 38_000, { customer_id: "V900", created_by: "ap" }))).toBeUndefined();
  });
});

// Whether a posting settles the closing month's business was a walk over every earlier posting of
// the same value, counterparty and amount, once per posting judged: 30,000 postings of one vendor
// and amount to a closed store made a scan quadratic in them (19 s of its 20 s of CPU in
// settles(), dist/assay). The first day of each side answers the same question.
describe("settling the closing month's business", () => {
  const naive = (postings: [day: number, amount: number][], amount: number, until: number) => postings.some(([d, a]) => Math.sign(a) === -Math.sign(amount) && d <= until);

  test("answers as a walk over the postings would, for any postings", () => {
    let seed = 11;
    const random = () => ((seed = (Math.imul(seed, 48271) + 1) >>> 0) / 2 ** 32);
    for (let t = 0; t < 300; t++) {
      const builder = new HabitActivityBuilder(["attributes.Cost Center"], [0]);
      const postings: [number, number][] = [];
      for (let k = 0; k < 1 + Math.floor(random() * 12); k++) {
        const day = Math.floor(random() * 60) - 5;
        const amount = (random() < 0.5 ? -1 : 1) * (random() < 0.8 ? 250 : 99.5);
        builder.add(day * DAY, Int32Array.of(0), "V9", amount);
        if (Math.abs(amount) === 250) postings.push([day, amount]);
      }
      const activity = builder.finish();
      for (const amount of [250, -250]) for (const until of [-10, -5, 0, 17, 30, 59, 100]) expect(activity.settles(0, 0, "V9", amount, until)).toBe(naive(postings, amount, until));
    }
  });

  test("30,000 postings of one vendor and amount to a store, each asked: no posting is walked", () => {
    const builder = new HabitActivityBuilder(["attributes.Cost Center"], [0]);
    for (let k = 0; k < 30_000; k++) builder.add((100 + (k % 50)) * DAY, Int32Array.of(0), "V9", 250);
    const activity = builder.finish();
    const sign = Math.sign;
    let walked = 0;
    Math.sign = (x: number) => (walked++, sign(x));
    let settled = 0;
    try {
      for (let k = 0; k < 30_000; k++) if (activity.settles(0, 0, "V9", 250, 200)) settled++;
    } finally {
      Math.sign = sign;
    }
    expect(settled).toBe(0);
    expect(walked).toBeLessThan(30_000);
  });
});
