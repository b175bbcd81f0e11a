// Regular business that a naive leakage detector flags (docs/analysis.md, "Regular business"):
// each hard negative beside the leakage it must not hide.
import { describe, expect, test } from "bun:test";
import { TaxHabitsBuilder } from "../../src/analysis/detectors/leakage/tax-habits.ts";
import { HistoryBuilder } from "../../src/analysis/history.ts";
import { LedgerBatchWriter, LedgerMerge } from "../../src/analysis/ledger-merge.ts";
import { ReferenceIndex } from "../../src/analysis/reference-index.ts";
import { type Contract, type PriceListEntry, sameUnit, type Transaction, unitCode } from "../../src/domain/transaction.ts";
import { ReferenceMapper } from "../../src/connectors/mapping.ts";
import { isoDateFormat, SQL_NUMBER_FORMAT } from "../../src/connectors/values.ts";
import { BUSINESS_KINDS } from "../../src/sampledata/business.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { plant } from "../../src/sampledata/plant.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes, invoice } from "./fixtures.ts";

const EUR19 = modulesConfig({ revenue_leakage: { tax: { rates: { EUR: 0.19 } } } });
/** An EUR invoice of SKU lines at list, taxed per line at `rates` (SKU → rate; else 19 %). */
function eur(id: string, customer: string, lines: { sku: string; qty: number; unit: number }[], rates: Record<string, number> = {}, extra: Partial<Transaction> = {}): Transaction {
  const t = invoice(id, { customer, currency: "EUR", taxRate: 0.19, lines: lines.map((l) => ({ ...l, list: l.unit, disc: 0 })) });
  t.tax_amount = Math.round(t.lines.reduce((s, l) => s + Math.round(l.amount! * (rates[l.sku!] ?? 0.19) * 100) / 100, 0) * 100) / 100;
  return { ...t, ...extra };
}
const ref = { price_list: [] };

describe("tax: explicit markers", () => {
  test("an untaxed invoice marked exempt or reverse charge (EN 16931 category) is legitimate; unmarked it is not", async () => {
    const zero = (attributes?: Transaction["attributes"]) => eur("T1", "C-NEW", [{ sku: "X", qty: 10, unit: 50 }], { X: 0 }, attributes ? { attributes } : {});
    expect(codes((await analyse(zero(), { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
    const markers: NonNullable<Transaction["attributes"]>[] = [{ tax_category: "AE", vat_id: "FR123456789" }, { tax_category: "e" }, { reverse_charge: true }, { tax_code: "Z" }];
    for (const attributes of markers) {
      expect((await analyse(zero(attributes), { config: EUR19, ref })).anomalies).toEqual([]);
    }
    // Column names and values as other systems spell them; an exemption reason of any kind.
    const spelled: NonNullable<Transaction["attributes"]>[] = [{ TaxCategory: "ae" }, { "VAT-Category": "Reverse charge" }, { vat_exemption_reason_code: "VATEX-EU-IC" }, { exemption_reason: "Art. 151 VAT Directive" }];
    for (const attributes of spelled) expect((await analyse(zero(attributes), { config: EUR19, ref })).anomalies).toEqual([]);
    for (const attributes of [{ exemption_reason: "none" }, { reverse_charge: false }] as NonNullable<Transaction["attributes"]>[]) {
      expect(codes((await analyse(zero(attributes), { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
    }
    // A VAT id alone says nothing (domestic businesses have one and are taxed); nor does a standard category.
    expect(codes((await analyse(zero({ vat_id: "DE123456789", tax_category: "S" }), { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
  });
});

describe("tax: learned habits", () => {
  const zeroHistory = (customer: string, n: number) => Array.from({ length: n }, (_, i) => eur(`H${customer}${i}`, customer, [{ sku: "X", qty: 1 + i, unit: 40 }], { X: 0 }));

  test("a customer all of whose invoices carry no tax is exempt; one taxed invoice among them and it is not", async () => {
    const next = eur("T2", "C-EX", [{ sku: "X", qty: 7, unit: 40 }], { X: 0 });
    expect((await analyse(next, { config: EUR19, ref, history: zeroHistory("C-EX", 3) })).anomalies).toEqual([]);
    // Two earlier untaxed invoices are not enough to call it a habit.
    expect(codes((await analyse(next, { config: EUR19, ref, history: zeroHistory("C-EX", 2) })).anomalies)).toEqual(["tax_below_rate"]);
    // Sometimes taxed, sometimes not: the untaxed ones are what under-charging looks like.
    const mixed = [...zeroHistory("C-EX", 5), eur("HT", "C-EX", [{ sku: "X", qty: 2, unit: 40 }])];
    expect(codes((await analyse(next, { config: EUR19, ref, history: mixed })).anomalies)).toEqual(["tax_below_rate"]);
    // Switched off.
    const off = modulesConfig({ revenue_leakage: { tax: { rates: { EUR: 0.19 }, learn: false } } });
    expect(codes((await analyse(next, { config: off, ref, history: zeroHistory("C-EX", 3) })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("a customer whose taxed invoices all state one rate: another, lower rate on one of them is under-taxed (US sales tax: no minimum configured)", async () => {
    const usd = (id: string, customer: string, rate: number, qty = 10) => invoice(id, { customer, taxRate: rate, lines: [{ sku: "SKU-B", qty, unit: 50 }] });
    const ny = Array.from({ length: 4 }, (_, i) => usd(`NY${i}`, "C-NY", 0.08875, 5 + i));
    const wrong = usd("NY-X", "C-NY", 0.0625);
    const r = await analyse(wrong, { history: [...ny, wrong] });
    expect(codes(r.anomalies)).toEqual(["tax_below_rate"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(13.13); // 500 × (8.875 % − 6.25 %)
    expect(r.anomalies[0]!.message).toContain("the rate the customer's invoices state");
    // Without that habit (a new customer, too few invoices, or a customer taxed at several rates: several ship-to states), only the stated rate counts.
    expect((await analyse(wrong)).anomalies).toEqual([]);
    expect((await analyse(wrong, { history: ny.slice(0, 2) })).anomalies).toEqual([]);
    const mixed = [...ny.slice(0, 2), usd("TX1", "C-NY", 0.0625, 3), usd("TX2", "C-NY", 0.0625, 4)];
    expect((await analyse(wrong, { history: mixed })).anomalies).toEqual([]);
    // A higher rate than usual, and learning switched off: nothing.
    expect((await analyse(usd("NY-H", "C-NY", 0.1), { history: ny })).anomalies).toEqual([]);
    const off = modulesConfig({ revenue_leakage: { tax: { learn: false } } });
    expect((await analyse(wrong, { history: ny, config: off })).anomalies).toEqual([]);
  });

  test("a customer's usual full rate does not make its reduced-rate invoice under-taxed", async () => {
    const history = [
      ...Array.from({ length: 4 }, (_, i) => eur(`CF${i}`, "C-F", [{ sku: "TOOL", qty: 1 + i, unit: 99 }])),
      ...Array.from({ length: 3 }, (_, i) => ({ ...eur(`CR${i}`, `C-R${i}`, [{ sku: "FOOD", qty: 3 + i, unit: 20 }], { FOOD: 0.07 }), tax_rate: 0.07 })),
    ];
    const food = { ...eur("CF-FOOD", "C-F", [{ sku: "FOOD", qty: 10, unit: 20 }], { FOOD: 0.07 }), tax_rate: 0.07 };
    expect((await analyse(food, { config: EUR19, ref, history: [...history, food] })).anomalies).toEqual([]);
  });

  test("a SKU always taxed at 7 % has a reduced rate, alone or beside full-rate SKUs; less than that is still found", async () => {
    const history = [
      eur("R1", "C1", [{ sku: "FOOD", qty: 3, unit: 20 }], { FOOD: 0.07 }),
      eur("R2", "C2", [{ sku: "FOOD", qty: 5, unit: 20 }, { sku: "TOOL", qty: 1, unit: 99 }], { FOOD: 0.07 }),
      eur("R3", "C3", [{ sku: "TOOL", qty: 2, unit: 99 }, { sku: "FOOD", qty: 9, unit: 20 }], { FOOD: 0.07 }),
      eur("R4", "C1", [{ sku: "FOOD", qty: 4, unit: 21 }, { sku: "BOOK", qty: 2, unit: 15 }], { FOOD: 0.07, BOOK: 0.07 }),
      eur("R5", "C2", [{ sku: "BOOK", qty: 1, unit: 15 }, { sku: "TOOL", qty: 1, unit: 99 }], { BOOK: 0.07 }),
      eur("R6", "C3", [{ sku: "BOOK", qty: 6, unit: 15 }], { BOOK: 0.07 }),
      eur("R7", "C1", [{ sku: "TOOL", qty: 3, unit: 99 }]),
    ];
    const mixed = eur("T3", "C9", [{ sku: "TOOL", qty: 1, unit: 99 }, { sku: "FOOD", qty: 10, unit: 20 }, { sku: "BOOK", qty: 3, unit: 15 }], { FOOD: 0.07, BOOK: 0.07 });
    expect(codes((await analyse(mixed, { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
    expect((await analyse(mixed, { config: EUR19, ref, history })).anomalies).toEqual([]);
    // An invoice of FOOD only stating 7 %: the rate fitted for FOOD's lines.
    const food7 = { ...eur("T4b", "C9", [{ sku: "FOOD", qty: 10, unit: 20 }], { FOOD: 0.07 }), tax_rate: 0.07 };
    expect((await analyse(food7, { config: EUR19, ref, history })).anomalies).toEqual([]);
    expect(codes((await analyse(food7, { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
    // FOOD at 3 % is below its learned 7 %: the shortfall is against 7 % on FOOD, 19 % on the rest.
    const under = eur("T4", "C9", [{ sku: "TOOL", qty: 1, unit: 99 }, { sku: "FOOD", qty: 10, unit: 20 }], { FOOD: 0.03 });
    const r = await analyse(under, { config: EUR19, ref, history });
    expect(codes(r.anomalies)).toEqual(["tax_below_rate"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(8); // 200 × (7 % − 3 %)
    expect(r.anomalies[0]!.expected).toMatchObject({ reduced_lines: [{ sku: "FOOD", rate: 0.07 }] });
  });

  test("without a stated rate, invoices billing the SKU alone say its rate", async () => {
    const bare = (t: Transaction): Transaction => ({ ...t, tax_rate: undefined });
    const history = [1, 2, 3].map((i) => bare(eur(`B${i}`, `C${i}`, [{ sku: "BREAD", qty: i * 4, unit: 3.1 }], { BREAD: 0.07 })));
    const t = bare(eur("T8", "C9", [{ sku: "BREAD", qty: 50, unit: 3.1 }], { BREAD: 0.07 }));
    expect(codes((await analyse(t, { config: EUR19, ref, history: history.slice(0, 2) })).anomalies)).toEqual(["tax_below_rate"]);
    expect((await analyse(t, { config: EUR19, ref, history })).anomalies).toEqual([]);
  });

  test("without a stated rate, invoices mixing rates: the reduced SKUs are fitted against the currency's usual stated rate", async () => {
    // An ERP states no header rate on an invoice of two rates (books at 7 % beside goods at 19 %);
    // its single-rate invoices state 19 %. The books are never billed alone.
    const bare = (t: Transaction): Transaction => ({ ...t, tax_rate: undefined });
    const goods = ["PAN", "POT", "KNIFE", "MIXER"];
    const history: Transaction[] = [];
    for (let i = 0; i < 12; i++) {
      const book = i % 2 ? "COOKBOOK" : "MANUAL";
      history.push(bare(eur(`M${i}`, `C${i % 5}`, [{ sku: goods[i % 4]!, qty: 1 + (i % 3), unit: 40 + i * 7 }, { sku: book, qty: 2 + i, unit: 24.9 }], { [book]: 0.07 })));
      history.push(eur(`S${i}`, `C${i % 5}`, [{ sku: goods[(i + 1) % 4]!, qty: 2, unit: 40 + i * 5 }]));
    }
    const next = bare(eur("T12", "C9", [{ sku: "POT", qty: 3, unit: 55 }, { sku: "COOKBOOK", qty: 10, unit: 24.9 }], { COOKBOOK: 0.07 }));
    expect(codes((await analyse(next, { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
    expect((await analyse(next, { config: EUR19, ref, history })).anomalies).toEqual([]);
    // The cookbook untaxed is still found, against its learned 7 %; so is a pan at 7 %.
    const untaxed = bare(eur("T13", "C9", [{ sku: "POT", qty: 3, unit: 55 }, { sku: "COOKBOOK", qty: 10, unit: 24.9 }], { COOKBOOK: 0 }));
    const r = await analyse(untaxed, { config: EUR19, ref, history });
    expect(codes(r.anomalies)).toEqual(["tax_below_rate"]);
    expect(r.anomalies[0]!.amount_at_risk).toBeCloseTo(17.43, 2); // 249 × 7 %
    const pan7 = bare(eur("T14", "C9", [{ sku: "PAN", qty: 3, unit: 55 }, { sku: "COOKBOOK", qty: 10, unit: 24.9 }], { PAN: 0.07, COOKBOOK: 0.07 }));
    expect(codes((await analyse(pan7, { config: EUR19, ref, history })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("an invoice of reduced-rate goods stating the reduced rate: the stated rate stands when it is the SKUs' habit", async () => {
    const at7 = (id: string, sku: string, qty: number, rate = 0.07): Transaction => {
      const t = eur(id, "C1", [{ sku, qty, unit: 10 }], { [sku]: rate });
      return { ...t, tax_rate: rate };
    };
    const history = [at7("G1", "MILK", 3), at7("G2", "MILK", 5), at7("G3", "MILK", 8), at7("G4", "TOOL", 2, 0.19), at7("G5", "TOOL", 4, 0.19), at7("G6", "TOOL", 6, 0.19)];
    const milk = at7("T9", "MILK", 20);
    expect((await analyse(milk, { config: EUR19, ref, history })).anomalies).toEqual([]);
    expect(codes((await analyse(milk, { config: EUR19, ref, history: history.slice(1) })).anomalies)).toEqual(["tax_below_rate"]);
    // A full-rate SKU stated at 7 %, or beside the reduced one, is under-taxed.
    expect(codes((await analyse(at7("T10", "TOOL", 20), { config: EUR19, ref, history })).anomalies)).toEqual(["tax_below_rate"]);
    const both = { ...eur("T11", "C1", [{ sku: "MILK", qty: 5, unit: 10 }, { sku: "TOOL", qty: 5, unit: 10 }], { MILK: 0.07, TOOL: 0.07 }), tax_rate: 0.07 };
    expect(codes((await analyse(both, { config: EUR19, ref, history })).anomalies)).toEqual(["tax_below_rate"]);
    // Billed at 7 % three times and at 19 % twice, as stated each time: not a reduced-rate good.
    const mixed = [...history, at7("G7", "MILK", 2, 0.19), at7("G8", "MILK", 4, 0.19)];
    expect(codes((await analyse(milk, { config: EUR19, ref, history: mixed })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("US sales tax where labour and service plans are not taxable: invoices of them alone carry no tax under the stated rate; a taxable part left untaxed is still found", async () => {
    // California at 7.25 %: parts are taxed, maintenance plans and labour are not. The system states
    // the jurisdiction's rate on every invoice, also on those with nothing taxable.
    let month = 0; // each invoice a month after the last: a plan billed monthly is no duplicate
    const ca = (id: string, customer: string, lines: { sku: string; qty: number; unit: number }[], taxedSkus: string[] = ["PART"]) => {
      const date = new Date(Date.UTC(2024, month++, 3)).toISOString();
      const t = invoice(id, { customer, date, taxRate: 0.0725, lines: lines.map((l) => ({ ...l, list: l.unit, disc: 0 })) });
      t.tax_amount = Math.round(t.lines.filter((l) => taxedSkus.includes(l.sku!)).reduce((s, l) => s + l.amount!, 0) * 0.0725 * 100) / 100;
      return t;
    };
    const history = [
      ...["CA1", "CA2", "CA3", "CA4", "CA5"].flatMap((c, i) => [
        ca(`PM-${c}-1`, c, [{ sku: "PM-PLAN", qty: 1, unit: 400 + 10 * i }]),
        ca(`PM-${c}-2`, c, [{ sku: "PM-PLAN", qty: 1, unit: 400 + 10 * i }]),
        ca(`SV-${c}-1`, c, [{ sku: "LABOUR", qty: 2 + i, unit: 135 }, { sku: "PART", qty: 1, unit: 80 }]),
        ca(`SV-${c}-2`, c, [{ sku: "LABOUR", qty: 3, unit: 135 }]),
      ]),
    ];
    const plan = ca("PM-CA1-3", "CA1", [{ sku: "PM-PLAN", qty: 1, unit: 400 }]);
    const call = ca("SV-CA2-3", "CA2", [{ sku: "LABOUR", qty: 4, unit: 135 }, { sku: "PART", qty: 2, unit: 80 }]);
    for (const t of [plan, call]) expect((await analyse(t, { ref, history: [...history, t] })).anomalies).toEqual([]);
    // The part left untaxed: its tax is what is short.
    const missed = ca("SV-CA3-3", "CA3", [{ sku: "LABOUR", qty: 4, unit: 135 }, { sku: "PART", qty: 2, unit: 80 }], []);
    const r = await analyse(missed, { ref, history: [...history, missed] });
    expect(codes(r.anomalies)).toEqual(["tax_below_rate"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(11.6); // 160 × 7.25 %
    // One customer's untaxed invoices of a SKU the others do not bill teach nothing: under-charging looks like that.
    const one = [...history, ...Array.from({ length: 4 }, (_, i) => ca(`X-${i}`, "CA4", [{ sku: "GADGET", qty: 1 + i, unit: 60 }], []))];
    const gadget = ca("X-9", "CA4", [{ sku: "GADGET", qty: 5, unit: 60 }], []);
    expect(codes((await analyse(gadget, { ref, history: [...one, gadget] })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("two states with one combined rate and different taxability: the source's state (tax jurisdiction) keeps their habits apart", async () => {
    // 8.25 % is a Texas rate (service plans taxable) and an Illinois one (not taxable).
    let month = 0;
    const usd = (id: string, customer: string, state: string | undefined, taxed: boolean, unit = 400) => {
      const t = invoice(id, { customer, date: new Date(Date.UTC(2024, month++, 3)).toISOString(), taxRate: 0.0825, lines: [{ sku: "PM-PLAN", qty: 1, unit, list: unit, disc: 0 }] });
      if (!taxed) t.tax_amount = 0;
      return state === undefined ? t : { ...t, attributes: { "State/Province": state } };
    };
    // Each customer also buys a part now and then, taxed in both states: none of them is exempt.
    const part = (id: string, customer: string, state: string) => ({ ...invoice(id, { customer, date: new Date(Date.UTC(2024, month++, 5)).toISOString(), taxRate: 0.0825, lines: [{ sku: "PART", qty: 2, unit: 80, list: 80, disc: 0 }] }), attributes: { "State/Province": state } });
    const history = ["C1", "C2", "C3", "C4", "C5", "C6"].flatMap((c, i) => [
      ...Array.from({ length: 3 }, (_, k) => usd(`${c}-${k}`, c, i < 3 ? "TX" : "IL", i < 3, 400 + 10 * i)),
      part(`${c}-P`, c, i < 3 ? "TX" : "IL"),
    ]);
    const il = usd("IL-9", "C4", "IL", false, 430);
    expect((await analyse(il, { ref, history: [...history, il] })).anomalies).toEqual([]);
    // A Texas invoice left untaxed is found; so are both when the source does not say the state.
    const tx = usd("TX-9", "C1", "TX", false, 400);
    expect(codes((await analyse(tx, { ref, history: [...history, tx] })).anomalies)).toEqual(["tax_below_rate"]);
    const bare = history.map((t) => ({ ...t, attributes: undefined }));
    const ilBare = { ...il, attributes: undefined };
    expect(codes((await analyse(ilBare, { ref, history: [...bare, ilBare] })).anomalies)).toEqual(["tax_below_rate"]);
    // Three Florida counties, three local rates, one customer each: the plan is untaxed in Florida.
    const at = (t: Transaction, rate: number, state: string) => ({ ...t, tax_rate: rate, attributes: { "State/Province": state } });
    const florida = [0.065, 0.07, 0.075].flatMap((rate, i) => [
      ...Array.from({ length: 3 }, (_, k) => at(usd(`FL${i}-${k}`, `F${i}`, "FL", false, 300 + i), rate, "FL")),
      at(part(`FL${i}-P`, `F${i}`, "FL"), rate, "FL"),
    ]);
    const fl = at(usd("FL-9", "F1", "FL", false, 301), 0.07, "FL");
    expect((await analyse(fl, { ref, history: [...florida, fl] })).anomalies).toEqual([]);
    // Texas counties taxing it: an untaxed one at any of their rates is still found.
    const texas = [0.0625, 0.0675, 0.0825].flatMap((rate, i) => Array.from({ length: 3 }, (_, k) => at({ ...usd(`TX${i}-${k}`, `T${i}`, "TX", true, 500), tax_amount: Math.round(500 * rate * 100) / 100 }, rate, "TX")));
    const txUntaxed = at(usd("TX-X", "T1", "TX", false, 500), 0.0675, "TX");
    expect(codes((await analyse(txUntaxed, { ref, history: [...florida, ...texas, txUntaxed] })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("a SKU seen too seldom to learn its own rate does not keep the SKUs beside it from theirs", async () => {
    // FOOD at 7 % on ten invoices; two of them also bill FILTER-KIT, untaxed where it is sold (a
    // flat-rate service), seen twice only: those two are short by more than FOOD explains.
    const history = Array.from({ length: 10 }, (_, i) => eur(`RF${i}`, `C${i % 4}`, [{ sku: "FOOD", qty: 3 + i, unit: 20 }, { sku: "TOOL", qty: 1, unit: 99 }, ...(i < 2 ? [{ sku: "FILTER-KIT", qty: 1, unit: 189 }] : [])], { FOOD: 0.07, "FILTER-KIT": 0 }));
    const food = eur("RF-X", "C1", [{ sku: "FOOD", qty: 8, unit: 20 }, { sku: "TOOL", qty: 2, unit: 99 }], { FOOD: 0.07 });
    expect((await analyse(food, { config: EUR19, ref, history: [...history, food] })).anomalies).toEqual([]);
    // FILTER-KIT itself has learned nothing from two invoices: a new invoice billing it untaxed is reported.
    const kit = eur("RF-K", "C2", [{ sku: "FILTER-KIT", qty: 1, unit: 189 }, { sku: "TOOL", qty: 1, unit: 99 }], { "FILTER-KIT": 0 });
    expect(codes((await analyse(kit, { config: EUR19, ref, history })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("a SKU sometimes taxed at 7 % and sometimes at 19 % learns nothing: its 7 % invoices are found", async () => {
    const history = [
      eur("S1", "C1", [{ sku: "MIX", qty: 3, unit: 20 }], { MIX: 0.07 }),
      eur("S2", "C2", [{ sku: "MIX", qty: 5, unit: 20 }], { MIX: 0.07 }),
      eur("S3", "C3", [{ sku: "MIX", qty: 2, unit: 20 }], { MIX: 0.07 }),
      eur("S4", "C1", [{ sku: "MIX", qty: 4, unit: 20 }]),
      eur("S5", "C2", [{ sku: "MIX", qty: 6, unit: 20 }]),
    ];
    const t = eur("T5", "C9", [{ sku: "MIX", qty: 10, unit: 20 }], { MIX: 0.07 });
    expect(codes((await analyse(t, { config: EUR19, ref, history })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("tax rounded per line: half a cent a line is rounding", async () => {
    // Five lines of 10.55 at 19 %: 10.0225 on the total; a system rounding each line's tax (and
    // its own way) may charge 2 cents less, beyond the 1-cent tolerance of a one-line invoice.
    const lines = Array.from({ length: 5 }, (_, i) => ({ sku: `L${i}`, qty: 1, unit: 10.55 }));
    const t = eur("T6", "C9", lines);
    t.tax_amount = 10;
    expect(t.amount! * 0.19 - t.tax_amount!).toBeGreaterThan(0.015);
    expect((await analyse(t, { config: EUR19, ref })).anomalies).toEqual([]);
    const one = eur("T7", "C9", [{ sku: "L0", qty: 5, unit: 10.55 }]);
    one.tax_amount = t.tax_amount;
    expect(codes((await analyse(one, { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("tax in yen is rounded or truncated to a whole yen: less than a yen short is rounding, two yen is not", async () => {
    const JPY10 = modulesConfig({ revenue_leakage: { tax: { rates: { JPY: 0.1 } } } });
    const yen = (tax: number) => ({ ...invoice("Y1", { customer: "C-JP", currency: "JPY", taxRate: 0.1, lines: [{ sku: "PAN", qty: 1, unit: 3828, list: 3828, disc: 0 }] }), tax_amount: tax });
    expect((await analyse(yen(382), { config: JPY10, ref })).anomalies).toEqual([]); // floor(382.8)
    expect(codes((await analyse(yen(380), { config: JPY10, ref })).anomalies)).toEqual(["tax_below_rate"]);
    // The cent is still the unit of the euro.
    const cents = { ...eur("Y2", "C9", [{ sku: "PAN", qty: 1, unit: 38.28 }]), tax_amount: 7.25 };
    expect(codes((await analyse(cents, { config: EUR19, ref })).anomalies)).toEqual(["tax_below_rate"]);
  });

  test("the split scan's merged ledger learns the same habits as one pass", () => {
    const data = generateDataset({ seed: 5, invoices: 600, business: true });
    const one = new HistoryBuilder({ level: "ledger", categoricalFields: [] });
    for (const t of data.transactions) one.add(t);
    const merge = new LedgerMerge(data.transactions.length - 10);
    for (const part of [data.transactions.slice(0, 250), data.transactions.slice(250)]) {
      const w = new LedgerBatchWriter(64);
      for (const t of part) {
        w.add(t);
        if (w.full) merge.add(w.take());
      }
      if (w.length > 0) merge.add(w.take());
    }
    const limited = new HistoryBuilder({ level: "ledger", categoricalFields: [] });
    for (const t of data.transactions.slice(0, data.transactions.length - 10)) limited.add(t);
    expect(merge.finish().taxHabits.parts).toEqual(limited.finish().taxHabits.parts);
    const learned = one.finish().taxHabits.parts;
    expect(learned.skuRates.size).toBeGreaterThan(0);
    expect([...learned.customers.values()].filter(([taxed, zero]) => taxed === 0 && zero >= 3).length).toBeGreaterThan(0);
    const b = new TaxHabitsBuilder();
    for (const t of data.transactions) b.add(t);
    expect(b.finish().parts).toEqual(learned);
  });
});

describe("prices, duplicates, free of charge", () => {
  test("a price list change effective from a date: the old price before it is fine, after it is below list", async () => {
    const list = { price_list: [{ sku: "SKU-B", list_price: 45, currency: "USD" }, { sku: "SKU-B", list_price: 50, currency: "USD", valid_from: "2025-06-01" }] };
    // The old list less a 5 % policy discount: below the new list's policy floor (45), not the old one's (40.50).
    const before = invoice("P1", { date: "2025-05-30T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 42.75, list: 45, disc: 5 }] });
    expect((await analyse(before, { ref: list })).anomalies).toEqual([]);
    const after = invoice("P2", { date: "2025-06-02T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 39, list: 45, disc: 0 }] });
    const r = await analyse(after, { ref: list });
    expect(codes(r.anomalies)).toEqual(["price_below_list"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(60); // (50 × 0.9 − 39) × 10
    // The same entries in any order; an undated later entry still replaces an undated earlier one.
    const index = new ReferenceIndex({ contracts: [], shipments: [], price_list: [list.price_list[1]!, list.price_list[0]!, { sku: "Y", list_price: 1 }, { sku: "Y", list_price: 2 }] });
    expect([index.listPrice("SKU-B", "USD", "2025-05-31"), index.listPrice("SKU-B", "USD", "2025-06-01"), index.listPrice("SKU-B", "USD"), index.listPrice("Y", "EUR", "2025-01-01")]).toEqual([45, 50, 50, 2]);
  });

  test("volume tiers (contract rows with min_quantity): a line gets the best tier its quantity reaches, and a better one is a price cut", async () => {
    const tier = (min: number | undefined, price: number) => ({ contract_id: "CTR-T", customer_id: "CUST-T", sku: "SKU-A", price, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", ...(min !== undefined ? { min_quantity: min } : {}) });
    const ref = { contracts: [tier(undefined, 90), tier(50, 80), tier(200, 70)] };
    const line = (qty: number, unit: number) => ({ ...invoice("TQ", { customer: "CUST-T", lines: [{ sku: "SKU-A", qty, unit, disc: 0 }] }), contract_id: "CTR-T" });
    // Each quantity at its own tier's price, or above it: nothing to report.
    for (const [qty, unit] of [[10, 90], [50, 80], [250, 70], [120, 85]] as const) expect((await analyse(line(qty, unit), { ref })).anomalies).toEqual([]);
    // 20 units at the 200-unit price: 20 × (90 − 70) lost, if the order was 20 units. An order
    // billed in parts keeps the whole order's tier, which the first part cannot show: medium.
    const r = await analyse(line(20, 70), { ref });
    expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
    expect(r.anomalies[0]).toMatchObject({ amount_at_risk: 400, severity: "medium" });
    expect(r.anomalies[0]!.message).toContain("the CTR-T price from 200 units; 20 units are billed at 90.00");
    // 60 units at the 200-unit price: judged against the 50-unit tier.
    expect((await analyse(line(60, 70), { ref })).anomalies[0]!.amount_at_risk).toBe(600);
    // A follow-up invoice of an order (referring to the first part) keeps the order's tier.
    expect((await analyse({ ...line(20, 70), reference: "TQ-0" }, { ref })).anomalies).toEqual([]);
    // A graduated tier billed as two lines of the code (a WMS's "units 1-150" at the base price,
    // "units over 150" at the tier's): the document's lines together reach the tier.
    const lines = (parts: [number, number][]) => ({ ...invoice("TG", { customer: "CUST-T", lines: parts.map(([qty, unit]) => ({ sku: "SKU-A", qty, unit, disc: 0 })) }), contract_id: "CTR-T" });
    expect((await analyse(lines([[150, 90], [60, 70]]), { ref })).anomalies).toEqual([]);
    // Together short of the tier, the part at its price is still worth a look; another code's
    // quantity, or another unit's, adds nothing to the tier's.
    expect((await analyse(lines([[130, 90], [60, 70]]), { ref })).anomalies.map((a) => [a.code, a.severity])).toEqual([["price_below_contract", "medium"]]);
    const otherCode = lines([[150, 50], [60, 70]]);
    otherCode.lines[0]!.sku = "SKU-B";
    expect((await analyse(otherCode, { ref })).anomalies.map((a) => [a.code, a.severity])).toEqual([["price_below_contract", "medium"]]);
    const otherUnit = lines([[150, 90], [60, 70]]);
    otherUnit.lines[0]!.unit = "CS";
    otherUnit.lines[1]!.unit = "EA";
    expect((await analyse(otherUnit, { ref })).anomalies.map((a) => [a.code, a.severity])).toEqual([["price_below_contract", "medium"]]);
    // The tier's price may be a deeper discount off list than the contract's cap: still the tier's case.
    const capped = { contracts: ref.contracts.map((c) => ({ ...c, max_discount_pct: 5 })) };
    expect((await analyse({ ...line(20, 70), lines: [{ ...line(20, 70).lines[0]!, list_price: 100 }] }, { ref: capped })).anomalies.map((a) => [a.code, a.severity])).toEqual([["price_below_contract", "medium"]]);
    // Below every tier is below the contract, decisive as ever.
    const below = await analyse(line(20, 60), { ref });
    expect(below.anomalies[0]).toMatchObject({ code: "price_below_contract", amount_at_risk: 600 });
    expect(below.anomalies[0]!.severity).toMatch(/high|critical/);
  });

  test("units of measure: a price per case is no price for a line sold by the each; the line's own unit's price is", async () => {
    const ref = {
      price_list: [
        { sku: "FST-1041", list_price: 16.32, currency: "USD", unit: "CS" },
        { sku: "BOLT-7", list_price: 2, currency: "USD", unit: "CS" },
        { sku: "BOLT-7", list_price: 0.2, currency: "USD", unit: "EACH" },
      ],
      contracts: [{ contract_id: "AG-1", customer_id: "CUST-U", sku: "FST-1041", price: 15, currency: "USD", unit: "CS" }],
    };
    const sold = (sku: string, unit: string | undefined, qty: number, price: number, list?: number) => {
      const t = invoice("UOM", { customer: "CUST-U", lines: [{ sku, qty, unit: price, list: list ?? price, disc: 0 }] });
      if (unit !== undefined) t.lines[0]!.unit = unit;
      if (list === undefined) delete t.lines[0]!.list_price;
      return t;
    };
    // Five each at 1.50 (the line's own list price): neither the case's list price nor the case agreement applies.
    expect((await analyse(sold("FST-1041", "EA", 5, 1.5, 1.5), { ref })).anomalies).toEqual([]);
    // By the case, below the case agreement: found.
    expect(codes((await analyse(sold("FST-1041", "cases", 2, 12), { ref })).anomalies)).toEqual(["price_below_contract"]);
    // A SKU priced per each as well: the each's list price judges the each (pcs = EA).
    expect((await analyse(sold("BOLT-7", "pcs", 100, 0.19), { ref })).anomalies).toEqual([]);
    expect(codes((await analyse(sold("BOLT-7", "EA", 100, 0.1), { ref })).anomalies)).toEqual(["price_below_list"]);
    // An agreement that states no unit is in the unit of the SKU's price list (it discounts that list price).
    const plain = { ...ref, contracts: [{ contract_id: "AG-2", customer_id: "CUST-U", sku: "FST-1041", price: 15, currency: "USD" }] };
    expect((await analyse(sold("FST-1041", "EA", 5, 1.5, 1.5), { ref: plain })).anomalies).toEqual([]);
    // The each price derived from the case agreement (15 / 12, with a broken-case surcharge) is the
    // agreement's, which cannot be compared by the each: not the policy's case either.
    expect((await analyse(sold("FST-1041", "EA", 5, 1.26, 1.5), { ref: plain })).anomalies).toEqual([]);
    // Without an agreement, the same each price is a cut below the line's list price.
    expect(codes((await analyse({ ...sold("FST-1041", "EA", 5, 1.26, 1.5), customer_id: "CUST-OTHER" }, { ref: plain })).anomalies)).toEqual(["price_below_list"]);
    expect(codes((await analyse(sold("FST-1041", "CS", 2, 12), { ref: plain })).anomalies)).toEqual(["price_below_contract"]);
    // A line that states no unit is priced as before, by the SKU's list price and agreements.
    expect(codes((await analyse(sold("FST-1041", undefined, 5, 1.5), { ref })).anomalies)).toEqual(["price_below_contract"]);
  });

  test("a follow-up invoice (backorder, rebill) keeps the prices of the invoice it refers to: that day's list price and terms count too", async () => {
    const list = { price_list: [{ sku: "SKU-B", list_price: 45, currency: "USD" }, { sku: "SKU-B", list_price: 50, currency: "USD", valid_from: "2025-06-01" }] };
    const order = invoice("O1", { date: "2025-05-28T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 42.75, list: 45, disc: 5 }] });
    const backorder = { ...invoice("O1-B", { date: "2025-06-05T10:00:00Z", lines: [{ sku: "SKU-B", qty: 4, unit: 42.75, list: 45, disc: 5 }] }), reference: "O1" };
    expect((await analyse(backorder, { ref: list, history: [order] })).anomalies).toEqual([]);
    // Without the reference (or with one the history does not have) it is priced at its own date.
    expect(codes((await analyse({ ...backorder, reference: undefined }, { ref: list, history: [order] })).anomalies)).toEqual(["price_below_list"]);
    expect(codes((await analyse({ ...backorder, reference: "NOPE" }, { ref: list, history: [order] })).anomalies)).toEqual(["price_below_list"]);
    // A rebill in 2025 of a 2024 invoice at the 2024 agreement's price.
    const agreement = { contracts: [{ contract_id: "AG-24", customer_id: "CUST-R", sku: "SKU-A", price: 80, currency: "USD", valid_from: "2024-01-01", valid_to: "2024-12-31" }, { contract_id: "AG-25", customer_id: "CUST-R", sku: "SKU-A", price: 84, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" }] };
    const first = invoice("R1", { customer: "CUST-R", date: "2024-11-20T10:00:00Z", lines: [{ sku: "SKU-A", qty: 3, unit: 80 }] });
    const rebill = { ...invoice("R1-RB", { customer: "CUST-R", date: "2025-02-03T10:00:00Z", lines: [{ sku: "SKU-A", qty: 3, unit: 80 }] }), reference: "R1" };
    expect((await analyse(rebill, { ref: agreement, history: [first] })).anomalies).toEqual([]);
    expect(codes((await analyse({ ...rebill, reference: undefined }, { ref: agreement, history: [first] })).anomalies)).toEqual(["price_below_contract"]);
  });

  test("an invoice credited in full and issued again is a re-issue, not a duplicate; partly credited it is a duplicate", async () => {
    const original = invoice("D1", { date: "2025-06-02T10:00:00Z", lines: [{ sku: "SKU-A", qty: 2, unit: 95 }] });
    const again = { ...original, transaction_id: "D1-R", date: "2025-06-04T10:00:00Z" };
    const credit = (amount: number): Transaction => ({ ...original, transaction_id: "CN-D1", type: "credit_note", date: "2025-06-03T10:00:00Z", reference: "D1", amount });
    expect((await analyse(again, { history: [original, credit(190), again] })).anomalies).toEqual([]);
    expect(codes((await analyse(again, { history: [original, credit(100), again] })).anomalies)).toEqual(["duplicate_invoice"]);
    expect(codes((await analyse(again, { history: [original, again] })).anomalies)).toEqual(["duplicate_invoice"]);
    // A copy of the re-issue is a duplicate of the re-issue.
    const copy = { ...again, transaction_id: "D1-R2", date: "2025-06-05T10:00:00Z" };
    const r = await analyse(copy, { history: [original, credit(190), again, copy] });
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    expect(r.anomalies[0]!.actual).toMatchObject({ duplicate_of: "D1-R" });
  });

  test("a free-of-charge document (marked, or replacing an invoice of the history) is not a zero-price line; a zero line on a priced invoice is", async () => {
    const sale = invoice("F0", { date: "2025-05-02T10:00:00Z", lines: [{ sku: "SKU-A", qty: 4, unit: 95 }] });
    const free = (extra: Partial<Transaction>) => ({ ...invoice("F1", { lines: [{ sku: "SKU-A", qty: 1, unit: 0, disc: 100 }], tax: 0 }), ...extra });
    expect(codes((await analyse(free({}), { history: [sale] })).anomalies)).toEqual(["zero_price_line"]);
    expect((await analyse(free({ attributes: { billing_type: "FOC" } }))).anomalies).toEqual([]);
    expect((await analyse(free({ reference: "F0" }), { history: [sale] })).anomalies).toEqual([]);
    // A reference to an invoice the history does not have proves nothing.
    expect(codes((await analyse(free({ reference: "NOPE" }), { history: [sale] })).anomalies)).toEqual(["zero_price_line"]);
    // Marker spelled another way.
    expect((await analyse(free({ attributes: { BillingType: "free of charge" } }))).anomalies).toEqual([]);
    const priced = invoice("F2", { lines: [{ sku: "SKU-A", qty: 1, unit: 0 }, { sku: "SKU-B", qty: 1, unit: 50 }] });
    expect(codes((await analyse({ ...priced, attributes: { billing_type: "FOC" }, reference: "F0" }, { history: [sale] })).anomalies)).toEqual(["zero_price_line"]);
  });

  test("warranty work at 0 is free while the warranty runs; after its end date it is a zero-price line", async () => {
    // A field-service job of type Warranty, the unit's warranty end on the job, invoiced 2025-06-11.
    const job = (expires: string | undefined, serviceDate = "06/10/2025") => ({
      ...invoice("W1", { lines: [{ sku: "SKU-A", qty: 2, unit: 0, list: 100, disc: 0 }], tax: 0 }),
      attributes: { job_type: "Warranty", "Service Date": serviceDate, ...(expires === undefined ? {} : { "Warranty Expires": expires }) },
    });
    const config = modulesConfig({ revenue_leakage: { free_of_charge_fields: ["job_type"] } });
    for (const expires of [undefined, "", "12/31/2025", "2025-06-30", "30.06.2025", "06/10/2025"]) expect((await analyse(job(expires), { config })).anomalies).toEqual([]);
    for (const expires of ["02/28/2025", "2025-05-31", "31.05.2025", "5/3/2025"]) {
      const r = await analyse(job(expires), { config });
      expect(codes(r.anomalies)).toEqual(["zero_price_line"]);
      expect(r.anomalies[0]!.message).toContain(`warranty ended`);
    }
    // A date that reads both ways (03/07 is 7 March or 3 July): free unless both readings have ended.
    expect((await analyse(job("03/07/2025"), { config })).anomalies).toEqual([]);
    expect(codes((await analyse(job("03/04/2025"), { config })).anomalies)).toEqual(["zero_price_line"]);
    // Unless the export tells its order: its other jobs write 06/21/2025 (month first: 7 March, ended)
    // or 21/06/2025 (day first: 3 July, running).
    const other = (serviceDate: string) => ({ ...invoice("W0", { lines: [{ sku: "SKU-A", qty: 1, unit: 100 }] }), attributes: { "Service Date": serviceDate } });
    expect(codes((await analyse(job("03/07/2025"), { config, history: [other("06/21/2025")] })).anomalies)).toEqual(["zero_price_line"]);
    expect((await analyse(job("03/07/2025"), { config, history: [other("21/06/2025")] })).anomalies).toEqual([]);
    // Work done before the end, invoiced after it: still under warranty.
    expect((await analyse(job("06/10/2025", "06/09/2025"), { config })).anomalies).toEqual([]);
    // Another reason for a free document (a sample) is not a warranty's.
    const sample = { ...job("02/28/2025"), attributes: { job_type: "Sample", "Warranty Expires": "02/28/2025" } };
    expect((await analyse(sample, { config })).anomalies).toEqual([]);
  });

  test("an intercompany transfer (marked by its billing or order type) is at a transfer price, not judged against list; a transfer-price agreement still is", async () => {
    const atCost = (attributes?: Transaction["attributes"]) => ({ ...invoice("IC1", { customer: "AW-GMBH", lines: [{ sku: "SKU-A", qty: 40, unit: 58 }] }), ...(attributes ? { attributes } : {}) });
    expect(codes((await analyse(atCost())).anomalies)).toEqual(["discount_above_cap"]);
    for (const attributes of [{ order_type: "Intercompany" }, { "Billing Type": "IV" }, { document_type: "inter-company" }] as NonNullable<Transaction["attributes"]>[]) {
      expect((await analyse(atCost(attributes))).anomalies).toEqual([]);
    }
    // An agreed transfer price is still the floor.
    const transfer = { contracts: [{ contract_id: "TP-1", customer_id: "AW-GMBH", sku: "SKU-A", price: 62, currency: "USD", valid_from: "2025-01-01", max_discount_pct: 100 }] };
    expect(codes((await analyse(atCost({ order_type: "Intercompany" }), { ref: transfer })).anomalies)).toEqual(["price_below_contract"]);
    // Switched off by an empty list.
    const off = modulesConfig({ revenue_leakage: { intercompany_values: [] } });
    expect(codes((await analyse(atCost({ order_type: "Intercompany" }), { config: off })).anomalies)).toEqual(["discount_above_cap"]);
  });

  test("a subscription's trial invoice at 0 says so in words and is not a zero-price line; a priced invoice's zero line still is", async () => {
    const trial = (description: string, lines = [{ sku: "SUB-PRO", qty: 15, unit: 0 }]) => ({
      ...invoice("TR1", { lines, tax: 0 }),
      attributes: { billing_reason: "subscription_create", description },
    });
    for (const words of ["Trial period", "Trial period for Pro (monthly)", "Free trial", "Delivered free of charge"]) {
      expect((await analyse(trial(words))).anomalies).toEqual([]);
    }
    // "subscription_create" alone is every first invoice of a subscription, trial or not.
    expect(codes((await analyse(trial("Pro (monthly)"))).anomalies)).toEqual(["zero_price_line"]);
    // A word that merely contains "trial" says nothing ("industrial").
    expect(codes((await analyse(trial("Industrial sensors"))).anomalies)).toEqual(["zero_price_line"]);
    // Only a document at 0 can be free: the same words on a priced invoice leave its zero line.
    const priced = trial("Trial period", [{ sku: "SUB-PRO", qty: 1, unit: 0 }, { sku: "SKU-B", qty: 1, unit: 50 }]);
    expect(codes((await analyse(priced)).anomalies)).toContain("zero_price_line");
  });

  test("a prorated subscription line (a flag, or words: 'Remaining time', 'Unused time') is not a price cut; its recorded discount is still judged", async () => {
    // 15 seats for 7 of 29 days: 23.65 a seat against a list of 97.99.
    const prorated = (attributes: NonNullable<Transaction["attributes"]>, disc = 0) => ({
      ...invoice("PR1", { lines: [{ sku: "SUB-7", qty: 15, unit: 23.65, list: 97.99, disc }] }),
      attributes,
    });
    expect(codes((await analyse(prorated({ description: "Pro (monthly)" }))).anomalies)).toEqual(["price_below_list"]);
    for (const attributes of [{ description: "Remaining time on 15 × Pro after 22 Feb 2024" }, { description: "Unused time on Pro" }, { proration: true }, { note: "prorated" }, { memo: "Pro rata for March" }] as NonNullable<Transaction["attributes"]>[]) {
      expect((await analyse(prorated(attributes))).anomalies).toEqual([]);
    }
    expect(codes((await analyse(prorated({ proration: false }))).anomalies)).toEqual(["price_below_list"]);
    // A discount recorded beyond the policy is still a discount beyond the policy.
    expect(codes((await analyse(prorated({ description: "Remaining time on Pro" }, 40))).anomalies)).toEqual(["discount_above_cap"]);
  });

  test("a prorated line under a contract is not a discount beyond the contract's cap by the fraction it bills; a recorded one still is", async () => {
    // A platform fee under contract (400, at most 25 % off the list of 499) for 12 of 30 days: 160.
    const contracts: Contract[] = [{ contract_id: "K1", customer_id: "CUST-9", sku: "PLAT", price: 400, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", max_discount_pct: 25 }];
    const part = (memo: string, disc?: number) => {
      const t = { ...invoice("PR2", { lines: [{ sku: "PLAT", qty: 1, unit: 160, list: 499, ...(disc === undefined ? {} : { disc }) }] }), attributes: { memo } };
      if (disc === undefined) delete t.lines[0]!.discount_pct;
      return t;
    };
    const ref = { contracts, price_list: [{ sku: "PLAT", list_price: 499, currency: "USD" }] };
    expect(codes((await analyse(part("Services March 2025"), { ref })).anomalies)).toEqual(["discount_above_cap"]);
    expect((await analyse(part("Prorated 12/30 days - Services March 2025"), { ref })).anomalies).toEqual([]);
    // A discount recorded beyond the contract's cap is one whatever the period.
    expect(codes((await analyse(part("Prorated 12/30 days", 40), { ref })).anomalies)).toEqual(["discount_above_cap"]);
    expect((await analyse(part("Prorated 12/30 days", 20), { ref })).anomalies).toEqual([]);
  });
});

test("a line given away from its stated price (100 % discount) is not leakage; a line at 0 without a price is", async () => {
  const sample = invoice("F3", { lines: [{ sku: "SKU-B", qty: 2, unit: 50, disc: 0 }, { sku: "SKU-A", qty: 1, unit: 100, disc: 100 }] });
  sample.lines[1]!.amount = 0;
  sample.amount = 100;
  sample.tax_amount = 8;
  expect((await analyse(sample)).anomalies).toEqual([]);
  const missing = structuredClone(sample);
  missing.lines[1]!.unit_price = 0;
  expect(codes((await analyse(missing)).anomalies)).toEqual(["zero_price_line"]);
  // A source that keeps net unit prices and records a discount only where one is granted (its
  // other lines carry a list price and no discount): unit price 0, list price, 100 % off is the
  // same waiver. Where discount_pct is filled on every line, a 100 % beside a unit price of 0 may
  // be arithmetic over a missing price: still a zero-price line (above).
  const net = structuredClone(missing);
  delete net.lines[0]!.discount_pct;
  expect((await analyse(net)).anomalies).toEqual([]);
  const unrecorded = structuredClone(net);
  delete unrecorded.lines[1]!.discount_pct;
  expect(codes((await analyse(unrecorded)).anomalies)).toEqual(["zero_price_line"]);
  const noList = structuredClone(net);
  delete noList.lines[1]!.list_price;
  expect(codes((await analyse(noList)).anomalies)).toEqual(["zero_price_line"]);
  const half = structuredClone(sample);
  half.lines[1]!.discount_pct = 60;
  expect(codes((await analyse(half)).anomalies)).toEqual(["zero_price_line"]);
});

describe("generator: regular business", () => {
  test("off, the data set is unchanged; on, every kind is there and planting leaves it alone", () => {
    const plain = generateDataset({ seed: 9, invoices: 1500, customers: 120, skus: 80 });
    const busy = generateDataset({ seed: 9, invoices: 1500, customers: 120, skus: 80, business: true });
    expect(plain.business).toBeUndefined();
    expect(new Set(busy.business!.values())).toEqual(new Set(BUSINESS_KINDS));
    // Untouched transactions are the plain data set's.
    const byId = new Map(plain.transactions.map((t) => [t.transaction_id, t]));
    const untouched = busy.transactions.filter((t) => !busy.business!.has(t.transaction_id) && byId.has(t.transaction_id));
    expect(untouched.length).toBeGreaterThan(plain.transactions.length / 2);
    for (const t of untouched) expect(t).toEqual(byId.get(t.transaction_id)!);
    const planted = plant(busy, 9, 0.05);
    for (const id of planted.labels.keys()) expect(busy.business!.has(id.replace(/-DUP$/, ""))).toBe(false);
  });
});

test("connectors map a price list's valid_from (a date) like a contract's", () => {
  const mapper = new ReferenceMapper<PriceListEntry>(["sku", "list_price", "currency", "gilt_ab"], "price_list", { valid_from: "gilt_ab" }, { numbers: SQL_NUMBER_FORMAT, dates: isoDateFormat });
  expect(mapper.map(["X", "12.5", "EUR", "2025-07-01"])).toEqual({ sku: "X", list_price: 12.5, currency: "EUR", valid_from: "2025-07-01" });
});

test("connectors map a contract row's min_quantity (a volume tier)", () => {
  const mapper = new ReferenceMapper<Contract>(["contract_id", "customer_id", "sku", "price", "ab_menge"], "contracts", { min_quantity: "ab_menge" }, { numbers: SQL_NUMBER_FORMAT, dates: isoDateFormat });
  expect(mapper.map(["K1", "C1", "X", "70", "200"])).toEqual({ contract_id: "K1", customer_id: "C1", sku: "X", price: 70, min_quantity: 200 });
  expect(mapper.map(["K1", "C1", "X", "90", ""])).toEqual({ contract_id: "K1", customer_id: "C1", sku: "X", price: 90 });
});

test("units of measure are compared as one code: EACH, pcs, PCE, C62 and St. (Stück) are EA; a case is CS", () => {
  expect(["EACH", "pcs", "PCE", "C62", "ea", "St."].map(unitCode)).toEqual(["EA", "EA", "EA", "EA", "EA", "EA"]);
  expect([unitCode("Case"), unitCode("ctn"), unitCode("kg"), unitCode("KGM")]).toEqual(["CS", "CS", "KG", "KG"]);
  expect([sameUnit("EA", "each"), sameUnit("EA", "CS"), sameUnit(undefined, "CS"), sameUnit("CS", undefined)]).toEqual([true, false, true, true]);
});
