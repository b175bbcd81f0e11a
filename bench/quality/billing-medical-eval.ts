// Runs the physician group's data set (billing-medical.ts: claims per encounter — CPT/HCPCS lines
// with modifiers and units, the billed charge from the chargemaster, the payer's remittance of each
// line: allowed, patient shares, sequestration, adjustment reason codes; multiple-procedure
// reductions, professional/technical components, bilateral procedures, NCCI bundling, denials
// re-submitted, Medigap crossovers, a retroactive fee schedule, self-pay discounts, therapy series)
// through the real product: writes the practice-management system's claim-line export and a
// configuration written from docs/connectors.md and docs/analysis.md as the group's revenue-cycle
// analyst would — the export read twice, as two connectors: `charges` (each line's billed charge
// against the chargemaster, the price list; no discount off it) and `remits` (each line's allowed
// amount against the payer's fee schedule, the claim's fee schedule as its contract); the payer as
// the customer, the claim date as the document's date, a re-submitted claim's original as its
// reference, a duplicate looked for within 60 days —, starts `src/main.ts serve`, scans both with
// revenue_leakage and duplicate_detection over signed HTTP, looks up each planted claim for its
// amount at risk, and prints precision/recall per claim at high, per kind, and the false alarms
// per kind of regular business (every false alarm with its codes in <out>/false-alarms.json).
// Not part of `make bench-quality`.
// Run: bun run bench/quality/billing-medical-eval.ts --seed 2207 [--port 18440] [--out DIR] [--verbose]
import { reportServedBilling, billingEvalSetup, billingServerYaml, withServedBilling } from "./billing-report.ts";
import { join } from "node:path";
import { LEAK_KINDS, writeMedical, type Label } from "./billing-medical.ts";

const { seed, port, dir, verbose } = billingEvalSetup({ seed: 2207, port: 18440, out: (s) => `/tmp/medical-eval-${s}` });
const sizes = writeMedical(seed, join(dir, "export"));

// The claim's header and line columns both connectors read; each maps its own amount.
const claimMapping = `      transaction_id: Claim ID
      type: Claim Type
      date: Claim Date
      customer_id: Payer ID
      reference: Original Claim ID
      sku: [CPT/HCPCS, Modifier 1, Modifier 2]   # a component (26, TC) is priced apart, in either column; another modifier bills the code's own price
      quantity: Units`;
const config = `${billingServerYaml(port)}modules:
  revenue_leakage:
    max_discount_pct: 0           # a charge is the chargemaster's price: no discount off it
    accepted_adjustment_reasons: ["97", "234"]   # a line the payer bundled into another's payment (NCCI) or pays with none
  duplicate_detection:
    window_days: 60               # a claim re-keyed from the superbill weeks later is still billed twice
connectors:
  - id: charges
    type: csv
    name: PM claim lines - billed charges
    transactions: ./export/claim_lines.csv
    reference:
      price_list: ./export/ref/chargemaster.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { Original: invoice, Replacement: invoice, Reversal: credit_note }
    mapping:
${claimMapping}
      amount: Total Charge
      line_amount: Billed Charge
    reference_mapping:
      price_list: { sku: [CPT/HCPCS, Modifier], list_price: Charge, valid_from: Effective Date }
  - id: remits
    type: csv
    name: PM claim lines - payer allowed
    transactions: ./export/claim_lines.csv
    reference:
      contracts: ./export/ref/fee_schedules.csv
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { Original: invoice, Replacement: invoice, Reversal: credit_note }
    mapping:
${claimMapping}
      contract_id: Fee Schedule
      amount: Total Allowed
      line_amount: Allowed
      adjustment_reason: Adj Reason Codes   # the payer's reasons explain the allowed, not the charge
    reference_mapping:
      contracts: { contract_id: Fee Schedule, customer_id: Payer ID, sku: [CPT/HCPCS, Modifier], price: Allowed, valid_from: Effective Date, valid_to: End Date }
`;
await withServedBilling<Label>({ dir, port, config, accountName: "Physician group" }, async (call, labels) => {
  await reportServedBilling({ call, connector: ["charges", "remits"], labels, leakKinds: LEAK_KINDS, title: `Physician group data set, seed ${seed}: ${JSON.stringify(sizes)}`, dir, verbose });
});
