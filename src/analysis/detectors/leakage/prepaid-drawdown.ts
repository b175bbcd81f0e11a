// Usage drawn down from a prepaid commitment: a SaaS contract's annual commit (Zuora's "prepaid
// with drawdown", a Metronome commit), a professional-services retainer. The prepayment is invoiced
// once, at the term's start; each period's usage is then listed at its rate with an amount of 0,
// its own text saying what it drew ("API calls 01/01 – 01/31, drawn from prepaid commit (remaining
// 41,200.00)"). Such a line is paid — by the prepayment — so it has no missing price
// (zero_price_line), and it bills its charge for the period (unbilled_recurring_charge). Usage
// beyond the commitment is billed as overage on lines of their own, which are judged as any line.
import type { TransactionLine } from "../../../domain/transaction.ts";

/** "drawdown", "draw-down", or drawn / deducted / consumed / applied against a prepayment, commit or retainer. */
const DRAWDOWN_WORDS = /\bdraw[- ]?downs?\b|\b(drawn|deducted|consumed|applied|covered)\b[^.;]{0,40}\b(prepaid|pre-paid|prepayment|commit|commitment|retainer)\b/i;

/** Whether the line is usage at 0 that says it was drawn from a prepayment. */
export function drawnFromPrepayment(line: TransactionLine): boolean {
  if (!line.description || !((line.quantity ?? 0) > 0)) return false;
  const amount = line.amount ?? (line.unit_price ?? 0) * (line.quantity ?? 0);
  return amount === 0 && DRAWDOWN_WORDS.test(line.description);
}

/** What a drawdown line drew from the prepayment: its quantity at its stated rate (0 when it states none). */
export function drawnValue(line: TransactionLine): number {
  return (line.unit_price ?? 0) * (line.quantity ?? 0);
}
