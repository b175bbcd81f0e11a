// Runs the enterprise software vendor's data set (software-renewals.ts: licence, maintenance and
// support renewals billed by three legal entities in USD, GBP and EUR — multi-year price locks,
// CPI-capped uplifts, ramps, first-year promotions, co-termed add-ons, seat true-ups in arrears,
// reseller discounts by partner tier, SLA credits, final partial periods, maintenance migrations,
// free extension months, PO-change re-issues, VAT, reverse charge and US sales tax) through the
// real product: writes the ERP's invoice-line report and a configuration written from
// docs/connectors.md and docs/analysis.md as the vendor's revenue analyst would (the CLM's
// contract price schedule as contracts with their billing frequency, the price list, licence
// compliance's true-up measurements — each naming the invoice the billing schedule put it on — as
// shipments, the deal desk's discount authority matrix, the tax code's RC, OS and US-NT as
// exemption markers, UK and German VAT as the currencies' rates), starts `src/main.ts serve`,
// scans with revenue_leakage and duplicate_detection over signed HTTP, and prints
// precision/recall per document at high and at medium and above, per kind, and the false alarms
// per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/software-renewals-eval.ts --seed 1901 [--port 34011] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeRenewals } from "./software-renewals.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 1901, port: 34011, out: (s) => `/tmp/software-renewals-eval-${s}` });
const sizes = writeRenewals(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 10                # a sales rep's own authority off list
    approver_max_discount_pct:          # the deal desk's discount authority matrix
      { jmorales: 20, kchen: 20, pobrien: 20, sfischer: 20, hpatel: 20, lrossi: 20, dwright: 35, mkovacs: 35, DEALDESK: 60, rbaptiste: 100, cholt: 50, tnakamura: 50 }
    tax:
      rates: { GBP: 0.20, EUR: 0.19 }
      marker_fields: [tax_code]
      exempt_values: [RC, OS, US-NT]    # EU reverse charge; outside the scope; US states that do not tax software
connectors:
  - id: erp
    type: csv
    name: ERP invoice lines (billing schedule)
    transactions: ./export/invoice_lines.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/contract_price_schedule.csv
      price_list: ./export/ref/price_list.csv
      shipments: ./export/ref/true_up_measurements.csv
    csv: { delimiter: "," }
    type_values: { Invoice: invoice, Credit Memo: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Transaction Type
      date: Invoice Date
      customer_id: Bill-To Customer Number
      contract_id: Contract Number
      reference: Original Invoice
      approved_by: Discount Approved By
      currency: Currency
      amount: Invoice Subtotal
      tax_amount: Tax Amount
      tax_rate: Tax Rate
      sku: Item Number
      line_description: Line Description
      quantity: Quantity
      unit: UOM
      unit_price: Unit Selling Price
      list_price: List Price
      discount_pct: Discount %
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Contract Number, customer_id: Customer Number, sku: Item Number, currency: Currency, price: Agreed Unit Price, valid_from: Start Date, valid_to: End Date, billing_frequency: Billing Frequency }
      price_list: { sku: Item Number, currency: Currency, unit: UOM, list_price: List Price, valid_from: Effective From }
      shipments: { shipment_id: Measurement ID, transaction_id: Billing Invoice, customer_id: Customer Number, sku: Item Number, quantity: Users Over Entitlement, date: Measured On }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Software renewals" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "erp", labels, leakKinds: LEAK_KINDS, title: `Enterprise software renewals, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
