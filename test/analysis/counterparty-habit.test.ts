// A counterparty that always books to the same few accounts, booked to another one: "an expense
// coded to an account the vendor never uses". On a small ledger independence predicts few
// co-occurrences of any vendor with any account (a few thousand lines), so rare_combination's
// independence route is silent; the vendor's own habit — hundreds of postings to two accounts —
// is what makes the third unexpected (detectors/anomaly/counterparty-habit.ts).
import { describe, expect, test } from "bun:test";
import { concentration } from "../../src/analysis/detectors/anomaly/counterparty-habit.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse } from "./fixtures.ts";

const DAY = 86_400_000;
let seq = 0;
function posting(vendor: string, account: string, day: number, amount = 80, contact?: string): Transaction {
  return {
    transaction_id: `L${++seq}`,
    type: "journal_entry",
    date: new Date(Date.UTC(2024, 0, 2) + day * DAY).toISOString().slice(0, 10),
    customer_id: vendor,
    currency: "USD",
    amount,
    created_by: "dana",
    lines: [],
    attributes: { account, ...(contact ? { contact_name: contact } : {}) },
  };
}

/** Two years of a small business: the fuel card always to Fuel, the nursery always to Plants, a
 *  hardware store to whatever the crew bought, a repair shop now and then, payroll, rent and the
 *  customers' payments. */
function ledger(): Transaction[] {
  const out: Transaction[] = [];
  const spread = ["Supplies", "Small Tools", "Plants", "Repairs", "Office", "Uniforms", "Phone", "Rent"];
  for (let d = 0; d < 700; d++) {
    if (d % 4 === 0) out.push(posting("Shell", "Fuel", d));
    if (d % 14 === 0) out.push(posting("Nursery", "Plants", d, 1200));
    if (d % 12 === 0) out.push(posting("Depot", spread[(d / 12) % spread.length]!, d, 150));
    if (d % 60 === 0) out.push(posting("Mower Repair", "Repairs", d, 300));
    if (d % 15 === 0) out.push(posting("Gusto", "Wages", d, 9000), posting("Gusto", "Payroll Taxes", d, 700));
    if (d % 30 === 0) out.push(posting("Landlord", "Rent", d, 2400));
    // Two customers' payments a day: the bulk of the ledger's lines.
    out.push(posting(`Customer ${d % 40}`, "Sales", d, 350), posting(`Customer ${(d + 20) % 40}`, "Sales", d, 350));
  }
  return out;
}

const H = ledger();
const config = modulesConfig({ anomaly_detection: { categorical_fields: ["customer_id", "attributes.account"] } });
const module = "anomaly_detection";
const combination = async (t: Transaction) => (await analyse(t, { module, history: H, config })).anomalies.find((a) => a.code === "rare_combination");

describe("a counterparty's habit", () => {
  test("the concentration seats n postings at k values in expectation", () => {
    for (const [n, k] of [[300, 2], [50, 5], [20, 1], [1000, 40]] as const) {
      const alpha = concentration(n, k);
      expect(alpha * Math.log1p(n / alpha)).toBeCloseTo(k, 6);
    }
    // More values over as many postings: new ones come more often.
    expect(concentration(50, 5)).toBeGreaterThan(concentration(50, 2));
  });

  test("a vendor that always books to one account, booked to another established account: high", async () => {
    const shell = H.filter((t) => t.customer_id === "Shell").length;
    const plants = H.filter((t) => t.attributes!.account === "Plants").length;
    // Independence alone predicts fewer than rare_combination's min_expected (10) for the pair.
    expect((shell * plants) / H.length).toBeLessThan(10);
    const finding = await combination(posting("Shell", "Plants", 701));
    expect(finding).toBeDefined();
    expect(finding!.severity).toBe("high");
    expect(finding!.field).toBe("customer_id,attributes.account");
    expect(finding!.message).toContain(`its ${shell} other postings keep to 1 value(s) of attributes.account`);
  });

  test("the account column named with dots (Business Central's G/L Account No.) is listed and read alike", async () => {
    const renamed = (t: Transaction): Transaction => ({ ...t, attributes: { "G/L Account No.": t.attributes!.account! } });
    const dotted = modulesConfig({ anomaly_detection: { categorical_fields: ["customer_id", "attributes.G/L Account No."] } });
    const r = await analyse(renamed(posting("Shell", "Plants", 701)), { module, history: H.map(renamed), config: dotted });
    const finding = r.anomalies.find((a) => a.code === "rare_combination");
    expect(finding?.severity).toBe("high");
    expect(finding!.field).toBe("customer_id,attributes.G/L Account No.");
  });

  test("a counterparty that has used a value only once takes up occasional ones: medium", async () => {
    // A customer who pays for lawn care, once bought plants, and now buys stone.
    const history = [...H];
    for (let d = 0; d < 140; d++) history.push(posting("Karen", d % 2 ? "Sales" : "Receivables", d * 5, 180));
    history.push(posting("Karen", "Plants", 605, 240));
    const r = await analyse(posting("Karen", "Repairs", 701, 240), { module, history, config });
    const finding = r.anomalies.find((a) => a.code === "rare_combination");
    expect(finding?.severity).toBe("medium");
    expect(finding!.message).toContain("1 of them used only once");
  });

  test("a value other established counterparties take up as a one-off is a departure worth a look, not an alarm: medium", async () => {
    // A payroll: employees paid by direct deposit every two weeks; now and then one of them gets a
    // manual check correcting a missed shift. An employee's first check is the ledger's occasional
    // departure, not theirs alone.
    const method = modulesConfig({ anomaly_detection: { categorical_fields: ["customer_id", "attributes.account"] } });
    const payroll: Transaction[] = [];
    for (let d = 0; d < 700; d += 14) for (let e = 0; e < 12; e++) payroll.push(posting(`E${e}`, "Direct Deposit", d, 1500 + e));
    const withChecks = [...payroll];
    for (const [e, d] of [[1, 100], [4, 230], [7, 400], [9, 520]] as const) withChecks.push(posting(`E${e}`, "Check", d + 3, 212));
    const check = posting("E2", "Check", 701, 188);
    const r = await analyse(check, { module, history: [...withChecks, check], config: method });
    const finding = r.anomalies.find((a) => a.code === "rare_combination");
    expect(finding?.severity).toBe("medium");
    expect(finding!.message).toContain("other counterparties with a habit used it once or twice too");
    // Where no other employee ever had one, the first check is high, as before.
    const alone = await analyse(check, { module, history: [...payroll, posting("E1", "Check", 100, 212), check], config: method });
    expect(alone.anomalies.find((a) => a.code === "rare_combination")?.severity).toBe("high");
  });

  test("the vendor's usual account, a vendor of many accounts, a vendor with little history: nothing", async () => {
    expect(await combination(posting("Shell", "Fuel", 701))).toBeUndefined();
    // The hardware store's 59 postings spread over 8 accounts: a ninth is what it does (a new
    // account expected once in ~25 of its postings).
    expect(await combination(posting("Depot", "Fuel", 701))).toBeUndefined();
    // 12 postings to Repairs are too few to call a habit (outlier.min_history, 20).
    expect(await combination(posting("Mower Repair", "Fuel", 701))).toBeUndefined();
  });

  test("the counterparty's own name, typed differently on one record, is lookalike_counterparty's to judge", async () => {
    const history: Transaction[] = H.map((t) => ({ ...t, attributes: { ...t.attributes, contact_name: t.customer_id === "Shell" ? "Shell Oil" : `${t.customer_id} Ltd` } }));
    // The variant is on another record too (a second vendor record of the same station).
    history.push(posting("Shell 2", "Fuel", 650, 80, "Shel Oil"));
    const named = modulesConfig({ anomaly_detection: { categorical_fields: ["customer_id", "attributes.account", "attributes.contact_name"] } });
    const r = await analyse(posting("Shell", "Fuel", 701, 80, "Shel Oil"), { module, history, config: named });
    expect(r.anomalies.find((a) => a.code === "rare_combination")).toBeUndefined();
  });

  test("a customer's first credit note is where a dealing is in its life, not a new habit", async () => {
    const typed = modulesConfig({ anomaly_detection: { categorical_fields: ["customer_id", "type", "attributes.account"] } });
    // Other customers and vendors have credit notes now and then; Customer 3 never had one.
    const history = H.map((t, i) => ({ ...t, type: (i % 9 === 0 && t.customer_id !== "Customer 3" ? "credit_note" : "invoice") as Transaction["type"] }));
    const r = await analyse({ ...posting("Customer 3", "Sales", 701, 120), type: "credit_note" }, { module, history, config: typed });
    expect(r.anomalies.find((a) => a.code === "rare_combination")).toBeUndefined();
  });
});
