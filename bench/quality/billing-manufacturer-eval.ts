// Runs the manufacturer's data set (billing-manufacturer.ts) through the real product: writes the
// export and a configuration written from docs/connectors.md, starts `src/main.ts serve`, scans
// with revenue_leakage and duplicate_detection over signed HTTP, looks up each planted document
// for its amount at risk, and prints precision/recall per invoice at high, per kind, and the false
// alarms per kind of regular business. Not part of `make bench-quality` (its figures stay as they
// were). Run: bun run bench/quality/billing-manufacturer-eval.ts --seed 4711 [--port 18391]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import { writeManufacturer, type Label } from "./billing-manufacturer.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 4711, port: 18391, out: (s) => `/tmp/mfg-eval-${s}` });
const sizes = writeManufacturer(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 10
    tax:
      rates: { CHF: 0.081, EUR: 0.19, JPY: 0.10 }
      exempt_values: [E, AE, K, G, O, Z, EXEMPT, REVERSE_CHARGE, "REVERSE CHARGE", ZERO_RATED, EXPORT, "TRUE", "YES", "Y", V0-EXP]
connectors:
  - id: erp
    type: csv
    name: ERP saved search (invoice lines)
    transactions: ./export/invoice_lines.csv
    reference:
      contracts: ./export/ref/agreements.csv
      price_list: ./export/ref/price_list.csv
      shipments: ./export/ref/fulfillments.csv
    csv: { delimiter: ";", thousands: "'", date_format: DD.MM.YYYY }
    type_values: { Invoice: invoice, "Credit Memo": credit_note }
    mapping:
      transaction_id: Document Number
      date: Date
      customer_id: Customer
      amount: Subtotal
      tax_amount: Tax Total
      tax_rate: Tax Rate
      reference: Applied To
      sku: Item
      unit: UoM
      unit_price: Rate
      discount_pct: Discount %
      line_amount: Amount
    reference_mapping:
      contracts: { contract_id: Agreement, customer_id: Customer, sku: Item, price: Agreed Price, valid_from: Start Date, valid_to: End Date, max_discount_pct: Max Discount %, min_quantity: Min Qty }
      price_list: { sku: Item, list_price: Base Price, valid_from: Effective Date }
      shipments: { shipment_id: Fulfillment, transaction_id: Created From Invoice, sku: Item, quantity: Qty Shipped, date: Ship Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Manufacturer" }, async (call, labels) => {
  // The kinds in the order the labels first name them.
  const leakKinds = [...new Set(labels.leaks.map((l) => l.kind))];
  await reportServedBilling({ call, connector: "erp", labels, leakKinds, title: `Manufacturer data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
});
