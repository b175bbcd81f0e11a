// The layers run one way (docs/architecture.md): HTTP (http/, api/, dashboard/, cli/ and the
// composition root: app.ts, runtime.ts, server.ts, main.ts, reload.ts) → services and engines (alerts/,
// reports/, notify/, metrics/, analysis/, connectors/, auth/, ratelimit/) → store/ → domain/. This test
// reads every import under src/ and fails on an arrow from a lower layer up. domain/ imports
// nothing of src/ but domain/.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = resolve(import.meta.dir, "../../src");
const LOWER = ["domain", "store", "analysis", "connectors", "alerts", "reports", "notify", "auth", "ratelimit", "metrics"];
const UPPER = ["api", "http", "dashboard", "cli", "app.ts", "runtime.ts", "server.ts", "main.ts", "reload.ts"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Relative specifiers of every import, export-from and dynamic import in a file. */
function importsOf(text: string): string[] {
  const out: string[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)) {
    if (m[1]!.startsWith(".")) out.push(m[1]!);
  }
  return out;
}

/** The top-level folder (or root file) of src/ a path belongs to. */
function areaOf(path: string): string {
  return relative(SRC, path).split("/")[0]!;
}

interface Arrow {
  from: string;
  to: string;
}

function arrows(): Arrow[] {
  const out: Arrow[] = [];
  for (const file of sources(SRC)) {
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      const target = resolve(dirname(file), spec);
      if (relative(SRC, target).startsWith("..")) continue;
      out.push({ from: relative(SRC, file), to: relative(SRC, target) });
    }
  }
  return out;
}

describe("layers", () => {
  const all = arrows();

  test("the scan sees the imports (sanity)", () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all).toContainEqual({ from: "runtime.ts", to: "connectors/registry.ts" });
  });

  test("nothing below HTTP imports from api/, http/, dashboard/, cli/ or the composition root", () => {
    const upward = all.filter((a) => LOWER.includes(areaOf(join(SRC, a.from))) && UPPER.includes(areaOf(join(SRC, a.to))));
    expect(upward.map((a) => `${a.from} → ${a.to}`)).toEqual([]);
  });

  test("domain/ imports only domain/", () => {
    const out = all.filter((a) => areaOf(join(SRC, a.from)) === "domain" && areaOf(join(SRC, a.to)) !== "domain");
    expect(out.map((a) => `${a.from} → ${a.to}`)).toEqual([]);
  });

  test("the rule catches an upward arrow", () => {
    expect(importsOf('import { x } from "../http/problem.ts";\nexport { y } from "./z.ts";\nconst m = await import("../api/a.ts");')).toEqual([
      "../http/problem.ts",
      "./z.ts",
      "../api/a.ts",
    ]);
  });
});
