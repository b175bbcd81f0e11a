// A general ledger as exports write it: one transaction per journal line, each naming its journal
// (`Journal ID`), the amount signed debit minus credit. Shared by the tests of the detectors that
// read journals whole (duplicate_journal, accrual_not_reversed).
import type { Transaction } from "../../src/domain/transaction.ts";

export interface JournalLine { account: string; debit?: number; credit?: number }

/** A writer of journals whose lines are numbered from `first` on (each test file its own). */
export function journalWriter(first = 1000) {
  let lineNo = first;
  return <L extends JournalLine>(id: string, day: string, lines: L[], user: string, attributes: (line: L, lineNo: number) => Record<string, string>): Transaction[] =>
    lines.map((l) => {
      const no = lineNo++;
      return {
        transaction_id: String(no),
        type: "journal_entry",
        date: `${day}T00:00:00Z`,
        created_by: user,
        currency: "USD",
        amount: (l.debit ?? 0) - (l.credit ?? 0),
        lines: [],
        attributes: { "Journal ID": id, ...attributes(l, no) },
      };
    });
}
