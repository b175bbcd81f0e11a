// Names the schema's records refuse. A TypeBox record whose key has a pattern (`plans:` slugs,
// `tax.rates` currency codes) is JSON Schema's patternProperties: the entries whose key matches
// are checked, the others pass unchecked — `plans: { Partner: { per_second: 0 } }` put accounts
// on a plan of no limits (429 with `Retry-After: NaN`, 500 when it was not a mapping), and
// `rates: { eur: 7 }` checked no tax at all. Each such key is refused here under its path, with
// the record's `keyHint` (what a name there must be). Where the records are is generated from the
// schema (validation.generated.ts), so that a start does not build the schema to find them.
import { patternedRecords } from "./validation.generated.ts";
import { isMapping, walkSchemaPath } from "./schema-path.ts";

type PatternedRecord = (typeof patternedRecords)[number];

/** `plans.Partner: a plan name is …` for every key of a patterned record that its pattern refuses. */
export function recordKeyProblems(config: unknown, records: readonly PatternedRecord[] = patternedRecords): string[] {
  const problems: string[] = [];
  for (const record of records) {
    const matches = new RegExp(record.pattern);
    const hint = record.hint ?? `not a valid name here (${record.pattern})`;
    walkSchemaPath(config, record.path, "", (value, at) => {
      if (!isMapping(value)) return;
      for (const key of Object.keys(value)) if (!matches.test(key)) problems.push(`${at ? `${at}.` : ""}${key}: ${hint}`);
    });
  }
  return problems;
}
