// The twenty-eighth independent billing data set, evaluated: a foodservice and beverage wholesale
// distributor's invoice detail (distributor-billing.ts) configured from docs/connectors.md and
// docs/analysis.md as the distributor's billing analyst would, scanned through the served,
// signed HTTP API, reported per document at high and at medium and above (billing-report.ts).
// Run: bun run bench/quality/distributor-billing-eval.ts --seed 2801 [--port 46001] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeDistributor } from "./distributor-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2801, port: 46001, out: (s) => `/tmp/distributor-billing-eval-${s}` });
const sizes = writeDistributor(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # every customer's price sheet is in the pricing records; off-sheet items sell at list
    approver_max_discount_pct: { mgr.kowalski: 10, mgr.nguyen: 10 }   # the sales managers may override a price up to 10 % (meet the competition)
connectors:
  - id: distrib
    type: csv
    name: Distributor invoice detail
    transactions: ./export/invoice_detail.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/price_book.csv
      contracts: ./export/ref/pricing_records.csv
      shipments: ./export/ref/delivery_confirmations.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { INV: invoice, CM: credit_note }
    mapping:
      transaction_id: Invoice No
      type: Doc Type
      date: Invoice Date
      customer_id: Customer No
      reference: Ref Invoice
      created_by: Entered By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Subtotal
      tax_amount: Sales Tax
      sku: Item No
      line_description: Item Description
      quantity: Billed Qty
      unit: Price UOM
      unit_price: Unit Price
      line_amount: Extended Price
    reference_mapping:
      price_list: { sku: Item No, list_price: List Price, currency: Currency, valid_from: Effective Date, unit: UOM }
      contracts: { contract_id: Agreement No, customer_id: Customer No, sku: Item No, unit: UOM, currency: Currency, price: Price, valid_from: Effective From, valid_to: Effective To }
      shipments: { shipment_id: Delivery Line, transaction_id: Invoice No, customer_id: Customer No, sku: Item No, quantity: Qty Delivered, date: Delivery Date }
rules:
  # What the price book cannot say, as the distributor's billing analyst writes it (docs/analysis.md,
  # "Custom rules"): a keg delivered is charged its deposit; a route delivery of an account on the
  # standard fee schedule whose goods (not deposits, empties credited or fees: sum(), docs/analysis.md)
  # come to less than the $250 minimum order carries the delivery fee.
  - id: keg_without_deposit
    module: revenue_leakage
    when: 'txn.type == "invoice" && txn.lines.exists(l, l.unit == "KEG" && l.quantity > 0) && !txn.lines.exists(l, l.sku == "DEP-KEG" && l.quantity > 0)'
    severity: high
    message: 'kegs delivered with no keg deposit charged'
    amount_at_risk: 'txn.lines.filter(l, l.unit == "KEG" && l.quantity > 0).map(l, l.quantity).sum() * 30.0'
  - id: delivery_fee_missing_below_minimum
    module: revenue_leakage
    when: 'txn.type == "invoice" && "Ship Via" in txn.attributes && string(txn.attributes["Ship Via"]) == "ROUTE" && "Fee Schedule" in txn.attributes && string(txn.attributes["Fee Schedule"]) == "STD" && txn.lines.filter(l, !l.sku.startsWith("DEP-") && !l.sku.startsWith("FEE-") && !l.sku.startsWith("FUEL-")).map(l, l.amount).sum() < 250.0 && !txn.lines.exists(l, l.sku == "FEE-DLV")'
    severity: high
    message: 'a route delivery under the $250 minimum order with no delivery fee'
    amount_at_risk: '25.0'
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Distributor billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "distrib", labels, leakKinds: LEAK_KINDS, title: `Foodservice / beverage distributor billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
