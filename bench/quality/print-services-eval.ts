// Runs the managed print services meter billing data set (print-services.ts: a dealer business
// system's invoice detail — each device's monthly base in advance, mono and colour clicks over its
// included pages in arrears from the collection agent's meter reads, pooled fleet allowances, tiered
// click rates, minimum volume commitments topped up, estimated reads trued up, rollovers and device
// swaps, devices added and removed mid-month prorated, CPI escalations at the anniversary, toner
// included at 0, lease buyouts, service credits with a reason) through the real product: writes the
// export and a configuration written from docs/connectors.md and docs/analysis.md as the dealer's
// billing analyst would (the item code with the equipment serial as the SKU, so that a device's base
// row prices its own line and a click line falls back to the contract's click tiers; the contract
// schedule as contracts scoped to the contract, the minimum volume commitment a MIN row naming the
// click codes it applies to; the meter billing worksheet — each naming the invoice it belongs to — as
// shipments), starts `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over
// signed HTTP, and prints precision/recall per document at high and at medium and above, per kind,
// and the false alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/print-services-eval.ts --seed 3501 [--port 47501] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writePrint } from "./print-services.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 3501, port: 47501, out: (s) => `/tmp/print-services-eval-${s}` });
const sizes = writePrint(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    accepted_adjustment_reasons: ["*"]  # a service credit states its reason (the Credit Reason)
connectors:
  - id: mps
    type: csv
    name: MPS contract billing - invoice detail
    transactions: ./export/invoice_detail.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/contract_schedule.csv
      shipments: ./export/ref/meter_worksheet.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY, thousands: "," }
    type_values: { IN: invoice, CM: credit_note }
    mapping:
      transaction_id: Invoice No
      type: Invoice Type
      date: Invoice Date
      customer_id: Customer No
      contract_id: Contract No
      reference: Related Invoice
      created_by: Entered By
      approved_by: Approved By
      amount: Invoice Subtotal
      tax_amount: Sales Tax
      sku: [Item Code, Equipment ID]
      line_description: Description
      line_work_date: Service Through
      quantity: Billable Qty
      unit: UOM
      unit_price: Rate
      line_amount: Amount
      adjustment_reason: Credit Reason
    reference_mapping:
      contracts: { contract_id: Contract No, customer_id: Customer No, sku: [Item Code, Equipment ID], unit: UOM, price: Rate, min_quantity: Tier From, billing_frequency: Billing Frequency, billing_timing: Billing Timing, valid_from: Effective Date, valid_to: Expiration Date, applies_to: Applies To }
      shipments: { shipment_id: Worksheet Line, transaction_id: Invoice No, customer_id: Customer No, sku: [Item Code, Equipment ID], quantity: Billable Clicks, date: Meter Period To }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "MPS billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "mps", labels, leakKinds: LEAK_KINDS, title: `Managed print services meter billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
