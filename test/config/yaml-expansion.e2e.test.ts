// A configuration file that is small on disk but huge once read — aliases repeated inside aliases
// (the "billion laughs"), a long chain of merge keys (`<<: *previous`), a large mapping merged many
// times — or one that is simply huge or absurdly deep, is refused quickly with a line naming where,
// without eating memory: by `assay serve` at start and by a running server's reload. (Fifth attack
// pass: ten million values from a 600-byte file took `serve` 7.3 s and 562 MB before its first
// word; a 1,400-link merge chain of 40 KB took 8.9 s and 355 MB, on the thread that answers
// requests when it came by a reload.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { rmSync, writeFileSync } from "node:fs";
import { reloadConfig } from "../../src/reload.ts";
import { runCli } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";
import { type Server, startServer } from "../support/server.ts";

const dir = makeTempDir("assay-yaml-bomb-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `x0` a list of ten strings, each next level ten aliases of the previous: 10^levels values. */
function nestedAliases(levels: number): string {
  let text = `x0: &x0 [${Array(10).fill('"lollollol"').join(",")}]\n`;
  for (let i = 1; i < levels; i++) text += `x${i}: &x${i} [${Array(10).fill(`*x${i - 1}`).join(",")}]\n`;
  return text;
}

/** Each mapping merges the previous one: n(n+1)/2 keys copied by the YAML reader. */
function mergeChain(n: number): string {
  let text = "m0: &m0 { a0: 0 }\n";
  for (let i = 1; i < n; i++) text += `m${i}: &m${i} { <<: *m${i - 1}, a${i}: ${i} }\n`;
  return text;
}

/** One mapping of `keys` keys merged `times` times. */
function bigMerge(keys: number, times: number): string {
  let text = "big: &big\n";
  for (let i = 0; i < keys; i++) text += `  k${i}: ${i}\n`;
  for (let j = 0; j < times; j++) text += `copy${j}: { <<: *big, z: 1 }\n`;
  return text;
}

const CASES: { name: string; yaml: () => string; problem: RegExp }[] = [
  { name: "aliases nested seven deep (ten million values)", yaml: () => nestedAliases(7), problem: /^  x\d\[[\d\]\[]+: the configuration expands to more than 250,000 values/m },
  { name: "a chain of 1,400 merge keys", yaml: () => mergeChain(1400), problem: /^  m\d+: its YAML merge keys \(<<\) copy more than 50,000 keys/m },
  { name: "a 50,000-key mapping merged ten times", yaml: () => bigMerge(50_000, 10), problem: /^  copy\d: its YAML merge keys \(<<\) copy more than 50,000 keys/m },
  { name: "a 5 MiB file", yaml: () => `rules:\n${"  # padding padding padding padding padding padding padding padding\n".repeat(80_000)}`, problem: /^  the file is 5\.\d MiB; a configuration file is at most 4 MiB/m },
  { name: "mappings nested 1,000 deep", yaml: () => `server:\n${Array.from({ length: 1000 }, (_, i) => `${"  ".repeat(i + 1)}k${i}:\n`).join("")}`, problem: /^  server\.k0\.k1\.[\w.]+: nested deeper than 64 levels/m },
];

/**
 * `assay serve --config file` run to its exit: its code, stderr, time and peak memory. A child's
 * peak counts the test process's own pages between fork and exec, so it is compared with that of
 * a refusal that reads next to nothing, run just before.
 */
async function serve(file: string) {
  const started = performance.now();
  const proc = Bun.spawn([process.execPath, "run", join(import.meta.dir, "../../src/main.ts"), "serve", "--config", file, "--port", "0"], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  return { code, stderr, ms: performance.now() - started, peakMb: proc.resourceUsage()!.maxRSS / 1024 / 1024 };
}

describe("assay serve refuses an expanding configuration quickly and in little memory", () => {
  const trivial = join(dir, "trivial.yaml");
  writeFileSync(trivial, "server: { port: nope }\n");

  for (const c of CASES) {
    test(c.name, async () => {
      const file = join(dir, `${c.name.replace(/\W+/g, "-")}.yaml`);
      writeFileSync(file, c.yaml());
      const baseline = await serve(trivial);
      expect(baseline.code).toBe(1);
      const r = await serve(file);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(c.problem);
      // Before the fix, beyond the trivial refusal: up to 517 MB more, and up to 9 s.
      expect(r.peakMb - baseline.peakMb).toBeLessThan(100);
      expect(r.ms - baseline.ms).toBeLessThan(2500);
    }, 30_000);
  }

  test("a file that uses anchors, aliases and merge keys as intended is read as before", async () => {
    const file = join(dir, "anchors.yaml");
    writeFileSync(
      file,
      [
        "plans:",
        "  small: &small { per_second: 5, per_minute: 100 }",
        "  medium: { <<: *small, per_minute: 300 }",
        "  large: { <<: [*small], per_second: 9 }",
        "connectors:",
        "  - &inline { id: a, type: inline, name: A }",
        "  - { <<: *inline, id: b }",
        "",
      ].join("\n"),
    );
    const r = await runCli(["config", "check", "--config", file]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });
});

describe("a running server's reload", () => {
  let srv: Server;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(() => srv.stop());

  test("refuses a billion-laughs file at once and keeps serving with its configuration", async () => {
    const before = srv.rt.config.plans;
    writeFileSync(srv.configFile, `${await Bun.file(srv.configFile).text()}\n${nestedAliases(7).replace(/^x/gm, "z")}`);
    const started = performance.now();
    const result = reloadConfig(srv.rt, "test", {});
    expect(performance.now() - started).toBeLessThan(1500);
    expect(result.ok).toBe(false);
    expect(result.problems!.join("\n")).toMatch(/^z\d\[[\d\]\[]+: the configuration expands to more than 250,000 values/m);
    expect(srv.rt.config.plans).toBe(before);
    expect((await srv.call("GET", "/v1/health")).status).toBe(200);
  });
});
