// An account credit: a goodwill, outage or service credit a care agent posts to the customer's
// account, naming the bill the customer called about. It compensates (an outage, a missed
// appointment, a complaint); it does not take back the bill's charges, and a telecom or utility
// billing system applies it to the account balance: what exceeds the current bill carries to the
// next. Approved by someone other than the agent who posted it, the amount is an authorised
// decision, so its excess over the bill is worth a look, not an alarm (credit-notes.ts). A credit
// that takes back the bill's own charges (a correction, a re-rating, a return) or an account credit
// nobody approved is judged as ever: beyond the bill is beyond what was billed. Approved or not, an
// account credit cancels nothing: a bill it exceeds is still the bill of its charges (history.ts,
// creditedInFull), its prices judged as ever.
import type { Transaction } from "../../../domain/transaction.ts";
import { everyDescribedLineSays } from "../../line-words.ts";

/** A line's own words for a credit to the account rather than to a charge: "Account credit - OUTAGE", "Goodwill credit", "Service credit (outage 3 days)", "Courtesy credit". */
const ACCOUNT_CREDIT_WORDS = /\baccount credit\b|\bgoodwill\b|\boutage\b|\b(?:service|courtesy|loyalty|compensation) credit\b/i;

/**
 * Whether every line of the credit that says what it is says it is an account credit (one at
 * least): it compensates, and takes back none of the invoice's charges — however large, it does
 * not cancel the invoice it names (history.ts, creditedInFull).
 */
export function creditsTheAccount(txn: Transaction): boolean {
  return everyDescribedLineSays(txn, ACCOUNT_CREDIT_WORDS);
}

/** Whether the credit note is an account credit approved by another person than its author: who approved it, if it is. */
export function approvedAccountCredit(txn: Transaction): string | undefined {
  const approver = txn.approved_by?.trim();
  // Approved by its own author (compared as compliance's self_approval does: case aside) is no approval.
  if (!approver || approver.toLowerCase() === txn.created_by?.trim().toLowerCase()) return undefined;
  return creditsTheAccount(txn) ? approver : undefined;
}
