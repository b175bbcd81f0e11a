// A payment received, on a general ledger (one row per line, its account an attribute): the line
// of a customer's payment that debits cash or a bank account, or credits a receivable (NetSuite's
// `Customer Payment`: the bank debited, Accounts Receivable credited, the customer named on both).
// It is the customer's money coming in: a monthly customer paying two equal invoices days apart
// with two payments pays two invoices, and even a receipt keyed twice pays nothing out — no loss
// to the company, where a payment sent twice is money gone (a bill payment: the payable debited,
// the bank credited). Told by the account's own words, as the export names it ("1000 Cash - SVB
// Operating", "1100 Accounts Receivable"); a ledger whose accounts are bare codes says nothing
// here, and its payments are judged as before. A receipt naming the invoice it applies to
// (`reference`) is judged by that (duplicate-document.ts, split-settlement.ts): one invoice paid
// twice is an overpayment the customer is owed back.
import { ledgerAccountOf } from "../../account-field.ts";
import type { Transaction } from "../../../domain/transaction.ts";

/** An account of cash at hand or in a bank, by its name (a bank's fees or interest are costs, not cash). */
const CASH_WORDS = /\b(?:cash|bank|checking|chequing|kasse|bankkonto|banque|caja|banco)\b/i;
const NOT_CASH_WORDS = /\b(?:fees?|charges?|interest|loans?|overdraft)\b/i;
/** An account of what customers owe, by its name. */
const RECEIVABLE_WORDS = /\b(?:receivables?|debtors?|forderungen|clients|deudores)\b|\bA\/R\b/i;

/** Whether the ledger line is a payment received that names no invoice it applies to (module comment). */
export function receivedWithoutInvoice(txn: Transaction): boolean {
  if (txn.type !== "payment" || txn.reference !== undefined || txn.lines.length > 0 || !txn.amount) return false;
  const account = ledgerAccountOf(txn.attributes);
  if (!account) return false;
  if (txn.amount > 0) return CASH_WORDS.test(account) && !NOT_CASH_WORDS.test(account);
  return RECEIVABLE_WORDS.test(account);
}
