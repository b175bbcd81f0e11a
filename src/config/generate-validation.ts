// Writes src/config/validation.generated.ts from the config schema (src/config/schema.ts): the
// defaults and the check a start runs over the file, as plain straight-line code. `make
// config-validation` runs it; test/config/validation.test.ts fails while the file is stale.
//
// Why: run once and cold, TypeBox's generic Value.Default and Value.Check walk the schema through
// hundreds of small functions, each met for the first time: 3-5 ms of CPU of every `assay serve`
// cold start (docs/benchmarks.md). The same work written out per property runs in a fraction.
// - The check is TypeBox's own compiled checker (TypeCompiler.Code), equivalent to Value.Check.
// - The defaults follow Value.Default (0.34, value/default/default.mjs) for the kinds of schema
//   the config uses, with its repeated work left out where it cannot change the result (the
//   schema's defaults being values, never functions): a property whose value is absent or not an
//   object is visited once, not twice; a schema with no default anywhere in it returns what it is
//   given, untouched. A schema this does not know (Ref, This, Intersect, Tuple, a union with a
//   default inside a branch, additional properties with a default) stops the generation.
// A file that fails the check is defaulted and reported through Value.Default and Value.Errors
// as before (load.ts), so every error message stays TypeBox's.
import { Kind, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { ConfigSchema } from "./schema.ts";

type Schema = TSchema & Record<string | symbol, unknown>;

export const GENERATED_FILE = new URL("./validation.generated.ts", import.meta.url).pathname;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";

/** Whether a schema holds a default anywhere (itself included). */
function hasDefaults(schema: Schema): boolean {
  if ("default" in schema) return true;
  const children: unknown[] = [
    ...Object.values((schema.properties ?? {}) as object),
    ...Object.values((schema.patternProperties ?? {}) as object),
    ...((schema.anyOf ?? []) as unknown[]),
    ...((schema.allOf ?? []) as unknown[]),
    ...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []),
    ...(isObject(schema.additionalProperties) ? [schema.additionalProperties] : []),
  ];
  return children.some((c) => hasDefaults(c as Schema)) || ["Ref", "This", "Import"].includes(schema[Kind] as string);
}

function unsupported(what: string, path: string): never {
  throw new Error(`src/config/generate-validation.ts: ${what} at ${path || "(root)"} is not supported; extend the generator (or fall back to Value.Default)`);
}

/** Source text of a fresh copy of a default value (a JSON literal). */
function literal(value: unknown, path: string): string {
  if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") unsupported(`a ${typeof value} default`, path);
  if (value instanceof Date || (isObject(value) && Object.getPrototypeOf(value) !== Object.prototype && !Array.isArray(value))) unsupported("a non-plain default", path);
  return value === undefined ? "undefined" : JSON.stringify(value);
}

/** A schema whose visit is ValueOrDefault alone, with a primitive default (a string, number, boolean, null). */
function isPrimitiveDefaultLeaf(schema: Schema): boolean {
  const leaf = !["Object", "Array", "Record", "Date", "Import", "Intersect", "Ref", "This", "Tuple"].includes(schema[Kind] as string);
  const union = schema[Kind] !== "Union" || !(schema.anyOf as Schema[]).some(hasDefaults);
  return leaf && union && typeof schema.$id !== "string" && "default" in schema && schema.default !== undefined && !isObject(schema.default) && typeof schema.default !== "function";
}

class Emitter {
  private functions: string[] = [];

  /** The name of a function `(value) => defaulted value`, or null when the schema leaves values as they are. */
  visit(schema: Schema, path: string): string | null {
    if (typeof schema.$id === "string") unsupported("a schema with $id", path);
    if (!hasDefaults(schema)) return null;
    switch (schema[Kind]) {
      case "Object":
        return this.object(schema, path);
      case "Array":
        return this.array(schema, path);
      case "Record":
        return this.record(schema, path);
      case "Union":
        if ((schema.anyOf as Schema[]).some(hasDefaults)) unsupported("a union with a default inside a branch", path);
        return this.leaf(schema, path);
      case "Date":
      case "Import":
      case "Intersect":
      case "Ref":
      case "This":
      case "Tuple":
        return unsupported(`a ${String(schema[Kind])} schema`, path);
      default:
        return this.leaf(schema, path);
    }
  }

  /** ValueOrDefault: the value, else a copy of the default (an object default under an object value). */
  private orDefault(schema: Schema, path: string): string {
    if (!("default" in schema) || schema.default === undefined) return "value";
    const fresh = literal(schema.default, path);
    return isObject(schema.default) ? `value === undefined ? ${fresh} : isObject(value) ? Object.assign(${fresh}, value) : value` : `value === undefined ? ${fresh} : value`;
  }

  private add(path: string, body: string[]): string {
    const name = `d${this.functions.length}`;
    this.functions.push(`/** ${path || "(root)"} */\nfunction ${name}(value: any): any {\n${body.map((l) => `  ${l}`).join("\n")}\n}`);
    return name;
  }

  private leaf(schema: Schema, path: string): string {
    return this.add(path, [`return ${this.orDefault(schema, path)};`]);
  }

  private object(schema: Schema, path: string): string {
    if (isObject(schema.additionalProperties) && "default" in schema.additionalProperties) unsupported("additional properties with a default", path);
    const lines = [`const o = ${this.orDefault(schema, path)};`, "if (!isObject(o)) return o;"];
    for (const [key, inner] of Object.entries(schema.properties as Record<string, Schema>)) {
      const k = JSON.stringify(key);
      if (isPrimitiveDefaultLeaf(inner)) {
        // Both of Value.Default's visits give the default for an absent value and the value itself otherwise.
        lines.push(`if (o[${k}] === undefined) o[${k}] = ${literal(inner.default, `${path}.${key}`)};`);
        continue;
      }
      const fn = this.visit(inner, path ? `${path}.${key}` : key);
      if (fn === null) continue;
      // Value.Default visits twice; the second visit repeats the first unless the first defaulted an object in place.
      lines.push(`{ const v = o[${k}]; const r = ${fn}(v); if (r !== undefined) o[${k}] = isObject(v) ? ${fn}(v) : r; }`);
    }
    lines.push("return o;");
    return this.add(path, lines);
  }

  private array(schema: Schema, path: string): string {
    const fn = this.visit(schema.items as Schema, `${path}[]`);
    const each = (a: string) => (fn === null ? [] : [`for (let i = 0; i < ${a}.length; i++) ${a}[i] = ${fn}(${a}[i]);`]);
    return this.add(path, [
      "if (Array.isArray(value)) {",
      ...each("value").map((l) => `  ${l}`),
      "  return value;",
      "}",
      `const a = ${this.orDefault(schema, path)};`,
      "if (!Array.isArray(a)) return a;",
      ...each("a"),
      "return a;",
    ]);
  }

  private record(schema: Schema, path: string): string {
    const [pattern, inner] = Object.entries(schema.patternProperties as Record<string, Schema>)[0]!;
    if (isObject(schema.additionalProperties) && "default" in schema.additionalProperties) unsupported("additional properties with a default", path);
    const lines = [`const o = ${this.orDefault(schema, path)};`, "if (!isObject(o)) return o;"];
    // Value.Default visits a record's values only when their schema itself has a default.
    if ("default" in inner) {
      const fn = this.visit(inner, `${path}{}`)!;
      lines.push(`const known = new RegExp(${JSON.stringify(pattern)});`, `for (const key of Object.getOwnPropertyNames(o)) if (known.test(key)) o[key] = ${fn}(o[key]);`);
    }
    lines.push("return o;");
    return this.add(path, lines);
  }

  source(root: string): string {
    return [`export function configDefaults(value: unknown): unknown {\n  return ${root}(value);\n}`, ...this.functions].join("\n\n");
  }
}

/** A record whose keys must match a pattern, where in the configuration it is ("[]" an array's items, "{}" a record's values). */
export interface PatternedRecord {
  path: string[];
  pattern: string;
  hint: string | null;
}

/** A catch-all key pattern: a record of `Type.String()` keys takes any name. */
const ANY_KEY = "^(.*)$";

/**
 * Every record of the schema whose key has a pattern. JSON Schema's patternProperties checks only
 * the entries whose key matches it and lets the others pass unchecked; record-keys.ts refuses those.
 */
export function patternedRecords(schema: Schema, path: string[] = []): PatternedRecord[] {
  const out: PatternedRecord[] = [];
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, Schema>);
  if (patterns.length > 1) unsupported("a record with several key patterns", path.join("."));
  for (const [pattern, inner] of patterns) {
    if (pattern !== ANY_KEY) out.push({ path, pattern, hint: typeof schema.keyHint === "string" ? schema.keyHint : null });
    out.push(...patternedRecords(inner, [...path, "{}"]));
  }
  for (const [key, inner] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) out.push(...patternedRecords(inner, [...path, key]));
  if (isObject(schema.items) && !Array.isArray(schema.items)) out.push(...patternedRecords(schema.items as Schema, [...path, "[]"]));
  for (const branch of (schema.anyOf ?? []) as Schema[]) out.push(...patternedRecords(branch, path));
  return out.filter((r, i) => out.findIndex((o) => JSON.stringify(o) === JSON.stringify(r)) === i);
}

export interface CollectionDefault {
  path: string[];
  kind: "list" | "mapping";
}

/**
 * Every list or mapping of the schema that has a default. Value.Default merges a value of the
 * other kind into such a default (Object.assign: `{ EUR: 1.08 }` into `[]` is an empty list with
 * a stray property, `[10000]` into `{}` a mapping with the key "0"), and the check then passes;
 * collection-kinds.ts refuses those values before the defaults are applied.
 */
export function collectionDefaults(schema: Schema, path: string[] = []): CollectionDefault[] {
  const out: CollectionDefault[] = [];
  const kind = schema[Kind];
  if ((kind === "Array" || kind === "Object" || kind === "Record") && isObject(schema.default)) out.push({ path, kind: kind === "Array" ? "list" : "mapping" });
  for (const [key, inner] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) out.push(...collectionDefaults(inner, [...path, key]));
  for (const inner of Object.values((schema.patternProperties ?? {}) as Record<string, Schema>)) out.push(...collectionDefaults(inner, [...path, "{}"]));
  if (isObject(schema.items) && !Array.isArray(schema.items)) out.push(...collectionDefaults(schema.items as Schema, [...path, "[]"]));
  for (const branch of (schema.anyOf ?? []) as Schema[]) out.push(...collectionDefaults(branch, path));
  return out.filter((r, i) => out.findIndex((o) => JSON.stringify(o) === JSON.stringify(r)) === i);
}

/** The text of validation.generated.ts for the current schema. */
export function generateValidation(): string {
  const emitter = new Emitter();
  const root = emitter.visit(ConfigSchema as unknown as Schema, "") ?? unsupported("a schema without defaults", "");
  const check = TypeCompiler.Code(ConfigSchema, [], { language: "typescript" });
  return `// GENERATED from src/config/schema.ts by src/config/generate-validation.ts — do not edit; run
// \`make config-validation\` after changing the schema (test/config/validation.test.ts fails while
// this file is stale). Value.Default and Value.Check of the config schema, written out (why: the
// generator's header).
// @ts-nocheck
/* eslint-disable */

const isObject = (value: unknown): value is Record<string, any> => value !== null && typeof value === "object";

/** Value.Default(ConfigSchema, value): fills \`value\` in place where TypeBox would, and returns the result. */
${emitter.source(root)}

/** The records whose keys must match a pattern (record-keys.ts refuses the others). */
export const patternedRecords: { path: string[]; pattern: string; hint: string | null }[] = ${JSON.stringify(patternedRecords(ConfigSchema as unknown as Schema))};

/** The lists and mappings with a default (collection-kinds.ts refuses a value of the other kind there). */
export const collectionDefaults: { path: string[]; kind: "list" | "mapping" }[] = ${JSON.stringify(collectionDefaults(ConfigSchema as unknown as Schema))};

/** Value.Check(ConfigSchema, value), compiled by TypeBox's TypeCompiler. */
export const configCheck: (value: unknown) => boolean = (() => {
${check}
})();
`;
}

if (import.meta.main) {
  await Bun.write(GENERATED_FILE, generateValidation());
  console.log(`wrote ${GENERATED_FILE}`);
}
