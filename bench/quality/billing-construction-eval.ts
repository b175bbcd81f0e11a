// Runs the construction contractor's data set (billing-construction.ts: AIA-style progress
// billing, retainage, change orders, T&M change work and service calls of a mechanical and
// electrical contractor) through the real product: writes the ERP's AR invoice-line export and a
// configuration written from docs/connectors.md and docs/analysis.md as the contractor's analyst
// would (the standard T&M price sheet as the price list, the contracts' T&M rate schedules as
// contracts, the "Tax Exempt" Y/N flag and the non-taxable tax code "NT" as tax markers, a policy
// of 5 %: the lowest contract markup, 10 %, is 4.3 % below the standard 15 %), starts
// `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP, looks
// up each planted document for its amount at risk, and prints precision/recall per invoice at
// high, per kind, and the false alarms per kind of regular business (every false alarm with its
// codes in <out>/false-alarms.json). Not part of `make bench-quality`.
// Run: bun run bench/quality/billing-construction-eval.ts --seed 5150 [--port 18394] [--out DIR] [--verbose]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import { LEAK_KINDS, writeConstruction, type Label } from "./billing-construction.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 5150, port: 18394, out: (s) => `/tmp/con-eval-${s}` });
const sizes = writeConstruction(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 5
    tax:
      marker_fields: [tax_exempt, tax_code]
      exempt_values: [Y, NT]
connectors:
  - id: erp
    type: csv
    name: Construction ERP AR invoice lines
    transactions: ./export/ar_invoice_lines.csv
    reference:
      contracts: ./export/ref/tm_rate_schedules.csv
      price_list: ./export/ref/price_sheet.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, "Credit Memo": credit_note }
    mapping:
      transaction_id: Invoice
      type: AR Trans Type
      date: Invoice Date
      customer_id: Customer
      contract_id: Contract
      amount: Gross Billed
      tax_amount: Sales Tax
      tax_rate: Tax Rate
      reference: Applied To Invoice
      sku: Item
      unit: UM
      quantity: Units
      unit_price: Unit Price
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Contract, customer_id: Customer, sku: Item, price: Rate, unit: UM, valid_from: Effective, valid_to: Expires }
      price_list: { sku: Item, list_price: Price, unit: UM, valid_from: Effective }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Construction" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "erp", labels, leakKinds: LEAK_KINDS, title: `Construction data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
});
