// Zero configuration: which fields of a connector's transactions are categorical, profiled from
// a sample of its history (the first transactions the history pass reads). A field is
// categorical when most rows carry it, its values repeat (few distinct values relative to the
// rows: at least MIN_REPEAT rows per value on average) and they look like codes, not like ids
// (every value distinct), amounts or dates (numbers with decimals, ISO or regional dates, times) or free
// text (long strings), nor like a position or a time (a line number, a fiscal year or period:
// isPositionOrTime), nor like a batch (a pay run, a posting batch: each value used within a few days
// of the sample's months, isBatch). Candidates are the canonical fields that can be categorical and every
// source attribute the sample carries. A field that repeats another (the same value in nearly
// every row, e.g. an attribute mapped to `sku` as well) or renames it (an account's code and its
// name: each value of one goes with one of the other, both ways) is kept once. `categorical_fields`
// in the config overrides all this.
import type { Transaction } from "../domain/transaction.ts";
import { fieldReader } from "./fields.ts";
import { isNumberedText, sampleTimes, valueTemplate } from "./numbered-text.ts";
import { shortLivedRows, valueLifetimes } from "./value-lifetimes.ts";

const CANONICAL = ["type", "currency", "created_by", "approved_by", "customer_id", "sku", "contract_id", "reference"];
/** Rows per value, on average, for a field to count as categorical. */
const MIN_REPEAT = 20;
const MAX_DISTINCT = 5000;
const MAX_FIELDS = 16;
const MAX_AVERAGE_LENGTH = 40;
// ISO dates and times, and the day-first or month-first dates of a regional export (31/01/2025,
// 01/31/2025, 31.01.2025, 31.01.25, 31-01-2025): a posting date is where an entry sits in time, not a code.
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}|^\d{4}[./]\d{1,2}[./]\d{1,2}(?!\d)|^\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})(?!\d)|^\d{1,2}-\d{1,2}-\d{4}(?!\d)/;
// Dates written without separators, as the French FEC (20250131: ISO 8601's basic format) and DATEV
// (31012025) write theirs: eight digits that are a calendar day of 1900–2099 in either order. A
// column most of whose values are such is a date; one such value alone is no sign (a document
// number 19000115 is one), so profileDocumentField does not read it.
const COMPACT_DATE = /^(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$|^(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\d\d$/;
const DECIMAL = /^-?\d+[.,]\d+$/;

export interface FieldProfile {
  field: string;
  rows: number;
  distinct: number;
  /** Read by its template (numbered-text.ts): a memo that embeds another document's number. */
  templated?: boolean;
}

/** The categorical fields of the sample, in a stable order (canonical first, then attributes). */
export function profileCategoricalFields(sample: readonly Transaction[]): string[] {
  return profileFields(sample)
    .map((p) => p.field)
    .slice(0, MAX_FIELDS);
}

/**
 * Which of `fields` (profiled or configured) are numbered text, read by their templates
 * (numbered-text.ts): history.ts counts "Reversal of JE#", not each reversal's own memo.
 */
export function profileNumberedTextFields(sample: readonly Transaction[], fields: readonly string[]): Set<string> {
  const times = sampleTimes(sample);
  return new Set(fields.filter((f) => isNumberedText(sample.map(fieldReader(f)), times)));
}

export function profileFields(sample: readonly Transaction[]): FieldProfile[] {
  if (sample.length === 0) return [];
  const attributes = new Set<string>();
  for (const t of sample) for (const k of Object.keys(t.attributes ?? {})) attributes.add(k);
  const candidates = [...CANONICAL, ...[...attributes].sort().map((k) => `attributes.${k}`)];
  const kept: { profile: FieldProfile; values: (string | undefined)[] }[] = [];
  let times: Float64Array | undefined;
  for (const field of candidates) {
    const read = fieldReader(field);
    let values = sample.map(read);
    // A memo that embeds another document's number ("Reversal of JE10738") is judged by its
    // templates ("Reversal of JE#"), which repeat; a batch column (isBatch) stays no code.
    times ??= sampleTimes(sample);
    const templated = isNumberedText(values, times);
    if (templated) {
      if (isBatch(values, times)) continue;
      values = values.map((v) => (v === undefined ? undefined : valueTemplate(v)));
    }
    const counts = new Map<string, number>();
    let rows = 0;
    for (const v of values) {
      if (v === undefined) continue;
      rows++;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const distinct = counts.size;
    if (rows < sample.length / 2 || distinct > MAX_DISTINCT) continue;
    if (rows / distinct < MIN_REPEAT) continue;
    // A value's shape is judged once, not once per row that repeats it (a field that gets here
    // has at least MIN_REPEAT rows per value): the same sums, a twentieth of the tests or fewer.
    let decimals = 0;
    let dates = 0;
    let length = 0;
    for (const [v, n] of counts) {
      length += v.length * n;
      if (DECIMAL.test(v)) decimals += n;
      if (DATE_LIKE.test(v) || COMPACT_DATE.test(v)) dates += n;
    }
    if (decimals > rows / 2 || dates > rows / 2 || length / rows > MAX_AVERAGE_LENGTH) continue;
    if (isPositionOrTime(field, counts)) continue;
    if (isLinkToAnotherRow(field, counts)) continue;
    if (distinct >= BATCH_MIN_VALUES && isBatch(values, times)) continue;
    // A field of fewer than RENAME_MIN_VALUES values renames none (renames() would find as much
    // after a map of the sample's rows): only fields of many values are compared that way.
    const renamesAny = (k: (typeof kept)[number]) => k.profile.distinct >= RENAME_MIN_VALUES && distinct >= RENAME_MIN_VALUES && renames(k.values, values) && renames(values, k.values);
    if (kept.some((k) => agree(k.values, values) >= 0.999 || renamesAny(k))) continue;
    kept.push({ profile: { field, rows, distinct, ...(templated ? { templated } : {}) }, values });
  }
  return kept.map((k) => k.profile);
}

/**
 * Source columns that say where an entry sits, not what it is: a line's number within its
 * document (1, 2, 3, … — every document has a first line, fewer a tenth), a fiscal year or period.
 * Their values repeat like codes, but a combination of one with an account is the document's
 * length or the calendar, not a habit: "account 620000 on line 11" or "in period 13" (the closing)
 * would read as rare. Known by the column's name (SAP's BUZEI, GJAHR, MONAT as well, and the German,
 * French, Spanish and Italian labels: Position, Geschäftsjahr, Buchungsperiode, Exercice…), or, for a
 * line number, by its values: four or more whole numbers from 0 or 1 without a gap, the lower ones
 * at least as common as the higher.
 */
const POSITION_OR_TIME_NAMES = new Set([
  "LINENO", "LINENUMBER", "LINENUM", "LINENR", "LINEITEM", "LINEITEMNO", "ITEMNO", "ITEMNUMBER", "POSNR", "BUZEI", "DOCLN", "SEQNO", "SEQUENCENO", "SEQUENCE",
  "JOURNALENTRYITEM", "LEDGERGLLINEITEM",
  "FISCALYEAR", "YEAR", "GJAHR", "FISCALPERIOD", "PERIOD", "POSTINGPERIOD", "MONAT", "POPER", "MONTH", "QUARTER", "WEEK", "WEEKDAY",
  // The same columns under the labels of a German logon (SAP GUI, DATEV) and of French, Spanish
  // and Italian exports; compared without accents (Geschäftsjahr, Période).
  "POSITION", "BELEGPOSITION", "BUCHUNGSZEILE", "ZEILE", "GESCHAFTSJAHR", "GESCHAEFTSJAHR", "WIRTSCHAFTSJAHR", "JAHR",
  "BUCHUNGSPERIODE", "PERIODE", "BUCHUNGSMONAT", "QUARTAL", "WOCHE",
  "LIGNE", "NUMEROLIGNE", "EXERCICE", "ANNEE", "MOIS", "EJERCICIO", "PERIODO", "MES", "ESERCIZIO", "ANNO", "MESE",
]);

/** A column's name as POSITION_OR_TIME_NAMES spells it: upper case, no accents, letters and digits only. */
const plainName = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase().replace(/[^A-Z0-9]/g, "");

function isPositionOrTime(field: string, counts: ReadonlyMap<string, number>): boolean {
  if (!field.startsWith("attributes.")) return false;
  if (POSITION_OR_TIME_NAMES.has(plainName(field.slice("attributes.".length)))) return true;
  // Four values at least: a code of three small numbers, the commonest first, is as likely a category.
  if (counts.size < 4) return false;
  const byNumber = new Map<number, number>();
  for (const [value, n] of counts) {
    if (!/^\d{1,6}$/.test(value)) return false;
    const k = Number(value);
    byNumber.set(k, (byNumber.get(k) ?? 0) + n);
  }
  const start = byNumber.has(0) ? 0 : 1;
  let previous = Infinity;
  for (let k = start; k < start + byNumber.size; k++) {
    const n = byNumber.get(k);
    if (n === undefined || n > previous) return false;
    previous = n;
  }
  return true;
}

/** Numbers, each met once beside the commonest value, that make a column a link to other rows. */
const LINK_MIN_NUMBERS = 5;
/** A column named as an entry's number, or a link to one (`Reversed by Entry No.`, `Closed by Entry No.`): never a code, however few links the sample holds. */
const ENTRY_NUMBER_NAME = /ENTRY(NO|NUM|NUMBER|NR)$/;

/**
 * Whether a column links each row to another row by its number: one commonest value where there
 * is no link (0, `-`), and every other value a whole number met once — Business Central's
 * `Reversed Entry No.` and `Reversed by Entry No.` on both sides of a Reverse Transaction, an
 * `Applies-to Entry No.`. Such a value is an id, however its placeholder repeats: taken for a code,
 * every reversal and every entry it reversed was a value never seen. Known by its name
 * (ENTRY_NUMBER_NAME), else by its values; a code with a few rare values (a region, a tax code met
 * once each) is not one: they are no numbers met once each, or too few.
 */
function isLinkToAnotherRow(field: string, counts: ReadonlyMap<string, number>): boolean {
  if (field.startsWith("attributes.") && ENTRY_NUMBER_NAME.test(plainName(field.slice("attributes.".length)))) return true;
  if (counts.size <= LINK_MIN_NUMBERS) return false;
  let placeholder: string | undefined;
  let most = 0;
  for (const [value, n] of counts) if (n > most) [placeholder, most] = [value, n];
  if (most < 2) return false;
  for (const [value, n] of counts) if (value !== placeholder && (n !== 1 || !/^\d+$/.test(value))) return false;
  return true;
}

/** Values a field needs before its values' lifetimes say it is a batch. */
const BATCH_MIN_VALUES = 10;
/** The sample's span, in days, from which a value used within BATCH_SPAN_SHARE of it is short-lived. */
const BATCH_MIN_SAMPLE_DAYS = 28;
const BATCH_SPAN_SHARE = 1 / 20;
/** Share of a field's rows that short-lived values must hold for it to be a batch. */
const BATCH_ROWS_SHARE = 0.9;

/**
 * Whether a field's values are batches — a pay run (`BW-20250103`, `OC-20250117-105`), a posting
 * batch, the pay period a payment pays —, each used within a few days and then never again, new
 * ones arriving all through the history: where an entry sits in time, like a date, not what it is.
 * Taken for a code, every off-cycle run (a manual check correcting a missed shift) was a value
 * never seen before, and the run a clerk did not process a rare pairing of user and run. A batch:
 * at least BATCH_ROWS_SHARE of the field's rows carry a value whose rows all fall within
 * BATCH_SPAN_SHARE of the sample's span (at least BATCH_MIN_SAMPLE_DAYS: a sample of one day's
 * entries says nothing of lifetimes).
 */
function isBatch(values: readonly (string | undefined)[], times: Float64Array): boolean {
  const l = valueLifetimes(values, times, BATCH_MIN_SAMPLE_DAYS);
  if (l === undefined || l.rows === 0) return false;
  return shortLivedRows(l, BATCH_SPAN_SHARE) >= l.rows * BATCH_ROWS_SHARE;
}

/** Share of rows where two fields carry the same value (or both none). */
/**
 * Whether each value of `a` goes with one value of `b` (in all but 0.1 % of the rows that carry
 * both), `a` having at least RENAME_MIN_VALUES values. Both ways, the two fields are one field
 * under two names — an account's code and its name, a cost centre's number and its label — and
 * counting both would count every value, pair and triple of it twice. Fields of few values that
 * go together are not names of each other: two companies with a currency each pair one to one
 * until a company books in the other's currency, the very combination to find.
 */
function renames(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): boolean {
  const first = new Map<string, string>();
  let rows = 0;
  let other = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) continue;
    rows++;
    const seen = first.get(x);
    if (seen === undefined) first.set(x, y);
    else if (seen !== y) other++;
  }
  return first.size >= RENAME_MIN_VALUES && other <= rows * 0.001;
}

const RENAME_MIN_VALUES = 20;

function agree(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): number {
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/**
 * Names of a column that numbers documents, compared without case, accents or separators: a
 * document number (`document_no`, `doc_id`), SAP's BELNR and its labels (Belegnummer on a German
 * logon, Journal Entry on S/4HANA's English one), a voucher or journal entry number, a French
 * numéro de pièce.
 */
const DOCUMENT_NAMES = /^(DOC|DOCUMENT)(NO|NUM|NUMBER|NR|ID)?$|^BELNR$|^BELEG(NUMMER|NR|NO)$|^VOUCHER(NO|NUM|NUMBER|NR|ID)?$|^JOURNAL(NO|NUM|NUMBER|NR|ID|ENTRY|ENTRYNO|ENTRYNUMBER|ENTRYID)$|^JE(NO|NUM|NUMBER|NR|ID)$|^(N|NO|NUM|NUMERO)?PIECE$/;

/** Whether an attribute's column name numbers documents (DOCUMENT_NAMES): a journal's number on a ledger's lines. */
export function isDocumentColumn(name: string): boolean {
  return DOCUMENT_NAMES.test(plainName(name));
}

/**
 * The attribute that names each entry's document when the entries are the lines of documents (a
 * journal line per transaction, the document number beside it), or undefined. Known by its name
 * and checked against the sample: carried by (nearly) every entry, not a date or an amount, more
 * than one line per document on average but few (≤ 50), and every document's lines consecutive,
 * as a ledger export writes them. history.ts then counts a document's repeated values once.
 */
export function profileDocumentField(sample: readonly Transaction[]): string | undefined {
  if (sample.length === 0) return undefined;
  const names = new Set<string>();
  for (const t of sample) for (const k of Object.keys(t.attributes ?? {})) names.add(k);
  for (const name of [...names].sort()) {
    if (!DOCUMENT_NAMES.test(plainName(name))) continue;
    const field = `attributes.${name}`;
    const read = fieldReader(field);
    const seen = new Set<string>();
    let rows = 0;
    let runs = 0;
    let previous: string | undefined;
    let typed = 0;
    for (const t of sample) {
      const v = read(t);
      if (v !== undefined) {
        rows++;
        if (DECIMAL.test(v) || DATE_LIKE.test(v)) typed++;
        if (v !== previous) {
          runs++;
          seen.add(v);
        }
      }
      previous = v;
    }
    const documents = seen.size;
    if (rows < sample.length * 0.9 || typed > 0 || documents === 0) continue;
    const linesPerDocument = rows / documents;
    // A document appears in one run: a value met again after another one is not a document number.
    if (linesPerDocument > 1.1 && linesPerDocument <= 50 && runs <= documents * 1.01) return field;
  }
  return undefined;
}
