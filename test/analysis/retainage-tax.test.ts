// Retainage (retention, holdback) and sales tax (docs/analysis.md, "Retainage"): a contractor's
// pay application withholds a share of the work until completion, and many bill the tax on what
// is due now, the retained part's tax when it is released — others tax the whole work at once and
// release the retainage without tax. The document names both amounts; the tax is judged on the
// work less the retainage withheld and released.
import { expect, test } from "bun:test";
import { analyse, codes, invoice } from "./fixtures.ts";

const payApp = (id: string, tax: number, attributes: Record<string, string>) => ({
  ...invoice(id, { customer: "GC-1", lines: [{ sku: "26 05 19", qty: 1, unit: 6000, list: 6000 }, { sku: "26 24 16", qty: 1, unit: 4000, list: 4000 }], taxRate: 0.1, tax }),
  attributes,
});
const taxFinding = async (t: ReturnType<typeof payApp>) => (await analyse(t)).anomalies.filter((a) => a.code === "tax_below_rate");

test("tax on the work less the retainage withheld is not under-charged", async () => {
  // 10,000 of work, 1,000 retained: 900 of tax on the 9,000 due now.
  expect(await taxFinding(payApp("PA-1", 900, { "Less Retainage": "1,000.00" }))).toEqual([]);
  // Without the retainage on the document the same tax is short by 100.
  const plain = await taxFinding(payApp("PA-2", 900, {}));
  expect(plain.map((a) => a.amount_at_risk)).toEqual([100]);
  // Less than the net's tax is still short, by what the net due now requires.
  const short = await taxFinding(payApp("PA-3", 500, { "Less Retainage": "1,000.00" }));
  expect(short.map((a) => a.amount_at_risk)).toEqual([400]);
  expect(short[0]!.message).toContain("retainage");
});

test("a retainage release may carry no tax: it was charged with the work", async () => {
  expect(await taxFinding(payApp("RR-1", 0, { "Retainage Released": "10,000.00" }))).toEqual([]);
  // A release beside new work: the new work is taxed.
  const mixed = await taxFinding(payApp("RR-2", 0, { "Retainage Released": "4,000.00" }));
  expect(mixed.map((a) => a.amount_at_risk)).toEqual([600]);
});

test("the invoice's retainage, not a line's: the larger plausible amount counts; an impossible one none", async () => {
  // A line-level "Retainage" column kept from the first row (600) beside the header's total.
  expect(await taxFinding(payApp("PA-4", 900, { Retainage: "600.00", "Less Retainage": "1,000.00" }))).toEqual([]);
  // Retainage of the whole invoice or more is no retainage.
  expect((await taxFinding(payApp("PA-5", 0, { Retainage: "12,000.00" }))).map((a) => a.amount_at_risk)).toEqual([1000]);
  expect((await taxFinding(payApp("PA-6", 0, { Retainage: "n/a" }))).map((a) => a.amount_at_risk)).toEqual([1000]);
});

test("the tax habits learn from the work less the retainage: a contract's pay applications teach no reduced rate", async () => {
  // Four customers' pay applications taxed on the 90 % due now: the SKU is not taxed at 9 %.
  const history = [1, 2, 3, 4].map((k) => ({
    ...invoice(`H-${k}`, { customer: `GC-${k}`, date: `2025-0${k}-28T10:00:00Z`, lines: [{ sku: "26 05 19", qty: 1, unit: 10000, list: 10000 }], taxRate: 0.1, tax: 900 }),
    attributes: { "Less Retainage": "1,000.00" },
  }));
  const noRetainage = invoice("PA-9", { customer: "GC-9", date: "2025-06-28T10:00:00Z", lines: [{ sku: "26 05 19", qty: 1, unit: 10000, list: 10000 }], taxRate: 0.1, tax: 900 });
  const r = await analyse(noRetainage, { history: [...history, noRetainage] });
  expect(codes(r.anomalies)).toEqual(["tax_below_rate"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(100);
});

test("amounts read as exports write them", async () => {
  const { amountOf } = await import("../../src/analysis/detectors/leakage/retainage.ts");
  expect(amountOf("39,102.17")).toBe(39102.17);
  expect(amountOf("39.102,17")).toBe(39102.17);
  expect(amountOf("1,234,567")).toBe(1234567);
  expect(amountOf("39,102")).toBe(39102);
  expect(amountOf("1234,5")).toBe(1234.5);
  expect(amountOf("$1,234.50")).toBe(1234.5);
  expect(amountOf("(1,234.56)")).toBe(-1234.56);
  expect(amountOf(980.5)).toBe(980.5);
  expect(amountOf("")).toBeUndefined();
  expect(amountOf("n/a")).toBeUndefined();
});
