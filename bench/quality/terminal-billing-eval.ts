// Runs the container terminal's billing data set (terminal-billing.ts: a terminal operating
// system's finalized invoice items — vessel invoices to the shipping lines for lifts by size and
// type, restows, the hazardous surcharge, out-of-gauge handling and dockage per metre-hour with a
// minimum per call; import release invoices to the consignees for storage past free time in tiers,
// reefer power per day and the gate; the lines' tariff contracts with a monthly volume tier and
// rate locks over the 1 January 2026 increase; written storage waivers; disputed calls credited and
// re-invoiced; a line billed in EUR) through the real product: writes the export and a
// configuration written from docs/connectors.md and docs/analysis.md as the terminal's revenue
// assurance analyst would (the public tariff as the price list, the tariff contracts and consignee
// storage agreements as contracts, the chargeable-event extract as the shipments, the event's
// first day as the line's work date), starts `src/main.ts serve`, scans with revenue_leakage and
// duplicate_detection over signed HTTP, and prints precision/recall per invoice at high and at
// medium and above, per kind, and the false alarms per kind of regular business. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/terminal-billing-eval.ts --seed 6101 [--port 45061] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeTerminal } from "./terminal-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 6101, port: 45061, out: (s) => `/tmp/terminal-eval-${s}` });
const sizes = writeTerminal(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a line pays its contract, a consignee the public tariff or its storage agreement
connectors:
  - id: terminal
    type: csv
    name: Terminal operating system - finalized invoice items
    transactions: ./export/invoice_items.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/public_tariff.csv
      contracts: ./export/ref/tariff_contracts.csv
      shipments: ./export/ref/chargeable_events.csv
    csv: { delimiter: "," }
    type_values: { Invoice: invoice, Credit Note: credit_note }
    mapping:
      transaction_id: Final Nbr
      type: Invoice Class
      date: Finalized Date
      customer_id: Payee Customer Id
      contract_id: Contract Id
      reference: Related Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Total Charges
      sku: Tariff Id
      line_description: Description
      line_work_date: Event Performed From   # a call berthed in December is billed at December's rates
      quantity: Quantity
      unit: Quantity Unit
      unit_price: Rate
      line_amount: Amount
    reference_mapping:
      price_list: { sku: Tariff Id, list_price: Rate, currency: Currency, unit: Unit, valid_from: Effective Date }
      contracts: { contract_id: Contract Id, customer_id: Customer Id, sku: Tariff Id, price: Rate, currency: Currency, unit: Unit, min_quantity: Min Monthly Moves, applies_to: Applies To, valid_from: Valid From, valid_to: Valid To }
      shipments: { shipment_id: Event Gkey, transaction_id: Invoice Nbr, customer_id: Payee Customer Id, sku: Tariff Id, quantity: Quantity, date: Performed }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Terminal revenue assurance" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "terminal", labels, leakKinds: LEAK_KINDS, title: `Container terminal billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
