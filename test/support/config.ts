// The problems a config file's text is refused for (one line each, with its YAML path), or none.
import { ConfigError, parseConfig } from "../../src/config/load.ts";

export function configProblems(yaml: string, env: Record<string, string> = {}): string[] {
  try {
    parseConfig(yaml, "/etc/assay/assay.yaml", env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}
