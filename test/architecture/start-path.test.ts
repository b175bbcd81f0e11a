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

// A bundle hoists every import of a builtin to the program's start, even one in a module that is
// only reached through import()/require() later: `import { isIP } from "node:net"` in the
// dashboard loaded node:net and Node's stream machinery at every start (~1.5–3 ms of CPU before
// the first signed 200, docs/benchmarks.md). Builtins beyond these are loaded on first use.
const START_BUILTINS = new Set(["fs", "path", "bun:sqlite", "bun:jsc"]);

test("the bundle hoists no builtin import beyond those the start path needs", async () => {
  const built = await Bun.build({ entrypoints: [`${SRC}/main.ts`], target: "bun", format: "esm" });
  expect(built.success, built.logs.join("\n")).toBe(true);
  const text = await built.outputs.find((o) => o.kind === "entry-point")!.text();
  const hoisted = new Set([...text.matchAll(/^import\b[^;'"]*?\bfrom\s*"([^"]+)";?$/gm)].map((m) => m[1]!.replace(/^node:/, "")));
  // The pattern reads the bundle: the start path's own builtins are among what it found.
  expect(hoisted.has("bun:sqlite")).toBe(true);
  expect([...hoisted].filter((name) => !START_BUILTINS.has(name) && !name.startsWith("."))).toEqual([]);
}, 60_000);
