// Who approves their own entries, of what, and in which months: what self_approval reads to tell
// a standing practice from a lapse. A controller who keys and approves the month-end journals —
// depreciation, the accrual and its reversal, the indirect-cost allocation, the transfer to the
// money market — does so month after month, as the business's routine (a small finance team's
// known and compensated segregation-of-duties gap); the same controller approving their own
// expense claim, or a clerk approving what they keyed, has no such months behind it.
//
// Kept in the ledger pass (every module that reads a history builds it, split scans merge it:
// ledger-merge.ts): per user and "what" — the counterparty, else the account the line posts to
// (account-field.ts), else the transaction's type — the calendar months (UTC) of the
// self-approved entries; and which users approve which kinds of entry that others keyed (a month
// of covering is the approver keying what they usually approve: self_approval). An entry costs a
// trimmed comparison of its two users, and a set entry where someone else approved it.
import type { Transaction } from "../domain/transaction.ts";
import { ledgerAccountOf } from "./account-field.ts";

/** The user (trimmed, without case) who both created and approved the entry; undefined otherwise. */
export function selfApprover(t: Pick<Transaction, "created_by" | "approved_by">): string | undefined {
  // Both passes of a scan ask this of every entry: most sources name no approver (a journal
  // export), and where they do nearly every entry was approved by someone else — told apart
  // without the two trimmed, lower-cased copies (four strings an entry).
  const created = t.created_by;
  const approved = t.approved_by;
  // Not a string (absent, or a source's NULL): no approver, as `approved_by?.trim()` read it.
  if (!created || !approved || typeof approved !== "string") return undefined;
  if (created !== approved && !sameUser(created, approved)) return undefined;
  const creator = created.trim().toLowerCase();
  return creator && creator === approved.trim().toLowerCase() ? creator : undefined;
}

/** JS trim()'s white space among the ASCII characters (tab, line feed, vertical tab, form feed, carriage return, space). */
const asciiSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/**
 * Whether `a.trim().toLowerCase() === b.trim().toLowerCase()`, without making either: ASCII is
 * compared in place; anything else (a character above ASCII, a difference at white space, one
 * name longer) is left to the strings' own trim and toLowerCase.
 */
export function sameUser(a: string, b: string): boolean {
  let i = 0, j = a.length, p = 0, q = b.length;
  while (i < j && asciiSpace(a.charCodeAt(i))) i++;
  while (j > i && asciiSpace(a.charCodeAt(j - 1))) j--;
  while (p < q && asciiSpace(b.charCodeAt(p))) p++;
  while (q > p && asciiSpace(b.charCodeAt(q - 1))) q--;
  for (; i < j && p < q; i++, p++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(p);
    if (x === y) {
      if (x >= 0x80) return a.trim().toLowerCase() === b.trim().toLowerCase();
      continue;
    }
    if (x >= 0x80 || y >= 0x80 || asciiSpace(x) || asciiSpace(y)) return a.trim().toLowerCase() === b.trim().toLowerCase();
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return false;
  }
  return i === j && p === q ? true : a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The user and what the entry is, for an entry its creator approved; undefined otherwise. */
export function selfApprovalKey(t: Transaction): string | undefined {
  const creator = selfApprover(t);
  return creator ? kindKey(creator, t) : undefined;
}

/** The approver and what the entry is, for an entry someone other than its creator approved
 *  (both named); undefined otherwise: detailedKey of the approver. */
export function approvedForOthersKey(t: Transaction): string | undefined {
  const approver = t.approved_by?.trim().toLowerCase();
  if (!approver) return undefined;
  const creator = t.created_by?.trim().toLowerCase();
  return creator && creator !== approver ? detailedKey(kindKey(approver, t), t) : undefined;
}

/** A kind key (selfApprovalKey's) with the line's account, else its type, after it: a
 *  counterparty's expense lines apart from its payment lines (a controller approves the payments
 *  of an employee's claims, not the claims). */
export function detailedKey(key: string, t: Transaction): string {
  return `${key}\u0001${ledgerAccountOf(t.attributes) ?? t.type ?? ""}`;
}

/** A user and what the entry is: the counterparty, else the account, else the type. */
function kindKey(user: string, t: Transaction): string {
  if (t.customer_id) return `${user}\u0001c:${t.customer_id}`;
  const account = ledgerAccountOf(t.attributes);
  return account ? `${user}\u0001a:${account}` : `${user}\u0001t:${t.type ?? ""}`;
}

/** The calendar month (UTC) of a date parsed to ms: years × 12 + month; NaN for none. */
export function monthOf(ms: number): number {
  if (Number.isNaN(ms)) return Number.NaN;
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

export class SelfApprovalsBuilder {
  private readonly months = new Map<string, Set<number>>();
  private readonly approvesForOthers = new Set<string>();

  observe(key: string, month: number) {
    if (Number.isNaN(month)) return;
    let set = this.months.get(key);
    if (!set) this.months.set(key, (set = new Set()));
    set.add(month);
  }

  /** An entry of the kind `key` (approvedForOthersKey) its approver approved for someone else:
   *  kept as it is and without its detail (the kind alone). */
  observeApprovalForOthers(key: string) {
    if (this.approvesForOthers.has(key)) return;
    this.approvesForOthers.add(key);
    this.approvesForOthers.add(key.slice(0, key.lastIndexOf("\u0001")));
  }

  finish(): SelfApprovals {
    const out = new Map<string, number[]>();
    for (const [k, s] of this.months) out.set(k, [...s].sort((a, b) => a - b));
    return new SelfApprovals(out, this.approvesForOthers);
  }
}

export class SelfApprovals {
  static readonly empty = new SelfApprovals(new Map(), new Set());

  /** Per key (selfApprovalKey): the months with a self-approved entry, ascending; and the keys
   *  of the kinds each user approved for someone else, with their detail (approvedForOthersKey)
   *  and without (selfApprovalKey's form). */
  constructor(
    readonly parts: ReadonlyMap<string, readonly number[]>,
    readonly approvesForOthers: ReadonlySet<string>,
  ) {}

  /** The months other than `month` in which the user self-approved entries of the same kind. */
  otherMonths(key: string, month: number): number {
    const months = this.parts.get(key);
    if (!months) return 0;
    return months.length - (months.includes(month) ? 1 : 0);
  }

  private covered?: { standingMonths: number; perUserMonth: Map<string, number> };

  /**
   * How many kinds of entry (keys) the user of `key` self-approved in `month` that others usually
   * key and the user approves (approved for someone else somewhere in the history), and that are no
   * standing practice of theirs (self-approved in fewer than `standingMonths` other months): a
   * month with many is the approver keying what others key — covering a vacancy or an absence.
   * Counted once for the whole history on first use.
   */
  coveredKindsInMonth(key: string, month: number, standingMonths: number): number {
    if (this.covered?.standingMonths !== standingMonths) {
      const perUserMonth = new Map<string, number>();
      for (const [k, months] of this.parts) {
        if (months.length - 1 >= standingMonths || !this.approvesForOthers.has(k)) continue;
        const user = k.slice(0, k.indexOf("\u0001"));
        for (const m of months) perUserMonth.set(`${user}\u0001${m}`, (perUserMonth.get(`${user}\u0001${m}`) ?? 0) + 1);
      }
      this.covered = { standingMonths, perUserMonth };
    }
    return this.covered.perUserMonth.get(`${key.slice(0, key.indexOf("\u0001"))}\u0001${month}`) ?? 0;
  }
}
