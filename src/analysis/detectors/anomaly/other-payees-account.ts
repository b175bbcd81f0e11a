// other_payees_bank_account: a payment into a bank account that another payee had long been paid
// into before this payee's first payment there — a ghost employee added to the payroll with the
// account of the clerk who keyed them, an employee's (or vendor's) account changed to a colleague's
// or a fraudster's just before a pay date. The evidence is the export's own: the account column
// (its last four digits and a hash of the whole number, an IBAN; payee-accounts.ts) and who was
// paid into it when.
//
// Not judged: payees that were both paid into the account from the history's first
// new_counterparty.warmup_days on (a married couple sharing an account since before the history:
// which of them came first, it cannot tell), an account the other payee was paid into fewer than
// three times before (no established account of theirs), and a payment that names no account or
// no payee. Medium rather than high when the other payee was no longer paid into the account once
// this one arrived: an account handed over (a vendor's master record re-created under a new id)
// rather than drawn on by two payees at once. A spouse hired later, paid into the couple's account,
// looks exactly like a ghost employee and is reported too, at high, by decision: the surname they
// share is what a ghost who is the keyer's relative has too, a register holds no address, and what
// tells a real spouse apart (the HR file, an I-9, timesheets) is outside the export.
import { DAY_MS, isoDay, parseDateMs } from "../../dates.ts";
import { bankAccountOf } from "../../payee-accounts.ts";
import { lowerBound } from "../../sorted-search.ts";
import type { Detector } from "../types.ts";

/** Payments of another payee into the account before this one's first that make it theirs. */
const ESTABLISHED = 3;

export const otherPayeesBankAccountDetector: Detector = {
  codes: ["other_payees_bank_account"],
  history: "full",
  detect({ txn, ctx, config, self }) {
    if (!txn.customer_id || (txn.amount ?? 0) <= 0 || !txn.attributes) return [];
    const account = bankAccountOf(txn);
    if (account === undefined) return [];
    const payees = ctx.history.payeeAccounts.payees(account);
    if (!payees || (payees.size === 1 && payees.has(txn.customer_id))) return [];
    const ms = self ? self.ms : txn.date ? parseDateMs(txn.date) : Number.NaN;
    if (Number.isNaN(ms)) return [];
    const own = payees.get(txn.customer_id);
    const first = own && own.length > 0 ? Math.min(own[0]!, ms) : ms;
    if (first < ctx.history.startMs + config.anomaly_detection.new_counterparty.warmup_days * DAY_MS) return [];
    let best: { payee: string; before: number; since: number; still: boolean } | undefined;
    for (const [payee, days] of payees) {
      if (payee === txn.customer_id) continue;
      const before = lowerBound(days, first);
      if (before < ESTABLISHED) continue;
      const still = days.length > before;
      if (!best || (still && !best.still) || (still === best.still && before > best.before)) best = { payee, before, since: days[0]!, still };
    }
    if (!best) return [];
    return [
      {
        code: "other_payees_bank_account",
        score: best.still ? 0.85 : 0.5,
        message: `paid into bank account ${account.split("|")[0]} that ${best.payee} had been paid into ${best.before} times since ${isoDay(best.since)} before ${txn.customer_id}'s first payment there on ${isoDay(first)}${best.still ? ` and still is: two payees drawing on one account (a ghost payee, or an account diverted to another payee's)` : `, but no longer: an account handed over, or diverted`}`,
        field: "attributes",
        expected: { account_of: txn.customer_id },
        actual: { account: account.split("|")[0], other_payee: best.payee, other_payments_before: best.before, other_since: isoDay(best.since), first_payment_here: isoDay(first), other_still_paid: best.still },
        amount_at_risk: 0,
      },
    ];
  },
};
