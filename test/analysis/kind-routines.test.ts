// An employee's commissions are judged against his commissions, not his salary. A payroll
// register pays each salesperson a semimonthly salary (the same every period) and a monthly
// commission that varies widely and peaks at quarter ends: a commission of 6× the salary is far
// above the employee's usual payment (the salary: two thirds of his payments, no spread) and
// ordinary for what he is paid in commissions. The pay type is the payments' kind
// (src/analysis/kind-field.ts): it explains most of the spread of an employee's amounts.
// A salary payment of 6× the usual is still an alarm; so is a commission far above every
// commission the employee ever had.
import { describe, expect, test } from "bun:test";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { profileKindField } from "../../src/analysis/kind-field.ts";
import { anomalyFindingsById, modulesConfig } from "../support/engine.ts";

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function register(judged: [string, string, number][]): Transaction[] {
  const rnd = seeded(11);
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(1e-9, rnd()))) * Math.cos(2 * Math.PI * rnd());
  const out: Transaction[] = [];
  let n = 0;
  const pay = (day: Date, who: string, payType: string, amount: number, group: string) =>
    out.push({ transaction_id: `PMT-${++n}`, type: "payment", date: day.toISOString().slice(0, 10), created_by: "payroll.specialist", customer_id: who, currency: "USD", amount: Math.round(amount * 100) / 100, lines: [], attributes: { "Pay Type": payType, "Pay Group": group } });
  // S3's commissions, as they came: a few near his salary, most below it, two quarter ends above 4,000.
  const s3 = [1400, 2100, 5200, 900, 1700, 4300, 1200, 2600, 3900, 800, 1900, 3400, 1500, 2200, 3700, 1100, 2500, 3100];
  for (let m = 0; m < 18; m++) {
    const y = 2025 + Math.floor(m / 12);
    for (let e = 0; e < 30; e++) {
      const who = `S${e}`;
      const salary = 2200 + 40 * e;
      pay(new Date(Date.UTC(y, m % 12, 15)), who, "Regular", salary, "Semimonthly Salaried");
      pay(new Date(Date.UTC(y, m % 12, 28)), who, "Regular", salary, "Semimonthly Salaried");
      const quarterEnd = m % 3 === 2 ? 1.8 : 1;
      pay(new Date(Date.UTC(y, m % 12, 28)), who, "Commission", e === 3 ? s3[m]! : 1800 * Math.exp(0.75 * normal()) * quarterEnd, "Semimonthly Salaried");
      // The merit increase's retro pay in April, a bonus in March: kinds of their own level.
      if (m % 12 === 3) pay(new Date(Date.UTC(y, 3, 15)), who, "Retro Pay", 90 + 20 * rnd(), "Semimonthly Salaried");
      if (m % 12 === 2) pay(new Date(Date.UTC(y, 2, 14)), who, "Bonus", salary * (1 + rnd()), "Semimonthly Salaried");
    }
    // Hourly staff, paid biweekly, with late overtime and off-cycle corrections of a few hours.
    for (let e = 0; e < 60; e++) {
      for (const d of [7, 21]) pay(new Date(Date.UTC(y, m % 12, d)), `H${e}`, "Regular", 1400 + 10 * e + 60 * rnd(), "Biweekly Hourly");
      if ((e + m) % 4 === 0) pay(new Date(Date.UTC(y, m % 12, 21)), `H${e}`, "Overtime", 120 + 150 * rnd(), "Biweekly Hourly");
      if ((e + m) % 9 === 0) pay(new Date(Date.UTC(y, m % 12, 24)), `H${e}`, "Off-Cycle", 60 + 150 * rnd(), "Biweekly Hourly");
    }
  }
  for (const [who, payType, amount] of judged) pay(new Date(Date.UTC(2026, 5, 29)), who, payType, amount, "Semimonthly Salaried");
  out.sort((a, b) => a.date!.localeCompare(b.date!));
  return out;
}

const high = (f: TransactionFinding | undefined) => f !== undefined && f.risk_score >= 60;
const scan = (t: Transaction[]) => anomalyFindingsById(t, modulesConfig({ context: { history_limit: 1_000_000 } }));
const judgedId = (feed: Transaction[], who: string, amount: number) => feed.find((t) => t.customer_id === who && t.amount === amount)!.transaction_id;

describe("the kind of a payment (its pay type) for its payee", () => {
  test("the pay type is the kind: it explains most of the spread of an employee's payments; the pay group (one per employee) does not", () => {
    const feed = register([]);
    expect(profileKindField(feed.slice(0, 10_000), ["created_by", "customer_id", "attributes.Pay Group", "attributes.Pay Type"])).toBe("attributes.Pay Type");
  });

  test("no kind where a counterparty's amounts do not depend on it: hourly staff paid by two pay types of the same level", () => {
    const feed = register([]).filter((t) => t.customer_id!.startsWith("H") && t.attributes!["Pay Type"] === "Regular");
    feed.forEach((t, k) => (t.attributes!["Pay Type"] = k % 2 ? "Regular" : "Shift Differential"));
    expect(profileKindField(feed, ["customer_id", "attributes.Pay Type"])).toBeUndefined();
  });

  test("hard negative: a quarter-end commission 5× the employee's salary, 2.3× his largest commission before, is ordinary for his commissions", async () => {
    const feed = register([["S3", "Commission", 12_000]]);
    const found = await scan(feed);
    const f = found.get(judgedId(feed, "S3", 12_000));
    expect(f?.anomalies.map((a) => a.code) ?? []).not.toContain("amount_outlier_customer");
    expect(high(f)).toBe(false);
  }, 60_000);

  test("a salary payment 6× the usual is still an outlier for the employee", async () => {
    const feed = register([["S3", "Regular", 14_800]]);
    const found = await scan(feed);
    const f = found.get(judgedId(feed, "S3", 14_800));
    expect(f?.anomalies.map((a) => a.code).some((c) => c.startsWith("amount_outlier"))).toBe(true);
    expect(high(f)).toBe(true);
  }, 60_000);

  test("a commission far above any the employee ever had (11× the largest before) is still an outlier", async () => {
    const feed = register([["S3", "Commission", 60_000]]);
    const found = await scan(feed);
    const f = found.get(judgedId(feed, "S3", 60_000));
    expect(f?.anomalies.map((a) => a.code)).toContain("amount_outlier_customer");
    expect(high(f)).toBe(true);
  }, 60_000);
});
