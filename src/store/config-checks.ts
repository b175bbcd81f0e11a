// Rules of the `storage` section the schema cannot say, and the URL as logs show it. Apart from
// config-schema.ts so that loading a config file at start-up does not initialise TypeBox, which
// only the schema's generator and the report of a wrong file need (the cold start,
// docs/benchmarks.md).
import type { StorageConfig } from "./config-schema.ts";

/** Cross-key rules the schema cannot say; each problem names its YAML path. */
export function storageProblems(storage: StorageConfig): string[] {
  if (storage.driver !== "postgres") return [];
  if (!storage.url) return ["storage.url: required when storage.driver is postgres (e.g. ${ASSAY_DATABASE_URL})"];
  if (!/^postgres(ql)?:\/\//.test(storage.url)) return ["storage.url: expected a postgres:// URL"];
  return [];
}

/** The URL with its password hidden, for logs and messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, "$1:***@");
}
