// A late fee is a penalty whose amount the law or the contract caps, not a price: most US states
// and most tariffs allow the lesser of a percentage of the past-due balance (1.5 % a month, 5 % of
// the rent) and a flat maximum, and a jurisdiction may set a lower maximum than the provider's
// own. The price list's amount for it is that maximum. A late fee billed below it is the cap or
// the percentage of a small balance, which the bill does not state — not a price cut. Only a late
// fee line at 0 (a fee produced and zeroed, neither charged nor waived by a credit) is judged.
import type { TransactionLine } from "../../../domain/transaction.ts";

/** A line's own words for a late-payment penalty: "Late payment fee", "Late fee - rent unpaid after grace period", "Late charge 1.5%", "Past-due fee". */
const LATE_FEE_WORDS = /\blate[- ](?:payment[- ])?(?:fee|charge|penalty)s?\b|\bpast[- ]due (?:fee|charge|penalty)s?\b/i;

/** Whether the line says, in its own text, that it is a late-payment fee (its list amount a maximum). */
export function lateFeeLine(line: TransactionLine): boolean {
  return line.description !== undefined && LATE_FEE_WORDS.test(line.description) && !WAIVER_WORDS.test(line.description);
}

/** A waiver or reversal of a late fee is no fee charged ("Late charge waiver", "Late fee waived"). */
const WAIVER_WORDS = /\bwaive|\brevers|\bcredit\b|\brefund/i;
