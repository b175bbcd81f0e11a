// Which top-level properties of an object schema carry a TypeBox transform anywhere inside them
// (Elysia's t.Integer, t.Numeric, t.Date … are transforms). Decoding a body that has none of
// those properties returns an equal copy of it, so the fast path can skip Decode's walk of the
// whole body (fast-path.ts) and run it only when a transformed property was sent.
import { Kind, TransformKind } from "@sinclair/typebox";

/** Kinds that point elsewhere: what they point to is not walked here, so they count as transformed. */
const INDIRECT = new Set(["Ref", "This", "Import"]);

export function transformedKeys(schema: object): ReadonlySet<string> | undefined {
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  // A transform on the object itself, or a schema that is not a plain object: always decode.
  if (hasTransform(schema, false) || !properties) return undefined;
  const keys = new Set<string>();
  for (const [key, property] of Object.entries(properties)) if (hasTransform(property, true)) keys.add(key);
  // Additional properties with a schema of their own may carry transforms too.
  const additional = (schema as { additionalProperties?: unknown }).additionalProperties;
  if (typeof additional === "object" && additional !== null && hasTransform(additional, true)) return undefined;
  return keys;
}

function hasTransform(schema: unknown, deep: boolean, seen = new Set<unknown>()): boolean {
  if (typeof schema !== "object" || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  if (TransformKind in schema || INDIRECT.has((schema as { [Kind]?: string })[Kind] ?? "")) return true;
  if (!deep) return false;
  for (const value of Object.values(schema)) {
    if (Array.isArray(value)) {
      if (value.some((v) => hasTransform(v, true, seen))) return true;
    } else if (hasTransform(value, true, seen)) return true;
  }
  return false;
}
