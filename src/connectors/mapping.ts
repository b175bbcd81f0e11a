// Source rows → canonical records (docs/connectors.md, "The flat layout and `mapping`"). `mapping` names the source column of each
// canonical field (identity by default). A flat row carries its transaction's fields and one
// line; rows sharing a transaction_id are grouped into one transaction by TransactionGrouper.
// A row that cannot be mapped is rejected: counted and described in the mapping report, and the
// transaction it belonged to is marked with attributes.rejected_rows, never silently dropped.
import { REFERENCE_TABLES, TRANSACTION_TYPES, type ReferenceTable, type Transaction, type TransactionLine, type TransactionType, VARIANT_SEPARATOR } from "../domain/transaction.ts";
import type { MappingReport } from "./types.ts";
import { statutoryColumns } from "./statutory-headers.ts";
import { looseName, looseNamesOf } from "./column-names.ts";
import { clip, type DateFormat, type NumberFormat, parseDate, parseNumber, parseText, type SourceValue } from "./values.ts";

type Kind = "text" | "number" | "date" | "type" | "side";
interface FieldSpec {
  name: string;
  kind: Kind;
  required?: boolean;
  /** Read from a column `mapping` names or one of exactly the field's name (a source already in the
   *  canonical layout, an HTTP service's nested lines), never from a loose match: an export's
   *  document-level "Adjustment Reason" (a carrier's REWEIGH…) is no line's reason code. */
  exactName?: boolean;
  /** The column stays an attribute of the document as well (its first row's value), as it was
   *  before the field was mapped: a line's work date is also the document's (work-dates.ts). */
  keepsAttribute?: boolean;
  /** A value that cannot be read leaves the field absent instead of rejecting the row: a field
   *  found by its label rather than named by the mapping (the export was never configured for
   *  it), or one that only adds to what the row says (a line's work date). */
  lenient?: boolean;
}

export const TRANSACTION_FIELDS: FieldSpec[] = [
  { name: "transaction_id", kind: "text", required: true },
  { name: "type", kind: "type" },
  { name: "date", kind: "date" },
  // When the entry was entered, beside its posting date (`date`); found by its usual labels when
  // not mapped (ENTRY_DATE_LABELS).
  { name: "entered_at", kind: "date" },
  { name: "customer_id", kind: "text" },
  { name: "currency", kind: "text" },
  { name: "amount", kind: "number" },
  { name: "tax_amount", kind: "number" },
  { name: "tax_rate", kind: "number" },
  { name: "contract_id", kind: "text" },
  { name: "reference", kind: "text" },
  { name: "created_by", kind: "text" },
  { name: "approved_by", kind: "text" },
  // A ledger export's debit and credit columns: the transaction's amount is debit − credit when
  // `amount` itself is not mapped or empty (they are not fields of the transaction).
  { name: "debit", kind: "number" },
  { name: "credit", kind: "number" },
  // A debit/credit indicator (SAP's Soll/Haben-Kennzeichen S/H, DR/CR…) beside an unsigned amount:
  // it signs `amount` and `line_amount` of its row (credit negative) and is not kept itself.
  { name: "debit_credit", kind: "side" },
];

/** Line fields; the line's `amount` is read from the flat column `line_amount`. */
export const LINE_FIELDS: FieldSpec[] = [
  { name: "sku", kind: "text" },
  // An SQL or HTTP source's view that joins a code and its modifiers into `sku` ("73721-26") names
  // the code alone here: the line's fallback where no reference row prices the joined code.
  { name: "base_sku", kind: "text", exactName: true },
  { name: "unit", kind: "text" },
  { name: "quantity", kind: "number" },
  { name: "unit_price", kind: "number" },
  { name: "list_price", kind: "number" },
  { name: "discount_pct", kind: "number" },
  { name: "line_amount", kind: "number" },
  // A remittance line's adjustment reason codes (CO-97…): docs/analysis.md, "Adjustment reasons".
  { name: "adjustment_reason", kind: "text", exactName: true },
  // The line's own text (kept as the line's `description`): a bill's partial-month or unused-time
  // line says so there, beside whole-period lines of the same code. Alone it makes no line.
  { name: "line_description", kind: "text" },
  // The agreement or promotion the line itself names (kept as the line's `contract_id`): a monthly
  // invoice's session charged at a promotion its header does not name. Alone it makes no line.
  { name: "line_contract_id", kind: "text" },
  // The day the line's own work was done (kept as the line's `work_date`): a monthly invoice's
  // session, CDR or ticket of an earlier month, priced at the rates of its day. The column stays
  // an attribute too: the first line's is the document's work date. Alone it makes no line.
  { name: "line_work_date", kind: "date", keepsAttribute: true, lenient: true },
  // The line's own day (kept as the line's `date`): a hotel folio's night posted on its business
  // date, billed at check-out. Alone it makes no line; read only where mapped or named exactly,
  // as an export's own "Line Date" may mean something else.
  { name: "line_date", kind: "date", exactName: true },
  // Two counts of what the line bills (the seller's and an independent one: an ad server's
  // impressions and the advertiser's third-party count), kept as the line's. Alone they make no
  // line; read only where mapped or named exactly: an export's "Delivered" may be a shipment's.
  { name: "delivered_quantity", kind: "number", exactName: true, lenient: true },
  { name: "verified_quantity", kind: "number", exactName: true, lenient: true },
];

/** The line fields that are counts of what the line bills: kept as numbers, alone no line. */
const LINE_OWN_COUNTS = new Set(["delivered_quantity", "verified_quantity"]);

type LineOwnProperty = "description" | "contract_id" | "work_date" | "date";

/** The line fields that say something of a line (its property) but alone make none. */
const LINE_OWN_PROPERTIES: Record<string, LineOwnProperty | undefined> = {
  line_description: "description",
  line_contract_id: "contract_id",
  line_work_date: "work_date",
  line_date: "date",
};

export const REFERENCE_FIELDS: Record<ReferenceTable, FieldSpec[]> = {
  contracts: [
    { name: "contract_id", kind: "text", required: true },
    { name: "customer_id", kind: "text", required: true },
    { name: "sku", kind: "text", required: true },
    { name: "price", kind: "number", required: true },
    { name: "currency", kind: "text" },
    { name: "valid_from", kind: "date" },
    { name: "valid_to", kind: "date" },
    { name: "max_discount_pct", kind: "number" },
    { name: "min_quantity", kind: "number" },
    { name: "max_amount", kind: "number" },
    { name: "unit", kind: "text" },
    { name: "billing_frequency", kind: "text" },
    { name: "billing_timing", kind: "text" },
    // On a minimum charge's row, the codes it applies to (minimum-top-up.ts: minimumScope).
    { name: "applies_to", kind: "text" },
    // The quantity in service a recurring row bills each period (a service inventory's cabinets,
    // kW, circuits: its price is per unit). Read only where mapped or named exactly: a price
    // list's "Qty" may be a tier's or a pack's, and rows without one keep meaning what they did.
    { name: "quantity", kind: "number", exactName: true },
  ],
  price_list: [
    { name: "sku", kind: "text", required: true },
    { name: "list_price", kind: "number", required: true },
    { name: "currency", kind: "text" },
    { name: "valid_from", kind: "date" },
    { name: "unit", kind: "text" },
    { name: "max_amount", kind: "number" },
    // A catalogue's taxability of the SKU (Y/N) and its own tax rate: what an invoice owes on the line.
    { name: "taxable", kind: "text" },
    { name: "tax_rate", kind: "number" },
  ],
  exchange_rates: [
    { name: "from", kind: "text", required: true },
    { name: "to", kind: "text", required: true },
    { name: "rate", kind: "number", required: true },
    { name: "valid_from", kind: "date" },
  ],
  shipments: [
    { name: "shipment_id", kind: "text", required: true },
    { name: "transaction_id", kind: "text" },
    { name: "customer_id", kind: "text" },
    { name: "sku", kind: "text", required: true },
    { name: "quantity", kind: "number", required: true },
    { name: "date", kind: "date" },
    { name: "billable", kind: "text" },
  ],
};

export const FLAT_FIELD_NAMES = [...TRANSACTION_FIELDS, ...LINE_FIELDS].map((f) => f.name);

/**
 * `mapping.line_attributes`: the columns each line keeps as its own `attributes` (a folio's POS
 * check number, a ledger line's cost centre), where the document's attributes keep the first
 * row's only. Not a field: a list of columns, kept per line only where named, since a map on every
 * line of a million-line report costs memory no detector needs. Rules read them (`l.attributes`).
 */
export const LINE_ATTRIBUTES = "line_attributes";
export const REFERENCE_TABLE_NAMES = REFERENCE_TABLES;

export interface ValueFormats {
  numbers: NumberFormat;
  dates: DateFormat;
  /** The source's own type codes (connectors[].type_values), by the code as written and in lower case. */
  types?: ReadonlyMap<string, TransactionType>;
}

/** connectors[].type_values as the lookup parseType uses: each code as written and in lower case. */
export function typeCodes(values: Record<string, string> | undefined): ReadonlyMap<string, TransactionType> | undefined {
  if (values === undefined || Object.keys(values).length === 0) return undefined;
  const out = new Map<string, TransactionType>();
  for (const [written, type] of Object.entries(values)) {
    const code = written.trim();
    out.set(code, type as TransactionType);
    if (!out.has(code.toLowerCase())) out.set(code.toLowerCase(), type as TransactionType);
  }
  return out;
}

/**
 * Counts rejected rows and keeps the latest few reasons, for mappingReport(). A row read again (a
 * second scan, a lookup after a scan) is counted once: `key` identifies the row in its source.
 */
/** A rejected row: [key that identifies it for counting once, label, reason]. */
export type Rejection = [string, string, string];

const MAX_WARNINGS = 20;

export class MappingStats {
  rejected = 0;
  private readonly seen = new Set<string>();
  private readonly samples: { row: string; reason: string }[] = [];
  /** Problems of a source's columns rather than of its rows (a mapped column it lacks), each once. */
  private readonly warnings = new Set<string>();
  /** With `keepLog`, every rejection counted, until taken (a scan worker sends them to the main thread's connector). */
  private log: Rejection[] | undefined;

  constructor(keepLog = false) {
    if (keepLog) this.log = [];
  }

  /** The rejections counted since the last call (keepLog only). */
  takeLog(): Rejection[] {
    const out = this.log ?? [];
    if (this.log) this.log = [];
    return out;
  }

  reject(key: string, row: string, reason: string) {
    if (this.seen.has(key)) return;
    this.log?.push([key, row, reason]);
    // Past this many distinct rows, stop remembering them (bounded memory) but keep counting.
    if (this.seen.size < 100_000) this.seen.add(key);
    this.rejected++;
    this.samples.push({ row, reason });
    if (this.samples.length > 20) this.samples.shift();
  }

  /** A problem of the source's columns: kept once, the latest MAX_WARNINGS. */
  warn(message: string) {
    if (this.warnings.has(message)) return;
    this.warnings.add(message);
    if (this.warnings.size > MAX_WARNINGS) this.warnings.delete(this.warnings.values().next().value!);
  }

  report(): MappingReport {
    return { rejected_rows: this.rejected, samples: [...this.samples], ...(this.warnings.size > 0 ? { warnings: [...this.warnings] } : {}) };
  }
}

/**
 * A row's values by column: a row array (ArrayRow) or a CSV row read from its bytes
 * (csv/reader.ts CsvRow), which can give a plain decimal without making its string and compare
 * the id without decoding it. Both give the mapper exactly the same values.
 */
export interface RowValues {
  value(i: number): SourceValue;
  /**
   * The column's number read as parseNumber would in the format (decimal and thousands separators
   * as bytes, -1: none) when it is a plain one and cheaper than value(i); else undefined.
   */
  plainNumber(i: number, decimal: number, thousands: number): number | undefined;
  /** value(i) as text, trimmed, is `s` (the id of the transaction in progress). */
  trimmedEquals(i: number, s: string): boolean;
}

/** An array of values as RowValues (one object reused by a grouper: set `values`). */
export class ArrayRow implements RowValues {
  constructor(public values: readonly SourceValue[] = []) {}
  value(i: number): SourceValue {
    return this.values[i];
  }
  plainNumber(): number | undefined {
    return undefined;
  }
  trimmedEquals(i: number, s: string): boolean {
    const v = this.values[i];
    return (v === null || v === undefined ? "" : String(v).trim()) === s;
  }
}

/**
 * Where a column sits in a header: the exact name, else the one column whose name is the same
 * but for case, spaces and punctuation ("Transaction ID", "TRANSACTION_ID" and "transaction-id"
 * are transaction_id) — exports spell their headers every way. -1 when none (or two) match.
 */
export function columnIndex(header: readonly string[], name: string): number {
  const exact = header.indexOf(name);
  if (exact >= 0) return exact;
  const names = looseNamesOf(header);
  const wanted = looseName(name);
  const found = names.indexOf(wanted);
  return found >= 0 && names.lastIndexOf(wanted) === found ? found : -1;
}

/**
 * The fields `mapping` names a column for that `header` does not have (or has more than one
 * loose match of) — a mapping written for another export, or a header decoded in the wrong
 * encoding — as the end of a sentence for the mapping report's warnings ("has no column for
 * mapping.amount: \"Betrag\", so the field is absent (its columns: …)"); undefined when none.
 */
export function missingColumnsNote(header: readonly string[], mapping: FlatMapping): string | undefined {
  const missing = Object.entries(mapping)
    .flatMap(([field, columns]) => (typeof columns === "string" ? [columns] : columns).map((column) => [field, column] as const))
    .filter(([field, column]) => !(field === "transaction_id" && column === ROW_NUMBER) && columnIndex(header, column) < 0)
    .map(([field, column]) => `mapping.${field}: ${JSON.stringify(column)}`);
  if (missing.length === 0) return undefined;
  return `has no column for ${missing.join(", ")}, so the field is absent (its columns: ${header.map((c) => JSON.stringify(c)).join(", ")})`;
}

/** A field spec resolved against a header: where its value sits in a row. */
interface BoundField extends FieldSpec {
  index: number;
}

/**
 * The labels exports give the moment an entry was entered, without case, spaces and punctuation
 * (looseName): English (NetSuite "Date Created", Business Central "Created On"/"Created At",
 * Xero "Created"), German (SAP "Erfassungsdatum", CPUDT; "Erfasst am", "Angelegt am"), French
 * ("Date de saisie", "Date de création"), Spanish ("Fecha de entrada", "Fecha de creación"),
 * Italian ("Data inserimento", "Data di creazione"). Not the posting date's labels (SAP Italy's
 * "Data di registrazione" is BUDAT).
 */
export const ENTRY_DATE_LABELS: ReadonlySet<string> = new Set([
  "enteredat", "enteredon", "entrydate", "entrydatetime", "datecreated", "createdat", "createdon", "created", "creationdate", "createddate", "createddatetime", "inputdate", "systemcreatedat", "cpudt",
  "erfassungsdatum", "erfasstam", "angelegtam", "anlagedatum", "erstelltam",
  "datedesaisie", "datesaisie", "datedecreation", "datecreation",
  "fechadeentrada", "fechaentrada", "fechadecreacion", "fechacreacion",
  "datainserimento", "datadiinserimento", "datadicreazione", "datacreazione",
]);

/** The column an unmapped `entered_at` is read from: the one header column (not bound to another
 *  field) with an entry-date label; -1 when none or several. */
function entryDateColumn(header: readonly string[], taken: ReadonlySet<number>): number {
  const names = looseNamesOf(header);
  let found = -1;
  for (let i = 0; i < names.length; i++) {
    if (taken.has(i) || !ENTRY_DATE_LABELS.has(names[i]!)) continue;
    if (found >= 0) return -1;
    found = i;
  }
  return found;
}

/**
 * connectors[].mapping: canonical field → source column; `transaction_id` may name several
 * columns (a line key: company code, document number, fiscal year, line item), whose values
 * joined by LINE_KEY_SEPARATOR are the id.
 */
export type FlatMapping = Readonly<Record<string, string | readonly string[]>>;

export const LINE_KEY_SEPARATOR = "-";

/** connectors[].reference_mapping.<table>: field → source column; `sku` may name several columns (variantCodeOf). */
export type ReferenceMapping = Readonly<Record<string, string | readonly string[]>>;

/**
 * `transaction_id: $row` (csv only): every data row is a transaction named by its number (1 = the
 * first row after the header). For exports that name no line at all — QuickBooks' and Xero's
 * ledger reports, spreadsheets kept by hand — where no column, nor any set of columns, is unique.
 * The number is read as one more column after the header's own (csv/row-number.ts).
 */
export const ROW_NUMBER = "$row";

/** The id of a row under a line key: its columns' values, trimmed, joined ("" when all are empty). */
export function lineKeyOf(row: RowValues, indexes: readonly number[]): string {
  let id = "";
  let any = false;
  for (let k = 0; k < indexes.length; k++) {
    const v = row.value(indexes[k]!);
    const part = v === null || v === undefined ? "" : String(v).trim();
    if (part !== "") any = true;
    id += k === 0 ? part : LINE_KEY_SEPARATOR + part;
  }
  return any ? id : "";
}

/**
 * The code of a line whose `sku` is mapped from several columns (a CPT/HCPCS code and its modifier,
 * an article and its size or colour, a rate item and its class): the first column's value (the
 * base code), then each other column's that is filled, joined by VARIANT_SEPARATOR ("73721-26";
 * an empty modifier leaves the bare "73721"). Undefined when the base code is empty: a modifier
 * alone names no item.
 */
export function variantCodeOf(row: RowValues, indexes: readonly number[]): { code: string; base: string } | undefined {
  const first = indexes[0]! < 0 ? undefined : row.value(indexes[0]!);
  const base = first === null || first === undefined ? "" : String(first).trim();
  if (base === "") return undefined;
  let code = base;
  for (let k = 1; k < indexes.length; k++) {
    const v = indexes[k]! < 0 ? undefined : row.value(indexes[k]!);
    const part = v === null || v === undefined ? "" : String(v).trim();
    if (part !== "") code += VARIANT_SEPARATOR + part;
  }
  return { code, base };
}

/** Maps rows of one header (column names in order) through a mapping; build once per source. */
export class RowMapper {
  private readonly tx: BoundField[];
  private readonly lines: BoundField[];
  private readonly extra: { column: string; index: number }[];
  /** The columns of `mapping.line_attributes` the header has: kept on each line. */
  private readonly lineAttributes: { column: string; index: number }[];
  readonly idIndex: number;
  /** With a line key (`transaction_id` naming several columns): where they sit; -1 for one the header lacks. */
  readonly keyIndexes: readonly number[] | undefined;
  /** `transaction_id: $row`: the id is the row's number, read at the column after the header's last. */
  readonly rowNumbered: boolean;
  /** `sku` naming several columns (a code and its modifiers): where they sit; -1 for one the header lacks. */
  private readonly skuIndexes: readonly number[] | undefined;
  private readonly hasDebitCredit: boolean;
  /** The debit/credit indicator's column, when mapped: it signs the row's amounts. */
  private readonly side: BoundField | undefined;
  /** The number format's separators as bytes, for RowValues.plainNumber. */
  private readonly decimalByte: number;
  private readonly thousandsByte: number;

  /** When the entries were entered, for rows that have no column saying so: a DATEV batch's creation (its header line). */
  private readonly enteredAtOfFile: string | undefined;

  constructor(
    readonly header: readonly string[],
    mapping: FlatMapping,
    private readonly formats: ValueFormats,
    file?: { enteredAt?: string },
  ) {
    const key = mapping.transaction_id;
    this.keyIndexes = typeof key === "object" ? key.map((column) => columnIndex(header, column)) : undefined;
    this.rowNumbered = key === ROW_NUMBER;
    const sku = mapping.sku;
    this.skuIndexes = typeof sku === "object" ? sku.map((column) => columnIndex(header, column)) : undefined;
    // A recognised export's standard columns (a French FEC's EcritureDate, ValidDate, CompAuxNum,
    // PieceRef; DATEV's; QuickBooks Online's Num) stand for the fields the mapping leaves out and
    // no column is named after.
    const statutory = statutoryColumns(header);
    const bind = (specs: FieldSpec[]) =>
      specs
        // A line key's columns are no field of their own: they stay attributes (the document number among them).
        .filter((s) => !(this.keyIndexes && s.name === "transaction_id"))
        .map((s) => {
          const column = mapping[s.name];
          if (column === ROW_NUMBER && s.name === "transaction_id") return { ...s, index: header.length };
          if (typeof column === "string") return { ...s, index: columnIndex(header, column) };
          if (s.exactName) return { ...s, index: column === undefined ? header.indexOf(s.name) : -1 };
          const own = columnIndex(header, s.name);
          const standard = column === undefined && own < 0 ? statutory?.[s.name] : undefined;
          return { ...s, index: standard === undefined ? own : columnIndex(header, standard) };
        })
        .filter((b) => b.index >= 0);
    this.tx = bind(TRANSACTION_FIELDS);
    // A variant code's columns are read by mapLineOf; its base column is the line's field, as a
    // one-column sku is, and its modifier columns stay attributes as they were.
    this.lines = bind(this.skuIndexes ? LINE_FIELDS.filter((s) => s.name !== "sku") : LINE_FIELDS);
    const used = new Set([...this.tx, ...this.lines].filter((b) => !b.keepsAttribute).map((b) => b.index));
    if (this.skuIndexes && this.skuIndexes[0]! >= 0) used.add(this.skuIndexes[0]!);
    if (mapping.entered_at === undefined && !this.tx.some((b) => b.name === "entered_at")) {
      // Zero-config: an export's own label for the entry date. Not a column already read as
      // another field (an export whose entry date is mapped as `date` keeps it there).
      const index = entryDateColumn(header, used);
      if (index >= 0) {
        this.tx.push({ name: "entered_at", kind: "date", index, lenient: true });
        used.add(index);
      }
    }
    this.enteredAtOfFile = mapping.entered_at === undefined && !this.tx.some((b) => b.name === "entered_at") ? file?.enteredAt : undefined;
    this.extra = header.map((column, index) => ({ column, index })).filter((c) => !used.has(c.index));
    const perLine = mapping[LINE_ATTRIBUTES];
    this.lineAttributes = (perLine === undefined ? [] : typeof perLine === "string" ? [perLine] : perLine)
      .map((column) => columnIndex(header, column))
      .filter((index) => index >= 0)
      .map((index) => ({ column: header[index]!, index }));
    this.idIndex = this.keyIndexes ? (this.keyIndexes.every((i) => i >= 0) ? this.keyIndexes[0]! : -1) : (this.tx.find((b) => b.name === "transaction_id")?.index ?? -1);
    this.hasDebitCredit = this.tx.some((b) => b.name === "debit" || b.name === "credit");
    this.side = this.tx.find((b) => b.name === "debit_credit");
    this.decimalByte = formats.numbers.decimal.charCodeAt(0);
    this.thousandsByte = formats.numbers.thousands ? formats.numbers.thousands.charCodeAt(0) : -1;
  }

  /** The columns read as dates (the transaction's date, entered_at…): what a file's date format is found from (csv/date-format.ts). */
  get dateColumns(): number[] {
    return this.tx.filter((b) => b.kind === "date").map((b) => b.index);
  }

  /** Whether every field of the row is empty (whitespace, or a DOS end-of-file mark). */
  isBlank(row: RowValues): boolean {
    for (let i = 0; i < this.header.length; i++) {
      const v = row.value(i);
      if (v === null || v === undefined || (typeof v === "string" && /^[\s\u001a]*$/.test(v))) continue;
      return false;
    }
    return true;
  }

  /** The row's first non-empty value, trimmed ("" when it has none); `only`: undefined when another is filled too. */
  firstFilled(row: RowValues, only = false): string | undefined {
    let first: string | undefined;
    for (let i = 0; i < this.header.length; i++) {
      const v = row.value(i);
      const text = v === null || v === undefined ? "" : String(v).trim();
      if (text === "") continue;
      if (!only) return text;
      if (first !== undefined) return undefined;
      first = text;
    }
    return first ?? "";
  }

  /** The transaction id of a row as a string (the grouping key), or "" when it has none. */
  idOf(values: readonly SourceValue[]): string {
    return this.idOfRow(new ArrayRow(values));
  }

  idOfRow(row: RowValues): string {
    if (this.keyIndexes) return this.idIndex < 0 ? "" : lineKeyOf(row, this.keyIndexes);
    const v = row.value(this.idIndex);
    return v === null || v === undefined ? "" : String(v).trim();
  }

  /** Whether the row's id is `id` (the transaction in progress), without making a single column's id string. */
  rowHasId(row: RowValues, id: string): boolean {
    return this.keyIndexes ? this.idOfRow(row) === id : row.trimmedEquals(this.idIndex, id);
  }

  /** The transaction fields of a flat row (read from the first row of each transaction). */
  mapHead(values: readonly SourceValue[]): Transaction {
    return this.mapHeadOf(new ArrayRow(values));
  }

  /** The transaction's own fields from its first row; `lenient`: a field that cannot be read is left out instead of failing the row. */
  mapHeadOf(row: RowValues, lenient = false): Transaction {
    const head = { lines: [] } as unknown as Transaction & Record<string, unknown>;
    for (const f of this.tx) {
      let v: string | number | undefined;
      try {
        v = this.convertAt(f, row);
      } catch (e) {
        if (!lenient && !f.lenient) throw e;
      }
      if (v !== undefined) head[f.name] = v;
    }
    if (this.keyIndexes) head.transaction_id = this.idOfRow(row);
    if (this.enteredAtOfFile !== undefined) head.entered_at = this.enteredAtOfFile;
    if (this.hasDebitCredit) debitCreditToAmount(head);
    if (this.side) {
      const side = head.debit_credit as Side | undefined;
      delete head.debit_credit;
      if (side !== undefined && typeof head.amount === "number") head.amount = signed(head.amount, side);
    }
    if (!head.transaction_id) throw new Error("transaction_id is empty");
    head.type ??= "invoice";
    if (this.extra.length > 0) {
      // Without a prototype, a column named __proto__ is an attribute like any other (assigned to
      // a plain object it set nothing), and constructor or prototype read no inherited value.
      const attributes: Record<string, string | number | boolean | null> = Object.create(null);
      for (const c of this.extra) attributes[c.column] = plain(row.value(c.index));
      head.attributes = attributes;
    }
    return head;
  }

  /** The line of a flat row, or undefined when the row has no line columns filled. */
  mapLine(values: readonly SourceValue[]): TransactionLine | undefined {
    return this.mapLineOf(new ArrayRow(values));
  }

  mapLineOf(row: RowValues): TransactionLine | undefined {
    let line: (TransactionLine & Record<string, unknown>) | undefined;
    if (this.skuIndexes) {
      const variant = variantCodeOf(row, this.skuIndexes);
      if (variant) line = variant.code === variant.base ? { sku: variant.code } : { sku: variant.code, base_sku: variant.base };
    }
    let own: Partial<Record<LineOwnProperty, string>> | undefined;
    let counts: Record<string, number> | undefined;
    for (const f of this.lines) {
      let v: string | number | undefined;
      try {
        v = this.convertAt(f, row);
      } catch (e) {
        if (!f.lenient) throw e;
      }
      if (v === undefined) continue;
      const property = LINE_OWN_PROPERTIES[f.name];
      if (property) {
        (own ??= {})[property] = String(v);
        continue;
      }
      if (LINE_OWN_COUNTS.has(f.name)) {
        if (typeof v === "number") (counts ??= {})[f.name] = v;
        continue;
      }
      line ??= {};
      line[f.name === "line_amount" ? "amount" : f.name] = v;
    }
    // A row of these alone (a message printed on the bill, a date) is no line.
    if (line && own) Object.assign(line, own);
    if (line && counts) Object.assign(line, counts);
    if (line && this.lineAttributes.length > 0) {
      let attributes: Record<string, string | number | boolean | null> | undefined;
      for (const c of this.lineAttributes) {
        const v = plain(row.value(c.index));
        // Only what is filled: an empty check number is no check number two lines share.
        if (v !== null && v !== "") (attributes ??= Object.create(null) as Record<string, string | number | boolean | null>)[c.column] = v;
      }
      if (attributes) line.attributes = attributes;
    }
    if (this.side && typeof line?.amount === "number") {
      const side = this.convertAt(this.side, row) as Side | undefined;
      if (side !== undefined) line.amount = signed(line.amount, side);
    }
    // A base code mapped beside a bare code is that code: no fallback to keep.
    if (line?.base_sku !== undefined && line.base_sku === line.sku) delete line.base_sku;
    return line;
  }

  /** convert() of the row's value of a field; a plain decimal read straight from the row where the format allows it. */
  private convertAt(f: BoundField, row: RowValues): string | number | undefined {
    if (f.kind === "number") {
      const n = row.plainNumber(f.index, this.decimalByte, this.thousandsByte);
      if (n !== undefined) return n;
    }
    return convert(f, row.value(f.index), this.formats);
  }
}

/** Maps reference rows (contracts, price list, shipments) of one header. */
export class ReferenceMapper<T> {
  private readonly fields: BoundField[];
  readonly missing: string[];
  /** Optional fields the mapping names a column for that the table lacks (reported, not fatal). */
  readonly unmapped: string[];

  /** `sku` naming several columns (a chargemaster's CPT code and modifier): where they sit, read as a line's (variantCodeOf). */
  private readonly skuIndexes: readonly number[] | undefined;

  constructor(header: readonly string[], table: ReferenceTable, mapping: ReferenceMapping, private readonly formats: ValueFormats) {
    const specs = REFERENCE_FIELDS[table];
    const sku = mapping.sku;
    this.skuIndexes = typeof sku === "object" ? sku.map((column) => columnIndex(header, column)) : undefined;
    // A variant code is bound by its base column: the table lacks the field when it lacks that one.
    const columnOf = (name: string): string => {
      const column = mapping[name] ?? name;
      return typeof column === "string" ? column : column[0]!;
    };
    const bound = specs.map((s) => ({ ...s, index: s.exactName && mapping[s.name] === undefined ? header.indexOf(s.name) : columnIndex(header, columnOf(s.name)) }));
    const named = (name: string) => JSON.stringify(mapping[name] ?? name).replace(/^"|"$/g, "");
    this.missing = bound.filter((b) => b.required && b.index < 0).map((b) => `${b.name} (column "${named(b.name)}")`);
    this.unmapped = bound.filter((b) => !b.required && b.index < 0 && mapping[b.name] !== undefined).map((b) => `${b.name} (column "${named(b.name)}")`);
    // A modifier column the table lacks leaves every code bare: reported, not fatal.
    if (this.skuIndexes && this.skuIndexes[0]! >= 0) {
      const columns = sku as readonly string[];
      for (let k = 1; k < columns.length; k++) if (this.skuIndexes[k]! < 0) this.unmapped.push(`sku (column "${columns[k]}")`);
    }
    this.fields = bound.filter((b) => b.index >= 0);
  }

  /** The columns read as dates (valid_from, valid_to…): what a CSV table's date format is found from. */
  get dateColumns(): number[] {
    return this.fields.filter((b) => b.kind === "date").map((b) => b.index);
  }

  map(values: readonly SourceValue[]): T {
    const out: Record<string, unknown> = {};
    for (const f of this.fields) {
      const v = this.skuIndexes && f.name === "sku" ? variantCodeOf(new ArrayRow(values), this.skuIndexes)?.code : convert(f, values[f.index], this.formats);
      if (v !== undefined) out[f.name] = v;
      else if (f.required) throw new Error(`${f.name} is empty`);
    }
    return out as T;
  }
}

function convert(f: FieldSpec, v: SourceValue, formats: ValueFormats): string | number | undefined {
  try {
    switch (f.kind) {
      case "number":
        return parseNumber(v, formats.numbers);
      case "date":
        return parseDate(v, formats.dates);
      case "type":
        return parseType(v, formats.types);
      case "side":
        return parseSide(v);
      default: {
        const s = parseText(v);
        return f.name === "currency" && s !== undefined ? parseCurrency(s) : s;
      }
    }
  } catch (e) {
    throw new Error(`${f.name}: ${(e as Error).message}`);
  }
}

function parseType(v: SourceValue, codes: ReadonlyMap<string, TransactionType> | undefined): TransactionType | undefined {
  const s = parseText(v);
  // A blank has a meaning of its own in some exports (Business Central writes no Document Type on
  // a general journal's lines): `type_values: { "": journal_entry }` says which; else the default.
  if (s === undefined) return codes?.get("");
  if (codes !== undefined) {
    const coded = codes.get(s) ?? codes.get(s.toLowerCase());
    if (coded !== undefined) return coded;
  }
  // Nearly every row writes the canonical name: no lower-casing and regex per transaction.
  if ((TRANSACTION_TYPES as readonly string[]).includes(s)) return s as TransactionType;
  const normal = s.toLowerCase().replace(/[\s-]+/g, "_");
  if ((TRANSACTION_TYPES as readonly string[]).includes(normal)) return normal as TransactionType;
  throw new Error(`"${clip(s)}" is not one of ${TRANSACTION_TYPES.join(", ")}${codes === undefined ? " (map the source's codes in type_values)" : " nor a code of type_values"}`);
}

type Side = "debit" | "credit";

/**
 * The codes ledgers write for the side of an unsigned amount, compared in lower case: SAP's
 * Soll/Haben-Kennzeichen (S/H, in every logon language) and DATEV's, the words, and the English
 * abbreviations of Oracle, Sage, QuickBooks' and Dynamics' journal reports.
 */
const SIDE_CODES: ReadonlyMap<string, Side> = new Map([
  ["s", "debit"], ["soll", "debit"], ["d", "debit"], ["dr", "debit"], ["deb", "debit"], ["debit", "debit"],
  ["h", "credit"], ["haben", "credit"], ["c", "credit"], ["cr", "credit"], ["cred", "credit"], ["credit", "credit"],
]);

function parseSide(v: SourceValue): Side | undefined {
  const s = parseText(v);
  if (s === undefined) return undefined;
  const side = SIDE_CODES.get(s.toLowerCase().replace(/\.$/, ""));
  if (side === undefined) throw new Error(`"${clip(s)}" is not a debit/credit indicator (S, H, Soll, Haben, D, C, Dr, Cr, Debit, Credit, in any case)`);
  return side;
}

/** An amount on its side: the indicator decides the sign, whether the export signed it or not. */
function signed(amount: number, side: Side): number {
  return side === "credit" ? -Math.abs(amount) : Math.abs(amount);
}

/**
 * A ledger row's debit and credit (head.debit, head.credit, read as fields) become its amount,
 * debit − credit, unless an `amount` column gave one; neither stays on the transaction.
 */
function debitCreditToAmount(head: Record<string, unknown>) {
  const debit = head.debit as number | undefined;
  const credit = head.credit as number | undefined;
  delete head.debit;
  delete head.credit;
  if (head.amount !== undefined || (debit === undefined && credit === undefined)) return;
  // To a millionth: the difference of two decimals without the binary noise (0.3 − 0.1), and
  // every decimal place a currency or a ledger keeps.
  head.amount = Math.round(((debit ?? 0) - (credit ?? 0)) * 1e6) / 1e6 + 0;
}

function parseCurrency(s: string): string {
  // The common case, three capitals, is the answer as it is (no new string, no regex).
  if (s.length === 3 && isCapital(s.charCodeAt(0)) && isCapital(s.charCodeAt(1)) && isCapital(s.charCodeAt(2))) return s;
  const upper = s.toUpperCase();
  if (!/^[A-Z]{3}$/.test(upper)) throw new Error(`"${clip(s)}" is not an ISO 4217 currency code`);
  return upper;
}

const isCapital = (c: number) => c >= 65 && c <= 90;

function plain(v: SourceValue): string | number | boolean | null {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "bigint") return Number(v);
  return v;
}

/** [key that identifies the row for counting it once, label shown in the mapping report]. */
export type RowDescriber = (ref: number | string) => [string, string];

/** The id of a spreadsheet's totals row, in the languages ERP exports are read in. */
const SUMMARY_ID = /^(grand\s*)?totals?:?$|^(gesamt)?summen?:?$|^gesamt:?$|^total\s+général:?$|^totale:?$|^totaal:?$/i;
/**
 * The label of a report's totals row when rows are numbered (no id to read it from): its first
 * filled cell, where a report writes "TOTAL", "Total for Checking", "Summe Konto 1200". The first
 * column of a ledger's own rows holds a date or a number, so a word there marks a summary.
 */
const SUMMARY_LABEL = /^(grand\s*)?totals?\b|^(gesamt)?summen?\b|^gesamt\b|^total\s+général\b|^totale\b|^totaal\b/i;

/**
 * Whether a row's id (`numbered`: a numbered row's first filled cell) names a totals row
 * (SUMMARY_ID, SUMMARY_LABEL). Every alternative of both starts with a g, s or t, either case
 * (without the u flag, /i folds no other character to them): an id starting otherwise is told
 * apart by its first character. Asked of every transaction's first row: the regular expression
 * was ~2 % of a CSV journal scan's main thread.
 */
export function namesSummary(text: string, numbered: boolean): boolean {
  const c = text.charCodeAt(0) | 0x20;
  if (c !== 0x67 && c !== 0x73 && c !== 0x74) return false;
  return (numbered ? SUMMARY_LABEL : SUMMARY_ID).test(text);
}

/**
 * Groups mapped rows into transactions. Feed rows in source order; rows of one transaction must
 * arrive together (sources guarantee it: SQL orders by id, CSV reads through its index).
 */
export class TransactionGrouper {
  private current: Transaction | undefined;
  private currentRejected = 0;
  private readonly arrayRow = new ArrayRow();

  constructor(
    private readonly mapper: RowMapper,
    private readonly stats: MappingStats,
  ) {}

  /**
   * Adds a row; returns the previous transaction when this row starts a new one. `ref` identifies
   * the row in its source; `describe(ref)` turns it into [dedupe key, label] only if it is rejected.
   */
  add(values: readonly SourceValue[], ref: number | string, describe: RowDescriber): Transaction | undefined {
    this.arrayRow.values = values;
    return this.addRow(this.arrayRow, ref, describe);
  }

  /** add() of a row given as RowValues (a CSV row read from its bytes). */
  addRow(row: RowValues, ref: number | string, describe: RowDescriber): Transaction | undefined {
    // A row of the transaction in progress (most rows) is recognised without making its id.
    const current = this.current;
    const same = current !== undefined && this.mapper.rowHasId(row, current.transaction_id);
    const id = same ? current.transaction_id : this.mapper.idOfRow(row);
    // A row of nothing (Excel's ",,,," for a blank line, an end-of-file Ctrl-Z) is no row: not a
    // rejection, and it does not end the transaction in progress. (A numbered row always has an id.)
    if ((id === "" || id === "\u001a" || this.mapper.rowNumbered) && this.mapper.isBlank(row)) return undefined;
    // A spreadsheet's totals row ("Total", "Grand total", "Summe") sums the rows above it: a
    // rejected row (reported as such), not a transaction whose amount is the whole file's.
    const summary = same ? undefined : this.mapper.rowNumbered ? this.mapper.firstFilled(row) : id;
    if (summary !== undefined && namesSummary(summary, this.mapper.rowNumbered)) {
      const [key, label] = describe(ref);
      this.stats.reject(key, label, `"${clip(summary)}" is a totals row, not a transaction`);
      return this.current ? this.flush() : undefined;
    }
    // A numbered row with one cell of several filled is a report's note ("Accrual basis …", a
    // section title): without its own id it would otherwise become a transaction of nothing.
    const note = this.mapper.rowNumbered && this.mapper.header.length > 2 ? this.mapper.firstFilled(row, true) : undefined;
    if (note) {
      const [key, label] = describe(ref);
      this.stats.reject(key, label, `"${clip(note)}" is the only filled cell: a report's note, not a transaction`);
      return this.current ? this.flush() : undefined;
    }
    let finished: Transaction | undefined;
    if (this.current && !same) finished = this.flush();
    try {
      // The transaction's own fields come from its first row; later rows add their line.
      const head = this.current ?? this.mapper.mapHeadOf(row);
      const line = this.mapper.mapLineOf(row);
      this.current = head;
      if (line) head.lines.push(line);
    } catch (e) {
      const [key, label] = describe(ref);
      this.stats.reject(key, label, (e as Error).message);
      // The row is rejected (and counted on its transaction), but the transaction keeps what its
      // first row does say — its type, customer, currency — so that a credit note with one
      // unreadable amount is not analysed as an empty invoice.
      if (id && !this.current) this.current = this.readableHeadOf(row) ?? { transaction_id: id, type: "invoice", lines: [] };
      if (id) this.currentRejected++;
    }
    return finished;
  }

  /** The fields of a rejected first row that can be read (mapHeadOf, lenient); undefined when none can. */
  private readableHeadOf(row: RowValues): Transaction | undefined {
    try {
      return this.mapper.mapHeadOf(row, true);
    } catch {
      return undefined;
    }
  }

  /** The transaction in progress, complete now that its rows have all been added. */
  flush(): Transaction | undefined {
    const t = this.current;
    // Kept without a prototype, as mapRow() builds them (a column named __proto__ stays an attribute).
    if (t && this.currentRejected > 0) t.attributes = Object.assign(Object.create(null) as NonNullable<Transaction["attributes"]>, t.attributes, { rejected_rows: this.currentRejected });
    this.current = undefined;
    this.currentRejected = 0;
    return t;
  }
}
