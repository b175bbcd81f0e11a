/**
 * A payroll register's payments, held out: a mid-size distributor's payroll over 18 months
 * (bench/quality/payroll.ts: ≈ 19,000 payments of three pay groups), exported as ADP, Gusto or
 * Paychex write a payroll-payments report and scanned through the real product — `assay serve`
 * with a csv connector configured as docs/connectors.md tells a user for a payroll register
 * (`MM/DD/YYYY` dates; the payment id, the record type with voids mapped as payments, the pay
 * date, the employee id as the counterparty, the pay period's end as the reference — what the
 * payment pays —, the payroll user who processed it and the approver, the net pay and currency
 * mapped; every other column an attribute), `POST /v1/analyze` over signed HTTP — and judged per
 * **payment** at the product's decision (high or critical) and at medium: precision, recall,
 * recall per planted kind, false alarms by the regular business that caused them.
 * `duplicate_detection` is scanned too and judged on the planted duplicate pay.
 *
 * Two setups: `zero-config` maps the columns and nothing else; `configured` also lists the
 * categorical fields an analyst would name for a payroll (pay group, pay type, department, cost
 * centre, job title, payment method, bank account, the payroll user).
 *
 *   bun run bench/payroll-quality.ts [--seeds 601] [--setups zero-config,configured] [--modules anomaly_detection,duplicate_detection] [--keep DIR] [--json] [--verbose]
 *
 * Seed 601 is the one looked at while fixing; 602 and 603 are held out (run once at the end, on
 * the tree before the fixes and after them). Not part of `make bench-quality`; docs/quality.md
 * records its results.
 */
import { runServedRowEval } from "./quality/served-row-eval.ts";
import { PAYROLL_ANOMALIES, generatePayrollExport, toCsv } from "./quality/payroll.ts";
import { servedServerYaml } from "./quality/served-scan.ts";

const CONFIG = (dir: string, port: number, setup: string) => {
  const configured = setup === "configured";
  return `
${servedServerYaml(dir, port)}connectors:
  - id: payroll
    type: csv
    name: Payroll payments register
    transactions: ${dir}/payroll_payments.csv
    timeout_ms: 300000
    csv: { date_format: MM/DD/YYYY }
    type_values: { Void: payment }
    mapping:
      transaction_id: Payment ID
      type: Record Type
      date: Pay Date
      customer_id: Employee ID
      reference: Pay Period End
      created_by: Processed By
      approved_by: Approved By
      amount: Net Pay
      currency: Currency
${configured ? `modules:
  anomaly_detection:
    categorical_fields: [created_by, attributes.Pay Group, attributes.Pay Type, attributes.Department, attributes.Cost Center, attributes.Job Title, attributes.Payment Method, attributes.Bank Account Last 4]
rules:
  # The payroll auditor's FLSA test: overtime is an earning of non-exempt (hourly) staff; a
  # salaried (exempt) employee paid overtime is misclassified or paid what is not due. A policy,
  # not a rarity: planted ten times in a register it is a small practice to every statistic.
  - id: overtime_to_exempt
    module: anomaly_detection
    when: '"Pay Group" in txn.attributes && "Pay Type" in txn.attributes && string(txn.attributes["Pay Group"]).matches("(?i)salaried|exempt") && string(txn.attributes["Pay Type"]).matches("(?i)overtime")'
    severity: high
    message: 'overtime paid to {customer_id}, in the salaried (exempt) pay group'
` : ""}`;
};

await runServedRowEval({
  defaultSeeds: "601",
  generate: (seed) => generatePayrollExport({ seed }),
  rows: (data) => data.payments,
  csv: toCsv,
  file: "payroll_payments.csv",
  connector: "payroll",
  tmpPrefix: "payroll",
  config: CONFIG,
  duplicateKinds: ["duplicate_pay"],
  anomalyKinds: PAYROLL_ANOMALIES,
  describe: (t) => ({ who: t.employee, what: `${t.payType} ${t.net.toFixed(2)}` }),
});
