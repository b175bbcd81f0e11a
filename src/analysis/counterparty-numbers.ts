// The counterparty's own number for a document: on a bill received, the vendor's invoice number
// (NetSuite's "Reference No." exported as "Vendor Invoice No", SAP's XBLNR, Business Central's
// "External Document No.", Oracle's supplier invoice number), beside the document number the
// payables system gave it. A bill keyed twice keeps the vendor's number, or nearly: one copy from
// the e-mailed PDF and one from the mailed paper are typed "INV-10234" and "INV10234", "0045123"
// and "45123", "IN4O33" and "IN4033", "10234" and "10243", "10234" and "10234A". A payables
// system refuses the same vendor, number and amount twice, so the copies that get through are
// exactly these. Two bills of one vendor and amount whose numbers clearly differ are two bills
// (a repeat order), which the amount alone cannot tell.
import type { Transaction } from "../domain/transaction.ts";
import { attributeNameMatcher, attributeNameTest } from "./detectors/leakage/markers.ts";
import { isDocumentColumn } from "./profile.ts";

/** Column names (compared without case and separators) that hold the counterparty's own number. */
export const COUNTERPARTY_NUMBER_FIELDS = [
  "vendor_invoice", "vendor_invoice_no", "vendor_invoice_number", "vendor_invoice_num", "vendor_invoice_id", "vendor_inv_no",
  "supplier_invoice", "supplier_invoice_no", "supplier_invoice_number", "supplier_invoice_num", "supplier_invoice_id",
  "vendor_reference", "vendor_ref", "supplier_reference", "supplier_ref", "vendor_document_no", "vendor_document_number",
  "external_document_no", "external_document_number", "xblnr",
  // A construction ERP's AP reference: Viewpoint Vista's APRef, the vendor's invoice or the
  // subcontractor's pay application number on AP entries, payments and job-cost detail.
  "ap_ref", "apref", "ap_reference",
] as const;

const numberField = attributeNameMatcher(COUNTERPARTY_NUMBER_FIELDS);

/** The document's counterparty number as written (trimmed), or undefined when it has none. */
export function counterpartyNumberOf(t: Transaction): string | undefined {
  return firstValueOf(t, numberField);
}

/** The first non-blank value (trimmed) of an attribute whose name `column` matches (not null), or undefined. */
function firstValueOf(t: Transaction, column: (name: string) => string | null): string | undefined {
  const attrs = t.attributes;
  if (!attrs) return undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (v === null || v === undefined || v === "" || column(name) === null) continue;
    const s = String(v).trim();
    if (s !== "") return s;
  }
  return undefined;
}

/**
 * The value of the document's document column (`Document`, `Doc No`: profile.ts isDocumentColumn)
 * as written (trimmed), or undefined. Whether it is the counterparty's own number is the
 * ledger's to say (document-column-numbers.ts): Sage Intacct's `Document` is a bill's vendor
 * invoice number, SAP's BELNR the system's.
 */
// Remembered per name: asked of every counterparty's line of a ledger without a vendor-number column.
const documentColumn = attributeNameTest((k) => isDocumentColumn(k));

export function documentColumnNumberOf(t: Transaction): string | undefined {
  return firstValueOf(t, documentColumn);
}

/** A number as typed, read alike: upper case, O read as 0 and I or L as 1 (what a clerk misreads
 *  or a scan recognises), separators and spaces dropped; its zeros kept (a swap may move one). */
export function plainNumber(raw: string): string {
  return raw.toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1").replace(/[^A-Z0-9]/g, "");
}

/**
 * A number as its copies agree on it: plainNumber, each run of digits without its leading zeros
 * ("INV-0045123" and "inv45123" are one number).
 */
export function canonicalNumber(raw: string): string {
  return plainNumber(raw).replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, ""));
}

/** The number as typed read alike (plainNumber's reading) with a separator standing between two
 *  digits kept as "-": the digits' groups ("SC24109-03-05" → "SC24109-03-05", "INV-0042" → "INV0042"). */
function groupedNumber(raw: string): string {
  return raw.toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1").replace(/[^A-Z0-9]+/g, "-").replace(/^-+|-+$/g, "").replace(/-(?!\d)|(?<!\d)-/g, "");
}

/**
 * A number whose digits are grouped by separators, each group read alone: each run of digits
 * without its leading zeros, the separators between digits kept ("SC24109-03-5" and
 * "SC24109-03-05" are both "SC24109-3-5": a copy keyed with a zero of a group dropped).
 * canonicalNumber drops the separators before the leading zeros, so a zero inside the number
 * stays; kept apart, "1-05" is no "10-5". Undefined where no separator stands between two digits
 * (canonicalNumber then says as much).
 */
export function segmentedNumber(raw: string): string | undefined {
  const g = groupedNumber(raw);
  if (!g.includes("-")) return undefined;
  return g.replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, ""));
}

/** Where a separator stands between two digits of `raw`, as offsets into canonicalNumber(raw). */
function groupBreaks(raw: string): number[] {
  const g = groupedNumber(raw);
  const out: number[] = [];
  let pos = 0;
  for (const m of g.matchAll(/[0-9-]+|[A-Z]+/g)) {
    const run = m[0];
    if (!/\d/.test(run)) {
      pos += run.length;
      continue;
    }
    const digits = run.replace(/-/g, "");
    const zeros = digits.length - digits.replace(/^0+(?=\d)/, "").length;
    let k = 0;
    for (const c of run) {
      if (c === "-") {
        if (k - zeros > 0) out.push(pos + k - zeros);
      } else k++;
    }
    pos += digits.length - zeros;
  }
  return out;
}

/**
 * Whether two numbers of one canonicalNumber group their digits alike: a separator dropped is a
 * copy's slip ("SC24109-03-05" and "SC24109-0305"), a separator moved is another number ("1-10"
 * and "11-0", "10-5" and "1-05"): the breaks between digits of one are among the other's.
 */
export function sameGrouping(a: string, b: string): boolean {
  const x = groupBreaks(a);
  const y = groupBreaks(b);
  if (x.length === 0 || y.length === 0) return true;
  const [small, large] = x.length <= y.length ? [x, y] : [y, x];
  return small.every((p) => large.includes(p));
}

/** The number without a copy's suffix, as typed (numberStem before it is made canonical). */
export function rawStem(raw: string): string | undefined {
  const m = /\d(?:[-/._ ]?[A-Za-z]{1,3}|[-/._ ]\d{1,2})$/.exec(raw);
  return m ? raw.slice(0, m.index + 1) : undefined;
}

/** Characters a number keeps without its prefix for the prefix to be a copy's slip ("INV-12" and "12" say too little). */
const MIN_PREFIXED_REST = 4;

/**
 * The number without a leading prefix of letters (and the separator after it), canonical, or
 * undefined where it has none or too little is left: the copy of "INV-1001" typed from the paper
 * as "1001", of "GBFB-20114" as "20114", of "440219" as "INV-440219" (a clerk who writes the
 * prefix the vendor's other bills carry). A number whose letters run into its digits with no
 * separator ("MP8801") has its prefix too.
 */
export function unprefixedNumber(raw: string): string | undefined {
  const m = /^[A-Za-z]+[-/._ #]*(?=[A-Za-z0-9])/.exec(raw.trim());
  if (!m) return undefined;
  const rest = canonicalNumber(raw.trim().slice(m[0].length));
  return rest.length >= MIN_PREFIXED_REST && /\d/.test(rest) ? rest : undefined;
}

/** The canonical numbers one swap of two adjacent characters away from `raw` as typed ("IN9073"
 *  and "IN0973": the swap is seen before leading zeros are dropped). */
export function transposedNumbers(raw: string): string[] {
  return transpositionsOf(plainNumber(raw)).map(canonicalNumber);
}

/**
 * The number without a copy's suffix: a trailing letter or two ("10234A", "5512-R") or a
 * separator and one or two digits ("10234-1"), after a digit; canonical, or undefined when there
 * is none. Without a separator a trailing digit is part of the number ("8841-12" is the 12th
 * instalment, not "8841-1" with a 2).
 */
export function numberStem(raw: string): string | undefined {
  const stem = rawStem(raw);
  return stem === undefined ? undefined : canonicalNumber(stem);
}

/** The canonical numbers that are one swap of two adjacent characters away from `canon`. */
export function transpositionsOf(canon: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < canon.length; i++) {
    if (canon[i] === canon[i + 1]) continue;
    out.push(canon.slice(0, i) + canon[i + 1] + canon[i] + canon.slice(i + 2));
  }
  return out;
}

/** Whether two amounts are one another with two adjacent digits swapped (4,582.10 keyed as 4,852.10). */
export function transposedAmounts(a: number, b: number): boolean {
  const x = Math.abs(a).toFixed(2).replace(".", "");
  const y = Math.abs(b).toFixed(2).replace(".", "");
  if (x.length !== y.length || x === y) return false;
  return transpositionsOf(x).includes(y);
}
