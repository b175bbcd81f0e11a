// Runs the pharmacy chain's claims data set (pharmacy-claims.ts: NCPDP D.0 claims adjudicated by
// PBMs and plans — ingredient cost at the lesser of AWP − x %, WAC + y %, the plan's MAC and the
// U&C, dispensing, vaccine administration and compounding fees, copays and their hardship waivers,
// reversals (B2) and same-day rebills, returns to stock, partial fills and their completion,
// 90-day fills under maintenance networks, compounds, 340B, cash sales at U&C, a discount card,
// DIR fees clawed back months later) through the real product: writes the pharmacy management
// system's claim reconciliation detail and a configuration written from docs/connectors.md and
// docs/analysis.md as the chain's revenue-integrity analyst would (each network contract's rate per
// NDC and quarter, its fees and the performance-fee addenda as contracts — the U&C schedule the
// cash customer's —, the network contract the claim was priced under as its contract, the plan as
// the customer, the original claim a reversal names as its reference, the date of service as the
// line's work date, the acquisition cost of the stock dispensed as the line's list price, the
// waiver's reason as its adjustment reason, the dispensing and immunization log as the shipments),
// starts `src/main.ts serve`, scans with revenue_leakage and duplicate_detection over signed HTTP,
// and prints precision/recall per claim at high and at medium and above, per kind, and the false
// alarms per kind of regular business. Not part of `make bench-quality`.
// Run: bun run bench/quality/pharmacy-claims-eval.ts --seed 6301 [--port 42101] [--out DIR] [--verbose]
import { join } from "node:path";
import { billingEvalSetup, billingServerYaml, reportServedBilling, withServedBilling } from "./billing-report.ts";
import { LEAK_KINDS, type Label, writePharmacyClaims } from "./pharmacy-claims.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 6301, port: 42101, out: (s) => `/tmp/pharmacy-claims-eval-${s}` });
const sizes = writePharmacyClaims(seed, join(dir, "export"));

const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0                 # a plan pays its network's rate; nothing is dispensed below its acquisition cost
    accepted_adjustment_reasons: ["FIN-HARDSHIP"]   # a copay waived for documented financial hardship
connectors:
  - id: claims
    type: csv
    name: Pharmacy management system - claim reconciliation detail
    transactions: ./export/claim_detail.csv
    timeout_ms: 300000
    reference:
      contracts: ./export/ref/plan_pricing_terms.csv
      shipments: ./export/ref/dispensing_log.csv
    csv: { delimiter: ",", thousands: ",", date_format: MM/DD/YYYY }
    type_values: { B1: invoice, CASH: invoice, B2: credit_note, DIR: credit_note }
    mapping:
      transaction_id: Claim Ref
      type: Transaction Code
      date: Adjudicated Date
      customer_id: Plan ID
      contract_id: Network Contract
      reference: Original Claim Ref
      created_by: Entered By
      approved_by: Approved By
      currency: Currency
      amount: Claim Total
      sku: Item Code
      line_description: Description
      line_work_date: Date of Service   # a fill is priced at the terms of the day it was dispensed
      quantity: Quantity
      unit: Unit
      unit_price: Unit Price
      line_amount: Line Amount
      list_price: Acquisition Cost      # the stock dispensed (340B stock at its own cost): never paid below it
      adjustment_reason: Adjustment Reason
    reference_mapping:
      contracts: { contract_id: Contract, customer_id: Plan ID, sku: Item Code, price: Rate, currency: Currency, unit: Unit, min_quantity: Min Quantity, valid_from: Valid From, valid_to: Valid To }
      shipments: { shipment_id: Log Id, transaction_id: Claim Ref, customer_id: Plan ID, sku: Item Code, quantity: Quantity, date: Date Dispensed }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Pharmacy chain revenue integrity" }, async (call, labels) => {
  await reportServedBilling({ call, connector: "claims", labels, leakKinds: LEAK_KINDS, title: `Pharmacy chain claims, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose, medium: true });
});
