// unbilled_recurring_charge on one transaction: the recurring charges its contract's schedule
// says are due for the period it bills and that nothing bills (unbilled-recurring.ts), judged once
// per context over the whole history and handed to the invoice they go on. Findings of periods
// without any document are not any transaction's: a scan and a report list them apart.
import type { Detector } from "../types.ts";
import { UNBILLED_RECURRING_CODE } from "./unbilled-recurring.ts";

export const unbilledRecurringDetector: Detector = {
  codes: [UNBILLED_RECURRING_CODE],
  // The judgement reads the history pass (context.ts collects the schedule's lines during it).
  history: "ledger",
  detect({ txn, ctx }) {
    if (txn.type !== "invoice") return [];
    const found = ctx.recurringGaps.findingsFor(txn.transaction_id);
    return found.length === 0 ? [] : [...found];
  },
};
