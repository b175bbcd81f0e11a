// accrual_not_reversed: a journal posting to an account-side whose journals are reversed as a rule
// (a month-end accrual to accrued liabilities, auto-reversed on the 1st: the same lines, debit and
// credit swapped) that no reversal followed within the window, with the history running far enough
// past it to say the reversal never came (accrual-reversals.ts says which journals are judged and
// why). It overstates the expense and the liability: an auditor's cut-off finding, but no loss (an
// anomaly: nothing at risk). Each line of the journal is reported.
import { money, type Detector } from "../types.ts";

/** Evidence per level, with the default weight 0.8: 68 (high), 40 (medium). */
const SCORE = { high: 0.85, medium: 0.5 } as const;

export const accrualNotReversedDetector: Detector = {
  codes: ["accrual_not_reversed"],
  history: "ledger",
  detect({ ctx, self }) {
    if (self === undefined) return [];
    const found = ctx.history.journalCopies.unreversed.at(self.seq);
    if (found === undefined) return [];
    return [
      {
        code: "accrual_not_reversed",
        score: SCORE[found.level],
        message: `Journal ${found.journal} (${money(found.total)}) was never reversed: ${found.reversed} of the ${found.journals} journals with ${found.habit} were reversed by their exact reversal, usually ${found.lagDays} day${found.lagDays === 1 ? "" : "s"} later, and the history runs ${found.daysSince} days past this one — an accrual left standing overstates the expense and the liability.`,
        field: null,
        expected: { reversed_within_days: found.lagDays },
        actual: { journal: found.journal, habit: found.habit, reversed: found.reversed, journals: found.journals, days_since: found.daysSince, total: found.total },
        amount_at_risk: 0,
        risk_key: `journal:${found.journal}`,
      },
    ];
  },
};
