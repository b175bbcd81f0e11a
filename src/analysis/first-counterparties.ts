// Where a counterparty's first entry is the ledger's routine. A car dealer sells nearly every car
// to a customer it never sold to before: the deal's contract-in-transit line, or the cash line of
// a cash deal, is the buyer's first entry four times in five, and each is above the ledger's 95th
// percentile. new_counterparty_large_amount asks whether a first transaction is unusual; where
// most of the entries of its kind are first transactions, it is not — as an auditor would not
// vet every retail buyer as a new vendor. Where first entries are rare (a supplier's bill, a
// refund paid out to a customer), a new counterparty is still the signal it was.
//
// "Its kind" is what the ledger says of the entry without configuration: its type, the account a
// general ledger line posts to (account-field.ts, "" for a document) and its side (a debit to cash
// is a receipt, a credit a payment out). Counted over the whole history: per kind, the entries
// that name a counterparty, and the counterparties whose first entry is of that kind.
import type { Transaction } from "../domain/transaction.ts";

/** Other counterparties that began with a kind of entry before it can be their routine. */
export const MIN_FIRST_COUNTERPARTIES = 20;
/** The share of a kind's entries that must be first ones: most of them. */
export const FIRST_ENTRIES_SHARE = 0.5;

/** The kind of an entry for first counterparties: type, ledger account and side. */
export function entryKind(t: Transaction, account: string): string {
  return `${t.type ?? ""}|${account}|${(t.amount ?? 0) < 0 ? "CR" : "DR"}`;
}

export class FirstCounterparties {
  /** Per kind: its entries that name a counterparty. */
  private readonly entries = new Map<string, number>();
  /** Per counterparty: the kind of its first entry (the earliest the history has read so far). */
  private readonly firstKind = new Map<string, string>();
  /** Per kind: the counterparties whose first entry it is. */
  private readonly firsts = new Map<string, number>();

  /** An entry of `kind` naming `counterparty`; `first`: the earliest of it the history has read so far. */
  add(kind: string, counterparty: string, first: boolean) {
    this.entries.set(kind, (this.entries.get(kind) ?? 0) + 1);
    if (!first) return;
    // Read out of order, a counterparty's first entry may turn out to be another one.
    const before = this.firstKind.get(counterparty);
    if (before !== undefined) this.firsts.set(before, this.firsts.get(before)! - 1);
    this.firstKind.set(counterparty, kind);
    this.firsts.set(kind, (this.firsts.get(kind) ?? 0) + 1);
  }

  /**
   * Whether a counterparty's first entry is the routine of `kind`: at least
   * MIN_FIRST_COUNTERPARTIES other counterparties began with it, and they are more than
   * FIRST_ENTRIES_SHARE of its entries. `self`: the judged entry is in the history, as a first
   * one of that kind (left out of both counts).
   */
  routine(kind: string, self: boolean): boolean {
    const out = self ? 1 : 0;
    const entries = (this.entries.get(kind) ?? 0) - out;
    const firsts = (this.firsts.get(kind) ?? 0) - out;
    return firsts >= MIN_FIRST_COUNTERPARTIES && firsts > FIRST_ENTRIES_SHARE * entries;
  }
}
