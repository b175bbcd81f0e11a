// Lists given as mappings and mappings given as lists, where the schema gives the key a default.
// TypeBox's Value.Default (and its written-out copy, validation.generated.ts) merges a value into
// an object default with Object.assign, whatever the value's kind: `exchange_rates: { EUR: 1.08 }`
// became an empty list (no rate checked), `allow_hosts: { "10.0.0.5": true }` an empty allow-list,
// `approver_limits: [10000]` an approver named "0" — and the check passed them. Such a value is
// refused here under its path, before the defaults are applied. Where those keys are is generated
// from the schema, so that a start does not build the schema to find them.
import { collectionDefaults } from "./validation.generated.ts";

type CollectionDefault = (typeof collectionDefaults)[number];

function isMapping(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

/** `modules.revenue_leakage.exchange_rates: expected a list, not a mapping`, for each such value. */
export function collectionKindProblems(config: unknown, collections: readonly CollectionDefault[] = collectionDefaults): string[] {
  const problems: string[] = [];
  for (const collection of collections) {
    walk(config, collection.path, "", (value, at) => {
      if (collection.kind === "list" && isMapping(value)) problems.push(`${at}: expected a list, not a mapping`);
      if (collection.kind === "mapping" && Array.isArray(value)) problems.push(`${at}: expected a mapping, not a list`);
    });
  }
  return problems;
}

function walk(value: unknown, path: readonly string[], at: string, found: (value: unknown, at: string) => void): void {
  if (path.length === 0) {
    if (value !== undefined) found(value, at);
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
