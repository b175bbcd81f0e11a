// The customer's group as a document states it: a column naming the customer's group, tier,
// segment, class or price level — "Customer Group", Business Central's "Customer Price Group" and
// "Customer Disc. Group", SAP's customer and price groups, NetSuite's "Price Level", "Loyalty
// Tier", "Customer Segment", "Client Type". A seller's standing discounts follow it (staff 30 %,
// a member tier's 10 %, a trade price group's terms), stated in a system the export does not
// carry, and every invoice of the group shows them (promotion-habits.ts learns them).
//
// Only columns about the customer: a discount code, a promotion's name or a discount type names
// the discount itself — a retail customer typing the staff code carries the staff code too — and
// an item's, order's or account's group says nothing of who was given the price.
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeNameTest } from "./markers.ts";

/** A name of a group, tier or class of something… */
const GROUPING = /GROUP|TIER|SEGMENT|LEVEL|CLASS|CATEGORY|TYPE|MEMBERSHIP/;
/** …of the customer or of the price it is given… */
const OF_CUSTOMER = /CUSTOMER|CUST|CLIENT|MEMBER|LOYALTY|PRICE|PRICING|BUYER|SHOPPER/;
/** …and not of an item, a document, an account or the discount itself. */
const OF_SOMETHING_ELSE = /ITEM|PRODUCT|SKU|MATERIAL|ARTICLE|LEDGER|POSTING|ACCOUNT|TAX|VAT|DOCUMENT|ORDER|INVOICE|PAYMENT|SHIPTO|SHIPPING|SHIPMENT|PROMO|COUPON|DISCOUNTTYPE|PRICETYPE/;

/** A value longer than this is no group's name (a note, an address). */
const MAX_VALUE_LENGTH = 64;

/** The column's key when its name names a customer's group, else null. */
const groupColumn = attributeNameTest((key) => GROUPING.test(key) && OF_CUSTOMER.test(key) && !OF_SOMETHING_ELSE.test(key));

const NONE: readonly string[] = [];

/** The document's customer groups, each as "COLUMN=VALUE" (keys without case or separators). */
export function customerGroups(t: Transaction): readonly string[] {
  const attrs = t.attributes;
  if (!attrs) return NONE;
  let out: string[] | undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v !== "string" && typeof v !== "number") continue;
    const column = groupColumn(name);
    if (column === null) continue;
    const value = String(v).trim();
    if (value === "" || value.length > MAX_VALUE_LENGTH) continue;
    (out ??= []).push(`${column}=${value.toUpperCase()}`);
  }
  return out ?? NONE;
}
