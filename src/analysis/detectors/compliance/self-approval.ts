// self_approval: the transaction's creator also approved it (segregation of duties). User names
// are compared trimmed and case-insensitively. Proves no loss by itself.
import type { Detector } from "../types.ts";

export const selfApprovalDetector: Detector = {
  codes: ["self_approval"],
  history: "none",
  detect({ txn }) {
    const creator = txn.created_by?.trim().toLowerCase();
    const approver = txn.approved_by?.trim().toLowerCase();
    if (!creator || !approver || creator !== approver) return [];
    return [
      {
        code: "self_approval",
        score: 1,
        message: `created and approved by the same person (${txn.approved_by})`,
        field: "approved_by",
        expected: { approved_by_not: txn.created_by },
        actual: { created_by: txn.created_by, approved_by: txn.approved_by },
        amount_at_risk: 0,
      },
    ];
  },
};
