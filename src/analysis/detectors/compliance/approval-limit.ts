// approval_limit_exceeded: the amount is above the approver's limit
// (modules.compliance.approver_limits, else default_approver_limit). Approvers without a limit
// are not judged. Proves no loss by itself.
import { money, type Detector } from "../types.ts";

export const approvalLimitDetector: Detector = {
  codes: ["approval_limit_exceeded"],
  history: "none",
  detect({ txn, config }) {
    const approver = txn.approved_by?.trim();
    if (!approver) return [];
    const cfg = config.compliance;
    // An own key only: an approver named "toString" or "__proto__" is a name, not Object.prototype's.
    const limit = (Object.hasOwn(cfg.approver_limits, approver) ? cfg.approver_limits[approver] : undefined) ?? cfg.default_approver_limit;
    if (limit === null || limit === undefined) return [];
    const amount = Math.abs(txn.amount ?? 0);
    if (amount <= limit) return [];
    const ratio = limit > 0 ? amount / limit : Number.POSITIVE_INFINITY;
    return [
      {
        code: "approval_limit_exceeded",
        score: Math.min(1, 0.7 + 0.3 * Math.min(1, ratio - 1)),
        message: `${money(amount)} ${txn.currency ?? ""} approved by ${approver}, whose limit is ${money(limit)}`.replace("  ", " "),
        field: "approved_by",
        expected: { amount_at_most: limit },
        actual: { amount, approved_by: approver },
        amount_at_risk: 0,
      },
    ];
  },
};
