// fast-check arbitraries from the OpenAPI document's JSON schemas: values that satisfy a schema
// (as far as a generator can: types, enums, bounds, lengths, patterns, required keys), and
// mutations of them (wrong types, out-of-range numbers, missing and unknown keys, huge strings).
import fc, { type Arbitrary } from "fast-check";

/** Property names every JavaScript object has (or whose assignment changes its prototype). */
const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "__defineGetter__"];

export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  $ref?: string;
}

export type Resolve = (s: Schema) => Schema;

export function validValue(schema: Schema, resolve: Resolve, depth = 0): Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((u) => validValue(u, resolve, depth)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "integer":
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 });
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string":
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      // Now and then a name every object has: a value looked up in a plain object as a key
      // (an approver named "toString") found Object.prototype's member (fifth attack pass).
      return fc
        .oneof(
          { weight: 9, arbitrary: fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) }) },
          { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
        )
        .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
    case "array":
      if (depth > 3) return fc.constant([]);
      return fc.array(validValue(s.items ?? {}, resolve, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    case "object": {
      if (depth > 3 || !s.properties) return fc.constant({});
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties);
      return fc.record(Object.fromEntries(entries.map(([k, v]) => [k, validValue(v, resolve, depth + 1)])), {
        requiredKeys: entries.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

/** Anything JSON can say, including what no schema wants. */
export const wildJson: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1, "", " ", "\u0000", "💥", "null", "[]", "{}"),
  fc.string({ maxLength: 20 }),
  fc.double(),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** A valid value with one thing wrong with it somewhere. */
export function mutated(schema: Schema, resolve: Resolve): Arbitrary<unknown> {
  const s = resolve(schema);
  return validValue(s, resolve).chain((value) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const props = Object.keys(s.properties ?? {});
      return fc.oneof(
        // a key with a value of the wrong kind
        fc.tuple(fc.constantFrom(...(props.length ? props : ["x"])), wildJson).map(([k, v]) => ({ ...value, [k]: v })),
        // a required key missing
        fc.constantFrom(...(keys.length ? keys : ["x"])).map((k) => {
          const copy: Record<string, unknown> = { ...value };
          delete copy[k];
          return copy;
        }),
        // an unknown key
        fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), wildJson).map(([k, v]) => ({ ...value, [`zz_${k}`]: v })),
        // a huge string where a string goes
        fc.constantFrom(...(props.length ? props : ["x"])).map((k) => ({ ...value, [k]: "A".repeat(100_000) })),
        // the whole body of another kind
        wildJson,
      );
    }
    return wildJson;
  });
}
