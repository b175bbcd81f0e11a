// Runs the consumer-goods supplier's retailer deductions data set (retail-deductions.ts: an ERP's
// receivables and deduction-management export — invoices to grocery and mass retailers, the
// payments applied from their remittances, the deductions they took on them for off-invoice
// allowances, scan-backs, chargebacks, co-op, slotting, shortages, damages, compliance fines,
// pricing differences and returns, repayments after dispute, credit memos for approved returns)
// through the real product: writes the export and a configuration written from docs/connectors.md
// and docs/analysis.md as the supplier's deductions analyst would — the export read three ways,
// as three connectors over the same file: `promotions` (the trade-promotion system's approved
// deals as contracts scoped to the deal each deduction names, a deduction line priced at the
// negative of its deal's rate per case, the performance week claimed as the line's work date),
// `terms` (each retailer's agreement: the compliance fines it allows, in % of the invoice, as
// contracts) and `prices` (each retailer's contract prices as contracts) — each with the proof of
// delivery (the cases the receiver signed for, per invoice and item) as shipments: a standing
// weekly order delivered each week bills alike week after week — starts `src/main.ts serve`,
// scans each with revenue_leakage and duplicate_detection over signed HTTP, and prints
// precision/recall per document at high and at medium and above, per kind, and the false alarms
// per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/retail-deductions-eval.ts --seed 3601 [--port 47601] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeDeductions } from "./retail-deductions.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 3601, port: 47601, out: (s) => `/tmp/retail-deductions-eval-${s}` });
const sizes = writeDeductions(seed, join(dir, "export"));

// The columns every connector reads: a document per number, its lines per item or code.
const itemMapping = `    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { INV: invoice, PMT: payment, DED: credit_note, RPY: payment, CRM: credit_note }
    mapping:
      transaction_id: Document No
      type: Doc Type
      date: Document Date
      customer_id: Payer
      reference: Invoice Ref
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Document Amount
      sku: Item No
      line_description: Item Description
      quantity: Cases
      unit: UOM
      unit_price: Rate
      line_amount: Line Amount`;
const config = `${billingServerYaml(port)}connectors:
  - id: promotions
    type: csv
    name: AR deductions - trade promotions
    transactions: ./export/ar_items.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/trade_promotions.csv
      shipments: ./export/ref/proof_of_delivery.csv
${itemMapping}
      contract_id: Deal No
      line_work_date: Perf Start          # the week of shipments or scans the claim covers
    reference_mapping:
      contracts: { contract_id: Deal No, customer_id: Payer, sku: Item No, unit: UOM, price: Rate, valid_from: Start Date, valid_to: End Date }
      shipments: &pod { shipment_id: POD No, transaction_id: Invoice No, sku: Item No, quantity: Cases Received, date: Delivered On }
  - id: terms
    type: csv
    name: AR deductions - retailer agreements
    transactions: ./export/ar_items.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/retailer_agreements.csv
      shipments: ./export/ref/proof_of_delivery.csv
${itemMapping}
    reference_mapping:
      contracts: { contract_id: Payer, customer_id: Payer, sku: Fine Code, unit: UOM, price: Rate, valid_from: Valid From, valid_to: Valid To }
      shipments: *pod
  - id: prices
    type: csv
    name: AR deductions - contract prices and proof of delivery
    transactions: ./export/ar_items.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/customer_prices.csv
      shipments: ./export/ref/proof_of_delivery.csv
${itemMapping}
    reference_mapping:
      contracts: { contract_id: Payer, customer_id: Payer, sku: Item No, unit: UOM, price: Price, valid_from: Valid From, valid_to: Valid To }
      shipments: *pod
`;
await withServedBilling<Label>({ dir, port, config, accountName: "CPG supplier deductions" }, async (call, labels) => {
  await reportServedBilling({ call, connector: ["promotions", "terms", "prices"], labels, leakKinds: LEAK_KINDS, title: `Retailer deductions, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
