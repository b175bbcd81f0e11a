// Runs the regional parcel carrier's data set (parcel-carrier.ts: shipment charge detail — the
// transportation charge by service, zone and billed weight at the account's incentive tier, the
// minimum net charge top-up, accessorials, the weekly ground and air fuel surcharge by ship date,
// multi-piece shipments, return labels, address and dimensional-weight corrections, void credits,
// service-guarantee refunds, a holiday promotion) through the real product: writes the export and
// a configuration written from docs/connectors.md and docs/analysis.md as the carrier's revenue
// analyst would (the published rates — per service, zone and pound, accessorials, each fuel week —
// as the price list, `sku` the charge code with its rated zone and weight; the pricing agreements'
// net rates per tier period, negotiated accessorials and minimum net charge as contracts, the
// holiday promotion a promotion the line names; the hub scan log as shipments; the residential
// surcharge a rule; no discount off the published rates without an agreement), starts
// `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP, and
// prints precision/recall per document at high and at medium and above, per kind, and the false
// alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/parcel-carrier-eval.ts --seed 3401 [--port 47201] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { type Label, LEAK_KINDS, writeParcel } from "./parcel-carrier.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 3401, port: 47201, out: (s) => `/tmp/parcel-carrier-eval-${s}` });
const sizes = writeParcel(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # no incentive off the published rates without a pricing agreement
    minimum_charge_skus: [MNC]          # the agreements' minimum net charge per package
  duplicate_detection:
    window_days: 35                     # a refund credited again from the queue weeks later
rules:
  - id: residential_surcharge_missing
    module: revenue_leakage
    when: 'txn.type == "invoice" && txn.reference == "" && "Residential" in txn.attributes && string(txn.attributes["Residential"]) == "Y" && txn.lines.exists(l, l.unit == "PKG" && l.quantity > 0 && l.sku.matches("^(GND|NXT)-")) && !txn.lines.exists(l, l.sku == "RES")'
    severity: high
    message: 'residential delivery billed without the residential surcharge'
    amount_at_risk: 'double(txn.lines.filter(l, l.unit == "PKG" && l.quantity > 0 && l.sku.matches("^(GND|NXT)-")).size()) * 5.75'
connectors:
  - id: parcel
    type: csv
    name: Parcel billing - shipment charge detail
    transactions: ./export/shipment_charges.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/pricing_agreements.csv
      price_list: ./export/ref/published_rates.csv
      shipments: ./export/ref/scan_log.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { Shipment: invoice, Return: invoice, Adjustment: invoice, Void Credit: credit_note, Service Refund: credit_note }
    mapping:
      transaction_id: Document No
      type: Document Type
      date: Invoice Date
      customer_id: Account
      contract_id: Pricing Agreement
      reference: Related Document
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Document Total
      sku: [Charge Code, Rated Zone, Rated Weight]
      line_description: Charge Description
      line_contract_id: Promo Code
      quantity: Quantity
      unit: Unit
      unit_price: Published Rate
      discount_pct: Incentive %
      line_amount: Net Charge
    reference_mapping:
      contracts: { contract_id: Agreement, customer_id: Account, sku: [Charge Code, Zone, Weight], currency: Currency, price: Net Rate, unit: Unit, valid_from: Effective Date, valid_to: Expiration Date }
      price_list: { sku: [Charge Code, Zone, Weight], currency: Currency, list_price: Rate, unit: Unit, valid_from: Effective Date }
      shipments: { shipment_id: Scan ID, transaction_id: Tracking No, customer_id: Account, sku: [Rate Code, Zone, Billable Weight], quantity: Qty, date: Scan Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Parcel carrier" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "parcel", labels, leakKinds: LEAK_KINDS, title: `Parcel carrier data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
