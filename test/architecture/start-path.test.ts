// What `assay serve` evaluates before its first answer: the static module graph of main.ts and of
// serve.ts (the command's module, imported when it runs). Libraries that only the full app, the
// reports of a wrong config file or custom rules need are reached through import()/require() on
// first use: evaluated at start-up they cost the cold start (TypeBox's ~180 modules alone ~1.5 ms
// of CPU, docs/benchmarks.md). Loaded in a child process, so this test's own imports do not count.
import { expect, test } from "bun:test";
import { resolve } from "node:path";

const SRC = resolve(import.meta.dir, "../../src");
const APP_ONLY = /node_modules\/(@sinclair\/typebox|elysia|@elysiajs|@marcbachmann\/cel-js|postgres|ioredis|file-type)\//;

test("the serve command's start path loads no library that only the app, config errors or rules need", async () => {
  const script = `
    await import(${JSON.stringify(`${SRC}/main.ts`)});
    await import(${JSON.stringify(`${SRC}/cli/serve.ts`)});
    console.log(JSON.stringify(Object.keys(require.cache)));
  `;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect(code, err).toBe(0);
  const modules = JSON.parse(out) as string[];
  // The graph was read: the config loader and the server are in it.
  expect(modules.some((m) => m.endsWith("src/config/load.ts"))).toBe(true);
  expect(modules.some((m) => m.endsWith("src/server.ts"))).toBe(true);
  expect(modules.filter((m) => APP_ONLY.test(m))).toEqual([]);
});

// The binary is built with --splitting (Makefile): each import() — the serve command, the app with
// Elysia, TypeBox and the OpenAPI plugin, the dashboard — and each require()d module is a chunk of its
// own, instantiated when first reached; what `assay serve` instantiates before its first line runs is
// main.js and the serve command's chunk with the chunks they import statically. Before the split the
// whole 1.2 MB program was (docs/benchmarks.md, "Cold start", 2026-11-29). A chunk's builtin imports
// are hoisted to its start: `import { isIP } from "node:net"` in the dashboard loaded node:net and
// Node's stream machinery at every start (~1.5–3 ms of CPU) before the split; builtins beyond these
// are loaded on first use.
const START_BUILTINS = new Set(["fs", "path", "bun:sqlite", "bun:jsc"]);
// Modules a first signed health answer never runs: built 50 ms after listening or by the first
// request that needs them (src/server.ts), they must not be in the start's chunks.
const LATER = /^src\/(app\.ts|dashboard\/index\.ts|http\/docs\.ts|http\/pipeline\.ts|api\/(?!health\/report\.ts))/;

/** A bundle's `// path` line (relative to where the build ran) as `src/…` or `…node_modules/…`. */
const modulePath = (line: string) => (line.includes("node_modules/") ? line.slice(line.lastIndexOf("node_modules/")) : line.replace(/^.*\/(?=src\/)/, ""));

/** The build the Makefile makes (its entry points, split), unminified: each module keeps its `// path` line. */
async function startChunks() {
  const built = await Bun.build({ entrypoints: [`${SRC}/main.ts`, `${SRC}/analysis/parallel/scan-worker.ts`], target: "bun", format: "esm", splitting: true });
  expect(built.success, built.logs.join("\n")).toBe(true);
  const chunks = new Map<string, string>();
  for (const o of built.outputs) if (o.path.endsWith(".js")) chunks.set(o.path.replace(/^\.\//, ""), await o.text());
  const main = chunks.get("main.js")!;
  const serveChunk = /\(await import\("\.\/([^"]+)"\)\)\.serve\b/.exec(main)?.[1];
  expect(serveChunk).toBeString();
  // Static imports only (`import … from "x"`, `import "x"`); import() and import.meta.require() load later.
  const STATIC = /(?:^|[;\n])\s*import\s*(?:[^"';]*?\bfrom\s*)?"([^"]+)"/g;
  const reached = new Set<string>();
  const builtins = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const [, spec] of chunks.get(name)!.matchAll(STATIC)) {
      if (spec!.startsWith("./")) visit(spec!.slice(2));
      else builtins.add(spec!.replace(/^node:/, ""));
    }
  };
  visit("main.js");
  visit(serveChunk!);
  const modulesOf = (names: Iterable<string>) =>
    [...names].flatMap((n) => [...chunks.get(n)!.matchAll(/^\/\/ (\S+\.(?:ts|js|mjs|cjs|json))$/gm)].map((m) => modulePath(m[1]!)));
  return { reached, builtins, modules: modulesOf(reached), all: modulesOf(chunks.keys()), count: chunks.size };
}

test("the start's chunks hold no library or module that only the app, the dashboard, config errors or rules need", async () => {
  const { reached, modules, all, count } = await startChunks();
  // The split happened and was read: the app is a chunk of its own, the start holds the server.
  expect(reached.size).toBeLessThan(count);
  expect(all).toContain("src/app.ts");
  expect(all.some((m) => APP_ONLY.test(m))).toBe(true);
  expect(modules).toContain("src/server.ts");
  expect(modules).toContain("src/config/load.ts");
  expect(modules.filter((m) => APP_ONLY.test(m) || LATER.test(m))).toEqual([]);
}, 60_000);

test("the start's chunks import no builtin beyond those the start path needs", async () => {
  const { builtins } = await startChunks();
  // The pattern reads the bundle: the start path's own builtins are among what it found.
  expect(builtins.has("bun:sqlite")).toBe(true);
  expect([...builtins].filter((name) => !START_BUILTINS.has(name))).toEqual([]);
}, 60_000);
