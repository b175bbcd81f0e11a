// Runs the 3PL warehouse's client billing data set (tpl-billing.ts: a WMS billing module's invoice
// detail — storage per pallet, cubic foot or pallet-week, receiving, pick-and-pack per order and per
// additional unit with a graduated tier past 10,000 units, kitting, labeling, returns, accessorials,
// a peak-season surcharge, the monthly minimum as a top-up line; mis-pick and dispute credit memos;
// consolidated invoices of a parent's two accounts; special-project work orders) through the real
// product: writes the export and a configuration written from docs/connectors.md and
// docs/analysis.md as the 3PL's billing analyst would (the clients' rate sheets as contracts, with
// their tier's min_quantity and billing frequency; the standard rate sheet as the price list; the
// billable-activity log — daily activity and month-end storage snapshots, each naming the invoice
// the WMS attached it to — as shipments; the monthly minimum's code as a minimum charge), starts
// `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP, and
// prints precision/recall per document at high and at medium and above, per kind, and the false
// alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/tpl-billing-eval.ts --seed 1901 [--port 48901] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeTpl } from "./tpl-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1901, port: 48901, out: (s) => `/tmp/tpl-eval-${s}` });
const sizes = writeTpl(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a client pays its rate sheet, or the standard sheet
    minimum_charge_skus: [MIN-MONTHLY]  # the rate sheets' monthly minimum
connectors:
  - id: wms
    type: csv
    name: WMS billing - invoice detail
    transactions: ./export/invoice_detail.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/rate_sheets.csv
      price_list: ./export/ref/standard_rates.csv
      shipments: ./export/ref/billable_activity.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Invoice Type
      date: Invoice Date
      customer_id: Bill-To Account
      reference: Related Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Subtotal
      tax_amount: Tax
      sku: Charge Code
      line_description: Charge Description
      quantity: Quantity
      unit: UOM
      unit_price: Rate
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Rate Sheet, customer_id: Bill-To Account, sku: Charge Code, currency: Currency, price: Rate, unit: UOM, min_quantity: Min Quantity, billing_frequency: Billing Frequency, valid_from: Effective From, valid_to: Effective To }
      price_list: { sku: Charge Code, currency: Currency, list_price: Rate, unit: UOM, valid_from: Effective Date }
      shipments: { shipment_id: Activity ID, transaction_id: Invoice Number, customer_id: Bill-To Account, sku: Charge Code, quantity: Quantity, date: Activity Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "3PL warehouse" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "wms", labels, leakKinds: LEAK_KINDS, title: `3PL warehouse client billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
