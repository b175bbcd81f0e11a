// duplicate_credit_note / excessive_credit_note, for a credit note that references an invoice
// (and duplicate_credit_note for an allowance claimed again under the agreement it names:
// claimed-twice.ts):
//  - duplicate: an earlier credit note against the same invoice for the same amount: the whole
//    credit is at risk;
//  - excessive: the earlier credits plus this one exceed the invoice: the excess (at most this
//    credit) is at risk.
// A single credit note within the invoice, or several partial ones that add up to no more than
// the invoice, are legitimate and are not reported. Equal credits that together take back exactly
// the invoice's amount (two items of an order returned one after the other) are a medium duplicate.
// Credits converted from another currency (converted-currency.ts) that exceed the invoice by no
// more than a rate moves in the meantime are a medium excess: a full refund of a charge the buyer
// paid in euros, converted at the refund day's rate, settles for a few percent more than the charge.
// A credit taken back by a debit that names it (a waiver posted to the wrong term and reversed, a
// credit memo cancelled) no longer stands: it is no original of the same credit posted again, nor
// among the credits that exceed the invoice. Two credits of one amount that credit different
// charges (their lines share no code: a withdrawal refund of tuition and a waiver; a mis-pick and a
// disputed accessorial) are two credits, not one twice (credit-charges.ts).
// A credit beyond the disputed amount its own document names (a dispute's credit memo:
// disputed-amount.ts) is an excess too, by what it gives back beyond the dispute.
// A goodwill, outage or service credit to the account, approved by someone other than its author
// (account-credit.ts), is a medium excess: the billing system carries what exceeds the bill to the
// account's balance, by an authorised decision.
// A credit whose lines say they apply a deposit (a utility's or landlord's security deposit and its
// interest applied to the final bill, the rest refunded) settles the invoice with the customer's
// own money: it is judged for duplicates, never as a credit beyond the invoice.
// A customer's deduction and the supplier's approved credit memo naming the same claim number (a
// return authorisation) are the memo clearing the deduction: one credit (cleared-claim.ts).
import type { Transaction } from "../../../domain/transaction.ts";
import { before, type HistoryEntry, shipmentNamed } from "../../history.ts";
import { roundMoney } from "../../../domain/rounding.ts";
import { isBelow, money, nearlyEqual, type Detector } from "../types.ts";
import { convertedFrom } from "./converted-currency.ts";
import { creditCharges, mayCreditSameCharges } from "./credit-charges.ts";
import { disputedAmountOf } from "./disputed-amount.ts";
import { approvedAccountCredit } from "./account-credit.ts";
import { everyDescribedLineSays } from "../../line-words.ts";
import { claimRepeated } from "./claimed-twice.ts";
import { clearedByClaim } from "./cleared-claim.ts";

/** How far above the invoice a converted credit may settle for an exchange rate's movement since the
 *  invoice (a share of the invoiced amount): a currency pair moves a few percent in a quarter. */
const RATE_MOVEMENT = 0.05;

export const creditNoteDetector: Detector = {
  codes: ["duplicate_credit_note", "excessive_credit_note"],
  history: "ledger",
  detect({ txn, ctx, config, self }) {
    if (txn.type !== "credit_note") return [];
    // An allowance claimed again under the agreement it names (claimed-twice.ts).
    const repeated = claimRepeated({ txn, ctx, self });
    if (repeated) {
      const amount = Math.abs(txn.amount ?? 0);
      return [
        {
          code: "duplicate_credit_note",
          score: 1,
          message: `claim of ${money(amount)} under ${txn.contract_id} repeats ${repeated.id}: the same lines for the same period`,
          field: "contract_id",
          expected: { claims_for_period: 1 },
          actual: { duplicate_of: repeated.id, contract_id: txn.contract_id, amount },
          amount_at_risk: roundMoney(amount),
          risk_key: "whole",
        },
      ];
    }
    if (!txn.reference) return [];
    const tol = config.revenue_leakage.tolerance;
    const amount = Math.abs(txn.amount ?? 0);
    if (amount === 0) return [];
    // Invoices of the history naming a credit as their reference take it back (the reversal) —
    // when they bill it all: a debit of part of it leaves the credit standing.
    const reversed = ctx.history.invoiceReferences;
    const earlier: HistoryEntry[] = (ctx.history.creditsByReference.get(txn.reference) ?? []).filter(
      (c) => c.id !== txn.transaction_id && (!self || before(c, self)) && !((reversed.get(c.id) ?? 0) >= c.amount - tol.absolute) && !clearedByClaim(ctx, txn, c.id),
    );
    const charges = creditCharges(txn, shipmentNamed(txn));
    const twin = earlier.find((c) => nearlyEqual(c.amount, amount, tol) && mayCreditSameCharges(c.charges, charges));
    const invoiced = ctx.history.invoiceAmount(txn.reference);
    const credited = earlier.reduce((s, c) => s + c.amount, 0) + amount;
    if (twin) {
      // Equal credits that together take back exactly what was invoiced: an order's two items
      // returned one after the other (a refund of each half); a copy of a partial credit lands
      // on the invoice's amount only by chance. Worth a look, not an alarm.
      const inFull = invoiced !== undefined && invoiced > 0 && nearlyEqual(credited, invoiced, tol);
      return [
        {
          code: "duplicate_credit_note",
          score: inFull ? 0.5 : 1,
          message: `credit of ${money(amount)} against ${txn.reference} repeats ${twin.id}${inFull ? `; together the credits take back ${txn.reference} in full (${money(invoiced)}): two returns of its parts, or a copy` : ""}`,
          field: "reference",
          expected: { credits_for_amount: 1 },
          actual: { duplicate_of: twin.id, reference: txn.reference, amount },
          amount_at_risk: roundMoney(amount),
          risk_key: "whole",
        },
      ];
    }
    if (appliesDeposit(txn)) return [];
    // A credit beyond the disputed amount its own document names (disputed-amount.ts), where that
    // excess is at least the excess over the invoice: the credit gives back more than was contested.
    // The credit's amount is net of tax, as a disputed amount is (or it is gross, and larger).
    const disputed = disputedAmountOf(txn);
    const overInvoice = invoiced === undefined ? 0 : credited - invoiced;
    if (disputed !== undefined && isBelow(disputed, amount, tol) && amount - disputed >= overInvoice) {
      const excess = amount - disputed;
      return [
        {
          code: "excessive_credit_note",
          score: Math.min(1, 0.8 + 0.2 * Math.min(1, excess / disputed)),
          message: `credit of ${money(amount)} against ${txn.reference}, more than the disputed amount of ${money(disputed)} that it names`,
          field: "amount",
          expected: { max_credit: roundMoney(disputed) },
          actual: { amount, disputed_amount: disputed },
          amount_at_risk: roundMoney(excess),
          risk_key: "whole",
        },
      ];
    }
    if (invoiced === undefined) return [];
    if (!isBelow(invoiced, credited, tol)) return [];
    const excess = Math.min(amount, credited - invoiced);
    const from = credited - invoiced <= RATE_MOVEMENT * invoiced ? convertedFrom(txn) : undefined;
    // An approved goodwill or outage credit to the account carries its excess to the balance (account-credit.ts).
    const approver = from ? undefined : approvedAccountCredit(txn);
    return [
      {
        code: "excessive_credit_note",
        score: from || approver ? 0.5 : Math.min(1, 0.8 + 0.2 * Math.min(1, excess / Math.max(invoiced, 1))),
        message: `credits against ${txn.reference} total ${money(credited)}, more than the invoiced ${money(invoiced)}${from ? `; this credit was converted from ${from} at its own day's rate, and ${((credited / invoiced - 1) * 100).toFixed(1)}% above the invoice is within what a rate moves` : ""}${approver ? `; an account credit approved by ${approver}: the excess carries to the account's balance` : ""}`,
        field: "amount",
        expected: { max_credit: roundMoney(Math.max(0, invoiced - (credited - amount))) },
        actual: { amount, total_credited: roundMoney(credited), invoice_amount: invoiced },
        amount_at_risk: roundMoney(excess),
        risk_key: "whole",
      },
    ];
  },
};

/** A line's own words for a deposit applied, transferred or refunded ("Deposit and interest applied to final bill", "Apply security deposit"). */
const DEPOSIT_APPLIED = /\bdeposit\b.*\b(?:appl|transfer|refund|return)|\b(?:appl|transfer)\w*\b.*\bdeposit\b/i;

/** Whether every line of the credit that says what it is says it applies a deposit (one at least). */
function appliesDeposit(txn: Transaction): boolean {
  return everyDescribedLineSays(txn, DEPOSIT_APPLIED);
}
