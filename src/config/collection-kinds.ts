// Lists given as mappings and mappings given as lists, where the schema gives the key a default.
// TypeBox's Value.Default (and its written-out copy, validation.generated.ts) merges a value into
// an object default with Object.assign, whatever the value's kind: `exchange_rates: { EUR: 1.08 }`
// became an empty list (no rate checked), `allow_hosts: { "10.0.0.5": true }` an empty allow-list,
// `approver_limits: [10000]` an approver named "0" — and the check passed them. Such a value is
// refused here under its path, before the defaults are applied. Where those keys are is generated
// from the schema, so that a start does not build the schema to find them.
import { collectionDefaults } from "./validation.generated.ts";
import { isMapping, walkSchemaPath } from "./schema-path.ts";

type CollectionDefault = (typeof collectionDefaults)[number];

/** `modules.revenue_leakage.exchange_rates: expected a list, not a mapping`, for each such value. */
export function collectionKindProblems(config: unknown, collections: readonly CollectionDefault[] = collectionDefaults): string[] {
  const problems: string[] = [];
  for (const collection of collections) {
    walkSchemaPath(config, collection.path, "", (value, at) => {
      if (collection.kind === "list" && isMapping(value)) problems.push(`${at}: expected a list, not a mapping`);
      if (collection.kind === "mapping" && Array.isArray(value)) problems.push(`${at}: expected a mapping, not a list`);
    });
  }
  return problems;
}
