// Runs the EV charging network operator's session billing data set (ev-charging.ts: a CPO's
// billing lines — a receipt per direct session, a monthly invoice per fleet account with its
// contracted discount, a monthly invoice per roaming eMSP partner at the agreement's rates — with
// time-of-use energy, DC charging minutes, session and idle fees, a public tariff change, free
// charging promotions and refunds for faulty chargers) through the real product: writes the export
// and a configuration written from docs/connectors.md and docs/analysis.md as the CPO's billing
// analyst would (the public tariffs as the price list, the roaming agreements, fleet contracts and
// promotions as contracts, the CDRs sent to the eMSPs over OCPI, each naming the partner invoice
// that settles it, as shipments), starts `src/main.ts serve`, scans with revenue_leakage and
// duplicate_detection over signed HTTP, and prints precision/recall per document at high and at
// medium and above, per kind, and the false alarms per kind of regular business. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/ev-charging-eval.ts --seed 2701 [--port 21901] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writeEv } from "./ev-charging.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2701, port: 21901, out: (s) => `/tmp/ev-eval-${s}` });
const sizes = writeEv(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a public tariff is not negotiated; partners and fleets have their agreements
connectors:
  - id: ev
    type: csv
    name: CPO billing lines
    transactions: ./export/billing_lines.csv
    timeout_ms: 300000
    reference:
      price_list: ./export/ref/tariffs.csv
      contracts: ./export/ref/agreements.csv
      shipments: ./export/ref/ocpi_cdrs_sent.csv
    csv: { delimiter: "," }
    type_values: { INV: invoice, CRN: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Invoice Type
      date: Invoice Date
      customer_id: Bill To ID
      contract_id: Contract ID
      reference: Related Invoice
      created_by: Created By
      approved_by: Approved By
      currency: Currency
      amount: Net Amount
      tax_amount: VAT Amount
      tax_rate: VAT Rate
      sku: Charge Code
      line_description: Description
      quantity: Quantity
      unit: Unit
      unit_price: Unit Price
      line_amount: Line Amount
      line_work_date: Session Start     # each CDR's own session start: a late CDR on a partner's invoice keeps the rate of its session
      line_contract_id: Tariff ID       # the tariff or promotion a CDR names (a fleet session at a new location's free opening month)
    reference_mapping:
      price_list: { sku: Charge Code, list_price: Price, currency: Currency, valid_from: Valid From, unit: Unit, max_amount: Max Per Session }
      contracts: { contract_id: Agreement ID, customer_id: Party ID, sku: Charge Code, unit: Unit, currency: Currency, price: Price, valid_from: Valid From, valid_to: Valid To }
      shipments: { shipment_id: CDR ID, transaction_id: Invoice Number, customer_id: eMSP Party ID, sku: Energy Charge Code, quantity: Total Energy kWh, date: End Date Time }
rules:
  # What the tariff cannot say, as the CPO's billing analyst writes it (docs/analysis.md, "Custom
  # rules"): on a session's own receipt, a DC session rated on AC charge codes, and idle time past
  # the grace period (60 min AC, 15 min DC) with no idle fee on a session that was not free.
  - id: dc_session_on_ac_charge_codes
    module: revenue_leakage
    when: 'txn.type == "invoice" && "Channel" in txn.attributes && string(txn.attributes["Channel"]) == "Direct" && "Power Type" in txn.attributes && string(txn.attributes["Power Type"]) == "DC" && txn.lines.exists(l, l.sku.startsWith("AC-"))'
    severity: high
    message: 'a DC session billed on AC charge codes ({amount} {currency})'
  - id: idle_fee_missing_after_grace
    module: revenue_leakage
    when: 'txn.type == "invoice" && txn.amount > 0 && "Channel" in txn.attributes && string(txn.attributes["Channel"]) == "Direct" && "Idle Minutes" in txn.attributes && "Power Type" in txn.attributes && double(string(txn.attributes["Idle Minutes"])) > (string(txn.attributes["Power Type"]) == "DC" ? 15.0 : 60.0) && !txn.lines.exists(l, l.sku.endsWith("-IDLE"))'
    severity: high
    message: 'idle time past the grace period with no idle fee'
    amount_at_risk: 'string(txn.attributes["Power Type"]) == "DC" ? ((double(string(txn.attributes["Idle Minutes"])) - 15.0) * 0.25 > 20.0 ? 20.0 : (double(string(txn.attributes["Idle Minutes"])) - 15.0) * 0.25) : ((double(string(txn.attributes["Idle Minutes"])) - 60.0) * 0.10 > 20.0 ? 20.0 : (double(string(txn.attributes["Idle Minutes"])) - 60.0) * 0.10)'
  # Time of use: a session started on a weekday between 17:00 and 21:00 Amsterdam time draws its
  # first kWh in peak, so its receipt bills peak energy (the export's times are UTC, as OCPI's).
  - id: peak_session_without_peak_energy
    module: revenue_leakage
    when: 'txn.type == "invoice" && txn.amount > 0 && "Channel" in txn.attributes && string(txn.attributes["Channel"]) == "Direct" && "Session Start" in txn.attributes && timestamp(string(txn.attributes["Session Start"])).getDayOfWeek("Europe/Amsterdam") in [1, 2, 3, 4, 5] && timestamp(string(txn.attributes["Session Start"])).getHours("Europe/Amsterdam") >= 17 && timestamp(string(txn.attributes["Session Start"])).getHours("Europe/Amsterdam") < 21 && txn.lines.exists(l, l.sku.contains("-ENERGY-")) && !txn.lines.exists(l, l.sku.endsWith("-ENERGY-PEAK"))'
    severity: high
    message: 'a session started in peak hours billed no peak energy'
`;
await withServedBilling<Label>({ dir, port, config, accountName: "CPO billing" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "ev", labels, leakKinds: LEAK_KINDS, title: `EV charging (CPO) billing, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
