// usage_stopped, recurring_component_missing, rental_period_not_billed, rental_billed_short_of_return, estimate_not_trued_up, instalments_short_of_term and instalment_after_cancellation on one invoice, refund_beyond_schedule and return_beyond_billed on one credit note: judged once per context over each
// service's bills month by month (service-history.ts; context.ts collects them during the history
// pass) and handed to the invoices they go on.
import type { ReferenceIndex } from "../../reference-index.ts";
import type { Detector, Finding } from "../types.ts";
import { COMPONENT_MISSING_CODE } from "./component-missing.ts";
import { RENTAL_GAP_CODE, RENTAL_SHORT_CODE } from "./rental-periods.ts";
import { bestRateShortfall } from "./rental-best-rate.ts";
import { ESTIMATE_CODE } from "./estimate-true-up.ts";
import { REFUND_SCHEDULE_CODE } from "./refund-schedule.ts";
import { INSTALMENT_SHORT_CODE } from "./instalment-schedule.ts";
import { INSTALMENT_AFTER_CANCELLATION_CODE } from "./instalment-after-cancellation.ts";
import { RETURN_BEYOND_BILLED_CODE } from "./return-beyond-billed.ts";
import { USAGE_STOPPED_CODE } from "./usage-stopped.ts";

export const serviceHistoryDetector: Detector = {
  codes: [USAGE_STOPPED_CODE, COMPONENT_MISSING_CODE, RENTAL_GAP_CODE, RENTAL_SHORT_CODE, ESTIMATE_CODE, REFUND_SCHEDULE_CODE, INSTALMENT_SHORT_CODE, INSTALMENT_AFTER_CANCELLATION_CODE, RETURN_BEYOND_BILLED_CODE],
  history: "ledger",
  detect({ txn, ctx }) {
    // A withdrawal's refund is a credit note; every other judgement goes on a bill.
    if (txn.type !== "invoice" && txn.type !== "credit_note") return [];
    let found = ctx.serviceFindings.findingsFor(txn.transaction_id);
    if (found.length === 0) return [];
    // A component the bill's own shipments account for: they name the bill, and the code is work
    // the shipments table records (some shipment carries it), but none of the bill's does — a
    // broker's month of entries none of which had lines beyond those included owes no additional
    // lines, however regular they were the months before and after.
    const shipped = ctx.reference.shippedFor(txn.transaction_id);
    if (shipped) found = found.filter((f) => !(f.code === COMPONENT_MISSING_CODE && notShippedOnBill(f, shipped, ctx.reference)));
    // A late return's days priced by the best-rate rule where the price list has the bill's rates.
    return found.map((f) => {
      if (f.code !== RENTAL_SHORT_CODE) return f;
      const a = f.actual as { bill_from?: string; days_billed?: number; days_not_billed?: number } | undefined;
      if (!a?.bill_from || !a.days_billed || !a.days_not_billed) return f;
      const risk = bestRateShortfall(txn, ctx, a.bill_from, a.days_billed, a.days_not_billed);
      return risk === undefined ? f : { ...f, amount_at_risk: risk };
    });
  },
};

/** Whether the component's code is work the shipments record that none of the bill's shipments carries. */
function notShippedOnBill(f: Finding, shipped: ReadonlyMap<string, number>, reference: ReferenceIndex): boolean {
  const sku = (f.expected as { sku?: string } | undefined)?.sku;
  return sku !== undefined && !shipped.has(sku) && reference.isShippedSku(sku);
}
