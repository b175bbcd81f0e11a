// A store (a site, a cost centre) keeps habits of its own as a vendor does: the tenders its tills
// take, the accounts its postings reach. A chain's ledger is too long for independence to find a
// store's first house-charge sale when two other stores take house charges every day — 40 stores'
// summaries predict only a handful of co-occurrences of any one store with that tender —, but the
// store's own record (hundreds of summaries over cash, card and gift card) does. Fields listed in
// rare_combination.habit_fields are read as the counterparty is (detectors/anomaly/counterparty-habit.ts).
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse } from "./fixtures.ts";

const DAY = 86_400_000;
let seq = 0;
function line(store: string, tender: string, day: number, amount = 900): Transaction {
  return {
    transaction_id: `L${++seq}`,
    type: "journal_entry",
    date: new Date(Date.UTC(2025, 0, 2) + day * DAY).toISOString().slice(0, 10),
    currency: "USD",
    amount,
    created_by: "pos.interface",
    lines: [],
    attributes: { store, tender },
  };
}

/** Forty stores' tender lines for 150 days: cash, card and gift card everywhere, house charges at
 *  two stores; cheques, as a one-off, at four. */
function ledger(): Transaction[] {
  const out: Transaction[] = [];
  for (let d = 0; d < 150; d++) {
    for (let s = 0; s < 40; s++) {
      const store = `S${100 + s}`;
      out.push(line(store, "CASH", d, 400), line(store, "CARD", d, 2400));
      if (d % 3 === s % 3) out.push(line(store, "GIFTCARD", d, 120));
      if (s < 2) out.push(line(store, "HOUSE", d, 300));
    }
  }
  for (const s of [110, 111, 112, 113]) out.push(line(`S${s}`, "CHECK", 70, 150));
  return out;
}

const H = ledger();
const fields = ["attributes.store", "attributes.tender"];
const plain = modulesConfig({ anomaly_detection: { categorical_fields: fields } });
const habits = modulesConfig({ anomaly_detection: { categorical_fields: fields, rare_combination: { habit_fields: ["attributes.store"] } } });
const module = "anomaly_detection";
const combination = async (t: Transaction, config = habits) => (await analyse(t, { module, history: H, config })).anomalies.find((a) => a.code === "rare_combination");

describe("a configured habit field", () => {
  test("a store's first house-charge sale, where independence predicts too few: high only with the store's habit", async () => {
    const store = H.filter((t) => t.attributes!.store === "S120").length;
    const house = H.filter((t) => t.attributes!.tender === "HOUSE").length;
    expect((store * house) / H.length).toBeLessThan(10);
    const sale = line("S120", "HOUSE", 150, 800);
    expect(await combination(sale, plain)).toBeUndefined();
    const finding = await combination(sale);
    expect(finding).toBeDefined();
    expect(finding!.severity).toBe("high");
    expect(finding!.field).toBe("attributes.store,attributes.tender");
    expect(finding!.message).toContain(`its ${store} other postings keep to 3 value(s) of attributes.tender`);
  });

  test("a value other stores take up as a one-off is a departure worth a look: medium", async () => {
    const finding = await combination(line("S130", "CHECK", 150, 150));
    expect(finding).toBeDefined();
    expect(finding!.severity).toBe("medium");
  });

  test("a store that takes house charges every day is not judged by it", async () => {
    expect(await combination(line("S101", "HOUSE", 150, 300))).toBeUndefined();
  });
});

describe("a configured habit field and a value rare everywhere", () => {
  test("a store's once-in-its-life account (its lease termination) is rare_value's, not the store's habit", async () => {
    const history = [...H, line("S105", "LEASE-END", 149, 5000)];
    const r = await analyse(line("S120", "LEASE-END", 150, 5000), { module, history, config: habits });
    expect(r.anomalies.find((a) => a.code === "rare_combination")).toBeUndefined();
  });
});

describe("a configured habit field never weakens what independence says", () => {
  test("a tender half the chain takes daily, new to a store, where other stores took it up once: still high", async () => {
    const history = [...H];
    for (let d = 0; d < 150; d++) for (let s = 0; s < 20; s++) history.push(line(`S${100 + s}`, "MOBILE", d, 200));
    for (const s of [130, 131, 132]) history.push(line(`S${s}`, "MOBILE", 80, 200));
    const sale = line("S125", "MOBILE", 150, 200);
    const before = (await analyse(sale, { module, history, config: plain })).anomalies.find((a) => a.code === "rare_combination");
    expect(before?.severity).toBe("high");
    const after = (await analyse(sale, { module, history, config: habits })).anomalies.find((a) => a.code === "rare_combination");
    expect(after?.severity).toBe("high");
  });
});
