// Runs the law firm's data set (billing-legal.ts: time-and-expense billing of three offices in
// USD, GBP and EUR, negotiated rates, fixed-fee and capped matters, write-downs, no-charge time,
// costs at cost and marked up, VAT and reverse charge) through the real product: writes the
// practice-management system's billed time and cost detail and a configuration written from
// docs/connectors.md and docs/analysis.md as the firm's analyst would (the rate book as the price
// list, the rate exception table as contracts, the bill's matter as its contract, the VAT code's
// RC reverse charge and OS outside the scope as tax markers, UK and German VAT as the currencies'
// rates, and the partners' write-down authority, 15 %, as the discount policy), starts
// `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP, looks
// up each planted bill for its amount at risk, and prints precision/recall per bill at high, per
// kind, and the false alarms per kind of regular business (every false alarm with its codes in
// <out>/false-alarms.json). Not part of `make bench-quality`.
// Run: bun run bench/quality/billing-legal-eval.ts --seed 1871 [--port 18431] [--out DIR] [--verbose]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import { LEAK_KINDS, writeLegal, type Label } from "./billing-legal.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1871, port: 18431, out: (s) => `/tmp/legal-eval-${s}` });
const sizes = writeLegal(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 15          # a billing partner approves write-downs up to 15 %
    approver_max_discount_pct: { MGMT-COMMITTEE: 100 }   # the management committee approves larger ones
    tax:
      rates: { GBP: 0.20, EUR: 0.19 }
      marker_fields: [vat_code]
      exempt_values: [RC, OS]     # reverse charge; outside the scope of VAT
connectors:
  - id: pms
    type: csv
    name: Practice management billed time and costs
    transactions: ./export/billed_time_and_costs.csv
    reference:
      contracts: ./export/ref/rate_exceptions.csv
      price_list: ./export/ref/rate_book.csv
    csv: { delimiter: "," }
    type_values: { Bill: invoice, "Credit Note": credit_note }
    mapping:
      transaction_id: Bill Number
      type: Bill Type
      date: Bill Date
      customer_id: Client Number
      contract_id: Matter Number
      currency: Currency
      amount: Bill Total Excl. VAT
      tax_amount: VAT Amount
      tax_rate: VAT Rate
      reference: Applied To Bill
      approved_by: Write-Down Approved By
      sku: Timekeeper / Cost Code
      quantity: Hours / Units
      unit_price: Bill Rate
      list_price: Standard Rate
      discount_pct: Write-Down %
      line_amount: Billed Amount
    reference_mapping:
      contracts: { contract_id: Rate Agreement, customer_id: Client Number, sku: Timekeeper, currency: Currency, price: Agreed Rate, valid_from: Effective Date, valid_to: End Date }
      price_list: { sku: Timekeeper, currency: Currency, list_price: Standard Rate, valid_from: Effective Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Law firm" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "pms", labels, leakKinds: LEAK_KINDS, title: `Law firm data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
});
