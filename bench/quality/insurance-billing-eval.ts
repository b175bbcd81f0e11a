// Runs the property & casualty insurer's premium billing data set (insurance-billing.ts: a billing
// system's invoice items — the term premium in instalment shares, policy changes billed pro rata,
// cancellations' return premium (flat, pro rata, short rate, minimum earned), reinstatements, final
// audits, policy and instalment fees, state taxes and surcharges in % of the premium) through the
// real product: writes the export and a configuration written from docs/connectors.md and
// docs/analysis.md as the insurer's premium-audit analyst would (the policy as `contract_id`, the
// policy administration system's premium summary per term as contracts, the fee schedule as the
// price list, the register of policy changes and final audits — each naming the invoice that
// billed it — as shipments), starts `src/main.ts serve`, scans with revenue_leakage and
// duplicate_detection over signed HTTP, and prints precision/recall per document at high and at
// medium and above, per kind, and the false alarms per kind of regular business. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/insurance-billing-eval.ts --seed 2401 [--port 45401] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeInsurance } from "./insurance-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2401, port: 45401, out: (s) => `/tmp/insurance-eval-${s}` });
const sizes = writeInsurance(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # the premium is the policy's as rated, the fees and surcharges the schedule's and the state's
connectors:
  - id: insurance
    type: csv
    name: Premium billing - invoice items
    transactions: ./export/billing_invoice_items.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/policy_premium_summary.csv
      price_list: ./export/ref/fee_schedule.csv
      shipments: ./export/ref/policy_change_audit_register.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Installment: invoice, Endorsement: invoice, Audit: invoice, Final Bill: invoice, Reinstatement: invoice, Return Premium: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Invoice Type
      date: Invoice Date
      customer_id: Account Number
      contract_id: Policy Number
      reference: Related Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Total
      sku: Charge Code
      line_description: Description
      quantity: Qty
      unit: Unit
      unit_price: Rate
      line_amount: Amount
    reference_mapping:
      contracts: { contract_id: Policy Number, customer_id: Account Number, sku: Charge Code, currency: Currency, price: Rate, unit: Unit, valid_from: Term Effective, valid_to: Term Expiration }
      price_list: { sku: Charge Code, currency: Currency, list_price: Amount, unit: Unit, valid_from: Effective Date }
      shipments: { shipment_id: Transaction ID, transaction_id: Billed On Invoice, customer_id: Account Number, sku: Charge Code, quantity: Qty, date: Processed Date, billable: Billable }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "P&C insurer" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "insurance", labels, leakKinds: LEAK_KINDS, title: `P&C premium billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
