// Runs the colocation provider's monthly billing data set (colo-billing.ts: a colo billing system's
// invoice lines — MRCs in advance for cabinets, cages, committed power, circuits, cross-connects, IP
// blocks and transit commits; in arrears the metered power above the commit, the 95th-percentile
// burst, installations and remote hands; prorated partial months, the 3 % anniversary escalator,
// promotions waiving NRCs at 100 %, early termination fees, SLA credit memos) through the real
// product: writes the export and a configuration written from docs/connectors.md as the provider's
// billing analyst would (the service inventory — each service's rate per price step, its MRC start
// and disconnect, the usage and remote-hands rates — as contracts scoped to the master agreement;
// the rated usage the DCIM uploads, each record naming the invoice it was rated into, as
// shipments), starts `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over
// signed HTTP, and prints precision/recall per document at high and at medium and above, per kind,
// and the false alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/colo-billing-eval.ts --seed 2601 [--port 21801] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeColo } from "./colo-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2601, port: 21801, out: (s) => `/tmp/colo-eval-${s}` });
const sizes = writeColo(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a customer pays its agreement's rates; a promotion's waiver is on the line at 100 %
connectors:
  - id: colo
    type: csv
    name: Colocation billing - invoice lines
    transactions: ./export/invoice_lines.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/service_inventory.csv
      shipments: ./export/ref/usage_records.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Invoice Type
      date: Invoice Date
      customer_id: Customer ID
      contract_id: Master Agreement
      reference: Related Invoice
      created_by: Billed By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Subtotal
      sku: Product Code
      line_description: Description
      quantity: Quantity
      unit: UOM
      unit_price: Unit Price
      discount_pct: Discount %
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Master Agreement, customer_id: Customer ID, sku: Product Code, currency: Currency, price: Rate, unit: UOM, quantity: Quantity, valid_from: Effective From, valid_to: Effective To, billing_frequency: Billing Frequency, billing_timing: Billing Timing }
      shipments: { shipment_id: Usage ID, transaction_id: Invoice Number, customer_id: Customer ID, sku: Product Code, quantity: Quantity, date: End Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Colocation billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "colo", labels, leakKinds: LEAK_KINDS, title: `Colocation billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
