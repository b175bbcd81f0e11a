// A document billed at a quote: a carrier's spot quote for one shipment, a distributor's quote
// for one order. The document names the quote (`Quote ID`, `Quote Number`, `Quotation No`…, on
// each of its rows) and its prices are the quote's, agreed for it alone, not the customer's
// agreement or the list less the policy: a spot quote is lower than the agreement by design.
// The product has no quote table, so such a document's prices are not judged against contracts or
// the list; a line at 0 is still judged (a quote prices what it bills). To have quotes judged,
// give them as contract rows and name the quote as the document's contract.
import type { Transaction } from "../../../domain/transaction.ts";
import { markerMatcher } from "./markers.ts";

export const QUOTE_FIELDS = ["quote", "quote_id", "quote_no", "quote_number", "quote_ref", "quote_reference", "spot_quote", "spot_quote_id", "quotation", "quotation_id", "quotation_no", "quotation_number"] as const;

const quoteMarker = markerMatcher(QUOTE_FIELDS, "any");

/** The marker ("field=value") when the document names the quote it is billed at, else undefined. */
export function quotedPrice(txn: Transaction): string | undefined {
  return txn.attributes ? quoteMarker(txn) : undefined;
}
