// The currency a document was converted from, as its own row states it: a payment platform's
// "Presentment Currency" (the buyer paid in euros, the seller is settled in dollars), an ERP line's
// document or transaction currency beside amounts mapped in the company's currency (SAP's WAERS,
// "Transaction Currency", "Original Currency", "Foreign Currency"). A refund converted at its own
// day's rate settles for a little more or less than the charge did, which no error explains
// (credit-notes.ts). The company's own currencies (local, functional, reporting) are not it: the
// mapped amount is already in one of them, so a column naming one says nothing of a conversion.
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeNameTest } from "../leakage/markers.ts";

/** A column naming a currency… */
const NAMES_CURRENCY = /CURRENCY|CURR$|CCY$|CUR$/;
/** …that the document was written or paid in, before conversion. */
const BEFORE_CONVERSION = /PRESENTMENT|ORIGINAL|DOCUMENT|TRANSACTION|FOREIGN|PAYMENT|CHARGE/;
/** SAP's document currency key (its local one is HWAER). */
const SAP_DOCUMENT_CURRENCY = "WAERS";

const namesCurrencyBeforeConversion = attributeNameTest((key) => key === SAP_DOCUMENT_CURRENCY || (NAMES_CURRENCY.test(key) && BEFORE_CONVERSION.test(key)));

/** The ISO code of the currency the document was converted from into its own, if its row names one. */
export function convertedFrom(t: Transaction): string | undefined {
  const attrs = t.attributes;
  const own = t.currency?.toUpperCase();
  if (!attrs || !own) return undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v !== "string" || namesCurrencyBeforeConversion(name) === null) continue;
    const code = v.trim().toUpperCase();
    if (/^[A-Z]{3}$/.test(code) && code !== own) return code;
  }
  return undefined;
}
