// Walking a configuration value along a path written out from the schema (validation.generated.ts):
// a key name, `[]` for every item of a list, `{}` for every value of a mapping. Shared by the
// checks that the schema's own validation cannot make (record-keys.ts, collection-kinds.ts).

export function isMapping(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

/** Calls `found` with every value the path reaches in `value` and its YAML path (`plans.gold`, `connectors[2].mapping`). */
export function walkSchemaPath(value: unknown, path: readonly string[], at: string, found: (value: unknown, at: string) => void): void {
  if (path.length === 0) {
    if (value !== undefined) found(value, at);
    return;
  }
  const [step, ...rest] = path;
  if (step === "[]") {
    if (Array.isArray(value)) value.forEach((item, i) => walkSchemaPath(item, rest, `${at}[${i}]`, found));
  } else if (step === "{}") {
    if (isMapping(value)) for (const [key, inner] of Object.entries(value)) walkSchemaPath(inner, rest, at ? `${at}.${key}` : key, found);
  } else if (isMapping(value) && Object.hasOwn(value, step!)) {
    walkSchemaPath(value[step!], rest, at ? `${at}.${step}` : step!, found);
  }
}
