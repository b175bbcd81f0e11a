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
import { reportServedBilling, billingEvalSetup, billingServerYaml } from "./billing-report.ts";
import { startServedBilling } from "./signed-call.ts";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { LEAK_KINDS, writeRentRoll, type Label } from "./billing-rent-roll.ts";

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
      contracts: { contract_id: Lease ID, customer_id: Tenant ID, sku: Charge Code, price: Amount, valid_from: From, valid_to: To }
`;
const configFile = join(dir, "assay.yaml");
writeFileSync(configFile, config);
const repo = resolve(import.meta.dir, "../..");
const { call, server } = await startServedBilling({ repo, dir, configFile, port, accountName: "Property manager" });
try {
  const labels = JSON.parse(readFileSync(join(dir, "export", "labels.json"), "utf8")) as { leaks: Label[]; regular: Record<string, string> };
  await reportServedBilling({ call, connector: "pms", labels, leakKinds: LEAK_KINDS, title: `Rent roll data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
} finally {
  server.kill();
  await server.exited;
}
