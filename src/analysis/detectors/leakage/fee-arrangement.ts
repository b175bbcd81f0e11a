// A fixed-fee document: professional services billed for a fixed or flat fee (a law firm's
// trademark filing, a consultancy's fixed-price phase) still record their time, and practice-
// management systems list it on the bill at 0 beside the fee line — for information, not as work
// given away. The document says so in its billing arrangement (Elite's and Aderant's "Billing
// Arrangement", Clio's "Billing Method": Fixed Fee, Flat Fee), on every row of the bill. Its lines
// at 0 have no price to judge; the fee line, and any line billed at a price, are judged as ever.
import type { Transaction } from "../../../domain/transaction.ts";
import { markerMatcher } from "./markers.ts";

export const FEE_ARRANGEMENT_FIELDS = ["billing_arrangement", "fee_arrangement", "billing_method", "fee_type", "fee_basis", "arrangement_type"] as const;
export const FIXED_FEE_VALUES = ["Fixed Fee", "Flat Fee", "Fixed Price", "Fixed", "Flat"] as const;

const fixedFeeMarker = markerMatcher(FEE_ARRANGEMENT_FIELDS, FIXED_FEE_VALUES);

/** The marker ("field=value") when the document bills a fixed or flat fee, else undefined. */
export function fixedFee(txn: Transaction): string | undefined {
  return txn.attributes ? fixedFeeMarker(txn) : undefined;
}
