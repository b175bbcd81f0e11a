// Runs the customs broker's billing data set (customs-broker-billing.ts: a US customs broker and
// forwarder's AR invoice lines — brokerage per entry with HTS lines included and a charge per
// additional line, ISF and PGA filings, post-summary corrections, the continuous bond's annual
// premium or a single-transaction bond, duty, MPF, HMF, drayage, exam fees and storage passed
// through at cost, the disbursement fee in percent of the duty advanced with a minimum; flat
// all-in clients, free ISF for key accounts, clients paying duty by their own ACH statement,
// drawback refunds credited, corrected entries credited and re-billed, consolidated monthly
// invoices, agreements re-priced on their anniversary) through the real product: writes the export
// and a configuration written from docs/connectors.md and docs/analysis.md as the broker's revenue
// assurance analyst would (the schedule of fees as the price list, the clients' rate agreements as
// contracts — the disbursement fee's percentage row naming the disbursements it is taken of
// (`applies_to`) —, the customs module's filings as the shipments, a disbursement's unit cost as
// its line's list price, the entry date as the line's work date), starts `src/main.ts serve`, scans
// with revenue_leakage and duplicate_detection over signed HTTP, and prints precision/recall per
// invoice at high and at medium and above, per kind, and the false alarms per kind of regular
// business. Not part of `make bench-quality`.
// Run: bun run bench/quality/customs-broker-billing-eval.ts --seed 6201 [--port 21301] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeCustomsBroker } from "./customs-broker-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 6201, port: 21301, out: (s) => `/tmp/customs-broker-eval-${s}` });
const sizes = writeCustomsBroker(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a client pays its rate agreement, else the schedule of fees; a disbursement its cost
connectors:
  - id: broker
    type: csv
    name: Forwarding system - AR invoice line detail
    transactions: ./export/ar_invoice_lines.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/schedule_of_fees.csv
      contracts: ./export/ref/rate_agreements.csv
      shipments: ./export/ref/customs_filings.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { INV: invoice, CRD: credit_note }
    mapping:
      transaction_id: Transaction Number
      type: Transaction Type
      date: Invoice Date
      customer_id: Organisation Code
      contract_id: Rate Agreement
      reference: Related Transaction
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Total
      sku: Charge Code
      line_description: Description
      line_work_date: Entry Date        # an entry filed before the anniversary is billed at the year's old rates
      quantity: Quantity
      unit: Unit
      unit_price: Rate
      line_amount: Line Amount
      list_price: Unit Cost             # a disbursement passes at its cost: never below it
    reference_mapping:
      price_list: { sku: Charge Code, list_price: Rate, currency: Currency, unit: Unit, valid_from: Effective Date }
      contracts: { contract_id: Agreement, customer_id: Organisation Code, sku: Charge Code, price: Rate, currency: Currency, unit: Unit, applies_to: Applies To, billing_frequency: Billing Frequency, valid_from: Valid From, valid_to: Valid To }
      shipments: { shipment_id: Filing Id, transaction_id: Invoice Number, customer_id: Organisation Code, sku: Charge Code, quantity: Quantity, date: Filed Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Customs broker revenue assurance" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "broker", labels, leakKinds: LEAK_KINDS, title: `Customs broker billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
