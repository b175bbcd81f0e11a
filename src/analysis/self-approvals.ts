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
// self-approved entries. Only self-approved entries cost anything.
import type { Transaction } from "../domain/transaction.ts";
import { ledgerAccountOf } from "./account-field.ts";

/** The user (trimmed, without case) who both created and approved the entry; undefined otherwise. */
export function selfApprover(t: Pick<Transaction, "created_by" | "approved_by">): string | undefined {
  const creator = t.created_by?.trim().toLowerCase();
  return creator && creator === t.approved_by?.trim().toLowerCase() ? creator : undefined;
}

/** The user and what the entry is, for an entry its creator approved; undefined otherwise. */
export function selfApprovalKey(t: Transaction): string | undefined {
  const creator = selfApprover(t);
  if (!creator) return undefined;
  if (t.customer_id) return `${creator}\u0001c:${t.customer_id}`;
  const account = ledgerAccountOf(t.attributes);
  return account ? `${creator}\u0001a:${account}` : `${creator}\u0001t:${t.type ?? ""}`;
}

/** The calendar month (UTC) of a date parsed to ms: years × 12 + month; NaN for none. */
export function monthOf(ms: number): number {
  if (Number.isNaN(ms)) return Number.NaN;
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

export class SelfApprovalsBuilder {
  private readonly months = new Map<string, Set<number>>();

  observe(key: string, month: number) {
    if (Number.isNaN(month)) return;
    let set = this.months.get(key);
    if (!set) this.months.set(key, (set = new Set()));
    set.add(month);
  }

  finish(): SelfApprovals {
    const out = new Map<string, number[]>();
    for (const [k, s] of this.months) out.set(k, [...s].sort((a, b) => a - b));
    return new SelfApprovals(out);
  }
}

export class SelfApprovals {
  static readonly empty = new SelfApprovals(new Map());

  /** Per key (selfApprovalKey): the months with a self-approved entry, ascending. */
  constructor(readonly parts: ReadonlyMap<string, readonly number[]>) {}

  /** The months other than `month` in which the user self-approved entries of the same kind. */
  otherMonths(key: string, month: number): number {
    const months = this.parts.get(key);
    if (!months) return 0;
    return months.length - (months.includes(month) ? 1 : 0);
  }
}
