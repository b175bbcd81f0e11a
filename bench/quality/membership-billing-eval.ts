// Runs the fitness chain's membership dues billing data set (membership-billing.ts: a club
// management system's billing transaction detail — monthly dues on each member's billing day, the
// annual enhancement fee each June, initiation fees, add-ons, freezes billed the freeze fee,
// cancellations with 30 days' notice, transfers between clubs at their rates, the 1 January 2026
// increase beside grandfathered rates, promotional months, staff and complimentary memberships at
// 0, paid-in-full annual members, corporate wellness invoices to the employer, mid-month upgrades
// prorated, failed payments retried) through the real product: writes the export and a
// configuration written from docs/connectors.md and docs/analysis.md as the chain's revenue
// analyst would (the club rate table as the price list, the member agreements as contracts with
// their frequency and quantity, the item code and its club as the line's code, the agreement as the
// invoice's contract), starts `src/main.ts serve`, scans with revenue_leakage and
// duplicate_detection over signed HTTP, and prints precision/recall per invoice at high and at
// medium and above, per kind, and the false alarms per kind of regular business. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/membership-billing-eval.ts --seed 1951 [--port 25051] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeMembership } from "./membership-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1951, port: 25051, out: (s) => `/tmp/membership-eval-${s}` });
const sizes = writeMembership(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}connectors:
  - id: clubs
    type: csv
    name: Club management system - billing transaction detail
    transactions: ./export/billing_detail.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/club_rates.csv
      contracts: ./export/ref/member_agreements.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Transaction Type
      date: Invoice Date
      customer_id: Member ID
      contract_id: Agreement Number
      reference: Original Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Total
      sku: [Item Code, Club]            # a club's own rate for the same membership type
      line_description: Description
      quantity: Quantity
      unit: Unit
      unit_price: Unit Price
      line_amount: Line Amount
    reference_mapping:
      price_list: { sku: [Item Code, Club], list_price: Rate, currency: Currency, unit: Unit, valid_from: Effective Date }
      contracts: { contract_id: Agreement Number, customer_id: Bill To, sku: [Item Code, Club], price: Rate, quantity: Quantity, unit: Unit, valid_from: Start Date, valid_to: End Date, billing_frequency: Frequency }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Fitness chain revenue" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "clubs", labels, leakKinds: LEAK_KINDS, title: `Fitness chain membership billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
