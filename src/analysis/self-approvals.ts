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
  if (typeof created !== "string" || typeof approved !== "string" || !created || !approved) return undefined;
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

/**
 * The kinds of entry approvers approved for someone else, collected as the source wrote them —
 * per approver, per counterparty (else "a:ACCOUNT" / "t:TYPE"), the details (a ledger line's
 * account, else the type) — and named as keys only at the end: the ledger pass asks this of every
 * entry of a source with approvals, and building a key string for each cost a tenth of the pass.
 */
export class ApprovalsForOthers {
  /** Per approver as written: per counterparty, and per "a:ACCOUNT" / "t:TYPE" where none, the details. */
  private readonly byApprover = new Map<string, { counterparties: Map<string, Set<string>>; other: Map<string, Set<string>> }>();

  /** What the last `add` that returned true recorded (for a batch to carry: ledger-merge.ts). */
  last = { approver: "", kind: "", detail: "" };

  /**
   * Records the entry when someone other than its creator approved it (both named); true the
   * first time this collector sees its approver, kind and detail (then in `last`, the kind of a
   * counterparty as "c:ID").
   */
  add(t: Transaction): boolean {
    const created = t.created_by;
    const approved = t.approved_by;
    if (typeof created !== "string" || typeof approved !== "string" || !created || created === approved || sameUser(created, approved)) return false;
    const ledgerLine = t.lines.length === 0;
    const counterparty = t.customer_id;
    const account = ledgerLine || !counterparty ? ledgerAccountOf(t.attributes) : "";
    const detail = detailOf(t, ledgerLine ? account : "");
    const kind = counterparty ? counterparty : account ? `a:${account}` : `t:${t.type ?? ""}`;
    if (!this.observe(approved, !!counterparty, kind, detail)) return false;
    this.last = { approver: approved, kind: counterparty ? `c:${kind}` : kind, detail };
    return true;
  }

  /** One approval by `approver` (as written) of a counterparty's entry (`kind` its id) or another
   *  kind ("a:…", "t:…"), with its detail; true the first time. */
  observe(approver: string, ofCounterparty: boolean, kind: string, detail: string): boolean {
    let kinds = this.byApprover.get(approver);
    if (!kinds) this.byApprover.set(approver, (kinds = { counterparties: new Map(), other: new Map() }));
    const map = ofCounterparty ? kinds.counterparties : kinds.other;
    let details = map.get(kind);
    if (!details) map.set(kind, (details = new Set()));
    if (details.has(detail)) return false;
    details.add(detail);
    return true;
  }

  /** `observe` of what `add` left in `last` (a kind of "c:…" is a counterparty's). */
  observeFresh(approver: string, kind: string, detail: string) {
    const ofCounterparty = kind.startsWith("c:");
    this.observe(approver, ofCounterparty, ofCounterparty ? kind.slice(2) : kind, detail);
  }

  clear() {
    this.byApprover.clear();
  }

  /** The keys: each approver's (trimmed, without case) kinds, with their detail (detailedKey) and without (selfApprovalKey's form). */
  keys(): Set<string> {
    const out = new Set<string>();
    for (const [raw, kinds] of this.byApprover) {
      const approver = raw.trim().toLowerCase();
      if (!approver) continue;
      for (const [map, prefix] of [[kinds.counterparties, "c:"], [kinds.other, ""]] as const) {
        for (const [kind, details] of map) {
          const key = `${approver}\u0001${prefix}${kind}`;
          out.add(key);
          for (const d of details) out.add(`${key}\u0001${d}`);
        }
      }
    }
    return out;
  }
}

/** A kind key (selfApprovalKey's) with the detail ApprovalsForOthers keeps: a ledger line's
 *  account, else the type — a counterparty's expense lines apart from its payment lines (a
 *  controller approves the payments of an employee's claims, not the claims). */
export function detailedKey(key: string, t: Transaction): string {
  return `${key}\u0001${detailOf(t, t.lines.length === 0 ? ledgerAccountOf(t.attributes) : "")}`;
}

/** The detail of an entry: a ledger line's account (`ledgerAccount`, "" for a document with lines), else its type. */
function detailOf(t: Transaction, ledgerAccount: string): string {
  return ledgerAccount || t.type || "";
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
  readonly approvalsForOthers = new ApprovalsForOthers();

  observe(key: string, month: number) {
    if (Number.isNaN(month)) return;
    let set = this.months.get(key);
    if (!set) this.months.set(key, (set = new Set()));
    set.add(month);
  }

  finish(): SelfApprovals {
    const out = new Map<string, number[]>();
    for (const [k, s] of this.months) out.set(k, [...s].sort((a, b) => a - b));
    return new SelfApprovals(out, this.approvalsForOthers.keys());
  }
}

export class SelfApprovals {
  static readonly empty = new SelfApprovals(new Map(), new Set());

  /** Per key (selfApprovalKey): the months with a self-approved entry, ascending; and the keys
   *  of the kinds each user approved for someone else (ApprovalsForOthers.keys). */
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
