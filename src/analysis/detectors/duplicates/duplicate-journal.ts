// duplicate_journal: a journal whose lines repeat an earlier journal's exactly (the same accounts,
// debits and credits to the cent, the same dimensions), under another journal number, on the same
// posting date or within days (journal-copies.ts says which repeats are recurrences, reversals or
// two stores' look-alike summaries, and are not judged). An interface that re-posts a journal
// (the POS nightly summary, a bank-feed import, an AP batch) books its money twice: each line of
// the later journal is reported, the journal's total at risk once, on its first line.
import { money, type Detector } from "../types.ts";

/** weight × score = 0.85 × 0.9: high, not critical — the lines prove the copy, not who is owed. */
const SCORE = 0.9;

export const duplicateJournalDetector: Detector = {
  codes: ["duplicate_journal"],
  history: "ledger",
  detect({ ctx, self }) {
    if (self === undefined) return [];
    const copy = ctx.history.journalCopies.copyAt(self.seq);
    if (copy === undefined) return [];
    const when = copy.days === 0 ? "on the same posting date" : `${copy.days} day${copy.days === 1 ? "" : "s"} later`;
    return [
      {
        code: "duplicate_journal",
        score: SCORE,
        message: `Journal ${copy.journal} repeats the ${copy.lines} lines of journal ${copy.original} (the same accounts, amounts and dimensions) ${when}: a journal posted twice; its total ${money(copy.total)} is booked twice.`,
        field: null,
        expected: { journal: copy.original },
        actual: { journal: copy.journal, lines: copy.lines, total: copy.total, days: copy.days },
        amount_at_risk: self.seq === copy.firstSeq ? copy.total : 0,
        risk_key: `journal:${copy.journal}`,
      },
    ];
  },
};
