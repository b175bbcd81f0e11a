// Runs the university student-account billing data set (tuition-billing.ts: a student information
// system's student-account detail — term assessments of per-credit and flat-rate tuition,
// non-resident supplemental tuition, program differentials, technology, activity and lab fees,
// housing and meal plans; assessment adjustments after census, reversals for drops and
// withdrawals, waivers, scholarships, third-party transfers and the sponsors' invoices,
// payment-plan and late fees) through the real product: writes the export and a configuration
// written from docs/connectors.md and docs/analysis.md as the bursar's office's analyst would (the
// published rate table as the price list, a detail code and its rate code as the line's code; the
// registration billing log — each section's billing hours and lab fee, naming the document that
// billed it — as shipments; a rule for a non-resident billed resident tuition alone), starts
// `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP, and
// prints precision/recall per document at high and at medium and above, per kind, and the false
// alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/tuition-billing-eval.ts --seed 2101 [--port 45101] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeTuition } from "./tuition-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2101, port: 45101, out: (s) => `/tmp/tuition-eval-${s}` });
const sizes = writeTuition(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # the board's published rates are not negotiated
connectors:
  - id: sis
    type: csv
    name: Student accounts - account detail
    transactions: ./export/student_account_detail.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/rate_table.csv
      shipments: ./export/ref/registration_billing.csv
    csv: { delimiter: ",", thousands: ",", date_format: DD-MMM-YYYY }
    type_values:
      Term Assessment: invoice
      Assessment Adjustment: invoice
      Assessment Reversal: credit_note
      Waiver: credit_note
      Waiver Reversal: invoice
      Scholarship: payment
      Third Party Transfer: payment
      Sponsor Invoice: invoice
      Fee: invoice
    mapping:
      transaction_id: Document Number
      type: Document Type
      date: Document Date
      customer_id: Account ID
      reference: Related Document
      created_by: Entered By
      approved_by: Approved By
      currency: Currency
      amount: Document Amount
      sku: [Detail Code, Rate Code]     # a lab fee's course, housing's room type, the meal plan
      line_description: Detail Description
      quantity: Units
      unit: Unit Type
      unit_price: Rate
      line_amount: Line Amount
    reference_mapping:
      price_list: { sku: [Detail Code, Rate Code], currency: Currency, list_price: Amount, unit: Unit Type, valid_from: Effective Date }
      shipments: { shipment_id: Registration Seq, transaction_id: Document Number, customer_id: Student ID, sku: [Detail Code, Rate Code], quantity: Bill Hours, date: Status Date }
rules:
  - id: nonresident_at_resident_rate    # residency is the student's, not the rate table's
    module: revenue_leakage
    when: 'txn.type == "invoice" && has(txn.attributes.Residency) && txn.attributes.Residency in ["NRES", "INTL"] && txn.lines.exists(l, l.sku in ["TUUG", "TUUF", "TUGR"] && l.quantity > 0) && !txn.lines.exists(l, l.sku.startsWith("NR"))'
    severity: high
    message: 'A non-resident student billed resident tuition without the non-resident tuition'
`;
await withServedBilling<Label>({ dir, port, config, accountName: "University bursar" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "sis", labels, leakKinds: LEAK_KINDS, title: `University student-account billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
