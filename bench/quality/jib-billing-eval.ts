// Runs the oil and gas operator's joint interest billing data set (jib-billing.ts: a year of JIB
// runs — each non-operating partner billed its working-interest decimal of each property's costs
// and the COPAS overhead per well-month, one invoice per owner, property and month — with
// farm-outs and assignments changing decimals mid-year, non-consent elections, a carried interest,
// prior-period adjustments at their service dates, the overhead's 1 April escalation, revenue
// netting, credit memos, late and lump payments, the district expense's year-end true-up; beside it
// the operator's AP voucher register) through the real product: writes the receivables export, the
// DOI deck, the JOAs' overhead rates, the cost distribution and well-month registers and the
// voucher register, and a configuration written from docs/connectors.md and docs/analysis.md as the
// operator's JIB auditor would. The JIB export is read twice, as the physician group's claims are
// (two prices per line): `jib` judges each line's **decimal** — the gross (8/8ths) amount as the
// quantity, the owner's decimal as the unit price, the net as the line's amount, the property and
// account as the code ([Property, Account], priced by the property's row of the DOI deck), the
// service date as the line's work date, the cost distribution as the shipments —; `jib_rates`
// judges each line's **gross rate** — the account as the code, the well-months as the quantity,
// the gross amount as the line's amount, the JOAs' Exhibit C rates as contracts, the well-month
// register as the shipments. The vouchers are a third connector, scanned with duplicate_detection
// as an AP register is. Starts `src/main.ts serve`, scans over signed HTTP, and prints
// precision/recall per document at high and at medium and above, per kind, and the false alarms
// per kind of regular business. Not part of `make bench-quality`.
// With --without-joa the decimals' connector leaves the JOA an attribute (no `contract_id`; the
// rates' connector still names it: an owner of two JOAs has two Exhibit C rates): the DOI deck lists every
// party's decimal under the JOA, and a contract the invoice names prices it with all its rows, so
// the smallest party's decimal would be every party's price (docs/quality.md, 47th set). The
// default is the configuration first measured.
// Run: bun run bench/quality/jib-billing-eval.ts --seed 6501 [--port 42300] [--out DIR] [--verbose] [--without-joa]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeJib } from "./jib-billing.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 6501, port: 42300, out: (s) => `/tmp/jib-billing-eval-${s}` });
const sizes = writeJib(seed, join(dir, "export"));
const withoutJoa = process.argv.includes("--without-joa");

const header = `    transactions: ./export/jib_invoice_detail.csv
    timeout_ms: 300000
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { INV: invoice, CM: credit_note, CR: payment }`;
const headerMapping = `      transaction_id: Invoice No
      type: Type
      date: Invoice Date
      customer_id: Owner No
      reference: Reference Invoice
      created_by: Entered By
      approved_by: Approved By
      currency: Currency
      amount: Invoice Total
      line_work_date: Service Date      # a cost is the owner's at the decimal of the day it was incurred
      line_description: Description`;
const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a decimal and an Exhibit C rate are not negotiated
connectors:
  - id: jib
    type: csv
    name: JIB invoice detail - owner decimals
${header}
    mapping:
${headerMapping}
      sku: [Property, Account]${withoutJoa ? "" : "\n      contract_id: JOA"}
      quantity: Gross Amount            # the 8/8ths cost
      unit_price: Decimal               # the owner's share of it
      line_amount: Net Amount
    reference:
      contracts: ./export/ref/doi_deck.csv
      shipments: ./export/ref/cost_distribution.csv
    reference_mapping:
      contracts: { contract_id: JOA, customer_id: Owner No, sku: Property, price: Decimal, valid_from: Effective From, valid_to: Effective To }
      shipments: { shipment_id: Dist Id, transaction_id: JIB Invoice, customer_id: Owner No, sku: [Property, Account], quantity: Gross Amount, date: Service Date }
  - id: jib_rates
    type: csv
    name: JIB invoice detail - gross rates
${header}
    mapping:
${headerMapping}
      sku: Account
      contract_id: JOA                  # Exhibit C is the JOA's: an owner in two JOAs has two overhead rates
      quantity: Units                   # well-months of overhead
      line_amount: Gross Amount
    reference:
      contracts: ./export/ref/overhead_rates.csv
      shipments: ./export/ref/well_month_register.csv
    reference_mapping:
      contracts: { contract_id: JOA, customer_id: Owner No, sku: Account, price: Rate, currency: Currency, valid_from: Effective From, valid_to: Effective To }
      shipments: { shipment_id: Row Id, transaction_id: JIB Invoice, customer_id: Owner No, sku: Account, quantity: Well Months, date: Month End }
  - id: ap_vouchers
    type: csv
    name: AP voucher register
    transactions: ./export/ap_vouchers.csv
    timeout_ms: 300000
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { Bill: invoice, Credit: credit_note }
    mapping:
      transaction_id: Voucher
      type: Voucher Type
      date: Invoice Date
      entered_at: Entered On
      customer_id: Vendor ID
      currency: Currency
      amount: Amount
      created_by: Entered By
      approved_by: Approved By
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Operator JIB audit" }, async (call, labels) => {
  await reportServedBilling({
    call, connector: ["jib", "jib_rates", "ap_vouchers"], modules: { jib: ["revenue_leakage", "duplicate_detection"], jib_rates: ["revenue_leakage"], ap_vouchers: ["duplicate_detection"] },
    labels, leakKinds: LEAK_KINDS, title: `Operator joint interest billing, seed ${seed}${withoutJoa ? " (decimals: the JOA an attribute)" : ""}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true,
  });
});
