// estimate_not_trued_up: a bill raised on an estimate that no later document settles. Billing
// systems that bill on reported figures bill an estimate when the report is late — a franchisor's
// royalty module bills a unit that has not reported its sales by the 10th on the prior month's
// (FranConnect, Naranga: `Report Status: Estimated`), a licensor a licensee's missing royalty
// statement, a landlord a tenant's percentage rent — and settle it when the report comes in: a
// true-up invoice for the sales above the estimate, a credit memo for those below, each naming
// the estimate (`reference`: the related invoice). An estimate no document ever names was never
// settled; when the report came in above it, the difference was never billed.
//
// Not every export settles its estimates that way: a utility's estimated read is trued up by the
// next actual read's bill, which names no earlier bill. So the check is the export's own practice:
// it judges only where most of its estimates old enough to have been settled are named by a later
// invoice or credit note (at least MIN_SETTLED of them), and an estimate is old enough once the
// export runs on past it longer than the longest settlement the export shows (at least
// MIN_WINDOW_DAYS): an estimate billed last week may have its true-up next week.
//
// An estimate is an invoice whose status column (ESTIMATE_FIELDS: report_status, bill_status,
// billing_basis…) says so (ESTIMATE_VALUES, compared without case or separators). No amount is
// at risk on the finding: what the report came to is not in the export (the analyst asks for it).
import type { Transaction } from "../../../domain/transaction.ts";
import { DAY_MS, parseDateMs } from "../../dates.ts";
import type { Finding } from "../types.ts";
import { attributeKey, attributeNameMatcher } from "./markers.ts";

export const ESTIMATE_CODE = "estimate_not_trued_up" as const;

/** Columns that say whether a bill was raised on reported or estimated figures. */
const ESTIMATE_FIELDS = [
  "report_status", "sales_report_status", "statement_status", "estimate_status", "estimated",
  "bill_status", "billing_status", "invoice_status", "document_status", "status", "billing_basis", "basis",
];
/** Values of those columns that say the figures were estimated. */
const ESTIMATE_VALUES = new Set(["ESTIMATED", "ESTIMATE", "EST", "ESTIMATEDREPORT", "ESTIMATEDSALES", "ESTIMATEDBILL"]);
const estimateField = attributeNameMatcher(ESTIMATE_FIELDS);

/** Settled estimates the export must show before an unsettled one means anything. */
const MIN_SETTLED = 3;
/** The shortest wait for a settlement, whatever the export's quickest true-ups. */
const MIN_WINDOW_DAYS = 7;

/** The estimates and the documents naming them, as plain data (a scan worker's share of the history pass). */
export interface EstimatesState {
  estimates: [string, number][];
  named: [string, number][];
  lastMs: number;
}

/** Collects, over the history pass, the bills raised on an estimate and the first document naming each document. */
export class EstimatedBills {
  /** Estimate id → its day (ms). */
  private readonly estimates = new Map<string, number>();
  /** A document's id → the day (ms) an invoice or credit note first named it as its reference. */
  private readonly named = new Map<string, number>();
  private lastMs = Number.NEGATIVE_INFINITY;

  /** Whether it holds anything to judge or to judge by. */
  get collected(): boolean {
    return this.estimates.size > 0 || this.named.size > 0;
  }

  state(): EstimatesState {
    return { estimates: [...this.estimates], named: [...this.named], lastMs: this.lastMs };
  }

  merge(part: EstimatesState) {
    for (const [id, ms] of part.estimates) this.estimates.set(id, ms);
    for (const [id, ms] of part.named) this.noteNamed(id, ms);
    if (part.lastMs > this.lastMs) this.lastMs = part.lastMs;
  }

  add(t: Transaction) {
    if (t.type !== "invoice" && t.type !== "credit_note") return;
    const ms = t.date ? parseDateMs(t.date) : Number.NaN;
    if (Number.isNaN(ms)) return;
    if (ms > this.lastMs) this.lastMs = ms;
    if (t.reference && t.reference !== t.transaction_id) this.noteNamed(t.reference, ms);
    if (t.type === "invoice" && isEstimate(t)) this.estimates.set(t.transaction_id, ms);
  }

  private noteNamed(id: string, ms: number) {
    const earlier = this.named.get(id);
    if (earlier === undefined || ms < earlier) this.named.set(id, ms);
  }

  /** Findings by transaction id. */
  judge(): Map<string, Finding[]> {
    const out = new Map<string, Finding[]>();
    if (this.estimates.size === 0) return out;
    // The export's longest settlement: how long it waits before an estimate is overdue.
    let longest = 0;
    for (const [id, ms] of this.estimates) {
      const at = this.named.get(id);
      if (at !== undefined && at - ms > longest) longest = at - ms;
    }
    const windowMs = Math.max(MIN_WINDOW_DAYS * DAY_MS, longest);
    let settled = 0;
    const open: [string, number][] = [];
    for (const [id, ms] of this.estimates) {
      if (this.lastMs - ms <= windowMs) continue;
      if (this.named.has(id)) settled++;
      else open.push([id, ms]);
    }
    // The export's practice: most of its estimates settled by a document naming them.
    if (settled < MIN_SETTLED || settled < open.length) return out;
    const windowDays = Math.round(windowMs / DAY_MS);
    for (const [id, ms] of open) {
      const days = Math.round((this.lastMs - ms) / DAY_MS);
      out.set(id, [
        {
          code: ESTIMATE_CODE,
          score: 0.85,
          message: `billed on estimated figures ${days} days before the export's last document, and no later invoice or credit note names it: its true-up was never billed (${settled} of this export's estimates were settled, each within ${windowDays} days)`,
          field: "attributes",
          expected: { settled_within_days: windowDays },
          actual: { days_open: days },
          amount_at_risk: 0,
          risk_key: `estimate:${id}`,
        },
      ]);
    }
    return out;
  }
}

/** Whether a status column of the bill says its figures were estimated. */
function isEstimate(t: Transaction): boolean {
  if (!t.attributes) return false;
  for (const name in t.attributes) {
    const v = t.attributes[name];
    if (typeof v !== "string" || estimateField(name) === null) continue;
    if (ESTIMATE_VALUES.has(attributeKey(v))) return true;
  }
  return false;
}
