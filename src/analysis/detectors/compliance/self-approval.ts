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
import type { Detector } from "../types.ts";
import { monthOf, selfApprovalKey, selfApprover } from "../../self-approvals.ts";
import { parseDateMs } from "../../dates.ts";

/** The evidence of a standing practice: with the default weight 0.7, 21 (low: listed). */
const STANDING_SCORE = 0.3;

export const selfApprovalDetector: Detector = {
  codes: ["self_approval"],
  history: "ledger",
  // The months are kept in the ledger pass; without a standing practice to look for, no history.
  historyFor: (config) => (config.compliance.self_approval.standing_months > 0 ? "ledger" : "none"),
  detect({ txn, ctx, config }) {
    if (!selfApprover(txn)) return [];
    const need = config.compliance.self_approval.standing_months;
    const key = need > 0 ? selfApprovalKey(txn) : undefined;
    const months = key === undefined || !txn.date ? 0 : ctx.history.selfApprovals.otherMonths(key, monthOf(parseDateMs(txn.date)));
    const standing = need > 0 && months >= need;
    return [
      {
        code: "self_approval",
        score: standing ? STANDING_SCORE : 1,
        message: standing
          ? `created and approved by the same person (${txn.approved_by}), as ${txn.approved_by} did for ${what(key!)} in ${months} other months: a standing practice`
          : `created and approved by the same person (${txn.approved_by})`,
        field: "approved_by",
        expected: { approved_by_not: txn.created_by },
        actual: { created_by: txn.created_by, approved_by: txn.approved_by, ...(standing ? { standing_practice_months: months } : {}) },
        amount_at_risk: 0,
      },
    ];
  },
};

/** What a self-approval key names, in words: "counterparty V1001", "account 6180", "type invoice". */
function what(key: string): string {
  const kind = key.slice(key.indexOf("\u0001") + 1);
  const value = kind.slice(2);
  return kind.startsWith("c:") ? `counterparty ${value}` : kind.startsWith("a:") ? `account ${value}` : `type ${value}`;
}
