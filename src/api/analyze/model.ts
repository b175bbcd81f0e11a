// Schemas of POST /v1/analyze (docs/analysis.md; the transaction's fields: docs/connectors.md). Objects we control are closed; optional fields
// accept null as "not given". The engine validates again what a schema cannot express.
import { t } from "elysia";
import { SEVERITIES } from "../../domain/analysis.ts";
import { literals } from "../literals.ts";
import { TRANSACTION_TYPES } from "../../domain/transaction.ts";

const closed = { additionalProperties: false } as const;
const opt = <T extends Parameters<typeof t.Optional>[0]>(schema: T) => t.Optional(t.Union([schema, t.Null()]));
const text = (description: string) => t.String({ maxLength: 256, description });
const num = (description: string) => t.Number({ description });
/** Attributes an analyzed transaction may carry: a source row has tens to a few hundred columns. */
export const MAX_ATTRIBUTES = 5_000;
/** Attributes a line may carry: the few columns an export repeats per line (a POS check, a cost centre). */
export const MAX_LINE_ATTRIBUTES = 100;

const attributeMap = (maxProperties: number, description: string) =>
  t.Record(t.String(), t.Union([t.String(), t.Number(), t.Boolean(), t.Null()]), { maxProperties, description });

export const TransactionLineBody = t.Object(
  {
    sku: opt(text("Product or service code")),
    base_sku: opt(text("The code a sku of a code and its modifiers (73721-26) is priced by where no reference row names the sku itself (73721)")),
    unit: opt(t.String({ maxLength: 32, description: "Unit of measure of the quantity and prices (EA, CS, KG…)" })),
    quantity: opt(num("Billed quantity")),
    unit_price: opt(num("Billed unit price")),
    list_price: opt(num("List price per unit")),
    discount_pct: opt(t.Number({ minimum: 0, maximum: 100, description: "Recorded discount off list, percent" })),
    amount: opt(num("Net amount of the line as billed")),
    adjustment_reason: opt(text("Why the line's amount differs from its price: a remittance line's adjustment reason codes (CO-45 PR-1, CO-97)")),
    date: opt(t.String({ maxLength: 40, description: "ISO 8601 date: the day the line's own charge was incurred (a hotel night's business date), where the bill's date is later; the line is priced at the rates of that day" })),
    description: opt(text("The line's own text (\"Partial month 03/10-03/14\"): a line saying it bills part of a period is judged as a prorated one")),
    contract_id: opt(text("The agreement or promotion the line itself names, where the header names another (a fleet invoice's session at a location's opening promotion)")),
    work_date: opt(t.String({ maxLength: 40, description: "ISO 8601 date or date-time the line's own work was done (a late CDR's session start): the line is also priced at the rates of that day" })),
    delivered_quantity: opt(num("The seller's count of what the line bills (an ad server's impressions)")),
    verified_quantity: opt(num("An independent count of what the line bills (the advertiser's third-party ad server): beyond revenue_leakage.count_discrepancy_pct from the seller's, the line is billed on the lower")),
    attributes: opt(attributeMap(MAX_LINE_ATTRIBUTES, `The line's own source columns (a POS check number, a cost centre; up to ${MAX_LINE_ATTRIBUTES}): read by rules as l.attributes`)),
  },
  closed,
);

export const TransactionBody = t.Object(
  {
    transaction_id: t.String({ minLength: 1, maxLength: 256, description: "Id of the transaction; alone, it is fetched from the connector" }),
    type: opt(literals(TRANSACTION_TYPES, { description: "Default invoice" })),
    date: opt(t.String({ maxLength: 40, description: "ISO 8601 date or date-time: the posting date" })),
    entered_at: opt(t.String({ maxLength: 40, description: "ISO 8601 date or date-time the entry was entered (keyed or imported), beside its posting date" })),
    customer_id: opt(text("Customer or counterparty")),
    currency: opt(t.String({ pattern: "^[A-Za-z]{3}$", description: "ISO 4217" })),
    amount: opt(num("Net total")),
    tax_amount: opt(num("Tax charged")),
    tax_rate: opt(t.Number({ minimum: 0, maximum: 100, description: "Fraction (0.19) or percentage (19)" })),
    contract_id: opt(text("Contract the invoice is billed under")),
    reference: opt(text("e.g. the invoice a credit note refers to")),
    created_by: opt(text("User who created it")),
    approved_by: opt(text("User who approved it")),
    lines: t.Optional(t.Array(TransactionLineBody, { maxItems: 10_000 })),
    // Bounded like alert metadata: each attribute costs the detectors that read markers from
    // them, and 50,000 held the event loop 0.2-0.7 s (test/http/attributes-bound.e2e.test.ts).
    attributes: opt(attributeMap(MAX_ATTRIBUTES, `Source columns beyond the canonical fields (up to ${MAX_ATTRIBUTES})`)),
  },
  { ...closed, description: "A canonical transaction, or only its transaction_id to fetch it from the connector" },
);

export const AnalyzeOptionsBody = t.Object(
  {
    limit: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000, description: "Scan: transactions to read at most (default 1000)" })),
    max_anomalies: t.Optional(t.Integer({ minimum: 1, maximum: 10_000, description: "Anomalies listed at most, strongest first, when more are found (default 1000)" })),
    from: t.Optional(t.String({ maxLength: 40, description: "Scan: first transaction date (ISO 8601)" })),
    to: t.Optional(t.String({ maxLength: 40, description: "Scan: last transaction date (ISO 8601)" })),
  },
  closed,
);

export const AnalyzeBody = t.Object(
  {
    connector: t.String({ minLength: 1, maxLength: 64, description: "Connector id (GET /v1/connectors)" }),
    module: t.String({ minLength: 1, maxLength: 64, description: "Module id (GET /v1/modules)" }),
    data: t.Optional(TransactionBody),
    options: t.Optional(AnalyzeOptionsBody),
  },
  closed,
);

const Severity = literals(SEVERITIES);

export const AnomalySchema = t.Object(
  {
    code: t.String(),
    severity: Severity,
    score: t.Number({ minimum: 0, maximum: 1 }),
    message: t.String(),
    transaction_id: t.String({ description: `"*" for a population finding of a scan` }),
    field: t.Union([t.String(), t.Null()]),
    expected: t.Unknown(),
    actual: t.Unknown(),
    amount_at_risk: t.Number(),
  },
  closed,
);

export const AnalysisSchema = t.Object(
  {
    id: t.String(),
    object: t.Literal("analysis"),
    connector: t.String(),
    module: t.String(),
    transaction_id: t.Union([t.String(), t.Null()]),
    risk_score: t.Number({ minimum: 0, maximum: 100 }),
    risk_level: Severity,
    anomalies: t.Array(AnomalySchema),
    anomalies_total: t.Optional(t.Integer({ description: "Present when anomalies lists fewer than were found (the strongest options.max_anomalies): how many were found" })),
    amount_at_risk: t.Object(
      { amount: t.Number(), currency: t.Union([t.String(), t.Null()]), by_currency: t.Optional(t.Record(t.String(), t.Number())) },
      closed,
    ),
    transactions_analyzed: t.Integer(),
    flagged_transactions: t.Optional(
      t.Array(t.Object({ transaction_id: t.String(), risk_score: t.Number({ minimum: 0, maximum: 100 }), risk_level: Severity }, closed), {
        description: "Scans only: the riskiest transactions (score above 0), strongest first, at most options.max_anomalies.",
      }),
    ),
    alert_id: t.Union([t.String(), t.Null()]),
    model_version: t.String(),
    analyzed_at: t.String(),
    duration_ms: t.Number(),
  },
  closed,
);
