// payee_bank_account_changed: an established payee paid into a bank account never used for it
// before — how a business email compromise looks in a bank feed or a payables export: a mail "our
// bank details have changed" gets a vendor's next invoice paid into the fraudster's account, and
// once the real vendor asks where its money is, its payments go to its own account again. The
// evidence is the export's account column (payee-accounts.ts) and who was paid into it when.
//
// A change of bank details is what a treasury verifies by calling the payee back, whichever it is,
// so the first payment into a new account is always worth a look (medium). What tells the fraud
// from a vendor's real move to another bank is what came after, which a scan of the history sees:
//  - high (0.85) on each payment into the new account when it was used fewer than three times and
//    the payee was paid into an account it had before again afterwards: a detour, not a move;
//  - medium (0.5) on each payment into it while nothing after it tells (the history ends before the
//    payee is paid again, or a posting analysed inline after the history);
//  - medium (0.5) on the first payment only when the new account carried on (a move for good: the
//    later payments into it are the payee's account now);
//  - high (0.85) on each payment into it, whatever came after, when the row itself states that the
//    account was not verified at payment time (a payouts report's `Destination Status` of new,
//    unverified, pending…: payee-accounts.ts): a seller's account taken over, its payouts sent to
//    an account added minutes before, where a legitimate change is held until it is verified.
// Not judged: a payee with fewer than three payments into other accounts before the new one (no
// established account), an account first used in the history's first new_counterparty.warmup_days
// (which came first, it cannot tell), an account other payees were paid into too
// (other_payees_bank_account's case), money coming in (amount ≤ 0) and a row naming no account or
// no payee.
//
// The account's rarity is the change itself: where this detector judged the payment, a rare_value
// or rare_combination finding on the account column restates it without knowing what came after,
// and is dropped (restatedByAccountChange) — else a move for good, seen only once or twice before
// the history ends, would be high on two findings of one fact (an employee's new direct deposit
// account in a payroll register).
import { DAY_MS, isoDay, parseDateMs } from "../../dates.ts";
import { bankAccountOf, isBankAccountField, paidIntoUnverifiedAccount } from "../../payee-accounts.ts";
import { lowerBound } from "../../sorted-search.ts";
import type { Detector, Finding } from "../types.ts";

const CODE = "payee_bank_account_changed";
/** The findings that only say an account is rare (its column's value, or a pair with it). */
const RARITY_CODES = new Set(["rare_value", "rare_combination"]);

/** Payments into the payee's other accounts before the new one that make it established; and
 *  payments into the new one that make it a move rather than a detour. */
const ESTABLISHED = 3;

/** The findings without those that restate, as a rarity of the account column, a change this detector judged. */
export function restatedByAccountChange(findings: Finding[]): Finding[] {
  if (findings.length < 2 || !findings.some((f) => f.code === CODE)) return findings;
  return findings.filter((f) => !(RARITY_CODES.has(f.code) && f.field != null && f.field.startsWith("attributes.") && isBankAccountField(f.field.slice("attributes.".length))));
}

export const payeeBankAccountChangedDetector: Detector = {
  codes: [CODE],
  history: "full",
  detect({ txn, ctx, config, self }) {
    if (!txn.customer_id || (txn.amount ?? 0) <= 0 || !txn.attributes) return [];
    const account = bankAccountOf(txn);
    if (account === undefined) return [];
    const accounts = ctx.history.payeeAccounts.accounts(txn.customer_id);
    if (!accounts || (accounts.size === 1 && accounts.has(account))) return [];
    const payees = ctx.history.payeeAccounts.payees(account);
    if (payees && (payees.size > 1 || !payees.has(txn.customer_id))) return [];
    const ms = self ? self.ms : txn.date ? parseDateMs(txn.date) : Number.NaN;
    if (Number.isNaN(ms)) return [];
    // The payments into this account, the judged one among them (analysed inline, it is not in the history).
    const recorded = accounts.get(account) ?? [];
    const here = self ? recorded : [...recorded, ms].sort((a, b) => a - b);
    const first = here[0]!;
    const last = here[here.length - 1]!;
    if (first < ctx.history.startMs + config.anomaly_detection.new_counterparty.warmup_days * DAY_MS) return [];
    let before = 0;
    let back = false;
    let laterElsewhere = false;
    for (const [other, days] of accounts) {
      if (other === account) continue;
      const earlier = lowerBound(days, first);
      before += earlier;
      const after = days.length - lowerBound(days, last + 1);
      if (after > 0) {
        laterElsewhere = true;
        if (earlier > 0) back = true;
      }
    }
    if (before < ESTABLISHED) return [];
    const unverified = paidIntoUnverifiedAccount(txn) === true;
    const detour = back && here.length < ESTABLISHED;
    const undecided = !laterElsewhere && here.length < ESTABLISHED;
    if (!unverified && !detour && !undecided && ms !== first) return [];
    const shown = account.split("|")[0];
    const why = unverified
      ? `while the account was not verified with the payee: a payment to verify before any other goes there`
      : detour
      ? `and after it was paid into an account it had before again: a detour of its payments (business email compromise), not a move`
      : undecided
        ? `too close to the end of the history to tell a move from a detour: verify the change with the payee`
        : `and has been paid into it since: a change of bank details, to verify with the payee once`;
    return [
      {
        code: CODE,
        score: unverified || detour ? 0.85 : 0.5,
        message: `${txn.customer_id}, paid ${before} times into other accounts, paid into bank account ${shown} never used for it before ${isoDay(first)} (${here.length} payment(s) into it) ${why}`,
        field: "attributes",
        expected: { accounts_of_payee: [...accounts.keys()].filter((a) => a !== account).map((a) => a.split("|")[0]) },
        actual: { account: shown, account_not_verified: unverified, first_payment_here: isoDay(first), payments_here: here.length, established_payments: before, paid_into_earlier_account_after: back },
        amount_at_risk: 0,
      },
    ];
  },
};
