// Every YAML snippet in README.md and docs/ is Assay configuration a reader will paste: each must
// pass the checks `assay config check` (and `serve` at start-up) runs, so a renamed key, a
// tightened bound or a removed option cannot leave a doc showing a file that is refused.
// docs/benchmarks.md and docs/quality.md are measurement records and are not read.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { makeTempDir } from "../support/harness.ts";

const ROOT = join(import.meta.dir, "..", "..");
const MEASUREMENT_RECORDS = new Set(["benchmarks.md", "quality.md"]);
/** Snippets of other programs' configuration shown beside Assay's (Prometheus' scrape config). */
const FOREIGN_TOP_KEYS = new Set(["scrape_configs"]);

/** The environment the snippets name with ${…}: placeholders a reader would set. */
const ENV = {
  ASSAY_WEBHOOK_SECRET: "0123456789abcdef-webhook",
  ASSAY_DATABASE_URL: "postgres://assay:secret@127.0.0.1:5432/assay",
  ASSAY_REDIS_URL: "redis://127.0.0.1:6379",
  ASSAY_METRICS_TOKEN: "metrics-token",
  ERP_DB_PASSWORD: "secret",
  BILLING_API_TOKEN: "token",
  PW: "password",
};

interface Snippet {
  where: string;
  yaml: string;
}

function snippets(): Snippet[] {
  const files = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md") && !MEASUREMENT_RECORDS.has(f)).map((f) => `docs/${f}`)];
  const out: Snippet[] = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), "utf8");
    // A fenced ```yaml block, possibly indented inside a list item (closed at the same indent).
    for (const m of text.matchAll(/^([ \t]*)```ya?ml\n([\s\S]*?)^\1```/gm)) {
      const indent = m[1]!.length;
      const yaml = m[2]!
        .split("\n")
        .map((l) => l.slice(indent))
        .join("\n");
      const line = text.slice(0, m.index).split("\n").length;
      out.push({ where: `${file}:${line}`, yaml });
    }
  }
  return out;
}

/** A snippet as a whole file: a connector entry goes under `connectors:`, a section gets one connector. */
function asConfigFile(yaml: string): string {
  if (/^\s*- /.test(yaml)) return `connectors:\n${yaml}`;
  if (/^connectors:/m.test(yaml)) return yaml;
  return `${yaml}\nconnectors:\n  - { id: inline, type: inline }\n`;
}

describe("every YAML snippet in the docs passes config check", () => {
  const all = snippets();
  test("the docs hold the snippets this test is meant to read", () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.map((s) => s.where.split(":")[0])).toEqual(expect.arrayContaining(["docs/connectors.md", "docs/analysis.md", "docs/deployment.md"]));
  });
  for (const s of all) {
    const top = /^([A-Za-z_]+):/m.exec(s.yaml)?.[1];
    if (top && FOREIGN_TOP_KEYS.has(top)) continue;
    test(s.where, () => {
      // A folder of its own, holding what a snippet says must exist at start-up (an SQLite source).
      const dir = makeTempDir("assay-doc-snippet-");
      mkdirSync(join(dir, "archive"), { recursive: true });
      new Database(join(dir, "archive", "billing.db")).close();
      const file = join(dir, "assay.yaml");
      let problem = "";
      try {
        connectorSettings(parseConfig(asConfigFile(s.yaml), file, ENV));
      } catch (e) {
        problem = String((e as Error).message);
      }
      expect({ where: s.where, problem }).toEqual({ where: s.where, problem: "" });
    });
  }
});
