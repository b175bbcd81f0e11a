// accrual_reversed_twice: a journal reversing an accrual that its reversal had already undone —
// the recurring journal reversed the month-end accrual on the 1st, and days later the same
// reversal is keyed again by hand (another text) or posted again: the expense and the liability
// are taken back twice (accrual-reversals.ts says which journals are judged and why: a kind
// reversed as a rule; not a partial reversal completed later, a re-accrual reversed in turn, a
// wrong reversal undone and posted right). Each line of the second reversal is reported, its
// total at risk once, on its first line.
import { money, type Detector } from "../types.ts";

/** Evidence per level of the accrual's habit, with the default weight 0.85: 72 (high), 43 (medium). */
const SCORE = { high: 0.85, medium: 0.5 } as const;

export const accrualReversedTwiceDetector: Detector = {
  codes: ["accrual_reversed_twice"],
  history: "ledger",
  detect({ ctx, self }) {
    if (self === undefined) return [];
    const found = ctx.history.journalCopies.unreversed.twiceAt(self.seq);
    if (found === undefined) return [];
    return [
      {
        code: "accrual_reversed_twice",
        score: SCORE[found.level],
        message: `Journal ${found.journal} (${money(found.total)}) reverses journal ${found.original} again: journal ${found.firstReversal} had reversed it ${found.days} day${found.days === 1 ? "" : "s"} before (the same lines, debit and credit swapped; ${found.habit} are reversed as a rule) — the accrual is taken back twice, understating the expense and the liability.`,
        field: null,
        expected: { reversed_by: found.firstReversal },
        actual: { journal: found.journal, original: found.original, first_reversal: found.firstReversal, days: found.days, lines: found.lines, total: found.total },
        amount_at_risk: self.seq === found.firstSeq ? found.total : 0,
        risk_key: `journal:${found.journal}`,
      },
    ];
  },
};
