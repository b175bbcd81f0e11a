// Runs the staffing agency's timesheet billing data set (staffing-billing.ts: a staffing back
// office's invoice register — one invoice per approved weekly timesheet, lines per pay code:
// regular, overtime and double time under each state's rules, holidays worked and holiday pay,
// shift differentials, per diem, mileage and expenses passed through, retro rate adjustments,
// timesheet corrections and disputed-hours credits naming the original, conversion fees,
// quarterly volume rebates) through the real product: writes the export and a configuration
// written from docs/connectors.md and docs/analysis.md as the agency's billing analyst would (the
// assignment as `contract_id`, the assignment record's bill rates per pay code with their
// effective dates as contracts, the approved timesheets — each line naming the invoice the
// billing run put it on — as shipments; no price list: an agency's rates are its clients'),
// starts `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP,
// and prints precision/recall per document at high and at medium and above, per kind, and the
// false alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/staffing-billing-eval.ts --seed 2301 [--port 45301] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeStaffing } from "./staffing-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2301, port: 45301, out: (s) => `/tmp/staffing-eval-${s}` });
const sizes = writeStaffing(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a client is billed the assignment's bill rates, nothing below
connectors:
  - id: staffing
    type: csv
    name: Staffing back office - invoice register
    transactions: ./export/invoice_register.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/assignment_rates.csv
      shipments: ./export/ref/approved_timesheets.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, Supplemental Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Invoice Type
      date: Invoice Date
      customer_id: Customer ID
      contract_id: Assignment ID
      reference: Original Invoice
      created_by: Entered By
      approved_by: Approved By
      currency: Currency
      amount: Subtotal
      tax_amount: Sales Tax
      sku: Pay Code
      line_description: Description
      quantity: Qty
      unit: UOM
      unit_price: Bill Rate
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Assignment ID, customer_id: Customer ID, sku: Pay Code, currency: Currency, price: Bill Rate, unit: UOM, valid_from: Effective Date, valid_to: End Date }
      shipments: { shipment_id: Timesheet Line ID, transaction_id: Invoice Number, customer_id: Customer ID, sku: Pay Code, quantity: Hours, date: Week Ending }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Staffing agency" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "staffing", labels, leakKinds: LEAK_KINDS, title: `Staffing agency timesheet billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
