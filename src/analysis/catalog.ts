// The catalog of analysis modules and their detectors: stable codes, what each finds, its
// default weight inside each module. It is pure data so that the config schema (which must know
// every code to stay closed), GET /v1/modules and the engine all read the same list.

export const MODULE_IDS = ["revenue_leakage", "anomaly_detection", "duplicate_detection", "compliance"] as const;
export type ModuleId = (typeof MODULE_IDS)[number];

export type DetectorArea = "leakage" | "duplicates" | "anomaly" | "compliance";

export interface DetectorInfo {
  code: string;
  area: DetectorArea;
  name: string;
  description: string;
  /** Population detectors run over a whole scan, never on one transaction. */
  population?: boolean;
  /** History detectors judge the connector's history as a whole (what it lacks): their findings
   *  go on the transaction they concern, or on none. */
  history_wide?: boolean;
}

export const DETECTORS = [
  { code: "price_below_contract", area: "leakage", name: "Price below contract", description: "A line billed below the price of the customer's contract valid on the invoice date." },
  { code: "price_above_contract", area: "leakage", name: "Price above contract", description: "Lines billed above the highest price the customer's own agreement in force allows (no promotion; on any day whose prices count): a refund owed, not revenue lost; at risk what the customer was overcharged. Medium at most (low where the line says it is a surcharge): regular business prices above agreements too." },
  { code: "price_below_list", area: "leakage", name: "Price below list without approved discount", description: "A line without a contract billed below list price by more than its recorded discount explains." },
  { code: "discount_above_cap", area: "leakage", name: "Discount above cap", description: "A discount off list above the contract's max_discount_pct, or above the policy's max_discount_pct where no contract applies." },
  { code: "contract_price_outside_validity", area: "leakage", name: "Contract price outside its validity window", description: "A contract or promotional price applied on a date outside the contract's validity window." },
  { code: "zero_price_line", area: "leakage", name: "Zero-price billable line", description: "A line with a positive quantity billed at zero for a SKU that has a price." },
  { code: "below_minimum_charge", area: "leakage", name: "Bill below its minimum charge", description: "A bill whose charges of the kind its contract prices fall below the minimum charge the contract states (an item such as MIN), with no minimum line and no approver: the minimum waived." },
  { code: "unbilled_shipment", area: "leakage", name: "Shipped quantity not billed", description: "Shipments linked to the invoice carry more quantity than the invoice, and the later invoices naming it, bill." },
  { code: "unbilled_recurring_charge", area: "leakage", name: "Recurring charge not billed", description: "A contract row with a billing cadence is in force for a whole period and nothing bills it (the contract's invoice of the period, or no document at all).", history_wide: true },
  { code: "recurring_billed_beyond_service", area: "leakage", name: "Recurring charge billed beyond the services in force", description: "A recurring charge billed in advance for at least one whole unit more in a period than the contract's rows have in service (each row stating its quantity): a service billed after its disconnect date; not made up by the period before or after. A refund owed; at risk the surplus at the period's billed price.", history_wide: true },
  { code: "quantity_above_delivered_count", area: "leakage", name: "Billed above the delivered count", description: "A line stating two counts of what it bills (the seller's delivered_quantity, an independent verified_quantity) billed above the lower once they differ by more than count_discrepancy_pct (10 %), else above the seller's: an advertiser billed on impressions its third-party count does not support. A refund owed; at risk the line's amount on the units beyond." },
  { code: "shortage_not_on_delivery", area: "leakage", name: "Shortage the proof of delivery does not show", description: "A deduction its text calls a shortage, on an invoice whose proof of delivery (shipments naming it: the quantity signed for) shows fewer missing of the item than claimed (the delivery complete); at risk the quantity claimed beyond, at the claim's rate." },
  { code: "deduction_not_in_agreement", area: "leakage", name: "Deduction no agreement of the customer grants", description: "A deduction (a credit note naming an invoice) of a code the invoice does not bill, that other customers' agreements price (a compliance fine) and none of this customer's: a fine its agreement does not allow; at risk the line." },
  { code: "discount_taken_after_terms", area: "leakage", name: "Early-payment discount taken after its days", description: "A payment naming the early-payment discount it took (Discount Taken) and terms stating one (2% 10 Net 30), dated more days after the invoice it pays than the terms allow the discount within: an unearned discount; at risk the discount taken." },
  { code: "usage_stopped", area: "leakage", name: "Usage stopped while the service bills on", description: "A service whose bills carried its usage (a metered line, the bulk of each bill) month after month bills no usage for two months or more while its charge per period goes on, no status saying vacant or suspended and not the season (a stuck meter, a usage feed stopped); at risk the usual usage per month.", history_wide: true },
  { code: "recurring_component_missing", area: "leakage", name: "Component missing from one bill", description: "A component that is the only line of its unit on a service's bills (a demand charge, a customer charge) billed on the months before and after is missing from one regular bill in between; at risk its mean on those bills.", history_wide: true },
  { code: "rental_period_not_billed", area: "leakage", name: "Rental period not billed", description: "An equipment rental's bill (it names its date out, the days it bills and its contract) begins days after the contract's earlier bills end: a 28-day cycle never billed; at risk the gap's days at the bill's rental per day.", history_wide: true },
  { code: "rental_billed_short_of_return", area: "leakage", name: "Rental billed short of its return", description: "An equipment rental contract's last bill ends days before its equipment was called off rent or returned: a late return billed to the day it was expected; at risk those days at the bill's rental per day.", history_wide: true },
  { code: "estimate_not_trued_up", area: "leakage", name: "Estimate never trued up", description: "A bill raised on estimated figures (a status column says Estimated: a franchisee's late sales report billed on the prior month's) that no later invoice or credit note names, older than the longest true-up the export shows, in an export that settles most of its estimates by a document naming them: the true-up never billed; no amount at risk (the reported figures are not in the export).", history_wide: true },
  { code: "refund_beyond_schedule", area: "leakage", name: "Refund beyond the term's schedule", description: "A credit note refunding a student's withdrawal (it states a refund percentage, a withdrawal date and the term) at a higher percentage than at least three withdrawals of the same term and part of term dated before it got: a refund schedule only falls as the term goes on; at risk the refund above the lowest of those percentages.", history_wide: true },
  { code: "instalments_short_of_term", area: "leakage", name: "Instalments short of the term's price", description: "The invoice bills the last instalment of a payment plan (it states its number and the plan's count, `Installment` 10 of `Installments` 10), and the shares of a price per term the plan's instalments billed (quantity a share below 1 at the term's price: a premium's 0.1 of a 10-pay plan), every one of them in the history, add up to less than that price: premium left unbilled; at risk the price less the shares billed.", history_wide: true },
  { code: "return_beyond_billed", area: "leakage", name: "Return beyond what the term billed", description: "A cancelled policy's return premium takes the term's documents (from its first instalment on) below zero: more returned than was ever billed (a flat cancellation crediting the whole term premium when only the down payment was billed); at risk the amount returned beyond it.", history_wide: true },
  { code: "instalment_after_cancellation", area: "leakage", name: "Instalment billed after a cancellation was settled", description: "An invoice billing an instalment (it states its number) of a cancelled policy (it states the cancellation date, and a status saying cancelled where the export has one), dated after the first document of that policy and cancellation date that bills no instalment and is dated on or after it (the return premium, the earned premium's final bill): the payment plan was not stopped; at risk the instalment's amount.", history_wide: true },
  { code: "percent_charge_missing", area: "leakage", name: "Percentage charge missing from a bill", description: "A percentage the customer's agreement prices beside another percentage of the same basis that the bill carries (a brand fund beside the royalty), or one the bill's header says the customer took (a damage waiver accepted), is not on the bill; at risk its percentage of that basis." },
  { code: "tax_below_rate", area: "leakage", name: "Tax below the configured rate", description: "Tax charged is below the stated or configured rate for the currency." },
  { code: "currency_mismatch", area: "leakage", name: "Currency differs from contract", description: "The invoice currency differs from the currency of the contract that governs its lines." },
  { code: "duplicate_invoice", area: "duplicates", name: "Duplicate invoice", description: "An earlier invoice for the same customer, currency, amount and lines exists within the duplicate window." },
  { code: "duplicate_payment", area: "duplicates", name: "Duplicate payment", description: "An earlier payment to the same counterparty for the same amount exists within the duplicate window." },
  { code: "duplicate_journal", area: "duplicates", name: "Journal posted twice", description: "A general ledger's journal (its lines named by a journal or document number column) whose lines repeat an earlier journal's exactly — the same accounts, debits and credits to the cent and dimensions, at least two lines — under another journal number, on the same posting date or within 3 days (a two-line journal: the same date), and not at the journal's own rhythm, nor after a reversal of the earlier one. At risk the journal's total." },
  { code: "accrual_reversed_twice", area: "duplicates", name: "Accrual reversed twice", description: "A general ledger's journal whose lines are an accrual's swapped (its reversal) within 40 days of it, posted after another journal had already reversed that accrual exactly, the accrual being of a kind reversed as a rule (at least 5 judged, at least 80 % reversed, as accrual_not_reversed judges them): the expense is taken back twice — a reversal keyed again by hand, or posted again." },
  { code: "duplicate_credit_note", area: "duplicates", name: "Duplicate credit note", description: "An earlier credit note for the same invoice and the same amount exists." },
  { code: "excessive_credit_note", area: "duplicates", name: "Excessive credit note", description: "Credit notes against an invoice add up to more than the invoice." },
  { code: "amount_outlier_customer", area: "anomaly", name: "Amount outlier for the customer", description: "The amount is far from the customer's own history (robust z-score on log amounts: median and MAD)." },
  { code: "amount_outlier_sku", area: "anomaly", name: "Line amount outlier for the SKU", description: "A line amount far from the SKU's own history (robust z-score on log amounts)." },
  { code: "amount_outlier_attribute", area: "anomaly", name: "Amount outlier for an account, user or other attribute", description: "The amount is far above what is usual for a value of a categorical field (an account, a user, a document type...) in the same currency, and no routine of the same user there explains it." },
  { code: "amount_outlier_habit", area: "anomaly", name: "Amount outlier for a store's own account", description: "The amount is far above what one value of a configured habit field (a store, a site) usually posts to the account, after the business's movement that day across the field's values (a season lifts every store at once), and the pair has an established history before it." },
  { code: "rare_combination", area: "anomaly", name: "Rare combination of attributes", description: "Two individually common attribute values that (almost) never occur together." },
  { code: "rare_value", area: "anomaly", name: "Rare attribute value", description: "An attribute value (almost) never seen in the connector's history." },
  { code: "weekend_posting", area: "anomaly", name: "Weekend posting", description: "Posted on a weekend day." },
  { code: "out_of_hours_posting", area: "anomaly", name: "Out-of-hours posting", description: "Posted outside business hours." },
  { code: "out_of_hours_for_user", area: "anomaly", name: "Keyed at an hour the user never works", description: "Keyed outside business hours (the entry time where the export has one) by a user whose many timed postings are all in business hours and none near this hour: someone else at their keyboard, or a payment pushed through unseen." },
  { code: "period_end_posting", area: "anomaly", name: "Period-end posting", description: "Posted in the last days of a month with an amount above the usual." },
  { code: "new_counterparty_large_amount", area: "anomaly", name: "New counterparty with a large amount", description: "The first transaction of a counterparty, with an amount among the largest of the history." },
  { code: "lookalike_counterparty", area: "anomaly", name: "Counterparty name imitating an established one", description: "A newer counterparty whose name is an established counterparty's with a letter or two off, look-alike characters, other punctuation or spacing (a fictitious vendor); names told apart by a number, an initial or a short word never count." },
  { code: "dormant_user_posting", area: "anomaly", name: "Posting by a user after a long silence", description: "A user with an established posting rhythm fell silent far beyond their usual gaps while the business kept posting, and postings appear under their name again without the rhythm resuming (a departed employee's account used again)." },
  { code: "posting_to_ended_value", area: "anomaly", name: "Posting to a store whose activity ended", description: "A posting to a value of a configured habit field (a store, a site) more than a month after its regular posting rhythm ended, never to come back, while the field's other values kept posting: a vendor bill coded to a store closed months before." },
  { code: "off_period_posting", area: "anomaly", name: "Posting outside the value's own periods", description: "A value of a configured field (off_period.fields) that posts only in a few periods of the year (a count's document type in July and January) posts between them, in a month where it has (almost) never posted: a shrink adjustment outside the counts." },
  { code: "posting_after_end_date", area: "anomaly", name: "Posting after its user's end date", description: "A charge or posting dated after the end date (an HR system's termination date, a card's closing date) that its own row gives for the person behind it: a card or account not closed at offboarding." },
  { code: "other_payees_bank_account", area: "anomaly", name: "Paid into another payee's bank account", description: "A payment into a bank account (the export's account column: last four digits, an account hash, an IBAN) that another payee had long been paid into before this payee's first payment there: a ghost employee paid into a clerk's account, an account diverted to a colleague's." },
  { code: "payee_bank_account_changed", area: "anomaly", name: "Payee paid into a new bank account", description: "An established payee paid into a bank account never used for it before (the export's counterparty account column): a change of bank details to verify, and high when its payments went back to its earlier account afterwards — a detour, as a business email compromise makes." },
  { code: "late_posting", area: "anomaly", name: "Posting into a closed period", description: "Entered (the entry date beside the posting date) into a period after the ledger had stopped taking entries into it, with a lag far beyond what the user or source usually posts with: a post-closing or backdated entry (PCAOB AS 2401, ISA 240)." },
  { code: "accrual_not_reversed", area: "anomaly", name: "Accrual never reversed", description: "A general ledger's journal posting to an account (on one side, with the same dimensions, by the same user) whose journals are reversed as a rule (at least 5 judged, at least 80 % followed within 40 days by their exact reversal: the same lines, debit and credit swapped) that no reversal, nor a partial one, followed, the history running at least 45 days past it: an accrual left standing overstates the expense and the liability (a cut-off finding)." },
  { code: "split_below_approval_limit", area: "anomaly", name: "Amount split under an approval limit", description: "One of two or more postings to the same counterparty within a few days, each just under an approval limit (configured, else a round tier the ledger avoids), together above it." },
  { code: "isolation_forest", area: "anomaly", name: "Isolation forest", description: "Unsupervised model trained on the connector's history: the transaction is unusually easy to isolate; the features that drove it are listed." },
  { code: "round_amount_excess", area: "anomaly", name: "Excess of round amounts", description: "Round amounts are significantly over-represented in the scanned population.", population: true },
  { code: "benford_deviation", area: "anomaly", name: "Benford first-digit deviation", description: "The first digits of the scanned amounts do not follow Benford's law (mean absolute deviation).", population: true },
  { code: "self_approval", area: "compliance", name: "Creator equals approver", description: "The person who created the transaction also approved it." },
  { code: "approval_limit_exceeded", area: "compliance", name: "Amount above the approver's limit", description: "The amount exceeds the configured approval limit of the approver." },
  { code: "grant_unallowable_cost", area: "compliance", name: "Unallowable cost charged to a grant", description: "A cost charged to a grant on an account the organisation configured as unallowable on every award (2 CFR 200 Subpart E: alcohol, entertainment) or outside the award's approved budget lines." },
  { code: "grant_cost_outside_period", area: "compliance", name: "Grant cost outside the award's period", description: "A cost charged to a grant dated after the end (or before the start) of the award's period of performance as configured." },
  { code: "restriction_release_unauthorized", area: "compliance", name: "Release from restriction by an unauthorised user", description: "Net assets released from donor restriction (a configured release account) by a user who is not authorised to release, approved by nobody who is." },
] as const satisfies readonly DetectorInfo[];

export type DetectorCode = (typeof DETECTORS)[number]["code"];

export const DETECTOR_BY_CODE: ReadonlyMap<string, DetectorInfo> = new Map(DETECTORS.map((d) => [d.code, d]));

export interface ModuleInfo {
  id: ModuleId;
  name: string;
  description: string;
  /** Detector code → default weight in [0, 1]: the most one detector can add to the risk score. */
  weights: Partial<Record<DetectorCode, number>>;
}

export const MODULES: readonly ModuleInfo[] = [
  {
    id: "revenue_leakage",
    name: "Revenue leakage",
    description: "Money lost against contracts, price lists, shipments and tax rules; duplicate and excessive credits.",
    weights: {
      price_below_contract: 0.9,
      price_above_contract: 0.6,
      discount_above_cap: 0.85,
      price_below_list: 0.75,
      contract_price_outside_validity: 0.8,
      zero_price_line: 0.9,
      below_minimum_charge: 0.85,
      unbilled_shipment: 0.9,
      unbilled_recurring_charge: 0.9,
      recurring_billed_beyond_service: 0.8,
      quantity_above_delivered_count: 0.8,
      discount_taken_after_terms: 0.85,
      shortage_not_on_delivery: 0.85,
      deduction_not_in_agreement: 0.85,
      usage_stopped: 0.85,
      recurring_component_missing: 0.85,
      rental_period_not_billed: 0.85,
      rental_billed_short_of_return: 0.85,
      estimate_not_trued_up: 0.85,
      refund_beyond_schedule: 0.85,
      instalments_short_of_term: 0.85,
      instalment_after_cancellation: 0.85,
      return_beyond_billed: 0.85,
      percent_charge_missing: 0.85,
      tax_below_rate: 0.8,
      currency_mismatch: 0.6,
      duplicate_invoice: 0.7,
      duplicate_credit_note: 0.95,
      excessive_credit_note: 0.9,
    },
  },
  {
    id: "anomaly_detection",
    name: "Transaction anomalies",
    description: "Statistical and unsupervised anomalies against the connector's history and the scanned population.",
    weights: {
      amount_outlier_customer: 0.9,
      amount_outlier_sku: 0.9,
      amount_outlier_attribute: 0.9,
      amount_outlier_habit: 0.9,
      rare_combination: 0.75,
      rare_value: 0.8,
      weekend_posting: 0.25,
      out_of_hours_posting: 0.25,
      out_of_hours_for_user: 0.5,
      period_end_posting: 0.15,
      new_counterparty_large_amount: 0.5,
      lookalike_counterparty: 0.85,
      dormant_user_posting: 0.8,
      posting_to_ended_value: 0.8,
      off_period_posting: 0.75,
      posting_after_end_date: 0.8,
      other_payees_bank_account: 0.8,
      payee_bank_account_changed: 0.8,
      late_posting: 0.8,
      accrual_not_reversed: 0.8,
      split_below_approval_limit: 0.75,
      isolation_forest: 0.5,
      round_amount_excess: 0.3,
      benford_deviation: 0.4,
    },
  },
  {
    id: "duplicate_detection",
    name: "Duplicates",
    description: "Duplicate invoices and payments, duplicate or excessive credit notes.",
    weights: { duplicate_invoice: 0.85, duplicate_payment: 0.9, duplicate_journal: 0.85, accrual_reversed_twice: 0.85, duplicate_credit_note: 0.95, excessive_credit_note: 0.9 },
  },
  {
    id: "compliance",
    name: "Compliance",
    description: "Segregation of duties, approval limits, and the terms of restricted grants and gifts.",
    weights: { self_approval: 0.7, approval_limit_exceeded: 0.6, grant_unallowable_cost: 0.8, grant_cost_outside_period: 0.75, restriction_release_unauthorized: 0.75 },
  },
];

export const MODULE_BY_ID: ReadonlyMap<string, ModuleInfo> = new Map(MODULES.map((m) => [m.id, m]));
