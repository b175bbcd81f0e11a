// A union of string literals built from the shared constant arrays (domain/analysis.ts SEVERITIES,
// analysis/catalog.ts MODULE_IDS, reports/types.ts REPORT_TYPES, …), so a value added there is
// accepted and documented by the routes at once. Spelled as t.Union of t.Literal, not
// t.UnionEnum: that would add a default, which fills absent fields in.
import { t } from "elysia";
import type { SchemaOptions, TLiteral, TUnion } from "@sinclair/typebox";

export function literals<const V extends readonly [string, ...string[]]>(values: V, options?: SchemaOptions): TUnion<{ -readonly [K in keyof V]: TLiteral<V[K]> }> {
  return t.Union(values.map((v) => t.Literal(v)) as never, options) as never;
}
