// usage_stopped, recurring_component_missing, rental_period_not_billed, rental_billed_short_of_return and estimate_not_trued_up on one invoice: judged once per context over each
// service's bills month by month (service-history.ts; context.ts collects them during the history
// pass) and handed to the invoices they go on.
import type { Detector } from "../types.ts";
import { COMPONENT_MISSING_CODE } from "./component-missing.ts";
import { RENTAL_GAP_CODE, RENTAL_SHORT_CODE } from "./rental-periods.ts";
import { ESTIMATE_CODE } from "./estimate-true-up.ts";
import { USAGE_STOPPED_CODE } from "./usage-stopped.ts";

export const serviceHistoryDetector: Detector = {
  codes: [USAGE_STOPPED_CODE, COMPONENT_MISSING_CODE, RENTAL_GAP_CODE, RENTAL_SHORT_CODE, ESTIMATE_CODE],
  history: "ledger",
  detect({ txn, ctx }) {
    if (txn.type !== "invoice") return [];
    const found = ctx.serviceFindings.findingsFor(txn.transaction_id);
    return found.length === 0 ? [] : [...found];
  },
};
