// self_approval: the transaction's creator also approved it (segregation of duties). User names
// are compared trimmed and case-insensitively. Proves no loss by itself.
//
// A standing practice is listed, not alarmed: where the connector's history shows the same user
// self-approving entries of the same kind — the same counterparty, else the same account, else
// the same type (self-approvals.ts) — in at least `compliance.self_approval.standing_months`
// other calendar months, it is the business's routine (a controller keying and approving the
// month-end journals every month), reported at low with those months. A first or occasional
// self-approval — a controller's own expense claim, a vendor's bills keyed and approved by one
// person in the two weeks nobody else keyed them — stays high, as every self-approval does
// without a history.
//
// A month of covering is one gap, not dozens of alarms: where the same user, in one calendar
// month, keyed and approved at least `compliance.self_approval.covering_kinds` kinds of entry
// that they approve when others key them (and self-approve in no standing practice) — the
// controller keying every vendor's bills, payments and rent in the weeks between two bookkeepers
// — each of those entries is reported at medium, with the month's count, for the auditor to note
// the vacancy once. A few such kinds in a month stay high, and so does what the user never
// approves for others — the counterparty's lines of that account, else type (their own expense
// claim, whose payments they approve but whose claims someone else does) — whatever the month.
import type { Detector } from "../types.ts";
import { detailedKey, monthOf, selfApprovalKey, selfApprover } from "../../self-approvals.ts";
import { parseDateMs } from "../../dates.ts";

/** The evidence of a standing practice: with the default weight 0.7, 21 (low: listed). */
const STANDING_SCORE = 0.3;
/** One entry of a month of covering: with the default weight 0.7, 42 (medium: worth a look). */
const COVERING_SCORE = 0.6;

export const selfApprovalDetector: Detector = {
  codes: ["self_approval"],
  history: "ledger",
  // The months are kept in the ledger pass; with neither a standing practice nor a month of
  // covering to look for, no history.
  historyFor: (config) => {
    const c = config.compliance.self_approval;
    return c.standing_months > 0 || c.covering_kinds > 0 ? "ledger" : "none";
  },
  detect({ txn, ctx, config }) {
    if (!selfApprover(txn)) return [];
    const { standing_months: need, covering_kinds: covering } = config.compliance.self_approval;
    const key = need > 0 || covering > 0 ? selfApprovalKey(txn) : undefined;
    const month = key === undefined || !txn.date ? Number.NaN : monthOf(parseDateMs(txn.date));
    const months = Number.isNaN(month) ? 0 : ctx.history.selfApprovals.otherMonths(key!, month);
    const standing = need > 0 && months >= need;
    // Covering: a kind the user approves when others key it, self-approved in a month of many such
    // kinds (with the practice off, none is a practice).
    const approvals = ctx.history.selfApprovals;
    const covered = standing || covering === 0 || Number.isNaN(month) || !approvals.approvesForOthers.has(detailedKey(key!, txn)) ? 0 : approvals.coveredKindsInMonth(key!, month, need > 0 ? need : Number.POSITIVE_INFINITY);
    const covers = covering > 0 && covered >= covering;
    const by = txn.approved_by;
    return [
      {
        code: "self_approval",
        score: standing ? STANDING_SCORE : covers ? COVERING_SCORE : 1,
        message: standing
          ? `created and approved by the same person (${by}), as ${by} did for ${what(key!)} in ${months} other months: a standing practice`
          : covers
            ? `created and approved by the same person (${by}), one of ${covered} kinds of entry ${by} approves when others key them that ${by} keyed and approved in ${monthName(month)}: covering others' work that month (one segregation-of-duties gap)`
            : `created and approved by the same person (${by})`,
        field: "approved_by",
        expected: { approved_by_not: txn.created_by },
        actual: {
          created_by: txn.created_by,
          approved_by: by,
          ...(standing ? { standing_practice_months: months } : {}),
          ...(covers ? { covering_month: monthName(month), kinds_covered_that_month: covered } : {}),
        },
        amount_at_risk: 0,
      },
    ];
  },
};

/** A month from monthOf as YYYY-MM. */
function monthName(month: number): string {
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, "0")}`;
}

/** What a self-approval key names, in words: "counterparty V1001", "account 6180", "type invoice". */
function what(key: string): string {
  const kind = key.slice(key.indexOf("\u0001") + 1);
  const value = kind.slice(2);
  return kind.startsWith("c:") ? `counterparty ${value}` : kind.startsWith("a:") ? `account ${value}` : `type ${value}`;
}
