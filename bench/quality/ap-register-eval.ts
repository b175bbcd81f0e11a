// Runs the accounts-payable data set (ap-register.ts: a mid-market company's vendor bill register
// and bill payment register over 22 months — supplies, services, rent, SaaS, utilities, a courier
// billing every working day, freight, contractors numbering 1, 2, 3… each year, employees'
// expense reports, intercompany fees, foreign vendors, instalments, factored vendors — with
// credit memos, re-bills, partial payments, prepayments, voided checks reissued and year-end
// accruals) through the real product: writes the two registers and the vendor master, and a
// configuration written from docs/connectors.md and docs/analysis.md as the company's AP auditor
// would (the bill register as invoices and credit notes of each vendor, the credit's applied-to
// bill as its reference, the accruals as journal entries; the payment register as payments of
// each vendor naming the bill they pay, their status and payee bank account read as the source
// writes them), starts `src/main.ts serve`, scans the bills with duplicate_detection and the
// payments with duplicate_detection and anomaly_detection over signed HTTP, and prints
// precision/recall per document at high, per planted kind, and the false alarms per kind of
// regular business (every false alarm with its codes in <out>/false-alarms.json). Not part of
// `make bench-quality`.
// Run: bun run bench/quality/ap-register-eval.ts --seed 1701 [--port 42101] [--out DIR] [--verbose]
import { join } from "node:path";
import { LEAK_KINDS, type Label, writeApRegister } from "./ap-register.ts";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1701, port: 42101, out: (s) => `/tmp/ap-eval-${s}` });
const sizes = writeApRegister(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}connectors:
  - id: ap_bills
    type: csv
    name: Vendor bill register
    transactions: ./export/ap_invoices.csv
    timeout_ms: 300000
    type_values: { Bill: invoice, Bill Credit: credit_note, Accrual: journal_entry, Accrual Reversal: journal_entry }
    mapping:
      transaction_id: Document Number
      type: Document Type
      date: Invoice Date
      entered_at: Entered On
      customer_id: Vendor ID
      currency: Currency
      amount: Gross Amount
      tax_amount: Tax Amount
      reference: Applied To
      created_by: Entered By
      approved_by: Approved By
  - id: ap_payments
    type: csv
    name: Bill payment register
    transactions: ./export/ap_payments.csv
    timeout_ms: 300000
    type_values: { Check: payment, ACH: payment, Wire: payment }
    mapping:
      transaction_id: Payment Number
      type: Payment Method
      date: Payment Date
      customer_id: Vendor ID
      currency: Currency
      amount: Payment Amount
      reference: Applied To Document
      created_by: Entered By
`;
await withServedBilling<Label>({ dir, port, config, accountName: "AP audit" }, async (call, labels) => {
  await reportServedBilling({
    call, connector: ["ap_bills", "ap_payments"], modules: { ap_bills: ["duplicate_detection"], ap_payments: ["duplicate_detection", "anomaly_detection"] }, labels, leakKinds: LEAK_KINDS,
    title: `Accounts-payable register, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true,
  });
});
