// Names the schema's records refuse. A TypeBox record whose key has a pattern (`plans:` slugs,
// `tax.rates` currency codes) is JSON Schema's patternProperties: the entries whose key matches
// are checked, the others pass unchecked — `plans: { Partner: { per_second: 0 } }` put accounts
// on a plan of no limits (429 with `Retry-After: NaN`, 500 when it was not a mapping), and
// `rates: { eur: 7 }` checked no tax at all. Each such key is refused here under its path, with
// the record's `keyHint` (what a name there must be). Where the records are is generated from the
// schema (validation.generated.ts), so that a start does not build the schema to find them.
import { patternedRecords } from "./validation.generated.ts";

type PatternedRecord = (typeof patternedRecords)[number];

function isMapping(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

/** `plans.Partner: a plan name is …` for every key of a patterned record that its pattern refuses. */
export function recordKeyProblems(config: unknown, records: readonly PatternedRecord[] = patternedRecords): string[] {
  const problems: string[] = [];
  for (const record of records) {
    const matches = new RegExp(record.pattern);
    const hint = record.hint ?? `not a valid name here (${record.pattern})`;
    walk(config, record.path, "", (value, at) => {
      for (const key of Object.keys(value)) if (!matches.test(key)) problems.push(`${at ? `${at}.` : ""}${key}: ${hint}`);
    });
  }
  return problems;
}

function walk(value: unknown, path: readonly string[], at: string, found: (record: Record<string, unknown>, at: string) => void): void {
  if (path.length === 0) {
    if (isMapping(value)) found(value, at);
    return;
  }
  const [step, ...rest] = path;
  if (step === "[]") {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, rest, `${at}[${i}]`, found));
  } else if (step === "{}") {
    if (isMapping(value)) for (const [key, inner] of Object.entries(value)) walk(inner, rest, at ? `${at}.${key}` : key, found);
  } else if (isMapping(value) && Object.hasOwn(value, step!)) {
    walk(value[step!], rest, at ? `${at}.${step}` : step!, found);
  }
}
