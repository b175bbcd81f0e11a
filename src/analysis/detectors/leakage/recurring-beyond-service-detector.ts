// recurring_billed_beyond_service on one invoice: the recurring charges it bills beyond the
// services its contract's rows have in force (recurring-beyond-service.ts), judged once per context
// over the whole history pass with unbilled_recurring_charge's schedule and handed to the invoice.
import type { Detector } from "../types.ts";
import { RECURRING_BEYOND_SERVICE_CODE } from "./recurring-beyond-service.ts";

export const recurringBeyondServiceDetector: Detector = {
  codes: [RECURRING_BEYOND_SERVICE_CODE],
  // The judgement reads the history pass (context.ts collects the schedule's lines during it).
  history: "ledger",
  detect({ txn, ctx }) {
    if (txn.type !== "invoice") return [];
    const found = ctx.recurringSurpluses.findingsFor(txn.transaction_id);
    return found.length === 0 ? [] : [...found];
  },
};
