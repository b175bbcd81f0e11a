// Runs the digital publisher's advertising billing data set (media-billing.ts: an ad sales order
// management system's invoice detail — an invoice per insertion order and broadcast month, CPM,
// CPC and flat sponsorship lines billed on actuals capped at the IO's booked units or on
// third-party counts, added-value and make-good lines at 0, volume discounts and the agency
// commission in % of the media, gross and net agency billing, IO revisions and cancellations)
// through the real product: writes the export and a configuration written from docs/connectors.md
// and docs/analysis.md as the publisher's billing analyst would (the IO line schedule — each IO
// line's monthly breakout, its rate, booked budget and month — as contracts scoped to the IO, the
// booked budget as the most a line of the month charges; the delivery actuals, each naming the
// invoice that billed it, as shipments), starts `src/main.ts serve`, scans with revenue_leakage
// and duplicate_detection over signed HTTP, and prints precision/recall per document at high and
// at medium and above, per kind, and the false alarms per kind of regular business. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/media-billing-eval.ts --seed 2501 [--port 21401] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeMedia } from "./media-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2501, port: 21401, out: (s) => `/tmp/media-eval-${s}` });
const sizes = writeMedia(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # an advertiser pays its IO's rates
connectors:
  - id: media
    type: csv
    name: Ad sales billing - invoice detail
    transactions: ./export/billing_detail.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/io_line_schedule.csv
      shipments: ./export/ref/delivery_actuals.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Invoice Type
      date: Invoice Date
      customer_id: Advertiser ID
      contract_id: IO Number
      reference: Related Invoice
      created_by: Billed By
      approved_by: Approved By
      currency: Currency
      amount: Net Amount
      sku: Item ID
      line_description: Description
      quantity: Billable Units
      unit: Rate Type
      unit_price: Rate
      line_amount: Line Amount
      delivered_quantity: 1P Delivered
      verified_quantity: 3P Delivered
    reference_mapping:
      contracts: { contract_id: IO Number, customer_id: Advertiser ID, sku: Item ID, currency: Currency, price: Rate, unit: Rate Type, valid_from: Start Date, valid_to: End Date, max_amount: Booked Amount, billing_frequency: Billing Frequency, billing_timing: Billing Timing }
      shipments: { shipment_id: Actualization ID, transaction_id: Invoice Number, customer_id: Advertiser ID, sku: Item ID, quantity: Billable Units, date: Period End }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Ad sales billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "media", labels, leakKinds: LEAK_KINDS, title: `Publisher advertising billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
