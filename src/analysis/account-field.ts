// The field that says which account a ledger line posts to, when the line is a transaction of its
// own and the account stayed an attribute (docs/connectors.md: a general ledger mapped one row per
// line, debit and credit, everything else in `attributes`). The amount detector judges an entry by
// its own account — too little history there caps a finding, the other line of a balanced entry
// says what it is (detectors/anomaly/amount-outlier.ts) — and reads it from a line's `sku` where
// one is mapped; without it, from this attribute. Known by its name, as the document column is
// (profile.ts): `Account`, `G/L Account No.`, `GL_ACCOUNT`, SAP's HKONT and its label Sachkonto, a
// French compte, a Spanish cuenta, an Italian conto. An account's name column ("Account Name")
// counts too: the profile keeps one of a code and the name that renames it.

const plainName = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase().replace(/[^A-Z0-9]/g, "");

const ACCOUNT_NAMES = /^(GL|LEDGER|NATURAL|MAIN)?(ACCOUNT|ACCT)(NO|NR|NUM|NUMBER|CODE|ID|NAME)?$|^(HKONT|SAKNR|SACHKONTO|SACHKONTONR|KONTO|KONTONR|KONTONUMMER|COMPTE|COMPTEGENERAL|NCOMPTE|NUMEROCOMPTE|CUENTA|CUENTACONTABLE|CONTO|CONTOCONTABILE)$/;

/** Whether an attribute's column name names a ledger account. */
export function isAccountName(attribute: string): boolean {
  return ACCOUNT_NAMES.test(plainName(attribute));
}

/** The position, among the amount contexts' fields, of the first categorical attribute named as
 *  an account; -1 when none is. */
export function accountFieldIndex(fields: readonly { field: string; perLine: boolean }[]): number {
  return fields.findIndex((f) => !f.perLine && f.field.startsWith("attributes.") && isAccountName(f.field.slice("attributes.".length)));
}

const accountNameSeen = new Map<string, boolean>();

/** Whether `attribute` names an account, remembered per column name (asked once per history entry). */
function namesAccount(attribute: string): boolean {
  let known = accountNameSeen.get(attribute);
  if (known === undefined) {
    known = isAccountName(attribute);
    if (accountNameSeen.size < 10_000) accountNameSeen.set(attribute, known);
  }
  return known;
}

/**
 * The account a ledger line posts to, from its attributes named as an account (the code and the
 * name column alike, upper-cased, in the export's order, joined by "/"); "" when none is filled.
 * A duplicate's fingerprint reads it (history.ts): a bill's payable line and its payment's cash
 * line share the vendor and the amount, and are two events of one bill, not one line twice.
 */
export function ledgerAccountOf(attributes: Readonly<Record<string, unknown>> | undefined): string {
  if (!attributes) return "";
  let out = "";
  for (const name in attributes) {
    const v = attributes[name];
    if (v === null || v === undefined || v === "" || !namesAccount(name)) continue;
    out += `${out ? "/" : ""}${String(v).trim().toUpperCase()}`;
  }
  return out;
}
