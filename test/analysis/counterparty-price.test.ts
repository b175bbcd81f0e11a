// A counterparty's price is the usual for anyone who buys from it. On a corporate card feed an
// engineer whose charges are 20.00 seats and 15.00 lunches pays the year's JetBrains licence,
// 249.00, the price every other engineer's card has paid there: twelve times what the cardholder
// usually spends, far above his usual for the software GL account, and the merchant's ordinary
// charge. Ten times that price at the same merchant is still an alarm.
import { describe, expect, test } from "bun:test";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { anomalyFindingsById, modulesConfig } from "../support/engine.ts";

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function cardFeed(judged: [string, number, string?][]): Transaction[] {
  const rnd = seeded(5);
  const out: Transaction[] = [];
  let n = 0;
  const charge = (day: Date, who: string, merchant: string, gl: string, amount: number) =>
    out.push({ transaction_id: `TX-${++n}`, type: "invoice", date: day.toISOString().slice(0, 10), created_by: who, customer_id: merchant, currency: "USD", amount, lines: [], attributes: { "GL Account": gl } });
  for (let e = 0; e < 30; e++) {
    const who = `engineer ${e}`;
    for (let m = 0; m < 12; m++) {
      charge(new Date(Date.UTC(2025, m, 1 + (e % 28))), who, "OPENAI *CHATGPT SUBSCR", "6210 Software", 20);
      charge(new Date(Date.UTC(2025, m, 2 + (e % 27))), who, "DROPBOX", "6210 Software", 19.99);
      for (let k = 0; k < 2; k++) charge(new Date(Date.UTC(2025, m, 3 + k * 10 + (e % 10))), who, "SWEETGREEN", "6150 Meals", Math.round((12 + 13 * rnd()) * 100) / 100);
      // Most engineers' yearly IDE licence, each in their own month.
      if (e >= 5 && m === e % 12) charge(new Date(Date.UTC(2025, m, 15)), who, "JETBRAINS", "6210 Software", 249);
    }
  }
  // The IT buyer alone orders hardware from Dell, every week, at laptop prices.
  for (let w = 0; w < 50; w++) charge(new Date(Date.UTC(2025, 0, 3 + 7 * w)), "it.buyer", "DELL MARKETING L.P.", "6320 Hardware", Math.round((1800 + 600 * rnd()) * 100) / 100);
  for (const [who, amount, merchant] of judged) charge(new Date(Date.UTC(2025, 11, 20)), who, merchant ?? "JETBRAINS", merchant ? "6320 Hardware" : "6210 Software", amount);
  out.sort((a, b) => a.date!.localeCompare(b.date!));
  return out;
}

const high = (f: TransactionFinding | undefined) => f !== undefined && f.risk_score >= 60;
const scan = (t: Transaction[]) => anomalyFindingsById(t, modulesConfig({ anomaly_detection: { categorical_fields: ["created_by", "attributes.GL Account"] }, context: { history_limit: 1_000_000 } }));

describe("the counterparty's own price", () => {
  test("hard negative: a cardholder's first charge at the price every other card pays that merchant is not an outlier for the cardholder", async () => {
    const feed = cardFeed([["engineer 0", 249]]);
    const found = await scan(feed);
    const judged = feed.find((t) => t.created_by === "engineer 0" && t.customer_id === "JETBRAINS")!;
    expect(found.get(judged.transaction_id)?.anomalies.map((a) => a.code) ?? []).not.toContain("amount_outlier_attribute");
    expect(high(found.get(judged.transaction_id))).toBe(false);
    expect([...found.values()].filter(high).map((f) => f.transaction.transaction_id)).toEqual([]);
  }, 60_000);

  test("what one colleague alone pays a vendor is no price for everyone: an engineer's 2,100 at the IT buyer's hardware vendor is still an outlier", async () => {
    const feed = cardFeed([["engineer 2", 2100, "DELL MARKETING L.P."]]);
    const found = await scan(feed);
    const judged = feed.find((t) => t.created_by === "engineer 2" && t.amount === 2100)!;
    // 105× the engineer's usual; the hardware account is the IT buyer's routine alone, too little
    // history of its own to say more than "worth a look".
    expect(found.get(judged.transaction_id)?.anomalies.map((a) => a.code)).toContain("amount_outlier_attribute");
  }, 60_000);

  test("the price is the entry's amount: a line far above its SKU's usual on an invoice of the customer's usual size is still an outlier", async () => {
    const rnd = seeded(9);
    const out: Transaction[] = [];
    const line = (sku: string, quantity: number, unit: number) => ({ sku, quantity, unit_price: unit, list_price: unit, discount_pct: 0, amount: Math.round(quantity * unit * 100) / 100 });
    for (let d = 0; d < 120; d++) {
      // A large customer's orders of all sizes, entered by five sales clerks: machines and a service line.
      const lines = [line("MACHINE", 1 + Math.floor(rnd() * 8), 1000 + Math.round(rnd() * 4000)), line("SERVICE", 1, 90 + Math.round(rnd() * 20))];
      out.push({ transaction_id: `INV-${d}`, type: "invoice", date: new Date(Date.UTC(2025, 0, 2 + d)).toISOString().slice(0, 10), created_by: `clerk ${d % 5}`, customer_id: "BIGCO", currency: "EUR", amount: lines.reduce((x, l) => x + l.amount, 0), lines });
    }
    const planted = [line("MACHINE", 2, 3000), line("SERVICE", 60, 100)];
    // Entered by a temp: no routine of theirs to explain anything.
    out.push({ transaction_id: "INV-X", type: "invoice", date: "2025-05-10", created_by: "temp", customer_id: "BIGCO", currency: "EUR", amount: 12_000, lines: planted });
    const found = await anomalyFindingsById(out, modulesConfig({ anomaly_detection: { categorical_fields: ["created_by"] }, context: { history_limit: 1_000_000 } }));
    expect(found.get("INV-X")?.anomalies.map((a) => a.code)).toContain("amount_outlier_sku");
  }, 60_000);

  test("ten times the merchant's price is still an outlier", async () => {
    const feed = cardFeed([["engineer 1", 2490]]);
    const found = await scan(feed);
    const judged = feed.find((t) => t.created_by === "engineer 1" && t.amount === 2490)!;
    expect(high(found.get(judged.transaction_id))).toBe(true);
  }, 60_000);
});
