// Which counterparties were paid into which bank account, and when: what the
// other_payees_bank_account and payee_bank_account_changed detectors read. A payroll register or a payments export names the
// account each payment went to (the last four digits, a hash of the IBAN, the account number);
// two payees paid into one account is ordinary where both were from the start (a married couple
// sharing an account) and is how a ghost employee or a diverted account looks where one of them
// arrived at an account another payee had long been paid into; and one payee paid into a second
// account is a change of its bank details, which a business email compromise fakes. Kept per
// account: per payee its payments' days (ms), in history order, and the same read per payee; only
// transactions that name an account cost anything.
import type { Transaction } from "../domain/transaction.ts";
import { attributeNameMatcher } from "./detectors/leakage/markers.ts";

/** Column names (compared without case or separators) of the account a payment was paid into:
 *  a payroll register's or payables export's, and a bank feed's other side (camt.053's creditor
 *  account, a portal's "Counterparty Account"). Not a bare `account` or `account_number`: in a
 *  ledger export those name the G/L account, and in a bank feed the company's own account. */
export const BANK_ACCOUNT_FIELDS = [
  "bank_account", "bank_account_number", "bank_account_no", "bank_account_last_4", "bank_account_last4", "bank_account_last_four",
  "bank_account_hash", "account_hash", "iban", "iban_hash", "iban_last_4", "masked_iban", "payee_bank_account", "payee_iban",
  "beneficiary_account", "beneficiary_iban", "beneficiary_bank_account", "deposit_account", "direct_deposit_account",
  "direct_deposit_account_last_4", "employee_bank_account", "vendor_bank_account", "supplier_bank_account", "bankverbindung",
  "counterparty_account", "counterparty_account_number", "counterparty_iban", "creditor_account", "creditor_iban", "payee_account",
  "recipient_account", "recipient_iban",
  // A payment platform's payouts report: the seller's bank account a payout went to (Stripe's
  // payout_destination_id). Not a bare `destination`: in a freight or order export that is a place;
  // nor a destination's last four digits alone: sixty sellers' accounts share last fours.
  "payout_destination", "payout_destination_id", "destination_account", "destination_account_id", "destination_bank_account", "destination_iban",
] as const;
const bankAccountField = attributeNameMatcher(BANK_ACCOUNT_FIELDS);

/** Column names of the status of the account paid into as the export states it at payment time
 *  (a payouts report's destination status: new, verified, verification failed…). */
export const ACCOUNT_STATUS_FIELDS = [
  "destination_status", "bank_account_status", "account_verification", "account_verification_status", "verification_status",
  "bank_account_verification", "bank_account_verified", "destination_verified", "account_verified",
] as const;
const accountStatusField = attributeNameMatcher(ACCOUNT_STATUS_FIELDS);
/** Statuses of an account not (yet) verified with its holder: added and paid before a micro-deposit
 *  or call-back confirmed it. */
const UNVERIFIED = new Set(["new", "unverified", "not_verified", "pending", "pending_verification", "verification_pending", "unvalidated", "verification_failed", "no", "false", "n"]);

/** Whether the row states that the account it was paid into was not verified; undefined when it states no status. */
export function paidIntoUnverifiedAccount(t: Transaction): boolean | undefined {
  const attrs = t.attributes;
  if (!attrs) return undefined;
  for (const name in attrs) {
    if (accountStatusField(name) === null) continue;
    const v = attrs[name];
    if (v === null || v === undefined || v === "") continue;
    return UNVERIFIED.has(String(v).trim().toLowerCase().replace(/[\s-]+/g, "_"));
  }
  return undefined;
}

/** Whether an attribute's column names the account a payment was paid into. */
export function isBankAccountField(name: string): boolean {
  return bankAccountField(name) !== null;
}

/** The account a transaction was paid into: every such column's value, trimmed and upper-cased,
 *  joined (the last four digits and a hash of the whole number together tell two accounts apart
 *  where four digits alone would collide); undefined when it names none. */
export function bankAccountOf(t: Transaction): string | undefined {
  const attrs = t.attributes;
  if (!attrs) return undefined;
  let key: string | undefined;
  for (const name in attrs) {
    if (bankAccountField(name) === null) continue;
    const v = attrs[name];
    if (v === null || v === undefined || v === "") continue;
    const text = String(v).trim().toUpperCase();
    if (text === "") continue;
    key = key === undefined ? text : `${key}|${text}`;
  }
  return key;
}

/** The payees of one account: per payee the days (ms) of its payments into it, ascending. */
export type AccountPayees = ReadonlyMap<string, readonly number[]>;

/** The accounts of one payee: per account the days (ms) of its payments into it, ascending. */
export type PayeeAccountDays = ReadonlyMap<string, readonly number[]>;

export class PayeeAccounts {
  static readonly empty = new PayeeAccounts(new Map());
  private byPayee: Map<string, Map<string, readonly number[]>> | undefined;
  constructor(private readonly byAccount: ReadonlyMap<string, AccountPayees>) {}
  /** The payees paid into `account` in the history, or undefined. */
  payees(account: string): AccountPayees | undefined {
    return this.byAccount.get(account);
  }
  /** The accounts `payee` was paid into in the history, or undefined (indexed when first asked). */
  accounts(payee: string): PayeeAccountDays | undefined {
    if (!this.byPayee) {
      this.byPayee = new Map();
      for (const [account, payees] of this.byAccount) {
        for (const [p, days] of payees) {
          let accounts = this.byPayee.get(p);
          if (!accounts) this.byPayee.set(p, (accounts = new Map()));
          accounts.set(account, days);
        }
      }
    }
    return this.byPayee.get(payee);
  }
}

export class PayeeAccountsBuilder {
  private readonly byAccount = new Map<string, Map<string, number[]>>();

  add(t: Transaction, ms: number) {
    if (!t.customer_id || Number.isNaN(ms) || (t.amount ?? 0) <= 0) return;
    const account = bankAccountOf(t);
    if (account === undefined) return;
    let payees = this.byAccount.get(account);
    if (!payees) this.byAccount.set(account, (payees = new Map()));
    const days = payees.get(t.customer_id);
    if (days) days.push(ms);
    else payees.set(t.customer_id, [ms]);
  }

  finish(): PayeeAccounts {
    if (this.byAccount.size === 0) return PayeeAccounts.empty;
    for (const payees of this.byAccount.values()) for (const days of payees.values()) days.sort((a, b) => a - b);
    return new PayeeAccounts(this.byAccount);
  }
}
