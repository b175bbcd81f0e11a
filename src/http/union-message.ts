// The message of a value that fails a union in a request schema. A nullable field (`number | null`)
// and Elysia's integer (a numeric string or an integer) are unions, and TypeBox reports a failed
// union as "should be one of: 'number', 'null'": true of 200 as a tax rate, but silent on the
// maximum it broke. This names what the value broke in the variant of its own JSON type, or the
// types the field takes when no variant is of that type. Loaded on the first validation error
// only (src/http/steps.ts requires it), so the start path never evaluates TypeBox's checker.
import { Value } from "@sinclair/typebox/value";

interface Variant {
  type?: string | string[];
  format?: string;
}

/** Elysia's integer and number accept numeric strings in query strings: a variant no body value means. */
function isNumericString(v: Variant): boolean {
  return v.type === "string" && (v.format === "integer" || v.format === "numeric");
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function takes(v: Variant, type: string): boolean {
  const types = Array.isArray(v.type) ? v.type : [v.type];
  return types.includes(type) || (type === "number" && types.includes("integer"));
}

export function unionMessage(schema: { anyOf?: Variant[] } | undefined, value: unknown): string | undefined {
  const variants = (schema?.anyOf ?? []).filter((v) => !isNumericString(v));
  if (variants.length === 0 || !variants.every((v) => v.type !== undefined)) return undefined;
  const type = jsonType(value);
  const own = variants.find((v) => takes(v, type));
  if (own) {
    try {
      return Value.Errors(own as never, value).First()?.message;
    } catch {
      return undefined; // a variant TypeBox's checker cannot walk alone (an Elysia custom kind): keep the union's own words
    }
  }
  const names = [...new Set(variants.flatMap((v) => (Array.isArray(v.type) ? v.type : [v.type!])))];
  return `Expected ${names.join(" or ")}`;
}
