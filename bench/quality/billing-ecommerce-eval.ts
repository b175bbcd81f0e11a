// Runs the online retailer's data set (billing-ecommerce.ts: a year of web-store, marketplace and
// B2B order billing across Black Friday / Cyber Monday) through the real product: writes the
// export and a configuration written from docs/connectors.md and docs/analysis.md as the
// retailer's analyst would (the price list with its mid-year change, the B2B contracts, the
// warehouse's shipments naming their invoices, the "Tax Exempt" Yes/No flag as a tax marker, a
// discount policy of 15 %: the loyalty tier or one coupon), starts `src/main.ts serve`, scans with
// revenue_leakage and duplicate_detection over signed HTTP, looks up each planted document for its
// amount at risk, and prints precision/recall per invoice at high, per kind, and the false alarms
// per kind of regular business (every false alarm with its codes in <out>/false-alarms.json).
// --calendar also gives the product the marketing team's campaign calendar, expanded per SKU into
// promotion rows (customer "*", the campaign price, its window) beside the B2B contracts; without
// it the product sees only what a plain order export and price list show. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/billing-ecommerce-eval.ts --seed 2611 [--calendar] [--port 18393] [--verbose]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import { LEAK_KINDS, writeEcommerce, type Label } from "./billing-ecommerce.ts";

const withCalendar = process.argv.includes("--calendar");
const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2611, port: 18393, out: (s) => `/tmp/ecom-eval-${s}${withCalendar ? "-cal" : ""}` });
const sizes = writeEcommerce(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 15
    tax:
      rates: { EUR: 0.19, GBP: 0.2 }
      marker_fields: [tax_exempt]
      exempt_values: ["YES", "Y", "TRUE"]
connectors:
  - id: shop
    type: csv
    name: Web store invoice lines
    transactions: ./export/invoice_lines.csv
    reference:
      contracts: ./export/ref/${withCalendar ? "contracts_and_campaigns" : "contracts"}.csv
      price_list: ./export/ref/price_list.csv
      shipments: ./export/ref/shipments.csv
    type_values: { Invoice: invoice, Refund: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Document Type
      date: Invoice Date
      customer_id: Customer ID
      currency: Currency
      amount: Subtotal
      tax_amount: Tax
      tax_rate: Tax Rate
      reference: Original Invoice
      sku: SKU
      quantity: Quantity
      unit_price: Unit Price
      discount_pct: Discount %
      line_amount: Line Total
    reference_mapping:
      contracts: { contract_id: Contract, customer_id: Customer ID, sku: SKU, price: Price, currency: Currency, valid_from: Valid From, valid_to: Valid To }
      price_list: { sku: SKU, list_price: Price, currency: Currency, valid_from: Effective From }
      shipments: { shipment_id: Shipment, transaction_id: Invoice Number, sku: SKU, quantity: Quantity, date: Ship Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Online retailer" }, async (call, labels) => {
  const title = `Online retailer data set, seed ${seed}${withCalendar ? " (with the campaign calendar)" : ""}: ${JSON.stringify(sizes)}`;
  await reportServedBilling({ call, connector: "shop", labels, leakKinds: LEAK_KINDS, title, dir, verbose });
});
