// Explicit markers a billing system carries on a document (a tax category, an exemption reason,
// a free-of-charge billing type), read from the source attributes the connector kept. Names and
// values are compared without case and without separators: "TaxCategory", "tax_category" and
// "tax-category" are the same column; "Reverse charge" and "REVERSE_CHARGE" the same value.
import type { Transaction } from "../../../domain/transaction.ts";

/** A column name or value as markers compare it: upper case, letters and digits only. */
export const attributeKey = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");
const key = attributeKey;
/** Values that say "no" in a flag column (reverse_charge: false, exemption_reason: none). */
const NO = new Set(["", "0", "FALSE", "NO", "N", "NONE", "NULL", "NA"]);

/** Whether a value (as attributeKey gives it) says "no": empty, 0, false, none… */
export function saysNo(value: string): boolean {
  return NO.has(value);
}

/**
 * A test of column names against `fields` (compared as attributeKey): the name's key when it is
 * one of them, else null.
 */
export function attributeNameMatcher(fields: readonly string[]): (name: string) => string | null {
  const wanted = new Set(fields.map(key));
  return attributeNameTest((k) => wanted.has(k));
}

/**
 * A test of column names by what their key (attributeKey) says: the key when `test` accepts it,
 * else null. Remembered per name: a source has few column names, and such tests run for every
 * document of the history (normalising each name each time tripled the cost of the tax
 * observation on a wide export).
 */
export function attributeNameTest(test: (key: string) => boolean): (name: string) => string | null {
  const seen = new Map<string, string | null>();
  return (name) => {
    let found = seen.get(name);
    if (found === undefined) {
      const k = key(name);
      found = test(k) ? k : null;
      if (seen.size < 10_000) seen.set(name, found);
    }
    return found;
  };
}

/**
 * The first attribute among `fields` whose value is in `values` ("field=value"); with `values`
 * "any", any value that does not say "no".
 */
export function markerOf(txn: Transaction, fields: readonly string[], values: readonly string[] | "any"): string | undefined {
  if (!txn.attributes || fields.length === 0) return undefined;
  return markerMatcher(fields, values)(txn);
}

/** markerOf with its fields and values fixed (their normalised sets made once): for a check run on every transaction. */
export function markerMatcher(fields: readonly string[], values: readonly string[] | "any"): (txn: Transaction) => string | undefined {
  const wanted = new Set(fields.map(key));
  const accepted = values === "any" ? null : new Set(values.map(key));
  return (txn) => (txn.attributes ? firstMarker(txn.attributes, wanted, accepted) : undefined);
}

/**
 * attributeKey of a column name, remembered: every marker test of every document reads the same
 * few column names again (normalised afresh, a wide export's hundred columns cost each test a
 * hundred regular-expression replacements per document).
 */
const nameKeys = new Map<string, string>();
function nameKey(name: string): string {
  let k = nameKeys.get(name);
  if (k === undefined) {
    k = key(name);
    if (nameKeys.size < 10_000) nameKeys.set(name, k);
  }
  return k;
}

function firstMarker(attrs: NonNullable<Transaction["attributes"]>, wanted: ReadonlySet<string>, accepted: ReadonlySet<string> | null): string | undefined {
  for (const name in attrs) {
    const v = attrs[name];
    if (v === null || v === undefined || v === false || !wanted.has(nameKey(name))) continue;
    const value = key(String(v));
    if (accepted ? accepted.has(value) : !NO.has(value)) return `${name}=${String(v)}`;
  }
  return undefined;
}

/**
 * The first text attribute whose value says, in words, what `pattern` looks for ("field=value"):
 * billing systems write a trial or a proration into a line's description ("Trial period for Pro",
 * "Remaining time on 10 × Pro after 7 May") rather than into a coded column.
 */
export function wordsOf(txn: Transaction, pattern: RegExp): string | undefined {
  const attrs = txn.attributes;
  if (!attrs) return undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v === "string" && pattern.test(v)) return `${name}=${v}`;
  }
  return undefined;
}
