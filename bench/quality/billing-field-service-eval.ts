// Runs the field-service data set (billing-field-service.ts) through the real product: writes the
// export and a configuration written from docs/connectors.md and docs/analysis.md as the biller's
// analyst would (the job type column named as a free-of-charge field, the "Tax Exempt" Y/N flag as
// a tax marker), starts `src/main.ts serve`, scans with revenue_leakage and duplicate_detection
// over signed HTTP, looks up each planted document for its amount at risk, and prints
// precision/recall per invoice at high, per kind, and the false alarms per kind of regular
// business (every false alarm with its codes in <out>/false-alarms.json). Not part of
// `make bench-quality`.
// Run: bun run bench/quality/billing-field-service-eval.ts --seed 8128 [--port 18392] [--verbose] [--rules]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import { LEAK_KINDS, writeFieldService, type Label } from "./billing-field-service.ts";

// --rules: add the custom rule a field-service analyst would write for what no detector can know
// (labour at the regular item on an emergency or after-hours job: the price is right for the item).
const withRules = process.argv.includes("--rules");
const { seed, port, dir, verbose } = billingEvalSetup({ seed: 8128, port: 18392, out: (s) => `/tmp/svc-eval-${s}` });
// --billing-frequency: the rate cards state each maintenance plan's billing cadence (mapped by its
// column's name, billing_frequency): a held-out check of unbilled_recurring_charge on agreements
// billed monthly, quarterly or annually in advance that were not built for it.
const sizes = writeFieldService(seed, join(dir, "export"), { billingFrequency: process.argv.includes("--billing-frequency") });

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 10
    tax:
      rates: { CAD: 0.05 }
      marker_fields: [tax_exempt, tax_code]
      exempt_values: [Y, "YES", "TRUE", EXEMPT]
    free_of_charge_fields: [job_type, billing_type, order_type]
connectors:
  - id: fsm
    type: csv
    name: Field service invoice-line report
    transactions: ./export/invoice_lines.csv
    reference:
      contracts: ./export/ref/rate_cards.csv
      price_list: ./export/ref/pricebook.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, "Credit Memo": credit_note }
    mapping:
      transaction_id: "Invoice #"
      type: Invoice Type
      date: Invoice Date
      customer_id: "Customer #"
      contract_id: "Agreement #"
      amount: Subtotal
      tax_amount: Tax
      tax_rate: Tax Rate
      reference: Original Invoice
      sku: Item Code
      unit: Unit
      quantity: Qty
      unit_price: Unit Price
      discount_pct: Discount %
      line_amount: Line Total
    reference_mapping:
      contracts: { contract_id: "Agreement #", customer_id: "Customer #", sku: Item Code, price: Rate, valid_from: Effective, valid_to: Expires }
      price_list: { sku: Item Code, list_price: Price, valid_from: Effective Date }
`;
const rules = `rules:
  - id: after_hours_at_regular_rate
    module: revenue_leakage
    when: 'txn.lines.exists(l, l.sku == "LAB-REG") && (("Job Type" in txn.attributes && string(txn.attributes["Job Type"]) == "Emergency Service") || ("Start Time" in txn.attributes && string(txn.attributes["Start Time"]) != "" && (string(txn.attributes["Start Time"]) < "07:00" || string(txn.attributes["Start Time"]) >= "17:00")))'
    severity: high
    message: 'Regular labour on an emergency or after-hours job'
`;
await withServedBilling<Label>({ dir, port, config: withRules ? config + rules : config, accountName: "Field service" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "fsm", labels, leakKinds: LEAK_KINDS, title: `Field-service data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
});
