// Who may approve how large a discount: the policy's max_discount_pct for everyone, and a larger
// one for the approvers the discount authority matrix lists (approver_max_discount_pct: a law
// firm's management committee above its billing partners' 15 %). The document names its approver
// (`approved_by`); a listed approver's limit is the policy for that document — never a smaller
// one than the policy's (a matrix lists those who may give more).
import type { Transaction } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";

export function maxDiscountFor(txn: Transaction, cfg: ModulesConfig["revenue_leakage"]): number {
  const matrix = cfg.approver_max_discount_pct;
  // Asked for every invoice; most configurations list no approver: no name looked up by its text.
  if (listsNoOne(matrix)) return cfg.max_discount_pct;
  const approver = txn.approved_by?.trim();
  const limit = approver ? matrix[approver] : undefined;
  return limit !== undefined && limit > cfg.max_discount_pct ? limit : cfg.max_discount_pct;
}

/** Whether the matrix lists no approver (no key of its own text made, as `matrix[name]` makes). */
function listsNoOne(matrix: Record<string, number>): boolean {
  for (const _ in matrix) return false;
  return true;
}
