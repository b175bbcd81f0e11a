// Runs the property manager's rent roll data set (billing-rent-roll.ts: monthly lease charges of
// residential communities and commercial centres, escalations, renewals, proration, concessions,
// month-to-month rent, CAM estimates and reconciliations, late and NSF fees, deposits applied,
// percentage rent, taxes on commercial rent) through the real product: writes the
// property-management system's charge-detail export and a configuration written from
// docs/connectors.md and docs/analysis.md as the property manager's analyst would (the lease
// charge schedule as contracts, each lease its own contract; no price list: every lease sets its
// own rents and fees; the charge-detail report has no quantity column, a charge is one of its
// kind), starts `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over
// signed HTTP, looks up each planted document for its amount at risk, and prints precision/recall
// per invoice at high, per kind, and the false alarms per kind of regular business (every false
// alarm with its codes in <out>/false-alarms.json). Not part of `make bench-quality`.
// Run: bun run bench/quality/billing-rent-roll-eval.ts --seed 3103 [--port 18396] [--out DIR] [--verbose]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SignedCall } from "./signed-call.ts";
import { ABSENCE_KINDS, LEAK_KINDS, writeRentRoll, type Label } from "./billing-rent-roll.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 3103, port: 18396, out: (s) => `/tmp/rent-eval-${s}` });
const sizes = writeRentRoll(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}connectors:
  - id: pms
    type: csv
    name: Property management charge detail
    transactions: ./export/charge_detail.csv
    reference:
      contracts: ./export/ref/lease_charges.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Charge: invoice, Credit: credit_note }
    mapping:
      transaction_id: "Invoice #"
      type: Trans Type
      date: Post Date
      customer_id: Tenant ID
      contract_id: Lease ID
      amount: Charges
      tax_amount: Sales Tax
      tax_rate: Tax Rate
      reference: Applied To
      sku: Charge Code
      line_amount: Amount
    reference_mapping:
      contracts: { contract_id: Lease ID, customer_id: Tenant ID, sku: Charge Code, price: Amount, valid_from: From, valid_to: To, billing_frequency: Frequency }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Property manager" }, async (call, labels) => {
  // Per document: every planted kind that has one (a month not billed at all has none).
  const documented = { ...labels, leaks: labels.leaks.filter((l) => !l.document.startsWith("unbilled:")) };
  await reportServedBilling({ call, connector: "pms", labels: documented, leakKinds: LEAK_KINDS, title: `Rent roll data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
  await reportAbsences(call, labels.leaks.filter((l) => ABSENCE_KINDS.includes(l.kind)));
});

/**
 * Per finding, the charges due and not billed: each unbilled_recurring_charge finding at high
 * (whether on an invoice or on none) against the planted absences, matched by lease and period;
 * amounts at risk planted → found. A finding matching no planted absence is a false alarm.
 */
async function reportAbsences(call: SignedCall, planted: Label[]) {
  const r = await call("POST", "/v1/analyze", { connector: "pms", module: "revenue_leakage", options: { limit: 1_000_000, max_anomalies: 10_000 } });
  if (r.status !== 200) throw new Error(`scan: ${r.status} ${JSON.stringify(r.json)}`);
  type Gap = { severity: string; amount_at_risk: number; transaction_id: string; expected: { contract_id: string; sku: string; period_from: string } };
  const gaps = (r.json.anomalies as (Gap & { code: string })[]).filter((a) => a.code === "unbilled_recurring_charge" && (a.severity === "high" || a.severity === "critical"));
  const key = (lease: string, period: string) => `${lease}|${period.slice(0, 7)}`;
  const byKey = new Map<string, Label>();
  for (const l of planted) byKey.set(key(l.lease!, l.period!), l);
  const found = new Map<Label, number>();
  const falseAlarms: Gap[] = [];
  for (const g of gaps) {
    const l = byKey.get(key(g.expected.contract_id, g.expected.period_from));
    if (l) found.set(l, (found.get(l) ?? 0) + g.amount_at_risk);
    else falseAlarms.push(g);
  }
  const tp = found.size;
  console.log(`\n## Charges due and not billed (unbilled_recurring_charge at high, per planted lease and period)\n`);
  console.log(`precision ${(gaps.length ? (gaps.length - falseAlarms.length) / gaps.length : 0).toFixed(3)} (findings ${gaps.length}, false alarms ${falseAlarms.length}), recall ${(tp / Math.max(1, planted.length)).toFixed(3)} (${tp} of ${planted.length})\n`);
  console.log("| kind | planted | found | amount at risk: planted → found |\n|---|---:|---:|---|");
  for (const kind of ABSENCE_KINDS) {
    const ls = planted.filter((l) => l.kind === kind);
    const f = ls.filter((l) => found.has(l));
    console.log(`| ${kind} | ${ls.length} | ${f.length} | USD ${ls.reduce((s, l) => s + l.amount_at_risk, 0).toFixed(2)} → ${f.reduce((s, l) => s + found.get(l)!, 0).toFixed(2)} |`);
  }
  writeFileSync(join(dir, "absence-false-alarms.json"), JSON.stringify(falseAlarms, null, 1));
  if (verbose) for (const g of falseAlarms.slice(0, 10)) console.log(`FP unbilled ${g.transaction_id} ${JSON.stringify(g.expected)} ${g.amount_at_risk}`);
  if (verbose) for (const l of planted.filter((l) => !found.has(l))) console.log(`missed ${l.kind} ${l.document} ${l.lease} ${l.period}`);
}
