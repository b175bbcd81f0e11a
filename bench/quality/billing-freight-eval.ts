// Runs the LTL carrier's data set (billing-freight.ts: freight bills per shipment — linehaul at
// the tariff less the account's agreement by lane, class and weight break, fuel surcharge by the
// week of pickup, accessorials, minimum charges, the GRI on 1 January 2026, spot quotes,
// re-class and re-weigh corrections, balance-due bills, service-failure credits, CAD accounts)
// through the real product: writes the TMS's freight-bill detail export and a configuration
// written from docs/connectors.md and docs/analysis.md as the carrier's revenue analyst would (the
// tariff — linehaul, accessorials and the weekly fuel table, each row with its effective date — as
// the price list; the pricing agreements' net rates and minimum charges as contracts, the bill's
// agreement as its contract; the rate unit as the line's unit; no discount off the tariff without
// an agreement; a duplicate looked for within 30 days), starts `src/main.ts serve`, scans with revenue_leakage and duplicate_detection
// over signed HTTP, looks up each planted bill for its amount at risk, and prints
// precision/recall per freight bill at high, per kind, and the false alarms per kind of regular
// business (every false alarm with its codes in <out>/false-alarms.json). Not part of
// `make bench-quality`.
// Run: bun run bench/quality/billing-freight-eval.ts --seed 7301 [--port 18437] [--out DIR] [--verbose]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import { LEAK_KINDS, writeFreight, type Label } from "./billing-freight.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 7301, port: 18437, out: (s) => `/tmp/freight-eval-${s}` });
const sizes = writeFreight(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0           # no discount off the tariff without a pricing agreement
  duplicate_detection:
    window_days: 30               # a shipment re-keyed from its BOL weeks later is still billed twice
connectors:
  - id: tms
    type: csv
    name: TMS freight bill detail
    transactions: ./export/freight_bills.csv
    reference:
      contracts: ./export/ref/pricing_agreements.csv
      price_list: ./export/ref/tariff.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { Original: invoice, "Balance Due": invoice, Corrected: invoice, Credit: credit_note }
    mapping:
      transaction_id: Pro Number
      type: Bill Type
      date: Bill Date
      customer_id: Bill-To Account
      contract_id: Pricing Agreement
      currency: Currency
      amount: Bill Total
      reference: Original Pro
      approved_by: Approved By
      sku: Rate Item
      unit: Rate Unit
      quantity: Quantity
      unit_price: Rate
      discount_pct: Discount %
      line_amount: Charge Amount
    reference_mapping:
      contracts: { contract_id: Agreement, customer_id: Account, sku: Rate Item, currency: Currency, price: Net Rate, valid_from: Effective Date, valid_to: Expiration Date }
      price_list: { sku: Rate Item, currency: Currency, list_price: Rate, unit: Rate Unit, valid_from: Effective Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "LTL carrier" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "tms", labels, leakKinds: LEAK_KINDS, title: `LTL carrier data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
});
