// restriction_release_unauthorized: net assets released from donor restriction by a user the
// organisation did not authorise to release (modules.compliance.restriction_releases). A release
// moves a donor's restricted gift to unrestricted use; finance releases it at month end as the
// restricted spending meets the donor's purpose, and a program or development director moving
// restricted money "for operations" is what a nonprofit's auditor tests releases for (ASC 958-205;
// the donor's restriction broken). A line on a release account is judged by its creator and its
// approver: either one authorised to release makes it a release finance made or approved.
// Nothing is judged without the release accounts and the users configured: the ledger does not
// say who holds that authority.
import type { Detector } from "../types.ts";
import { accountOf, matchesAny } from "./ledger-codes.ts";

export const restrictionReleaseDetector: Detector = {
  codes: ["restriction_release_unauthorized"],
  history: "none",
  detect({ txn, config }) {
    const cfg = config.compliance.restriction_releases;
    if (cfg.accounts.length === 0 || cfg.authorized_users.length === 0) return [];
    const creator = txn.created_by?.trim();
    if (!creator) return [];
    const account = accountOf(txn, cfg.account_field);
    if (account === "" || !matchesAny(account, cfg.accounts)) return [];
    const authorised = new Set(cfg.authorized_users.map((u) => u.trim().toLowerCase()));
    const approver = txn.approved_by?.trim();
    if (authorised.has(creator.toLowerCase()) || (approver && authorised.has(approver.toLowerCase()))) return [];
    const approved = approver ? (approver.toLowerCase() === creator.toLowerCase() ? ", approved by the same user" : `, approved by ${approver}`) : ", approved by nobody";
    return [
      {
        code: "restriction_release_unauthorized",
        score: 1,
        message: `release from restriction on account ${account} posted by ${creator}${approved}: not among the users authorised to release (${cfg.authorized_users.join(", ")})`,
        field: "created_by",
        expected: { created_or_approved_by_one_of: cfg.authorized_users },
        actual: { account, created_by: creator, approved_by: approver ?? null },
        amount_at_risk: 0,
      },
    ];
  },
};
