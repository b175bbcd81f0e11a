// A shipments table whose rows say whether they are billable (a WMS's billable-activity log: a
// damaged order re-shipped at the carrier's cost, a pallet inside its free storage days) owes only
// its billable rows: a row marked not billable is no unbilled shipment, a billable one still is.
import { describe, expect, test } from "bun:test";
import { ReferenceMapper } from "../../src/connectors/mapping.ts";
import { analyse, codes, invoice } from "./fixtures.ts";

describe("shipments marked not billable", () => {
  const shipments = [
    { shipment_id: "A1", transaction_id: "I90", sku: "PICK-ORDER", quantity: 40, billable: "Y" },
    { shipment_id: "A2", transaction_id: "I90", sku: "PICK-ORDER", quantity: 2, billable: "N" },
    { shipment_id: "A3", transaction_id: "I90", sku: "STOR-PLT-MO", quantity: 12, billable: "No" },
    { shipment_id: "A4", transaction_id: "I90", sku: "STOR-PLT-MO", quantity: 30 },
  ];
  const bill = (orders: number, pallets: number) => invoice("I90", { lines: [{ sku: "PICK-ORDER", qty: orders, unit: 2.75, list: 2.75, disc: 0 }, { sku: "STOR-PLT-MO", qty: pallets, unit: 18, list: 18, disc: 0 }] });

  test("rows marked not billable are not owed", async () => {
    expect((await analyse(bill(40, 30), { ref: { shipments } })).anomalies).toEqual([]);
  });

  test("billable rows, and rows that say nothing, are still owed", async () => {
    const r = await analyse(bill(36, 25), { ref: { shipments } });
    expect(codes(r.anomalies)).toEqual(["unbilled_shipment", "unbilled_shipment"]);
    expect(r.amount_at_risk?.amount).toBe(4 * 2.75 + 5 * 18);
  });

  test("the column is read by its name without a mapping, and its values kept as written", () => {
    const header = ["Activity ID", "Invoice Number", "Charge Code", "Quantity", "Billable"];
    const m = new ReferenceMapper<Record<string, unknown>>(header, "shipments", { shipment_id: "Activity ID", transaction_id: "Invoice Number", sku: "Charge Code" }, { numbers: { decimal: ".", thousands: "" }, dates: "iso" } as never);
    expect(m.map(["A2", "I90", "PICK-ORDER", "2", "N"])).toMatchObject({ shipment_id: "A2", sku: "PICK-ORDER", quantity: 2, billable: "N" });
  });
});
