// The amount contexts a history builds from a ledger, and the two ledgers the amount-context
// tests read them from (a journal with its fields named, a ledger whose fields are found).
import { generateLedger } from "../../bench/ledger.ts";
import { generateJournal } from "../../bench/quality/journal.ts";
import { HistoryBuilder } from "../../src/analysis/history.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

export const contextJournal = generateJournal({ seed: 3, entries: 6_000, anomalyRate: 0.003 }).transactions;
// A company field scopes the amounts apart from the document's currency.
export const contextDocCurrencyLedger = generateLedger({ seed: 23, entries: 6_000, anomalyRate: 0.003, variant: "doc-currency" }).transactions;

export function contextsOf(transactions: Transaction[], fields: readonly string[] | "auto") {
  const history = new HistoryBuilder({ categoricalFields: fields });
  for (const t of transactions) history.add(t);
  return history.finish().amounts;
}
