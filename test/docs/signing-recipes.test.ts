// The signing recipes of docs/signing.md are files (docs/recipes/sign.*) and this test runs each
// against a real server, so the docs and what the server accepts cannot drift apart. Each recipe
// sends a plain signed GET and a timestamped signed POST and exits 0 only when both answer 200.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/harness.ts";

const ROOT = join(import.meta.dir, "..", "..");
const RECIPES = join(ROOT, "docs", "recipes");

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer("connectors:\n  - { id: inline, type: inline }\n");
});
afterAll(() => s.stop());

/** The toolchain a recipe needs; under CI=true a missing one fails the test instead of skipping. */
function available(tool: string): boolean {
  if (Bun.which(tool)) return true;
  if (process.env.CI === "true") throw new Error(`${tool} is not installed (.ci/run installs it)`);
  return false;
}

async function runRecipe(cmd: string[]) {
  // A key per recipe: the same timestamped request signed twice in one second by the same key is
  // a replay, and the recipes all send the same body.
  const creds = await s.newAccount();
  const proc = Bun.spawn(cmd, {
    cwd: RECIPES,
    env: { ...process.env, ASSAY_URL: s.url, ASSAY_API_KEY: creds.key, ASSAY_API_SECRET: creds.secret },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

const RECIPE_RUNS: [string, string, () => string[]][] = [
  ["curl + openssl", "sh", () => ["sh", "sign.sh"]],
  ["TypeScript (fetch + WebCrypto)", "", () => [process.execPath, "run", "sign.ts"]],
  ["Python (hmac)", "python3", () => ["python3", "sign.py"]],
  ["Go (crypto/hmac)", "go", () => ["go", "run", "sign.go"]],
];

for (const [name, tool, cmd] of RECIPE_RUNS) {
  test(`${name}: a signed GET and a timestamped signed POST both answer 200`, async () => {
    for (const t of tool === "sh" ? ["sh", "curl", "openssl"] : tool ? [tool] : []) if (!available(t)) return;
    const r = await runRecipe(cmd());
    expect({ code: r.code, output: r.code ? r.stdout + r.stderr : "" }).toEqual({ code: 0, output: "" });
    expect(r.stdout).toContain("GET /v1/health -> 200");
    expect(r.stdout).toContain("POST /v1/analyze (timestamped) -> 200");
  }, 120_000);
}

test("docs/signing.md embeds each recipe file verbatim", async () => {
  const doc = await Bun.file(join(ROOT, "docs", "signing.md")).text();
  for (const file of ["sign.sh", "sign.ts", "sign.py", "sign.go"]) {
    const source = (await Bun.file(join(RECIPES, file)).text()).trimEnd();
    expect(doc).toContain(source);
  }
});
