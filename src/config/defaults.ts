// The configuration's defaults, filled in as TypeBox's Value.Default fills them, for less. Run
// cold on every start, Value.Default (0.34) over the config schema cost 2-4 ms of CPU, a tenth of
// the cold start (docs/benchmarks.md): it visits every property of an object twice (once to see
// whether the visit yields a value at all, then again to assign it: 2^depth visits of an absent
// section's leaves), and tries each branch of a union with a cold Value.Check.
//
// This is the same algorithm (FromObject, FromArray, FromRecord, FromUnion and ValueOrDefault of
// @sinclair/typebox/build/esm/value/default/default.mjs) with two shortcuts that cannot change the
// result, the schema's defaults being values (never functions):
// - a property whose value is absent or not an object is visited once: such a visit mutates
//   nothing it was given, so the second could only repeat the first. A property set to an object
//   or array is still visited twice, as TypeBox does (its first visit may default members in place);
// - a union none of whose branches holds a default anywhere gives back its (defaulted) value: every
//   branch would return a copy of what it was given, and TypeBox returns that copy or the value.
// Any other kind of schema (Ref, This, Import, Intersect, Tuple, Date) is handed to TypeBox's own
// Default. test/config/defaults.test.ts checks the result against Value.Default.
import { Kind, type TSchema } from "@sinclair/typebox";
import { Check, Clone, Default } from "@sinclair/typebox/value";

type Schema = TSchema & Record<string | symbol, unknown>;

/** Value.Default(schema, value): mutates `value` where TypeBox would, and returns the result. */
export function withDefaults(schema: TSchema, value: unknown): unknown {
  return visit(schema as Schema, [], value);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";

/** TypeBox's Clone, without its seven type tests for a primitive (most defaults are). */
function clone(value: unknown): unknown {
  return value === null || (typeof value !== "object" && typeof value !== "function") ? value : Clone(value);
}

function valueOrDefault(schema: Schema, value: unknown): unknown {
  const defaultValue = "default" in schema ? schema.default : undefined;
  if (typeof defaultValue === "function") throw new Error("config schema: a default given as a function is not supported here (src/config/defaults.ts)");
  const clone_ = clone(defaultValue);
  return value === undefined ? clone_ : isObject(value) && isObject(clone_) ? Object.assign(clone_, value) : value;
}

function hasDefaultProperty(schema: unknown): boolean {
  return isObject(schema) && typeof schema[Kind as unknown as string] === "string" && "default" in schema;
}

function pushref(schema: Schema, references: Schema[]): Schema[] {
  if (typeof schema.$id !== "string" || references.some((target) => target.$id === schema.$id)) return references;
  references.push(schema);
  return references;
}

function fromObject(schema: Schema, references: Schema[], value: unknown): unknown {
  const defaulted = valueOrDefault(schema, value);
  if (!isObject(defaulted)) return defaulted;
  const properties = schema.properties as Record<string, Schema>;
  const knownPropertyKeys = Object.getOwnPropertyNames(properties);
  for (const key of knownPropertyKeys) {
    const propertyValue = visit(properties[key]!, references, defaulted[key]);
    if (propertyValue === undefined) continue;
    // TypeBox visits again, on the member its first visit may have defaulted in place.
    defaulted[key] = isObject(defaulted[key]) ? visit(properties[key]!, references, defaulted[key]) : propertyValue;
  }
  if (!hasDefaultProperty(schema.additionalProperties)) return defaulted;
  for (const key of Object.getOwnPropertyNames(defaulted)) {
    if (knownPropertyKeys.includes(key)) continue;
    defaulted[key] = visit(schema.additionalProperties as Schema, references, defaulted[key]);
  }
  return defaulted;
}

function fromArray(schema: Schema, references: Schema[], value: unknown): unknown {
  const items = schema.items as Schema;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = visit(items, references, value[i]);
    return value;
  }
  const defaulted = valueOrDefault(schema, value);
  if (!Array.isArray(defaulted)) return defaulted;
  for (let i = 0; i < defaulted.length; i++) defaulted[i] = visit(items, references, defaulted[i]);
  return defaulted;
}

function fromRecord(schema: Schema, references: Schema[], value: unknown): unknown {
  const defaulted = valueOrDefault(schema, value);
  if (!isObject(defaulted)) return defaulted;
  const additionalPropertiesSchema = schema.additionalProperties;
  const [propertyKeyPattern, propertySchema] = Object.entries(schema.patternProperties as Record<string, Schema>)[0]!;
  const knownPropertyKey = new RegExp(propertyKeyPattern);
  for (const key of Object.getOwnPropertyNames(defaulted)) {
    if (!(knownPropertyKey.test(key) && hasDefaultProperty(propertySchema))) continue;
    defaulted[key] = visit(propertySchema, references, defaulted[key]);
  }
  if (!hasDefaultProperty(additionalPropertiesSchema)) return defaulted;
  for (const key of Object.getOwnPropertyNames(defaulted)) {
    if (knownPropertyKey.test(key)) continue;
    defaulted[key] = visit(additionalPropertiesSchema as Schema, references, defaulted[key]);
  }
  return defaulted;
}

function fromUnion(schema: Schema, references: Schema[], value: unknown): unknown {
  const defaulted = valueOrDefault(schema, value);
  // Branches with no default anywhere in them give back (a copy of) what they were given, whether
  // it passes or not: TypeBox's answer is then `defaulted` or a clone of it, the same value.
  if (!defaultsWithin(schema.anyOf as Schema[])) return defaulted;
  for (const inner of schema.anyOf as Schema[]) {
    const result = visit(inner, references, clone(defaulted));
    if (Check(inner, references, result)) return result;
  }
  return defaulted;
}

/** Whether any of these schemas (or any schema within them) has a default: a Ref or This might. */
const hasDefaults = new WeakMap<object, boolean>();
function defaultsWithin(schemas: Schema[]): boolean {
  return schemas.some((schema) => {
    let found = hasDefaults.get(schema);
    if (found === undefined) {
      const kind = schema[Kind];
      const items = schema.items;
      found =
        "default" in schema ||
        kind === "Ref" ||
        kind === "This" ||
        kind === "Import" ||
        defaultsWithin(Object.values((schema.properties ?? {}) as Record<string, Schema>)) ||
        defaultsWithin(Object.values((schema.patternProperties ?? {}) as Record<string, Schema>)) ||
        defaultsWithin(((schema.anyOf ?? []) as Schema[]).concat((schema.allOf ?? []) as Schema[])) ||
        (Array.isArray(items) ? defaultsWithin(items as Schema[]) : isObject(items) && defaultsWithin([items as Schema])) ||
        (isObject(schema.additionalProperties) && defaultsWithin([schema.additionalProperties as Schema]));
      hasDefaults.set(schema, found);
    }
    return found;
  });
}

function visit(schema: Schema, references: Schema[], value: unknown): unknown {
  const refs = pushref(schema, references);
  switch (schema[Kind]) {
    case "Object":
      return fromObject(schema, refs, value);
    case "Array":
      return fromArray(schema, refs, value);
    case "Record":
      return fromRecord(schema, refs, value);
    case "Union":
      return fromUnion(schema, refs, value);
    case "Date":
    case "Import":
    case "Intersect":
    case "Ref":
    case "This":
    case "Tuple":
      return Default(schema, refs, value);
    default:
      return valueOrDefault(schema, value);
  }
}
