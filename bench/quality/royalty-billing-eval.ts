// Runs the franchisor's royalty billing data set (royalty-billing.ts: a franchise management
// system's royalty invoice detail — royalty and brand fund in % of the gross sales a unit reports,
// weekly or monthly, the flat technology fee, the minimum monthly royalty, a new unit's abated
// royalty, renewals and transfers at new rates, estimates for late reports and their true-ups,
// restatements, royalty relief and audit invoices; the POS poll's net sales, gift cards and
// employee meals beside the sales reported) through the real product: writes the export and a
// configuration written from docs/connectors.md and docs/analysis.md as the franchisor's royalty
// analyst would (the franchise agreements' dated fee rows as contracts, each agreement scoped to
// the invoices naming it; the current FDD's fee schedule as the price list; the minimum royalty's
// code as a minimum charge; the sales reported below what the POS shows as a custom rule), starts
// `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP, and
// prints precision/recall per document at high and at medium and above, per kind, and the false
// alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/royalty-billing-eval.ts --seed 2001 [--port 45001] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeRoyalty } from "./royalty-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2001, port: 45001, out: (s) => `/tmp/royalty-eval-${s}` });
const sizes = writeRoyalty(seed, join(dir, "export"));

// The POS rule: gross sales as the agreement defines them (the POS's net sales less gift cards sold
// and employee meals) more than 2 % above what the franchisee reported (a poll that missed days
// shows less than was sold, never more; sales kept off the POS — catering, delivery — are reported
// on top of it).
const pos = (col: string) => `double(string(txn.attributes["${col}"]))`;
const posBasis = `(${pos("POS Net Sales")} - ${pos("POS Gift Card Sales")} - ${pos("POS Employee Meals")})`;
const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a unit pays its agreement's fees, or the FDD's
    minimum_charge_skus: [MIN-ROYALTY]  # the agreements' minimum monthly royalty
connectors:
  - id: royalty
    type: csv
    name: Franchise royalty invoices
    transactions: ./export/royalty_invoice_detail.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/franchise_agreements.csv
      price_list: ./export/ref/fee_schedule.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice No
      type: Invoice Type
      date: Invoice Date
      customer_id: Location ID
      contract_id: Agreement No
      reference: Related Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Subtotal
      tax_amount: Tax
      sku: Fee Code
      line_description: Fee Description
      quantity: Sales Basis
      unit: UOM
      unit_price: Rate
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Agreement No, customer_id: Location ID, sku: Fee Code, price: Rate, unit: UOM, billing_frequency: Billing Frequency, billing_timing: Billing Timing, applies_to: Applies To, valid_from: Effective From, valid_to: Effective To }
      price_list: { sku: Fee Code, list_price: Rate, unit: UOM, valid_from: Effective Date }
rules:
  - id: sales_reported_below_pos
    module: revenue_leakage
    when: 'txn.type == "invoice" && "Reported Gross Sales" in txn.attributes && "POS Net Sales" in txn.attributes && string(txn.attributes["POS Net Sales"]) != "" && string(txn.attributes["Reported Gross Sales"]) != "" && ${posBasis} > 1.02 * ${pos("Reported Gross Sales")}'
    severity: high
    message: 'gross sales reported below what the POS shows at {customer_id}'
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Franchisor royalty" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "royalty", labels, leakKinds: LEAK_KINDS, title: `Franchisor royalty billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
