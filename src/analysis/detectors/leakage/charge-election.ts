// A charge the bill's own header says the customer took or declined: rental management systems
// (Wynne RentalMan, Point of Rental, InTempo) carry the damage waiver's status on the contract and
// every invoice of it — `Damage Waiver: Accepted`, or `Waived - COI on file` when the customer's
// own insurance certificate covers the equipment, or `Declined` —, and a loss damage waiver or a
// rental protection plan is elected the same way. The column is named as the charge is ("Damage
// Waiver", "DW Status", "Loss Damage Waiver") and the charge's code is that name or its initials
// (DW, LDW, RPP: the codes these systems bill the waiver under).
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeKey } from "./markers.ts";

/** A header column that names a charge, and what it says of it. */
export interface ChargeElection {
  /** "column=value", as findings quote it. */
  marker: string;
  /** Whether the value takes the charge (Accepted, Yes, Elected…); else it declines it. */
  accepts: boolean;
  /** The charge's name as attributeKey writes it (DAMAGEWAIVER). */
  nameKey: string;
  /** Its words' initials (DW). */
  initials: string;
}

/** Values that take a charge; any other non-empty value (Declined, Waived - COI on file, N) declines it. */
const ACCEPTING = new Set(["ACCEPTED", "ACCEPT", "YES", "Y", "TRUE", "ELECTED", "OPTEDIN", "OPTIN", "INCLUDED", "PURCHASED", "APPLIES", "APPLY", "TAKEN"]);
/** Words after a charge's name that say the column is its status, not a name of its own. */
const QUALIFIERS = new Set(["STATUS", "FLAG", "OPTION", "ELECTION", "ELECTED", "INDICATOR", "IND", "YN", "CODE", "ACCEPTED", "ACCEPTANCE", "SELECTED"]);

/** The words of a column name, qualifiers at its end dropped; remembered per name (few names, every invoice asks). */
const namesSeen = new Map<string, { nameKey: string; initials: string } | null>();
function chargeName(column: string): { nameKey: string; initials: string } | null {
  let found = namesSeen.get(column);
  if (found === undefined) {
    const words = column.replace(/([a-z])([A-Z])/g, "$1 $2").toUpperCase().split(/[^A-Z0-9]+/).filter((w) => w !== "");
    while (words.length > 1 && QUALIFIERS.has(words[words.length - 1]!)) words.pop();
    found = words.length === 0 ? null : { nameKey: words.join(""), initials: words.length > 1 ? words.map((w) => w[0]).join("") : "" };
    if (namesSeen.size < 10_000) namesSeen.set(column, found);
  }
  return found;
}

/** The header column that names `sku` (its name or its initials are the code), if any. */
export function electionOf(txn: Transaction, sku: string): ChargeElection | undefined {
  const attrs = txn.attributes;
  if (!attrs) return undefined;
  const code = attributeKey(sku);
  if (code === "") return undefined;
  for (const column in attrs) {
    const v = attrs[column];
    if (v === null || v === undefined || typeof v === "number") continue;
    const value = attributeKey(String(v));
    if (value === "") continue;
    const name = chargeName(column);
    if (!name || (name.nameKey !== code && name.initials !== code)) continue;
    return { marker: `${column}=${String(v)}`, accepts: ACCEPTING.has(value), ...name };
  }
  return undefined;
}

/** Whether a line's own text names the charge ("Damage waiver 14% of rental"): billed under another code. */
export function lineNamesCharge(description: string | undefined, election: ChargeElection): boolean {
  return description !== undefined && election.nameKey.length >= 4 && attributeKey(description).includes(election.nameKey);
}
