// Runs the payment platform's settlement export (settlement-export.ts: a marketplace's connected
// sellers — charges with the platform's application fee in percent and a fixed part, tips, fee
// caps, promotional zero-fee months, negotiated rates renewed yearly, presentment in other
// currencies, refunds full and partial with the fee returned or kept per plan, disputes lost and
// won, payouts daily or weekly to the sellers' bank accounts) through the real product: writes the
// itemized balance activity, the payouts report and the fee plans, and a configuration written
// from docs/connectors.md and docs/analysis.md as the platform's payments finance analyst would
// (the activity as documents of fee lines — the component as the SKU, the fee type as the unit,
// the fee basis as the quantity, the rate as the unit price, the fee as the line's amount; the
// sellers' fee plans as contracts and the standard pricing as the price list; refunds and disputes
// as credit notes naming their charge; the payouts report as payments to each seller, its bank
// account columns read as the account paid into), starts `src/main.ts serve`, scans the activity
// with revenue_leakage and duplicate_detection and the payouts with anomaly_detection and
// duplicate_detection over signed HTTP, and prints precision/recall per document (charge, refund,
// dispute, payout) at high, per planted kind, and the false alarms per kind of regular business.
// Not part of `make bench-quality`.
// Run: bun run bench/quality/settlement-eval.ts --seed 1501 [--port 18801] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeSettlement } from "./settlement-export.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1501, port: 18801, out: (s) => `/tmp/settlement-eval-${s}` });
const sizes = writeSettlement(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0           # every seller pays its plan, or the standard pricing
connectors:
  - id: settlements
    type: csv
    name: Platform balance activity (itemized)
    transactions: ./export/balance_activity.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/seller_fee_plans.csv
      price_list: ./export/ref/standard_pricing.csv
    type_values: { charge: invoice, refund: credit_note, dispute: invoice, dispute_reversal: invoice }  # a dispute bills the seller the chargeback and its fee
    mapping:
      transaction_id: Source
      type: Type
      date: Created (UTC)
      customer_id: Connected Account
      currency: Currency
      amount: Source Amount
      reference: Charge
      sku: Component
      unit: Fee Type
      quantity: Fee Basis
      unit_price: Fee Rate
      line_amount: Fee
    reference_mapping:
      contracts: { contract_id: Plan, customer_id: Connected Account, sku: Component, currency: Currency, price: Rate, unit: Fee Type, max_amount: Cap, valid_from: Effective From, valid_to: Effective To }
      price_list: { sku: Component, currency: Currency, list_price: Rate, unit: Fee Type, valid_from: Effective From }
  - id: payouts
    type: csv
    name: Payouts report
    transactions: ./export/payouts.csv
    timeout_ms: 300000
    type_values: { bank_account: payment, card: payment }
    mapping:
      transaction_id: Payout
      type: Type
      date: Created (UTC)
      customer_id: Connected Account
      currency: Currency
      amount: Amount
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Payment platform" }, async (call, labels) => {
  await reportServedBilling({
    call, connector: ["settlements", "payouts"], modules: { payouts: ["anomaly_detection", "duplicate_detection"] }, labels, leakKinds: LEAK_KINDS,
    title: `Payment platform settlement data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose,
  });
});
