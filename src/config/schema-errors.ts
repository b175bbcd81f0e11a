// A file that fails the schema's check (validation.generated.ts), defaulted and judged by TypeBox
// itself, so every message and path is TypeBox's as it always was. load.ts requires this module
// for such a file only: a bundle initialises every module it imports at start, and TypeBox's
// Value (checker, errors, defaults, clone, …) is start-up work a sound file does not need.
import { Value, type ValueError } from "@sinclair/typebox/value";
import { ConfigSchema } from "./schema.ts";

export function schemaErrors(substituted: unknown): { withDefaults: unknown; errors: Iterable<ValueError> } {
  const withDefaults = Value.Default(ConfigSchema, Value.Clone(substituted));
  return { withDefaults, errors: Value.Errors(ConfigSchema, withDefaults) };
}
