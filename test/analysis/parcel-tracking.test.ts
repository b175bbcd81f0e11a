// A parcel carrier bills each package by its tracking number (docs/analysis.md, "Duplicates"): an
// e-commerce shipper sends the same 3 lb box to zone 5 dozens of times a week, each billed alike to
// the cent; two documents naming different tracking numbers are two packages, and an address
// correction billed on an adjustment for each of two shipments on one statement is two
// corrections. The same tracking number billed again under a new document is a duplicate.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const pkg = (id: string, date: string, attributes: Record<string, string>): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "A718200", currency: "USD", amount: 14.2, contract_id: "CPA-A718200",
  lines: [{ sku: "GND-5-3", unit: "PKG", quantity: 1, unit_price: 15.12, discount_pct: 23, amount: 11.64 }, { sku: "FSCG", unit: "%", quantity: 11.64, unit_price: 22, amount: 2.56 }], attributes,
});
const dup = async (t: Transaction, history: Transaction[]) => codes((await analyse(t, { module: "duplicate_detection", history })).anomalies);

test("documents alike naming different tracking numbers are two packages; the same tracking number billed again is a duplicate", async () => {
  for (const column of ["Package Tracking", "Tracking Number", "Tracking No", "Tracking ID"]) {
    const first = pkg("PX91400023", "2026-03-09T00:00:00Z", { [column]: "PX91400023" });
    const second = pkg("PX91400031", "2026-03-09T00:00:00Z", { [column]: "PX91400031" });
    expect(await dup(second, [first, second])).toEqual([]);
    const copy = pkg("PX91400099", "2026-03-16T00:00:00Z", { [column]: "px91400023" });
    expect(await dup(copy, [first, second, copy])).toEqual(["duplicate_invoice"]);
  }
});

test("a service-guarantee refund of each package of a shipment is two credits; the same package's refund credited again is a duplicate", async () => {
  const shipment: Transaction = {
    transaction_id: "PX91400023", type: "invoice", date: "2026-03-09T00:00:00Z", customer_id: "A718200", currency: "USD", amount: 130.6, attributes: { "Package Tracking": "PX91400023" },
    lines: [{ sku: "NXT-4-13", unit: "PKG", quantity: 1, unit_price: 66.24, discount_pct: 35, amount: 43.06 }, { sku: "NXT-4-13", unit: "PKG", quantity: 1, unit_price: 66.24, discount_pct: 35, amount: 43.06 }, { sku: "FSCA", unit: "%", quantity: 86.12, unit_price: 20.25, amount: 17.44 }],
  };
  const refund = (id: string, date: string, pkg: string): Transaction => ({
    transaction_id: id, type: "credit_note", date, customer_id: "A718200", currency: "USD", amount: -51.78, reference: "PX91400023", attributes: { "Package Tracking": pkg },
    lines: [{ sku: "NXT-4-13", unit: "PKG", quantity: -1, unit_price: 66.24, amount: -43.06 }, { sku: "FSCA", unit: "%", quantity: -43.06, unit_price: 20.25, amount: -8.72 }],
  });
  const first = refund("CR7702217", "2026-03-23T00:00:00Z", "PX91400023"), second = refund("CR7702218", "2026-03-30T00:00:00Z", "PX91400031");
  expect(await dup(second, [shipment, first, second])).toEqual([]);
  const again = refund("CR7702290", "2026-04-13T00:00:00Z", "PX91400023");
  expect(await dup(again, [shipment, first, second, again])).toEqual(["duplicate_credit_note"]);
});
