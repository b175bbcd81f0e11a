// Lookups by a name that comes from outside (a stored plan, a URL segment) in a record of known
// entries: own names only. `record[name]` would find Object.prototype's members for "toString",
// "constructor" or "__proto__" — a function taken for a plan, an asset of undefined content type.

/** The entry of `record` named `name`, if it is one of the record's own; else undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}
