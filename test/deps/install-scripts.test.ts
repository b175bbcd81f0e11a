// Nothing phones home, not even at install: no dependency's lifecycle script runs. Bun trusts a
// built-in list of popular packages (it includes @scarf/scarf, swagger-ui-dist's install
// analytics) unless package.json names its own list; ours is empty, and `make` installs with
// --ignore-scripts besides.
import { expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";

const ROOT = join(import.meta.dir, "..", "..");
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall"];

/** Every installed package (name → its install-time scripts). */
function installedWithScripts(modules: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === ".bin" || entry.name === ".cache") continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith("@")) {
        visit(path);
        continue;
      }
      const manifest = join(path, "package.json");
      if (existsSync(manifest)) {
        const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; scripts?: Record<string, string> };
        const scripts = INSTALL_SCRIPTS.filter((s) => pkg.scripts?.[s]);
        if (scripts.length) found.set(pkg.name ?? entry.name, scripts);
      }
      if (existsSync(join(path, "node_modules"))) visit(join(path, "node_modules"));
    }
  };
  visit(modules);
  return found;
}

test("package.json trusts no dependency and make installs with --ignore-scripts", async () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  expect(pkg.trustedDependencies).toEqual([]);
  expect(pkg.scarfSettings).toEqual({ enabled: false });
  const makefile = readFileSync(join(ROOT, "Makefile"), "utf8");
  const installs = makefile.split("\n").filter((l) => /\$\(BUN\) install\b/.test(l));
  expect(installs.length).toBeGreaterThan(0);
  for (const line of installs) expect(line).toContain("--ignore-scripts");
});

test("every installed package with an install script is blocked (bun pm untrusted lists it)", async () => {
  const withScripts = installedWithScripts(join(ROOT, "node_modules"));
  const proc = Bun.spawn([process.execPath, "pm", "untrusted"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  for (const name of withScripts.keys()) expect(out).toContain(`node_modules/${name} `);
});

test("a fresh install from the lockfile, even without --ignore-scripts, runs no script (a stand-in node records any run)", async () => {
  const dir = makeTempDir();
  cpSync(join(ROOT, "package.json"), join(dir, "package.json"));
  cpSync(join(ROOT, "bun.lock"), join(dir, "bun.lock"));
  mkdirSync(join(dir, "fakebin"));
  const marker = join(dir, "scripts-ran.log");
  writeFileSync(join(dir, "fakebin", "node"), `#!/bin/sh\necho "$PWD $*" >> ${marker}\n`, { mode: 0o755 });
  const proc = Bun.spawn([process.execPath, "install", "--frozen-lockfile"], {
    cwd: dir,
    env: { ...process.env, PATH: `${join(dir, "fakebin")}:${process.env.PATH}` },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  expect({ code, err: code ? err : "" }).toEqual({ code: 0, err: "" });
  expect(existsSync(marker) ? readFileSync(marker, "utf8") : "").toBe("");
  // @scarf/scarf is installed (swagger-ui-dist depends on it) but inert: its script was blocked.
  if (existsSync(join(dir, "node_modules", "@scarf", "scarf"))) expect(out + err).toContain("Blocked");
});
