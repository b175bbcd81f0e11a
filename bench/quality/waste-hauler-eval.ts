// Runs the commercial waste hauler's route billing data set (waste-hauler.ts: a hauling billing
// system's invoice register — front-load service by container size and frequency in advance, extra
// lifts, contamination and overage in arrears, roll-off hauls invoiced when done with the scale
// ticket's tons at the disposal rate and rental days beyond the free days, compactor leases, fuel
// and environmental surcharges in percent of service, city franchise fees, mid-month starts,
// changes and closures prorated, seasonal suspensions, waived fees with a reason, national-account
// programs, anniversary increases after notice, credit memos and re-bills) through the real
// product: writes the export and a configuration written from docs/connectors.md and
// docs/analysis.md as the hauler's billing analyst would (a line's waive reason as its adjustment
// reason, every stated one accepted; each site's service agreement rates as
// contracts scoped to the agreement, the standard rate sheet and the landfill's gate rates as the
// price list, the route's and scale house's work orders — each naming the invoice the billing run
// posted it to — as shipments), starts `src/main.ts serve`, scans with revenue_leakage and
// duplicate_detection over signed HTTP, and prints precision/recall per document at high and at
// medium and above, per kind, and the false alarms per kind of regular business.
// Not part of `make bench-quality`.
// Run: bun run bench/quality/waste-hauler-eval.ts --seed 3301 [--port 47101] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeWaste } from "./waste-hauler.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 3301, port: 47101, out: (s) => `/tmp/waste-hauler-eval-${s}` });
const sizes = writeWaste(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    accepted_adjustment_reasons: ["*"]  # a charge is waived only with a reason (the line's Waive Reason)
connectors:
  - id: hauler
    type: csv
    name: Hauling billing - invoice register
    transactions: ./export/invoice_register.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/service_agreements.csv
      price_list: ./export/ref/standard_rates.csv
      shipments: ./export/ref/work_orders.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { IN: invoice, CM: credit_note }
    mapping:
      transaction_id: Invoice No
      type: Trans Type
      date: Invoice Date
      customer_id: Account No
      contract_id: Service Agreement
      reference: Applies To Invoice
      created_by: Entered By
      approved_by: Approved By
      amount: Invoice Subtotal
      sku: Charge Code
      line_description: Charge Description
      line_work_date: Service Date
      quantity: Qty
      unit: UOM
      unit_price: Rate
      line_amount: Amount
      adjustment_reason: Waive Reason
    reference_mapping:
      contracts: { contract_id: Service Agreement, customer_id: Account No, sku: Charge Code, unit: UOM, price: Rate, billing_frequency: Billing Frequency, valid_from: Effective Date, valid_to: End Date }
      price_list: { sku: Charge Code, unit: UOM, list_price: Rate, valid_from: Effective Date }
      shipments: { shipment_id: Work Order No, transaction_id: Invoice No, customer_id: Account No, sku: Charge Code, quantity: Qty, date: Service Date, billable: Billable }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Waste hauler billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "hauler", labels, leakKinds: LEAK_KINDS, title: `Waste hauler route billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
