// Runs the electric and water utility's customer billing data set (utility-billing.ts: a CIS's
// financial-transaction detail of bill segments and adjustments over 22 monthly read cycles —
// block and seasonal rates, commercial demand, the monthly fuel adjustment and riders, franchise
// fees by town, rate cases prorated across a bill period, estimated reads and their true-up,
// cancel-and-rebill, budget billing and its settle-up, low-income discounts, net metering, vacant
// premises, late charges and their waivers, leak adjustments, deposits applied to final bills)
// through the real product: writes the export and a configuration written from
// docs/connectors.md and docs/analysis.md as the utility's revenue-assurance analyst would (the
// rate schedules as the price list, every charge code effective-dated; the tariff is not
// negotiated: max_discount_pct 0; the customer class against the rate schedule and a late-charge
// waiver with no reason as custom rules), starts `src/main.ts serve`, scans with revenue_leakage
// and duplicate_detection over signed HTTP, and prints precision/recall per document at high, per
// kind, the false alarms per kind of regular business, then the same at medium and above.
// Not part of `make bench-quality`.
// Run: bun run bench/quality/utility-billing-eval.ts --seed 1801 [--port 43801] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { falseAlarmsByKind } from "./metrics.ts";
import type { SignedCall } from "./signed-call.ts";
import { LEAK_KINDS, type Label, writeUtility } from "./utility-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1801, port: 43801, out: (s) => `/tmp/utility-eval-${s}` });
const sizes = writeUtility(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0           # a tariff is not negotiated: every bill at the rate schedule
connectors:
  - id: cis
    type: csv
    name: CIS financial transactions (bill segments and adjustments)
    transactions: ./export/ft_detail.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/rate_schedules.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { BILL: invoice, BILL-CANCEL: credit_note, ADJ-DEBIT: invoice, ADJ-CREDIT: credit_note }
    mapping:
      transaction_id: Segment ID
      type: Document Type
      date: Bill Date
      customer_id: Account ID
      contract_id: SA ID
      reference: Related Document
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Subtotal
      tax_amount: Sales Tax
      tax_rate: Sales Tax Rate
      sku: Charge Code
      line_description: Description
      quantity: Quantity
      unit: UOM
      unit_price: Rate
      line_amount: Line Amount
    reference_mapping:
      price_list: { sku: Charge Code, list_price: Rate, valid_from: Effective Date, unit: UOM }
rules:
  - id: commercial_class_on_residential_schedule
    module: revenue_leakage
    when: 'txn.type == "invoice" && "Customer Class" in txn.attributes && "Rate Schedule" in txn.attributes && string(txn.attributes["Customer Class"]) == "COM" && string(txn.attributes["Rate Schedule"]).startsWith("ERES")'
    severity: high
    message: 'a commercial premise billed on the residential schedule {customer_id}'
  - id: late_charge_waived_without_reason
    module: revenue_leakage
    when: 'txn.type == "credit_note" && "Adjustment Type" in txn.attributes && string(txn.attributes["Adjustment Type"]) == "LATE-WAIVE" && (!("Reason Code" in txn.attributes) || string(txn.attributes["Reason Code"]) == "")'
    severity: high
    message: 'late charge waived by {created_by} with no reason code'
    amount_at_risk: 'txn.amount < 0.0 ? -txn.amount : txn.amount'
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Municipal utility" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "cis", labels, leakKinds: LEAK_KINDS, title: `Utility customer billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
  await reportMedium(call, labels);
});

/** Precision/recall per document at medium and above (risk score ≥ 30), per kind, and its false alarms per kind of regular business. */
async function reportMedium(call: SignedCall, labels: { leaks: Label[]; regular: Record<string, string> }) {
  const flagged = new Map<string, { score: number; codes: Set<string> }>();
  for (const module of ["revenue_leakage", "duplicate_detection"]) {
    const r = await call("POST", "/v1/analyze", { connector: "cis", module, options: { limit: 1_000_000, max_anomalies: 10_000 } });
    if (r.status !== 200) throw new Error(`scan ${module}: ${r.status} ${JSON.stringify(r.json)}`);
    for (const f of r.json.flagged_transactions ?? []) if (f.risk_score >= 30) flagged.set(f.transaction_id, { score: Math.max(f.risk_score, flagged.get(f.transaction_id)?.score ?? 0), codes: flagged.get(f.transaction_id)?.codes ?? new Set() });
    for (const a of r.json.anomalies ?? []) flagged.get(a.transaction_id)?.codes.add(a.code);
  }
  const leakDocs = new Set(labels.leaks.map((l) => l.document));
  const tp = labels.leaks.filter((l) => flagged.has(l.document)).length;
  const fpByKind = falseAlarmsByKind(flagged, leakDocs, labels.regular);
  const fp = [...fpByKind.values()].reduce((s, k) => s + k.length, 0);
  console.log(`\n## At medium and above (risk score ≥ 30)\n\nprecision ${(tp / Math.max(1, tp + fp)).toFixed(3)}, recall ${(tp / labels.leaks.length).toFixed(3)} (TP ${tp}, FP ${fp}, FN ${labels.leaks.length - tp})`);
  console.log(`by kind: ${LEAK_KINDS.map((k) => { const ls = labels.leaks.filter((l) => l.kind === k); return `${k} ${ls.filter((l) => flagged.has(l.document)).length}/${ls.length}`; }).join(", ")}`);
  console.log(`false alarms by kind: ${[...fpByKind].sort((a, b) => b[1].length - a[1].length).map(([k, v]) => `${k} ${v.length}`).join(", ")}`);
}
