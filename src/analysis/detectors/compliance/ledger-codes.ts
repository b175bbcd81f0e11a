// How the compliance detectors read the codes of a ledger line that the organisation configures
// them with — an account, a grant: as the export writes them, with the name some systems append
// ("HHS-90FX0123-Y1--HHS Youth Mentoring Y1", Sage Intacct's dimensions; "7850 Entertainment")
// and a configured pattern ending in `*` for a range ("78*": every account beginning 78).
import { isAccountName } from "../../account-field.ts";
import type { Transaction } from "../../../domain/transaction.ts";

/** What may follow a code before the name a system appends to it. */
const NAME_AFTER_CODE = /^(\s|--|[:|–—]|\s-\s)/;

/** Whether `value` (a line's code, possibly followed by its name) is `pattern`: the same code,
 *  compared trimmed and without case, or, for a pattern ending in `*`, any code beginning so. */
export function codeMatches(value: string, pattern: string): boolean {
  const v = value.trim().toUpperCase();
  const p = pattern.trim().toUpperCase();
  if (p.endsWith("*")) return v.startsWith(p.slice(0, -1));
  if (!v.startsWith(p)) return false;
  return v.length === p.length || NAME_AFTER_CODE.test(v.slice(p.length));
}

export function matchesAny(value: string, patterns: readonly string[]): boolean {
  for (const p of patterns) if (codeMatches(value, p)) return true;
  return false;
}

/** The line's account: the configured field, else ("auto") the first filled attribute named as an
 *  account (account-field.ts); "" when it names none. */
export function accountOf(t: Transaction, field: string): string {
  if (field === "sku") return t.lines[0]?.sku ?? "";
  if (field !== "auto") return text(t.attributes?.[field.slice("attributes.".length)]);
  const attrs = t.attributes;
  if (!attrs) return "";
  for (const name in attrs) {
    const v = text(attrs[name]);
    if (v !== "" && isAccountName(name)) return v;
  }
  return "";
}

export function text(v: unknown): string {
  return v === undefined || v === null ? "" : String(v).trim();
}
