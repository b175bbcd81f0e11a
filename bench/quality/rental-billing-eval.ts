// Runs the equipment-rental company's contract billing data set (rental-billing.ts: a rental
// management system's invoice detail — rental lines per cat-class at day, week and 4-week rates
// under the best-rate rule, cycle invoices every 28 days and a final invoice, the damage waiver
// and environmental fee in % of the rental, delivery and pickup per zone, fuel per gallon, rerents,
// exchanges, breakdown credits, national-account rates) through the real product: writes the
// export and a configuration written from docs/connectors.md and docs/analysis.md as the rental
// company's revenue-assurance analyst would (the rental contract as `contract_id`, the national
// accounts' rates as contracts, a branch manager's authority to approve a quote below the book, the
// branch rate book as the price list, the contract charges — delivery, pickup and fuel tickets,
// each naming the invoice it was closed on — as shipments), starts `src/main.ts serve`, scans with
// revenue_leakage and duplicate_detection over signed HTTP, and prints precision/recall per
// document at high and at medium and above, per kind, and the false alarms per kind of regular
// business. Not part of `make bench-quality`.
// Run: bun run bench/quality/rental-billing-eval.ts --seed 2201 [--port 45201] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeRental } from "./rental-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2201, port: 45201, out: (s) => `/tmp/rental-eval-${s}` });
const sizes = writeRental(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a customer pays the rate book, or its national-account rates
    approver_max_discount_pct: { branchmgr-110: 25, branchmgr-140: 25, branchmgr-170: 25 }   # a branch manager approves a quote up to 25 % below the book
connectors:
  - id: rental
    type: csv
    name: Rental management - invoice detail
    transactions: ./export/invoice_detail.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/national_account_rates.csv
      price_list: ./export/ref/rate_book.csv
      shipments: ./export/ref/contract_charges.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Cycle Invoice: invoice, Final Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice No
      type: Invoice Type
      date: Invoice Date
      customer_id: Customer No
      contract_id: Contract No
      reference: Related Invoice
      created_by: Entered By
      approved_by: Approved By
      currency: Currency
      amount: Subtotal
      tax_amount: Sales Tax
      sku: Cat-Class
      line_description: Description
      quantity: Qty
      unit: Rate Period
      unit_price: Rate
      line_amount: Extended Amount
    reference_mapping:
      contracts: { contract_id: Agreement, customer_id: Customer No, sku: Cat-Class, currency: Currency, price: Rate, unit: Rate Period, valid_from: Start Date, valid_to: End Date }
      price_list: { sku: Cat-Class, currency: Currency, list_price: Rate, unit: Rate Period, valid_from: Effective Date }
      shipments: { shipment_id: Ticket No, transaction_id: Closed On Invoice, customer_id: Customer No, sku: Charge Code, quantity: Qty, date: Ticket Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Equipment rental" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "rental", labels, leakKinds: LEAK_KINDS, title: `Equipment rental contract billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
