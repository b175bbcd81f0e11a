// How a header's column names are compared with the names a mapping or a recognised export uses:
// without case, spaces and punctuation ("Transaction ID", "TRANSACTION_ID" and "transaction-id"
// are one name) — exports spell their headers every way.

/** A column name without case, spaces and punctuation. */
export const looseName = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * A header's column names as looseName makes them, made once per header array (a mapping looks up
 * some thirty names in one header, and the recognised exports' signatures are checked against it).
 * Each lookup ran the regular expression on every column: a customer's file with a header of a
 * million columns held the server's event loop ~3.5 s on its first lookup (seventh attack pass).
 */
export function looseNamesOf(header: readonly string[]): readonly string[] {
  let names = looseHeaders.get(header);
  if (!names) looseHeaders.set(header, (names = header.map(looseName)));
  return names;
}

const looseHeaders = new WeakMap<readonly string[], readonly string[]>();
