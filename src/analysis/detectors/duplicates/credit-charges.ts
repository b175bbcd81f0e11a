// What a credit note credits, as the history keeps it beside the credit (creditsByReference):
// its lines' charge codes. Two credits of one amount against one invoice that credit different
// charges — a student's withdrawal refund of tuition and her waiver of the same term, equal by the
// published percentages; a warehouse's mis-pick credit and a disputed accessorial — are two
// credits, not one posted twice (credit-notes.ts). Where the credit names the package or shipment
// it credits (its tracking number, bill of lading: history.ts shipmentNamed), its codes are that
// package's: a parcel carrier's service-guarantee refund of each of a shipment's two identical
// packages credits two packages' charges, the same package's refund posted again the same ones.
import type { Transaction } from "../../../domain/transaction.ts";

/** The credit's charge codes (each of the package `shipment` where it names one), sorted and each
 *  once, joined by a newline; undefined where no line names one. */
export function creditCharges(t: Transaction, shipment?: string): string | undefined {
  const codes = new Set<string>();
  const of = shipment === undefined ? "" : `${shipment}\u0002`;
  for (const l of t.lines) if (l.sku) codes.add(`${of}${l.sku}`);
  return codes.size > 0 ? [...codes].sort().join("\n") : undefined;
}

/** Whether two credits may credit the same charges: one of them names none, or they share a code. */
export function mayCreditSameCharges(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return true;
  const theirs = new Set(b.split("\n"));
  return a.split("\n").some((code) => theirs.has(code));
}
