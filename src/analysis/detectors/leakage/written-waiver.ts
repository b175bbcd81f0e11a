// A charge waived in writing. A container terminal's commercial manager extends a consignee's free
// time (a customs examination hold, a vessel rolled by the line, a chassis shortage at the
// terminal) or waives a disputed charge, and the billing clerk writes the waiver's number on the
// invoice beside the approver who granted it; the chargeable-event extract still carries the
// events gross, so the invoice bills less than its events by decision, not by omission. A shortfall
// on an invoice without both — a waiver number and an approver other than its author — is still
// owed: free time extended "per line request" with no waiver on record is the leak a terminal's
// revenue assurance looks for. The number itself is not checked against a waiver register (no
// reference table holds one), and it waives what the invoice's events carry beyond its lines, not
// one charge of them: the extract does not say which event a waiver covers.
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeKey, attributeNameMatcher } from "./markers.ts";

/** Columns naming a waiver granted on the document (N4's `Waiver Nbr`, a `Storage Waiver No`, a `Waiver Ref`). */
const waiverField = attributeNameMatcher(["waiver", "waiver_nbr", "waiver_no", "waiver_number", "waiver_id", "waiver_ref", "waiver_reference", "storage_waiver", "storage_waiver_no", "storage_waiver_nbr", "waiver_authorisation", "waiver_authorization"]);
/** A waiver's number has a digit: "N/A", "None" or "Declined" in such a column names none. */
const HAS_DIGIT = /\d/;

/** Whether the document names a waiver granted in writing: a waiver number, and an approver other than its author. */
export function waivedInWriting(txn: Transaction): boolean {
  const approver = txn.approved_by?.trim();
  if (!approver || approver.toLowerCase() === (txn.created_by ?? "").trim().toLowerCase()) return false;
  for (const [name, value] of Object.entries(txn.attributes ?? {})) {
    if (waiverField(name) === null || value === null || value === undefined) continue;
    if (HAS_DIGIT.test(attributeKey(String(value)))) return true;
  }
  return false;
}
