// Kit components billed at 0 beside their kit (docs/analysis.md, "Kit components"): learned from
// the history, silent beside the kit, reported without it, beside a kit they are no part of, or in
// more units than the kits contain.
import { describe, expect, test } from "bun:test";
import { KitComponentsBuilder } from "../../src/analysis/detectors/leakage/kit-components.ts";
import { HistoryBuilder } from "../../src/analysis/history.ts";
import { LedgerBatchWriter, LedgerMerge } from "../../src/analysis/ledger-merge.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice, type LineSpec } from "./fixtures.ts";

const PRICES: Record<string, number> = { "SET-1": 300, "SET-2": 120, PAN: 120, LID: 40, POT: 150, KNIFE: 60 };
const ref = { price_list: Object.entries(PRICES).map(([sku, list_price]) => ({ sku, list_price, currency: "USD" })), contracts: [] };
const at = (sku: string, qty: number): LineSpec => ({ sku, qty, unit: PRICES[sku]!, list: PRICES[sku]!, disc: 0 });
const free = (sku: string, qty: number): LineSpec => ({ sku, qty, unit: 0, list: PRICES[sku]!, disc: 0 });
/** SET-1 = PAN + 2 × LID + POT, its components at 0; SET-2 (a knife set) has none listed. */
const kit = (id: string, customer: string, sets = 1, extra: LineSpec[] = []) =>
  invoice(id, { customer, lines: [at("SET-1", sets), free("PAN", sets), free("LID", 2 * sets), free("POT", sets), ...extra] });
/** `n` kit invoices over `customers` customers, and sales of the components on their own. */
function history(n: number, customers: number): Transaction[] {
  const h: Transaction[] = [];
  for (let i = 0; i < n; i++) h.push(kit(`K${i}`, `C${i % customers}`, 1 + (i % 3), i % 2 ? [at("KNIFE", 1)] : []));
  for (let i = 0; i < n; i++) h.push(invoice(`S${i}`, { customer: `C${i}`, lines: [at("PAN", 2), at("LID", 1), at("SET-2", 1), at("KNIFE", 1)] }));
  return h;
}
const zeroLines = async (t: Transaction, h: Transaction[]) => {
  const r = await analyse(t, { history: h, ref });
  return r.anomalies.filter((a) => a.code === "zero_price_line");
};

describe("kit components at 0", () => {
  test("a kit's components at 0 beside it are silent; the kit's price is billed", async () => {
    const t = kit("T1", "C-NEW", 2);
    expect(await zeroLines(t, history(9, 5))).toEqual([]);
    expect(codes((await analyse(t, { history: history(9, 5), ref })).anomalies)).toEqual([]);
  });

  test("a priced item at 0 beside a kit it is no part of is reported", async () => {
    const t = kit("T2", "C-NEW", 1, [free("KNIFE", 1)]);
    const found = await zeroLines(t, history(9, 5));
    expect(found.length).toBe(1);
    expect(found[0]!.message).toContain("KNIFE");
    // Nor is a SKU billed beside the kit now and then (KNIFE, on half of them) its component.
    const beside = invoice("T3", { customer: "C-NEW", lines: [at("KNIFE", 1), free("PAN", 1)] });
    expect((await zeroLines(beside, history(9, 5))).length).toBe(1);
  });

  test("a component at 0 without its kit is reported", async () => {
    const t = invoice("T4", { customer: "C1", lines: [at("SET-2", 1), free("PAN", 3)] });
    const found = await zeroLines(t, history(9, 5));
    expect(found.length).toBe(1);
    expect(found[0]!.amount_at_risk).toBe(324);
  });

  test("units beyond what the invoice's kits contain are reported, those units at risk", async () => {
    // One kit holds two lids; five at 0 are three beyond it (at the policy floor, 36 each).
    const t = invoice("T5", { customer: "C1", lines: [at("SET-1", 1), free("PAN", 1), free("LID", 5), free("POT", 1)] });
    const found = await zeroLines(t, history(9, 5));
    expect(found.length).toBe(1);
    expect(found[0]!.message).toContain("LID");
    expect(found[0]!.amount_at_risk).toBe(108);
  });

  test("too little history is no kit: too few invoices, or one customer's habit", async () => {
    const t = kit("T6", "C-NEW");
    expect((await zeroLines(t, history(2, 2))).length).toBe(3);
    expect((await zeroLines(t, history(9, 1))).length).toBe(3);
    expect(await zeroLines(t, history(3, 3))).toEqual([]);
  });

  test("a kit billed without its components as often as with them teaches none", async () => {
    const h = history(9, 5);
    for (let i = 0; i < 9; i++) h.push(invoice(`B${i}`, { customer: `C${i}`, lines: [at("SET-1", 1)] }));
    expect((await zeroLines(kit("T7", "C-NEW"), h)).length).toBe(3);
  });

  test("the split scan's merged ledger learns the same kits as one pass", () => {
    const data = [...history(40, 7), ...history(12, 4).map((t) => ({ ...t, transaction_id: `X${t.transaction_id}` }))];
    const merge = new LedgerMerge(data.length - 10);
    for (const part of [data.slice(0, 23), data.slice(23)]) {
      const w = new LedgerBatchWriter(8);
      for (const t of part) {
        w.add(t);
        if (w.full) merge.add(w.take());
      }
      if (w.length > 0) merge.add(w.take());
    }
    const limited = new HistoryBuilder({ level: "ledger", categoricalFields: [] });
    for (const t of data.slice(0, data.length - 10)) limited.add(t);
    const merged = merge.finish().kitComponents.parts;
    expect(merged).toEqual(limited.finish().kitComponents.parts);
    expect([...merged.keys()].sort()).toEqual(["LID", "PAN", "POT"]);
    expect(merged.get("LID")).toEqual(new Map([["SET-1", 2]]));
    const b = new KitComponentsBuilder();
    for (const t of data) b.add(t);
    const one = new HistoryBuilder({ level: "ledger", categoricalFields: [] });
    for (const t of data) one.add(t);
    expect(b.finish().parts).toEqual(one.finish().kitComponents.parts);
  });
});
