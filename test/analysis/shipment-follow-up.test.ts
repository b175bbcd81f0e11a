// Shipped quantity billed on a later document naming the invoice (docs/analysis.md,
// "unbilled_shipment"): a parcel carrier's hub scans an address correction at delivery, after the
// weekly statement was cut, and bills it on an adjustment naming the shipment; its audit re-weighs
// a package billed at its actual weight and bills the dimensional weight on a shipping-charge
// correction. The scan log names the shipment, not the adjustment: what the adjustment billed is
// billed. An adjustment of the same customer naming another shipment, or a credit note, bills
// nothing of it.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice } from "./fixtures.ts";

const shipments = [
  { shipment_id: "SC1", transaction_id: "PX100", sku: "GND-5-12", quantity: 1 },
  { shipment_id: "SC2", transaction_id: "PX100", sku: "ADC", quantity: 1 },
];
const original = invoice("PX100", { customer: "A7", date: "2026-03-09T00:00:00Z", lines: [{ sku: "GND-5-8", qty: 1, unit: 14.1, list: 14.1, disc: 0 }] });
const adjustment = (id: string, reference: string, lines: { sku: string; qty: number; amount: number }[], customer = "A7", type: Transaction["type"] = "invoice"): Transaction => ({
  ...invoice(id, { customer, date: "2026-03-23T00:00:00Z", reference, lines: lines.map((l) => ({ sku: l.sku, qty: l.qty, unit: l.amount / l.qty, list: l.amount / l.qty, disc: 0 })) }),
  type,
});

describe("shipped quantity billed by a later document naming the invoice", () => {
  test("without a follow-up, the dimensional weight and the correction scanned are unbilled", async () => {
    const r = await analyse(original, { ref: { shipments }, history: [original] });
    expect(codes(r.anomalies)).toEqual(["unbilled_shipment", "unbilled_shipment"]);
  });

  test("adjustments naming the shipment bill what it left out", async () => {
    const adc = adjustment("ADJ1", "PX100", [{ sku: "ADC", qty: 1, amount: 21 }]);
    const dim = adjustment("ADJ2", "PX100", [{ sku: "GND-5-12", qty: 1, amount: 4.2 }]);
    const r = await analyse(original, { ref: { shipments }, history: [original, adc, dim] });
    expect(r.anomalies.filter((a) => a.code === "unbilled_shipment")).toEqual([]);
  });

  test("an adjustment naming another shipment, another customer's, or a credit note bills nothing of it", async () => {
    const other = adjustment("ADJ3", "PX200", [{ sku: "ADC", qty: 1, amount: 21 }]);
    const foreign = adjustment("ADJ4", "PX100", [{ sku: "GND-5-12", qty: 1, amount: 4.2 }], "B9");
    const credit = adjustment("CR1", "PX100", [{ sku: "ADC", qty: 1, amount: 21 }], "A7", "credit_note");
    const r = await analyse(original, { ref: { shipments }, history: [original, other, foreign, credit] });
    expect(codes(r.anomalies)).toEqual(["unbilled_shipment", "unbilled_shipment"]);
  });

  test("a free-of-charge replacement naming the sale (its line at 0) bills nothing of it", async () => {
    const foc = adjustment("FOC1", "PX100", [{ sku: "ADC", qty: 1, amount: 0.0001 }]);
    foc.lines = foc.lines.map((l) => ({ ...l, unit_price: 0, amount: 0 }));
    const r = await analyse(original, { ref: { shipments }, history: [original, foc] });
    expect(codes(r.anomalies)).toEqual(["unbilled_shipment", "unbilled_shipment"]);
  });
});
