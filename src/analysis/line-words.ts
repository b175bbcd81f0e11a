// What a document's lines say of themselves: a credit whose every described line calls itself an
// account credit, or a deposit applied, is read by those words (duplicates/account-credit.ts,
// duplicates/credit-notes.ts).
import type { Transaction } from "../domain/transaction.ts";

/** Whether every line of `txn` with a description matches `words`, and at least one has one: a
 *  line without text says nothing either way, a line saying something else breaks the claim. */
export function everyDescribedLineSays(txn: Transaction, words: RegExp): boolean {
  let said = false;
  for (const l of txn.lines) {
    if (!l.description) continue;
    if (!words.test(l.description)) return false;
    said = true;
  }
  return said;
}
