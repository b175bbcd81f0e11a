// `port: ${PORT}`, `pool: ${DB_POOL}`, `enabled: ${METRICS_ON}`: an environment variable is text,
// so a value that is one `${NAME}` and nothing else was a string where the schema wants a number
// or a boolean, and the file was refused with "server.port: expected integer" although PORT held
// 8080. Where the schema's check says it wants a number (or a boolean) and the variable's text is
// one, it is read as one: "8080" → 8080, "0.19" → 0.19, "true" → true. Only there: a password or a
// token made of digits stays text, and "8080x", "0x1F90", "" or " 8080" stay refused as before.
// Run for a file that failed the check only, so a start with a sound file pays nothing.
import type { ValueError } from "@sinclair/typebox/value";

/** A decimal number as YAML's core schema writes one (no hex, no leading `.`, no spaces). */
const NUMBER = /^[-+]?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

type Wanted = "number" | "boolean";

/** What the failed schema wants there: a number, a boolean, or something else (undefined). */
function wanted(error: ValueError): Wanted | undefined {
  const schema = error.schema as { type?: unknown; anyOf?: { type?: unknown }[] };
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)];
  if (types.includes("integer") || types.includes("number")) return "number";
  if (types.includes("boolean")) return "boolean";
  return undefined;
}

function typed(text: string, want: Wanted): number | boolean | undefined {
  if (want === "boolean") return text === "true" ? true : text === "false" ? false : undefined;
  if (!NUMBER.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Reads as a number or a boolean, in `substituted` itself, each value that came from one `${NAME}`
 * (its YAML path in `wholeRefs`) where an error says the schema wants one. True when any changed.
 */
export function typeEnvScalars(substituted: unknown, errors: readonly ValueError[], wholeRefs: ReadonlySet<string>, yamlPath: (pointer: string) => string): boolean {
  let changed = false;
  for (const error of errors) {
    if (typeof error.value !== "string" || !wholeRefs.has(yamlPath(error.path))) continue;
    const want = wanted(error);
    const value = want && typed(error.value, want);
    if (value === undefined) continue;
    const keys = error.path.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = keys.pop();
    let parent: unknown = substituted;
    for (const k of keys) parent = parent && typeof parent === "object" ? (parent as Record<string, unknown>)[k] : undefined;
    if (last === undefined || !parent || typeof parent !== "object" || (parent as Record<string, unknown>)[last] !== error.value) continue;
    (parent as Record<string, unknown>)[last] = value;
    changed = true;
  }
  return changed;
}
