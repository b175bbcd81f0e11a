// src/config/validation.generated.ts must be the generator's output for the current schema, fill
// a configuration exactly as TypeBox's Value.Default does and judge it as Value.Check does: the
// shipped file, an empty one, and random partial files drawn from the schema (right and wrong
// values, absent and present sections, arrays and records of partial objects).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Kind, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { generateValidation, GENERATED_FILE } from "../../src/config/generate-validation.ts";
import { ConfigSchema } from "../../src/config/schema.ts";
import { configCheck, configDefaults } from "../../src/config/validation.generated.ts";

function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Schema = TSchema & Record<string | symbol, any>;
const WRONG: unknown[] = [7, "text", true, null, {}, [], [1, "a"], { unknown: 1 }];

/** A value for `schema`: mostly of the right shape, sometimes absent parts or a wrong value. */
function draw(schema: Schema, next: () => number, depth = 0): unknown {
  if (next() < 0.04) return WRONG[Math.floor(next() * WRONG.length)];
  switch (schema[Kind]) {
    case "Object": {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties as Record<string, Schema>)) {
        if (next() < 0.5) out[key] = draw(inner, next, depth + 1);
      }
      if (next() < 0.02) out.not_in_schema = 1;
      return out;
    }
    case "Array": {
      const n = depth > 6 ? 0 : Math.floor(next() * 3);
      return Array.from({ length: n }, () => draw(schema.items as Schema, next, depth + 1));
    }
    case "Record": {
      const [, inner] = Object.entries(schema.patternProperties as Record<string, Schema>)[0]!;
      const out: Record<string, unknown> = {};
      for (const key of ["a", "b_1", "Bad Key"]) if (next() < 0.4) out[key] = draw(inner, next, depth + 1);
      return out;
    }
    case "Union": {
      const branches = schema.anyOf as Schema[];
      return draw(branches[Math.floor(next() * branches.length)]!, next, depth + 1);
    }
    case "Literal":
      return schema.const;
    case "String":
      return next() < 0.5 && schema.default !== undefined ? schema.default : "x";
    case "Number":
    case "Integer":
      return Math.floor(next() * 100);
    case "Boolean":
      return next() < 0.5;
    case "Null":
      return null;
    default:
      return undefined;
  }
}

function same(value: unknown) {
  const ours = configDefaults(structuredClone(value));
  const typebox = Value.Default(ConfigSchema, structuredClone(value));
  expect(ours).toStrictEqual(typebox);
  expect(configCheck(ours)).toBe(Value.Check(ConfigSchema, typebox));
  // The check alone, on a value as the file gave it (mostly failing: required keys absent).
  expect(configCheck(value)).toBe(Value.Check(ConfigSchema, value));
}

describe("config validation, generated", () => {
  test("validation.generated.ts is up to date with the schema (else: make config-validation)", () => {
    expect(readFileSync(GENERATED_FILE, "utf8")).toBe(generateValidation());
  });

  test("an empty file and the shipped config/assay.yaml", () => {
    same({});
    same(Bun.YAML.parse(readFileSync(new URL("../../config/assay.yaml", import.meta.url), "utf8")));
  });

  test("every section alone, drawn from the schema, equals Value.Default's answer", () => {
    const next = random(14);
    for (const [key, section] of Object.entries(ConfigSchema.properties as Record<string, Schema>)) {
      for (let i = 0; i < 40; i++) same({ [key]: draw(section, next) });
    }
  });

  test("whole files drawn from the schema equal Value.Default's answer", () => {
    const next = random(30);
    let valid = 0;
    for (let i = 0; i < 300; i++) {
      const value = draw(ConfigSchema as Schema, next);
      same(value);
      if (Value.Check(ConfigSchema, Value.Default(ConfigSchema, structuredClone(value)))) valid++;
    }
    // Both kinds were drawn: files that pass and files that fail.
    expect(valid).toBeGreaterThan(0);
    expect(valid).toBeLessThan(300);
  });
});
