// Runs the telecom provider's subscriber billing data set (billing-telecom.ts: monthly bill runs of
// internet, mobile, home phone and TV accounts on four bill cycles, plan price increases and
// grandfathered rates, promotions and retention credits with end dates, proration on plan changes
// and on first and final bills, seasonal suspensions, multi-line bundles, employee accounts,
// usage and overage from the rate card, late fees, care credits, billing corrections, write-offs,
// sales tax by jurisdiction) through the real product: writes the billing system's bill-detail
// extract and a configuration written from docs/connectors.md and docs/analysis.md as the
// provider's revenue-assurance analyst would (the product catalogue, overage rate card included,
// as the price list; the account product inventory as contracts, each account its own contract,
// every row a monthly charge; the care agents' $50 credit authority as a custom rule), starts
// `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP, looks
// up each planted document for its amount at risk, and prints precision/recall per bill at high,
// per kind, and the false alarms per kind of regular business (every false alarm with its codes in
// <out>/false-alarms.json). Not part of `make bench-quality`.
// Run: bun run bench/quality/billing-telecom-eval.ts --seed 1601 [--port 18951] [--out DIR] [--verbose]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import type { SignedCall } from "./signed-call.ts";
import { LEAK_KINDS, writeTelecom, type Label } from "./billing-telecom.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1601, port: 18951, out: (s) => `/tmp/telecom-eval-${s}` });
const sizes = writeTelecom(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}connectors:
  - id: bss
    type: csv
    name: Subscriber bill detail
    transactions: ./export/bill_detail.csv
    reference:
      price_list: ./export/ref/product_catalogue.csv
      contracts: ./export/ref/account_products.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, Rebill: invoice, Adjustment: credit_note, Write-off: credit_note }
    mapping:
      transaction_id: Bill Number
      type: Bill Type
      date: Bill Date
      customer_id: Account Number
      contract_id: Account Number
      reference: Original Bill
      created_by: Agent ID
      approved_by: Approved By
      amount: Bill Subtotal
      tax_amount: Sales Tax
      tax_rate: Sales Tax Rate
      sku: Product Code
      line_description: Description
      quantity: Quantity
      unit: UOM
      unit_price: Rate
      line_amount: Amount
    reference_mapping:
      price_list: { sku: Product Code, list_price: Price, valid_from: Effective Date, unit: Unit, taxable: Taxable }
      contracts: { contract_id: Account Number, customer_id: Account Number, sku: Product Code, price: Rate, valid_from: Start Date, valid_to: End Date, billing_frequency: Frequency }
rules:
  - id: care_credit_above_authority
    module: revenue_leakage
    when: 'txn.type == "credit_note" && txn.approved_by == "" && (txn.amount < 0.0 ? -txn.amount : txn.amount) > 50.0'
    severity: high
    message: 'credit of {amount} {currency} by {created_by} above the care agents'' 50.00 authority, no approver'
    amount_at_risk: 'txn.amount < 0.0 ? -txn.amount : txn.amount'
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Telecom provider" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "bss", labels, leakKinds: LEAK_KINDS, title: `Telecom subscriber billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
  await reportUnbilled(call, labels.leaks.filter((l) => l.kind === "recurring_charge_missing"));
});

/**
 * Per finding, the recurring charges missing: each unbilled_recurring_charge finding at high —
 * on a bill, or on none where the period's bill carries none of the account's scheduled charges
 * (usage and fees alone) — against the planted bills, matched by account and month; a finding
 * matching none is a false alarm (those on no bill are not in the per-bill figures above).
 */
async function reportUnbilled(call: SignedCall, planted: Label[]) {
  const r = await call("POST", "/v1/analyze", { connector: "bss", module: "revenue_leakage", options: { limit: 1_000_000, max_anomalies: 10_000 } });
  if (r.status !== 200) throw new Error(`scan: ${r.status} ${JSON.stringify(r.json)}`);
  type Gap = { severity: string; amount_at_risk: number; transaction_id: string; expected: { contract_id: string; period_from: string } };
  const gaps = (r.json.anomalies as (Gap & { code: string })[]).filter((a) => a.code === "unbilled_recurring_charge" && (a.severity === "high" || a.severity === "critical"));
  const byKey = new Map(planted.map((l) => [`${l.account}|${l.month}`, l]));
  const found = new Map<Label, number>();
  let falseAlarms = 0, unattached = 0;
  for (const g of gaps) {
    if (g.transaction_id === "*") unattached++;
    const l = byKey.get(`${g.expected.contract_id}|${g.expected.period_from.slice(0, 7)}`);
    if (l) found.set(l, (found.get(l) ?? 0) + g.amount_at_risk);
    else {
      falseAlarms++;
      if (verbose) console.log(`FP unbilled ${g.transaction_id} ${JSON.stringify(g.expected)} ${g.amount_at_risk}`);
    }
  }
  console.log(`\n## Recurring charges missing, per finding (unbilled_recurring_charge at high, by account and month)\n`);
  console.log(`findings ${gaps.length} (${unattached} on no bill), false alarms ${falseAlarms}; recall ${found.size} of ${planted.length}; amount at risk USD ${planted.reduce((s, l) => s + l.amount_at_risk, 0).toFixed(2)} → ${[...found.values()].reduce((s, v) => s + v, 0).toFixed(2)}`);
}
