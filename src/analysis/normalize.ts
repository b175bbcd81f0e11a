// Turns the `data` of an analyze request into a canonical transaction (docs/connectors.md, "The flat layout and `mapping`"), or a
// 422 validation_failed listing every problem with its JSON pointer. The route's schema already
// rejects wrong types and unknown keys; this adds what a schema cannot say (real dates, ISO
// currency codes, sensible rates) and applies defaults. null means "not given".
import { TRANSACTION_TYPES, type Transaction, type TransactionLine, type TransactionType, withinMagnitude } from "../domain/transaction.ts";
import { ApiError, type FieldError } from "../domain/errors.ts";
import { isValidIsoDate } from "./dates.ts";

const STRING_FIELDS = ["date", "entered_at", "customer_id", "currency", "contract_id", "reference", "created_by", "approved_by"] as const;
const DATE_FIELDS: ReadonlySet<string> = new Set(["date", "entered_at"]);
const NUMBER_FIELDS = ["amount", "tax_amount", "tax_rate"] as const;
const LINE_STRINGS = ["sku", "base_sku", "unit", "adjustment_reason", "description", "contract_id", "work_date", "date"] as const;
const LINE_NUMBERS = ["quantity", "unit_price", "list_price", "discount_pct", "amount", "delivered_quantity", "verified_quantity"] as const;
const KNOWN = new Set<string>(["transaction_id", "type", "lines", "attributes", ...STRING_FIELDS, ...NUMBER_FIELDS]);
const MAX_LINES = 10_000;
const MAGNITUDE = "must be a finite number between -1e15 and 1e15";
const LINE_STRING_SET = new Set<string>(LINE_STRINGS);
const LINE_NUMBER_SET = new Set<string>(LINE_NUMBERS);

/** `data` that names a transaction and nothing else asks for it to be fetched from the connector. */
export function isLookupOnly(data: Record<string, unknown>): boolean {
  // A loop over the keys: no [key, value] array per field on every analyze request.
  for (const k in data) {
    if (!Object.hasOwn(data, k) || k === "transaction_id") continue;
    const v = data[k];
    if (v !== null && v !== undefined) return false;
  }
  return true;
}

export function validateTransactionId(data: Record<string, unknown>): string {
  const id = data.transaction_id;
  if (typeof id !== "string" || id.trim() === "" || id.length > 256) {
    throw invalid([{ path: "/data/transaction_id", message: "must be a non-empty string of at most 256 characters" }]);
  }
  return id;
}

export function normalizeTransaction(data: Record<string, unknown>): Transaction {
  const errors: FieldError[] = [];
  const id = validateTransactionId(data);
  for (const key of Object.keys(data)) if (!KNOWN.has(key)) errors.push({ path: `/data/${key}`, message: "unknown field" });

  const type = data.type ?? "invoice";
  if (typeof type !== "string" || !(TRANSACTION_TYPES as readonly string[]).includes(type)) {
    errors.push({ path: "/data/type", message: `must be one of ${TRANSACTION_TYPES.join(", ")}` });
  }
  const txn: Transaction = { transaction_id: id, type: type as TransactionType, lines: [] };
  for (const f of STRING_FIELDS) {
    const v = data[f];
    if (v === undefined || v === null) continue;
    if (typeof v !== "string" || v.length > 256) errors.push({ path: `/data/${f}`, message: "must be a string of at most 256 characters" });
    // An empty text is no value, but an empty date is no date: refused below, as a line's is.
    else if (v !== "" || DATE_FIELDS.has(f)) txn[f] = v;
  }
  if (txn.date !== undefined && !isValidIsoDate(txn.date)) errors.push({ path: "/data/date", message: "must be an ISO 8601 date or date-time" });
  if (txn.entered_at !== undefined && !isValidIsoDate(txn.entered_at)) errors.push({ path: "/data/entered_at", message: "must be an ISO 8601 date or date-time (when the entry was entered)" });
  if (txn.currency !== undefined) {
    if (!/^[A-Za-z]{3}$/.test(txn.currency)) errors.push({ path: "/data/currency", message: "must be an ISO 4217 code such as EUR" });
    txn.currency = txn.currency.toUpperCase();
  }
  for (const f of NUMBER_FIELDS) {
    const v = data[f];
    if (v === undefined || v === null) continue;
    if (typeof v !== "number" || !withinMagnitude(v)) errors.push({ path: `/data/${f}`, message: MAGNITUDE });
    else txn[f] = v;
  }
  if (txn.tax_rate !== undefined && (txn.tax_rate < 0 || txn.tax_rate > 100)) {
    errors.push({ path: "/data/tax_rate", message: "must be a fraction (0.19) or a percentage (19) between 0 and 100" });
  }
  const lines = data.lines;
  if (lines !== undefined && lines !== null) {
    if (!Array.isArray(lines)) errors.push({ path: "/data/lines", message: "must be an array of lines" });
    else if (lines.length > MAX_LINES) errors.push({ path: "/data/lines", message: `must have at most ${MAX_LINES} lines` });
    else {
      for (let i = 0; i < lines.length; i++) {
        const line = normalizeLine(lines[i], i, errors);
        if (line) txn.lines.push(line);
      }
    }
  }
  const attributes = normalizeAttributes(data.attributes, "/data/attributes", errors);
  if (attributes) txn.attributes = attributes;
  if (errors.length > 0) throw invalid(errors);
  return txn;
}

/** An attributes object (the transaction's, a line's): scalars only; undefined when not given. */
function normalizeAttributes(raw: unknown, path: string, errors: FieldError[]): Transaction["attributes"] {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "object" || Array.isArray(raw)) {
    errors.push({ path, message: "must be an object" });
    return undefined;
  }
  // Without a prototype, an attribute named __proto__ is kept (assigned to a plain object it set
  // nothing, or its prototype when null), and constructor or prototype read no inherited value.
  const attrs: NonNullable<Transaction["attributes"]> = Object.create(null);
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))) attrs[k] = v;
    else errors.push({ path: `${path}/${k}`, message: "must be a string, number, boolean or null" });
  }
  return attrs;
}

/** Line i of data.lines; its JSON pointer is made only for an error. */
function normalizeLine(raw: unknown, i: number, errors: FieldError[]): TransactionLine | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    errors.push({ path: `/data/lines/${i}`, message: "must be an object" });
    return null;
  }
  const line: TransactionLine = {};
  const fields = raw as Record<string, unknown>;
  for (const k in fields) {
    if (!Object.hasOwn(fields, k)) continue;
    const v = fields[k];
    if (v === null || v === undefined) continue;
    if (LINE_STRING_SET.has(k)) {
      if (typeof v !== "string" || v.length > 256) errors.push({ path: `/data/lines/${i}/${k}`, message: "must be a string of at most 256 characters" });
      else if (k === "date" && !isValidIsoDate(v)) errors.push({ path: `/data/lines/${i}/date`, message: "must be an ISO 8601 date or date-time (the day the line's charge was incurred)" });
      else line[k as (typeof LINE_STRINGS)[number]] = v;
    } else if (LINE_NUMBER_SET.has(k)) {
      if (typeof v !== "number" || !withinMagnitude(v)) errors.push({ path: `/data/lines/${i}/${k}`, message: MAGNITUDE });
      else line[k as (typeof LINE_NUMBERS)[number]] = v;
    } else if (k === "attributes") {
      const attributes = normalizeAttributes(v, `/data/lines/${i}/attributes`, errors);
      if (attributes && Object.keys(attributes).length > 0) line.attributes = attributes;
    } else errors.push({ path: `/data/lines/${i}/${k}`, message: "unknown field" });
  }
  if (line.discount_pct !== undefined && (line.discount_pct < 0 || line.discount_pct > 100)) {
    errors.push({ path: `/data/lines/${i}/discount_pct`, message: "must be a percentage between 0 and 100" });
  }
  if (line.work_date !== undefined && !isValidIsoDate(line.work_date)) {
    errors.push({ path: `/data/lines/${i}/work_date`, message: "must be an ISO 8601 date or date-time (the day the line's work was done)" });
  }
  // A base code is the fallback of a code with modifiers: the sku's own code says nothing more.
  if (line.base_sku !== undefined && (line.base_sku === "" || line.base_sku === line.sku)) delete line.base_sku;
  return line;
}

function invalid(errors: FieldError[]): ApiError {
  return new ApiError("validation_failed", "the transaction in data is not valid", { errors });
}
