// Runs the B2B SaaS usage-based billing data set (saas-usage.ts: a subscription billing system's
// invoice lines — seats in advance, metered API calls, storage and compute hours in arrears in
// volume and graduated tiers with an included allowance, an enterprise annual prepaid commit drawn
// down by usage lines at 0 and overage beyond it at the contract's overage rate, quarterly seat
// true-ups, prorated upgrades and seat additions, promotions for N months, credit grants, renewals
// with an uplift, USD/EUR/GBP, US sales tax, UK VAT and EU reverse charge, invoices voided and
// re-issued) through the real product: writes the export and a configuration written from
// docs/connectors.md and docs/analysis.md as the company's billing analyst would (each
// subscription's rate plan charges — a segment per term, tiers as `min_quantity`, the promotion's
// percentage with its end — as contracts scoped to the subscription; the rating engine's rated usage,
// each record naming the invoice it was rated into, as shipments), starts `src/main.ts serve`,
// scans with revenue_leakage and duplicate_detection over signed HTTP, and prints precision/recall
// per document at high and at medium and above, per kind, and the false alarms per kind of regular
// business. Not part of `make bench-quality`.
// Run: bun run bench/quality/saas-usage-eval.ts --seed 3001 [--port 46201] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeSaas } from "./saas-usage.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 3001, port: 46201, out: (s) => `/tmp/saas-usage-eval-${s}` });
const sizes = writeSaas(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a subscription pays its rate plan's charges; a promotion is a charge of its own in %
connectors:
  - id: saas
    type: csv
    name: Subscription billing - invoice lines
    transactions: ./export/invoice_lines.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/rate_plan_charges.csv
      shipments: ./export/ref/rated_usage.csv
    csv: { delimiter: "," }
    type_values: { Invoice: invoice, Credit Note: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Document Type
      date: Invoice Date
      customer_id: Customer ID
      contract_id: Subscription Number
      reference: Related Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Subtotal
      tax_amount: Tax Amount
      tax_rate: Tax Rate
      sku: Charge Code
      line_description: Description
      quantity: Quantity
      unit: Unit
      unit_price: Unit Price
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Subscription Number, customer_id: Customer ID, sku: Charge Code, currency: Currency, unit: Unit, price: Price, min_quantity: Tier From, valid_from: Effective Start, valid_to: Effective End, billing_frequency: Billing Period, billing_timing: Billing Timing }
      shipments: { shipment_id: Usage Record ID, transaction_id: Invoice Number, customer_id: Customer ID, sku: Charge Code, quantity: Quantity, date: Usage End }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "SaaS billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "saas", labels, leakKinds: LEAK_KINDS, title: `SaaS usage-based billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
