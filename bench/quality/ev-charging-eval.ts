// Runs the EV charging network operator's session billing data set (ev-charging.ts: a CPO's
// billing lines — a receipt per direct session, a monthly invoice per fleet account with its
// contracted discount, a monthly invoice per roaming eMSP partner at the agreement's rates — with
// time-of-use energy, DC charging minutes, session and idle fees, a public tariff change, free
// charging promotions and refunds for faulty chargers) through the real product: writes the export
// and a configuration written from docs/connectors.md and docs/analysis.md as the CPO's billing
// analyst would (the public tariffs as the price list, the roaming agreements, fleet contracts and
// promotions as contracts, the CDRs sent to the eMSPs over OCPI, each naming the partner invoice
// that settles it, as shipments), starts `src/main.ts serve`, scans with revenue_leakage and
// duplicate_detection over signed HTTP, and prints precision/recall per document at high and at
// medium and above, per kind, and the false alarms per kind of regular business. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/ev-charging-eval.ts --seed 2701 [--port 21901] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeEv } from "./ev-charging.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2701, port: 21901, out: (s) => `/tmp/ev-eval-${s}` });
const sizes = writeEv(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a public tariff is not negotiated; partners and fleets have their agreements
connectors:
  - id: ev
    type: csv
    name: CPO billing lines
    transactions: ./export/billing_lines.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/tariffs.csv
      contracts: ./export/ref/agreements.csv
      shipments: ./export/ref/ocpi_cdrs_sent.csv
    csv: { delimiter: "," }
    type_values: { INV: invoice, CRN: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Invoice Type
      date: Invoice Date
      customer_id: Bill To ID
      contract_id: Contract ID
      reference: Related Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Net Amount
      tax_amount: VAT Amount
      tax_rate: VAT Rate
      sku: Charge Code
      line_description: Description
      quantity: Quantity
      unit: Unit
      unit_price: Unit Price
      line_amount: Line Amount
    reference_mapping:
      price_list: { sku: Charge Code, list_price: Price, currency: Currency, valid_from: Valid From, unit: Unit, max_amount: Max Per Session }
      contracts: { contract_id: Agreement ID, customer_id: Party ID, sku: Charge Code, unit: Unit, currency: Currency, price: Price, valid_from: Valid From, valid_to: Valid To }
      shipments: { shipment_id: CDR ID, transaction_id: Invoice Number, customer_id: eMSP Party ID, sku: Energy Charge Code, quantity: Total Energy kWh, date: End Date Time }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "CPO billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "ev", labels, leakKinds: LEAK_KINDS, title: `EV charging (CPO) billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
