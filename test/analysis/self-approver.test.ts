// selfApprover answers before trimming anything when no approver is named (both passes of a scan
// ask it of every entry); what it answers is unchanged: the creator, trimmed and without case,
// when the approver is the same person, else nothing.
import { expect, test } from "bun:test";
import { selfApprovalKey, selfApprover } from "../../src/analysis/self-approvals.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

test("no approver, an empty one or another person: not self-approved", () => {
  expect(selfApprover({ created_by: "ann" })).toBeUndefined();
  expect(selfApprover({ created_by: "ann", approved_by: "" })).toBeUndefined();
  expect(selfApprover({ created_by: "ann", approved_by: "   " })).toBeUndefined();
  expect(selfApprover({ created_by: "ann", approved_by: "bob" })).toBeUndefined();
  expect(selfApprover({ approved_by: "ann" })).toBeUndefined();
  expect(selfApprover({ created_by: "  ", approved_by: "  " })).toBeUndefined();
});

test("the same person, spaced or cased otherwise: the creator, trimmed and lowered", () => {
  expect(selfApprover({ created_by: " Ann ", approved_by: "ANN" })).toBe("ann");
  expect(selfApprover({ created_by: "ann", approved_by: "ann\t" })).toBe("ann");
  const t = { transaction_id: "J1", type: "journal_entry", created_by: "Ann", approved_by: "ann", customer_id: "C1", lines: [] } as unknown as Transaction;
  expect(selfApprovalKey(t)).toBe("ann\u0001c:C1");
  expect(selfApprovalKey({ ...t, approved_by: undefined })).toBeUndefined();
});
