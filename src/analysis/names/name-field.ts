// Zero configuration: where a counterparty's name is. The canonical `customer_id` names the
// counterparty; a ledger or vendor export may carry a code there (V10023, CUST-0001) and the name
// in a column of its own. Such a column is known by its header (Xero's Contact, a vendor_name,
// supplier, payee, customer_name, SAP's NAME1), compared without case or separators, and by its
// values: most of them must read as names (letters, with a space or lower case) rather than codes.
// Failing one, `customer_id` is the name when its own values read as names. `name_field` in the
// config overrides all this.
import type { Transaction } from "../../domain/transaction.ts";
import { fieldReader } from "../fields.ts";

/** Headers of a counterparty's name, without case or separators, the most specific first. */
const NAME_HEADERS = [
  "contactname", "contact", "vendorname", "suppliername", "payeename", "customername", "counterpartyname",
  "partnername", "beneficiaryname", "accountholdername", "name1", "vendor", "supplier", "payee", "counterparty", "beneficiary",
];

function loose(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** A value that reads as a name: three letters or more, more letters than digits, and a space or
 *  a lower-case letter (a code is upper case and digits: V10023, CUST-0001, DE-4711). */
export function readsAsName(value: string): boolean {
  let letters = 0;
  let digits = 0;
  for (const ch of value) {
    if (/\p{L}/u.test(ch)) letters++;
    else if (ch >= "0" && ch <= "9") digits++;
  }
  return letters >= 3 && letters > digits && (/\s/.test(value.trim()) || /\p{Ll}/u.test(value));
}

/** Whether most of a field's distinct values in the sample read as names. */
function namesIn(sample: readonly Transaction[], field: string): boolean {
  const read = fieldReader(field);
  const values = new Set<string>();
  for (const t of sample) {
    const v = read(t);
    if (v !== undefined) values.add(v);
  }
  if (values.size === 0) return false;
  let names = 0;
  for (const v of values) if (readsAsName(v)) names++;
  return names * 2 > values.size;
}

/** The field holding the counterparty's name in the sample, or undefined when none does. */
export function profileNameField(sample: readonly Transaction[]): string | undefined {
  const headers = new Map<string, string>();
  for (const t of sample) for (const k of Object.keys(t.attributes ?? {})) if (!headers.has(loose(k))) headers.set(loose(k), k);
  for (const wanted of NAME_HEADERS) {
    const header = headers.get(wanted);
    if (header !== undefined && namesIn(sample, `attributes.${header}`)) return `attributes.${header}`;
  }
  return namesIn(sample, "customer_id") ? "customer_id" : undefined;
}
