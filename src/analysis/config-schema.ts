// The `modules:` section of the config file. Owned by the analysis feature. Every object is
// closed and every setting has a default, so an empty section gives a working engine.
import { type Static, type TObject, type TOptional, type TNumber, Type } from "@sinclair/typebox";
import { MODULES, type ModuleId } from "./catalog.ts";

/** late_posting.fiscal_calendar.periods (fiscal-periods.ts FISCAL_PATTERNS; listed here, so that the schema imports no analysis code). */
export const FISCAL_PATTERN_NAMES = ["4-4-5", "4-5-4", "5-4-4", "13x4"] as const;

const closed = { additionalProperties: false } as const;
/** A calendar day, YYYY-MM-DD. */
const DAY = "^\\d{4}-\\d{2}-\\d{2}$";
const section = { ...closed, default: {} } as const;

/** `weights:` of one module: only that module's detector codes, each in [0, 1]. */
function weightsOf(module: ModuleId): TObject<Record<string, TOptional<TNumber>>> {
  const info = MODULES.find((m) => m.id === module)!;
  const props: Record<string, TOptional<TNumber>> = {};
  for (const code of Object.keys(info.weights)) props[code] = Type.Optional(Type.Number({ minimum: 0, maximum: 1 }));
  return Type.Object(props, section);
}

const Tolerance = Type.Object(
  {
    /** Money differences up to this are rounding, per unit or per amount. */
    absolute: Type.Number({ default: 0.01, minimum: 0 }),
    /** ... or up to this fraction of the compared value, whichever is larger. */
    relative: Type.Number({ default: 0.0005, minimum: 0, maximum: 0.5 }),
    /** Quantities within this are equal. */
    quantity: Type.Number({ default: 0.0001, minimum: 0 }),
  },
  section,
);

const Tax = Type.Object(
  {
    /** Minimum tax rate (fraction, 0.19 = 19 %) per ISO 4217 currency: one rate, or rates each in
     *  force from a date (`[{ rate: 0.19 }, { rate: 0.21, from: "2025-07-01" }]`). */
    rates: Type.Record(
      Type.String({ pattern: "^[A-Z]{3}$" }),
      Type.Union([
        Type.Number({ minimum: 0, maximum: 1 }),
        Type.Array(Type.Object({ rate: Type.Number({ minimum: 0, maximum: 1 }), from: Type.Optional(Type.String({ pattern: DAY })) }, closed), { minItems: 1 }),
      ]),
      { default: {}, keyHint: "a currency is an ISO 4217 code in capitals (EUR, USD)" },
    ),
    /** Rate for currencies not listed; null: only the transaction's own stated rate is checked. */
    default_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { default: null }),
    /** Customers that are tax-exempt (exports, reverse charge). */
    exempt_customers: Type.Array(Type.String(), { default: [] }),
    /** Source attributes (`attributes.NAME`, without the prefix) that carry an invoice's tax
     *  category or exemption: a value in `exempt_values` makes the invoice legitimately untaxed. */
    marker_fields: Type.Array(Type.String(), {
      default: ["tax_category", "tax_category_code", "tax_code", "vat_category", "vat_code", "tax_treatment", "vat_treatment", "tax_status", "tax_exempt", "reverse_charge"],
    }),
    /** Attributes holding an exemption reason (text or code, e.g. BT-121 "VATEX-EU-AE"): any value
     *  that does not say "no" (empty, none, false, 0) makes the invoice legitimately untaxed. */
    exemption_reason_fields: Type.Array(Type.String(), {
      default: ["tax_exemption_reason", "tax_exemption_reason_code", "vat_exemption_reason", "vat_exemption_reason_code", "exemption_reason", "exemption_reason_code"],
    }),
    /** EN 16931 / UNCL 5305 categories without tax (E exempt, AE reverse charge, K intra-community,
     *  G export, O outside scope, Z zero rated), their common spellings, and yes-flags. */
    exempt_values: Type.Array(Type.String(), {
      default: ["E", "AE", "K", "G", "O", "Z", "EXEMPT", "REVERSE_CHARGE", "REVERSE CHARGE", "ZERO_RATED", "EXPORT", "TRUE", "YES", "Y"],
    }),
    /** Learn from the history: a customer whose every invoice (≥ 3) carries no tax is exempt;
     *  a SKU its invoices consistently tax at a lower rate has that rate. */
    learn: Type.Boolean({ default: true }),
  },
  section,
);

export const RevenueLeakageConfig = Type.Object(
  {
    /** Policy: the largest discount off list price allowed without a contract (percent). */
    max_discount_pct: Type.Number({ default: 10, minimum: 0, maximum: 100 }),
    /** A discount authority matrix: the largest discount (percent) a document's approver
     *  (`approved_by`, compared trimmed) may approve beyond `max_discount_pct` — a law firm's
     *  management committee writing a bill down 25 % where billing partners may give 15 %. A
     *  document naming an approver listed here is judged against that approver's limit. */
    approver_max_discount_pct: Type.Record(Type.String({ minLength: 1 }), Type.Number({ minimum: 0, maximum: 100 }), { default: {} }),
    tolerance: Tolerance,
    tax: Tax,
    /** Source attributes (`attributes.NAME`, without the prefix) that carry a document's billing
     *  type or order reason: a document at 0 with a value in `free_of_charge_values` is a
     *  free-of-charge delivery (warranty replacement, sample), not a zero-price line. */
    free_of_charge_fields: Type.Array(Type.String(), {
      default: ["billing_type", "document_type", "order_type", "order_reason", "item_category", "charge_type"],
    }),
    free_of_charge_values: Type.Array(Type.String(), {
      default: ["FOC", "FREE_OF_CHARGE", "FREE OF CHARGE", "NO_CHARGE", "WARRANTY", "SAMPLE", "REPLACEMENT", "CONSIGNMENT", "KN", "KB", "F8", "TANN"],
    }),
    /** Values of the same attributes (`free_of_charge_fields`) that mark an intercompany
     *  transfer (SAP's billing type IV): billed at a transfer price, not the list's — judged only
     *  by a transfer-price agreement in the contracts. An empty list judges them as any sale. */
    intercompany_values: Type.Array(Type.String(), {
      default: ["INTERCOMPANY", "INTRACOMPANY", "INTERCO", "IV"],
    }),
    /** Adjustment reason codes (a line's `adjustment_reason`, compared without case or
     *  separators) that explain a line's price as no cut: a payer's remittance line allowed at 0
     *  with CO-97 (bundled into another line's payment, an NCCI edit) or CO-234 (not paid
     *  separately). A line carrying one is not priced (adjustment-reasons.ts). A code without its
     *  group (`97`) is accepted in any group (CO-97, OA-97); with one (`CO-97`), in that group only. */
    accepted_adjustment_reasons: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { default: ["97", "234"], maxItems: 1000 }),
    /** Item codes (`sku`, compared without case or separators) under which a contract row states
     *  a minimum charge per document — a carrier's absolute minimum, a minimum fee, a minimum
     *  bill — rather than a price: `below_minimum_charge` (minimum-charge.ts). */
    minimum_charge_skus: Type.Array(Type.String({ minLength: 1 }), {
      default: ["MIN", "MINIMUM", "MIN_CHARGE", "MINIMUM_CHARGE", "MIN_CHG", "MINCHG", "MIN_FEE", "MINIMUM_FEE", "MIN_BILL", "MINIMUM_BILL"],
    }),
    /** Where a line states two counts of what it bills — the seller's (`delivered_quantity`: an
     *  ad server's impressions) and an independent one (`verified_quantity`: the advertiser's
     *  third-party ad server) — the discrepancy (percent of the higher) beyond which the line is
     *  billed on the lower count (the IAB/4A's Standard Terms and Conditions: 10). Within it, the
     *  higher. `quantity_above_delivered_count` (count-above-delivered.ts). */
    count_discrepancy_pct: Type.Number({ default: 10, minimum: 0, maximum: 100 }),
    /** Reference exchange rates: 1 `from` is worth `rate` `to` from `valid_from` on (the latest
     *  start on or before the invoice date applies; the other direction is 1 / rate). With them,
     *  an invoice in another currency than its contract is priced in the contract's currency. */
    exchange_rates: Type.Array(
      Type.Object(
        {
          from: Type.String({ pattern: "^[A-Z]{3}$" }),
          to: Type.String({ pattern: "^[A-Z]{3}$" }),
          rate: Type.Number({ exclusiveMinimum: 0 }),
          valid_from: Type.Optional(Type.String({ pattern: DAY })),
        },
        closed,
      ),
      { default: [] },
    ),
    weights: weightsOf("revenue_leakage"),
  },
  section,
);

export const DuplicateDetectionConfig = Type.Object(
  {
    /** Two identical invoices or payments this many days apart or less are duplicates. */
    window_days: Type.Number({ default: 7, minimum: 0, maximum: 366 }),
    /** The column naming each ledger line's journal (duplicate_journal): "auto" (default), the first
     *  of the first line's columns named as one (Journal ID, JE No, Document No, BELNR...); or
     *  `attributes.<column>` where the export's name says nothing of it. */
    journal_field: Type.String({
      default: "auto",
      minLength: 1,
      pattern: "^(auto|attributes\\..+)$",
      "x-pattern-message": 'auto or attributes.<column> (the column naming each line\'s journal)',
    }),
    /** A journal repeating an earlier one's lines within this many days is a copy (duplicate_journal). */
    journal_window_days: Type.Integer({ default: 3, minimum: 0, maximum: 31 }),
    weights: weightsOf("duplicate_detection"),
  },
  section,
);

/**
 * A categorical field a list names beside categorical_fields (rare_combination.habit_fields,
 * off_period.fields): a canonical one or `attributes.<column>` (any column: "auto" profiles
 * those with dots too). Another name could never be read, and left its detectors silently off.
 */
const namedField = () =>
  Type.String({
    minLength: 1,
    pattern: "^(type|customer_id|currency|contract_id|reference|created_by|approved_by|sku|attributes\\..+)$",
    "x-pattern-message": "a canonical categorical field (type, customer_id, currency, contract_id, reference, created_by, approved_by, sku) or attributes.<column>",
  });

export const AnomalyDetectionConfig = Type.Object(
  {
    outlier: Type.Object(
      {
        /** History needed before a context's statistics (an account's, a user's...) are trusted. */
        min_history: Type.Integer({ default: 20, minimum: 3 }),
        /** Earlier postings of the same user in the same context that make a routine, which
         *  explains amounts far from everybody else's there (payroll, accrual runs). */
        routine_min_history: Type.Integer({ default: 3, minimum: 1 }),
        /** Robust z-score (|log amount − median| / (1.4826 · MAD)) from which an amount is an outlier. */
        threshold: Type.Number({ default: 4.5, minimum: 1 }),
        /** Also report amounts far below the usual (small amounts rarely carry risk). */
        two_sided: Type.Boolean({ default: false }),
      },
      section,
    ),
    /** Canonical fields (or `attributes.NAME`) whose values, pairs and triples are checked for
     *  rarity and whose values are contexts for amounts; "auto" (default): profiled from the
     *  connector's history (src/analysis/profile.ts). */
    categorical_fields: Type.Union(
      [
        Type.Literal("auto"),
        // Any column after `attributes.`, dots and all (Business Central's `G/L Account No.`): the
        // reader takes the rest of the name whole (fields.ts), as "auto" and the lists beside it do.
        Type.Array(Type.String({ pattern: "^(type|customer_id|currency|contract_id|reference|created_by|approved_by|sku|attributes\\..+)$" }), { maxItems: 16 }),
      ],
      // A list naming another field said only `must be one of "auto"`.
      { default: "auto", "x-union-message": '"auto", or a list of at most 16 canonical categorical fields (type, customer_id, currency, contract_id, reference, created_by, approved_by, sku) or attributes.<column>' },
    ),
    rare_value: Type.Object(
      {
        /** History size below which rarity is not judged. */
        min_history: Type.Integer({ default: 500, minimum: 10 }),
        /** A value seen at most this many times before (besides this transaction) is rare; never
         *  seen is decisive (high), seen once or twice is worth a look (medium). */
        max_count: Type.Integer({ default: 2, minimum: 0 }),
      },
      section,
    ),
    rare_combination: Type.Object(
      {
        /** Fire when a pair was seen at most max_count times but independence predicts at least this many. */
        min_expected: Type.Number({ default: 10, minimum: 1 }),
        /** Never seen together is decisive (high); seen up to max_count times, worth a look. */
        max_count: Type.Integer({ default: 2, minimum: 0 }),
        /** Categorical fields whose values keep habits of their own, read as the counterparty's
         *  are (counterparty-habit.ts): a store, site or cost centre of a chain — the tenders its
         *  tills take, the accounts it posts to. Empty: the counterparty (customer_id) alone.
         *  Their usual amounts per account are amount_outlier_habit's (habit-amounts.ts), their
         *  active days posting_to_ended_value's (habit-activity.ts). */
        habit_fields: Type.Array(namedField(), { default: [] }),
      },
      section,
    ),
    calendar: Type.Object(
      {
        /** Business hours [start, end) in local time. */
        business_hours: Type.Object(
          { start: Type.Integer({ default: 7, minimum: 0, maximum: 23 }), end: Type.Integer({ default: 20, minimum: 1, maximum: 24 }) },
          section,
        ),
        /** Days of the week that are not business days (0 = Sunday). */
        weekend_days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { default: [0, 6], maxItems: 7 }),
        /** Offset of the business's local time from UTC, for date-times given in UTC. */
        utc_offset_minutes: Type.Integer({ default: 0, minimum: -840, maximum: 840 }),
        /** The last this-many days of a month count as period end. */
        period_end_days: Type.Integer({ default: 1, minimum: 0, maximum: 10 }),
        /** A period-end posting is reported when its amount is above this quantile of the history. */
        period_end_quantile: Type.Number({ default: 0.9, minimum: 0, maximum: 1 }),
      },
      section,
    ),
    new_counterparty: Type.Object(
      {
        /** "Large" means above this quantile of the history's amounts. */
        amount_quantile: Type.Number({ default: 0.95, minimum: 0.5, maximum: 1 }),
        /** A counterparty is only "new" once the history covers at least this many days before it. */
        warmup_days: Type.Integer({ default: 30, minimum: 0 }),
      },
      section,
    ),
    lookalike_counterparty: Type.Object(
      {
        /** Where a counterparty's name is: "auto" (a Contact, vendor_name, supplier, payee,
         *  customer_name... attribute whose values read as names, else customer_id when its do),
         *  or a field: `customer_id` or `attributes.NAME`. */
        name_field: Type.String({ default: "auto", pattern: "^(auto|customer_id|attributes\\.[^.]+)$" }),
        /** A resemblance is high only to a counterparty dealt with at least this many times (by
         *  document) before the newcomer's first transaction — a real one, the same history the
         *  amount detectors need to judge a context (outlier.min_history) — by a newcomer dealt
         *  with fewer times than this. */
        min_history: Type.Integer({ default: 20, minimum: 3 }),
      },
      section,
    ),
    /** off_period_posting (detectors/anomaly/off-period.ts; docs/analysis.md). */
    off_period: Type.Object(
      {
        /** Categorical fields whose values post only in periods of their own (a document type
         *  of the physical counts): a posting between its periods, where it never posts, is
         *  reported. Empty (default): none. */
        fields: Type.Array(namedField(), { default: [] }),
      },
      section,
    ),
    /** dormant_user_posting (detectors/anomaly/dormant-user.ts; docs/analysis.md). */
    dormant_user: Type.Object(
      {
        /** An established rhythm: at least this many posting days before the silence... */
        min_active_days: Type.Integer({ default: 20, minimum: 2 }),
        /** ... spread over at least this many weeks (a fortnight's burst is no rhythm). */
        min_weeks: Type.Integer({ default: 8, minimum: 1 }),
        /** A silence this long or longer (in days) may be a departure: longer than any ordinary
         *  holiday (four weeks of leave with the weekends around them). */
        min_gap_days: Type.Integer({ default: 42, minimum: 7 }),
        /** ... and this many times the user's own usual gap (the 90th percentile of their gaps):
         *  three of a month-end user's closings missed in a row, not one. */
        gap_factor: Type.Number({ default: 4, minimum: 1 }),
        /** The business kept posting through the silence: the colleagues who posted before and
         *  after it had at least this share of their own rhythms' posting days during it (a
         *  company-wide shutdown is nobody's departure; a nightly batch alone is no business). */
        business_active_share: Type.Number({ default: 0.5, minimum: 0, maximum: 1 }),
        /** Days after the return in which the user's rhythm is looked for: a quarter, so that a
         *  holiday just after a return or a part-time schedule does not hide it, where a reused
         *  account's handful of entries is soon followed by silence again (longer for a user who
         *  posts seldom: long enough to expect five posting days). */
        resume_window_days: Type.Integer({ default: 91, minimum: 1 }),
        /** A return with at least this share of the user's old posting days in that window resumed
         *  the rhythm (a leave, a part-time return); below it, a few postings under a silent
         *  user's name are what a reused account looks like. */
        resume_share: Type.Number({ default: 0.33, minimum: 0, maximum: 1 }),
        /** High needs the rhythm to have missed at least this many posting days in the silence
         *  (a daily poster's two weeks, a weekly one's ten weeks). */
        strong_missed_days: Type.Number({ default: 10, minimum: 0 }),
      },
      section,
    ),
    /** late_posting (detectors/anomaly/late-posting.ts, entry-lags.ts; docs/analysis.md): read
     *  only where the entries carry `entered_at` beside their posting date. */
    late_posting: Type.Object(
      {
        /** The close of a period is where entries into it stop arriving: the run of arrivals after
         *  its end, each within this many days of the one before, from its last day on. */
        close_gap_days: Type.Integer({ default: 14, minimum: 1, maximum: 366 }),
        /** A user or source whose lag is at least this many days on three postings of four (an
         *  expense system posting receipts weeks back, a payroll import) has a standing lag: its
         *  arrivals say nothing of when the books closed. */
        standing_lag_days: Type.Integer({ default: 3, minimum: 0 }),
        /** Reported only when entered at least this many days after the period's close. */
        min_days_after_close: Type.Integer({ default: 7, minimum: 0 }),
        /** ... and at least this many days after the posting date beyond the user's habit: a lag of
         *  at least habit × habit_factor + min_lag_days. */
        min_lag_days: Type.Integer({ default: 14, minimum: 1 }),
        habit_factor: Type.Number({ default: 1.5, minimum: 1, maximum: 10 }),
        /** A user's habit: this quantile of their lags (the entry's own left out). */
        habit_quantile: Type.Number({ default: 0.98, minimum: 0.5, maximum: 1 }),
        /** A user with fewer postings carrying an entry date has no habit of their own: judged
         *  against the close alone, at medium. */
        min_history: Type.Integer({ default: 20, minimum: 1 }),
        /** High from this many days after the close on (closer to it: medium). */
        high_after_close_days: Type.Integer({ default: 21, minimum: 0 }),
        /** The audit's adjusting entries: an entry dated on a period's last day (the year-end)
         *  that names itself an audit adjustment (AJE-3, "Audit adjustment", "Adjusting journal
         *  entry", "Auditor proposed adjustment"), entered at most this many days after that day,
         *  is the audit's fieldwork, not a posting into a closed period; 0: no exception. */
        audit_adjustment_days: Type.Integer({ default: 120, minimum: 0, maximum: 366 }),
        /** The ledger's periods when they are not calendar months (fiscal-periods.ts): a retail
         *  calendar's weeks per period, and the first day of each fiscal year it spans (52 or 53
         *  weeks apart; years beyond the last are 52 weeks). */
        fiscal_calendar: Type.Optional(
          Type.Object(
            {
              periods: Type.Union(FISCAL_PATTERN_NAMES.map((p) => Type.Literal(p))),
              year_starts: Type.Array(Type.String({ pattern: DAY }), { minItems: 1, maxItems: 100 }),
            },
            closed,
          ),
        ),
      },
      section,
    ),
    split_below_limit: Type.Object(
      {
        /** The approval limits pieces are split under; "auto": compliance's approver limits when
         *  configured, else the round tiers a ledger is seen to avoid (approval-tiers.ts). */
        limits: Type.Union([Type.Literal("auto"), Type.Array(Type.Number({ exclusiveMinimum: 0 }), { minItems: 1 })], { default: "auto" }),
        /** A piece lies within this share below the limit (0.2: from 80 % of it up to it). */
        band: Type.Number({ default: 0.2, exclusiveMinimum: 0, maximum: 0.5 }),
        /** Pieces are dated at most this many days after the previous one. */
        window_days: Type.Number({ default: 3, minimum: 0, maximum: 31 }),
      },
      section,
    ),
    isolation_forest: Type.Object(
      {
        /** Off by default: on ledger-shaped data its unexplained score added no finding at the
         *  product's decision (the weak-signal cap keeps it below high) while it flooded "medium"
         *  and cost most of a scan's time (docs/quality.md). */
        enabled: Type.Boolean({ default: false }),
        trees: Type.Integer({ default: 100, minimum: 10, maximum: 1000 }),
        sample_size: Type.Integer({ default: 256, minimum: 16, maximum: 4096 }),
        seed: Type.Integer({ default: 1729 }),
        /** Anomaly score (0.5 = average, → 1 = isolated at once) from which it is reported. */
        threshold: Type.Number({ default: 0.66, minimum: 0.5, maximum: 1 }),
        /** Training needs at least this many history transactions. */
        min_history: Type.Integer({ default: 200, minimum: 16 }),
      },
      section,
    ),
    population: Type.Object(
      {
        /** Population tests need at least this many amounts. */
        min_size: Type.Integer({ default: 300, minimum: 30 }),
        /** An amount that is a multiple of this is round. */
        round_unit: Type.Number({ default: 1000, exclusiveMinimum: 0 }),
        /** Binomial z-score above which round amounts are over-represented. */
        round_z: Type.Number({ default: 3, minimum: 0 }),
        /** Nigrini's first-digit MAD above which the population does not conform to Benford. */
        benford_mad: Type.Number({ default: 0.015, minimum: 0 }),
      },
      section,
    ),
    weights: weightsOf("anomaly_detection"),
  },
  section,
);

export const ComplianceConfig = Type.Object(
  {
    /** Approval limit per approver (in the transaction's currency). */
    approver_limits: Type.Record(Type.String({ minLength: 1 }), Type.Number({ minimum: 0 }), { default: {} }),
    /** Limit for approvers not listed; null: only listed approvers are checked. */
    default_approver_limit: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { default: null }),
    /** self_approval (detectors/compliance/self-approval.ts): a user who self-approved entries of
     *  the same counterparty (else account, else type) in at least this many other calendar months
     *  of the history does so as a standing practice: listed at low, not alarmed; 0: never.
     *  `covering_kinds`: a user who, in one calendar month, keyed and approved at least this many
     *  kinds of entry (counterparties, else accounts, else types) that they approve when others
     *  key them, outside any standing practice, was covering a vacancy or an absence: one
     *  segregation-of-duties gap for the month, each entry of it at medium, not high; 0: never. */
    self_approval: Type.Object(
      {
        standing_months: Type.Integer({ default: 6, minimum: 0, maximum: 120 }),
        covering_kinds: Type.Integer({ default: 10, minimum: 0, maximum: 100000 }),
      },
      section,
    ),
    /** A restricted grant's terms, reference data the organisation configures from its award
     *  letters (detectors/compliance/grant-terms.ts; docs/analysis.md). Accounts are written as the
     *  export writes them; one ending in `*` matches every account beginning so. */
    grants: Type.Object(
      {
        /** The field naming a line's grant or award: "auto" (an attribute named Grant, Grant ID,
         *  Award, Award Number…) or `attributes.NAME`. */
        field: Type.String({ default: "auto", pattern: "^(auto|contract_id|reference|attributes\\.[^.]+)$" }),
        /** The field naming the line's account: "auto" (the attribute named as an account, as the
         *  amount detector reads it: Account, Account No, G/L Account…) or `attributes.NAME`. */
        account_field: Type.String({ default: "auto", pattern: "^(auto|sku|attributes\\.[^.]+)$" }),
        /** The accounts that are costs: only a debit to one of them is a cost charged to the grant
         *  (a drawdown's receivable is not); empty: every debit naming a grant. */
        cost_accounts: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
        /** Accounts no award may be charged (2 CFR 200 Subpart E: alcohol, entertainment,
         *  lobbying, fines, bad debts), on whatever grant a line names. */
        unallowable_accounts: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
        awards: Type.Array(
          Type.Object(
            {
              /** The grant's id as the line names it: alone, or before its name ("ID--Name", "ID - Name"). */
              id: Type.String({ minLength: 1 }),
              /** The period of performance (budget period), inclusive: a cost dated outside it is reported. */
              start: Type.Optional(Type.String({ pattern: DAY })),
              end: Type.Optional(Type.String({ pattern: DAY })),
              /** The award's approved budget lines: a cost account outside them is unallowable on it. */
              allowed_accounts: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
              /** Accounts unallowable on this award besides the general ones. */
              unallowable_accounts: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
            },
            closed,
          ),
          { default: [] },
        ),
      },
      section,
    ),
    /** Who may release net assets from donor restriction (detectors/compliance/restriction-release.ts):
     *  a line on one of `accounts` neither posted nor approved by one of `authorized_users` is
     *  reported. Empty accounts: not judged. */
    restriction_releases: Type.Object(
      {
        accounts: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
        account_field: Type.String({ default: "auto", pattern: "^(auto|sku|attributes\\.[^.]+)$" }),
        authorized_users: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
      },
      section,
    ),
    weights: weightsOf("compliance"),
  },
  section,
);

export const ScoringConfig = Type.Object(
  {
    /** Lowest risk_score of each level; below `medium` is low. */
    risk_levels: Type.Object(
      {
        medium: Type.Number({ default: 30, minimum: 0, maximum: 100 }),
        high: Type.Number({ default: 60, minimum: 0, maximum: 100 }),
        critical: Type.Number({ default: 80, minimum: 0, maximum: 100 }),
      },
      section,
    ),
  },
  section,
);

export const ContextConfig = Type.Object(
  {
    /** How long a connector's reference data, history statistics and model stay cached. */
    ttl_s: Type.Integer({ default: 300, minimum: 0, maximum: 86_400 }),
    /** The most history transactions read to build statistics and train the model. */
    history_limit: Type.Integer({ default: 200_000, minimum: 0, maximum: 5_000_000 }),
  },
  section,
);

export const ModulesSection = Type.Object(
  {
    revenue_leakage: RevenueLeakageConfig,
    anomaly_detection: AnomalyDetectionConfig,
    duplicate_detection: DuplicateDetectionConfig,
    compliance: ComplianceConfig,
    scoring: ScoringConfig,
    context: ContextConfig,
  },
  section,
);

export type ModulesConfig = Static<typeof ModulesSection>;
