// Smoke test of the compiled binary, as a user would run it: init, mint a key, serve, a signed
// health check, the offline docs, SIGTERM. Run by `make smoke` (and so by `make test`).
// Usage: bun run test/smoke/binary-smoke.ts dist/assay
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signHex } from "../../src/auth/signature.ts";

const binary = resolve(process.argv[2] ?? "dist/assay");
const dir = mkdtempSync(join(tmpdir(), "assay-smoke-"));
const config = join(dir, "config", "assay.yaml");
const results: { name: string; ok: boolean; detail?: string }[] = [];

async function cli(...args: string[]) {
  const p = Bun.spawn([binary, ...args, "--config", config], { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  if (code !== 0) throw new Error(`assay ${args.join(" ")} exited ${code}: ${err}`);
  return out;
}

async function check(name: string, fn: () => Promise<void>) {
  try {
    await fn();
    results.push({ name, ok: true });
  } catch (e) {
    results.push({ name, ok: false, detail: (e as Error).message });
  }
}

let server: Bun.Subprocess<"ignore", "pipe", "inherit"> | undefined;
try {
  await check("version", async () => {
    const p = Bun.spawn([binary, "version"], { stdout: "pipe" });
    const out = await new Response(p.stdout).text();
    if (!/^assay \d+\.\d+\.\d+/.test(out)) throw new Error(`unexpected: ${out}`);
  });
  await check("install --prefix puts a working copy there; help exits 0", async () => {
    const p = Bun.spawn([binary, "install", "--prefix", join(dir, "bin"), "--json"], { stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    if (code !== 0) throw new Error(`install exited ${code}: ${out}${err}`);
    const copy = Bun.spawn([JSON.parse(out).installed, "keys", "create", "--help"], { stdout: "pipe" });
    const help = await new Response(copy.stdout).text();
    if ((await copy.exited) !== 0 || !help.includes("usage: assay keys create")) throw new Error(`installed copy: ${help}`);
  });
  let creds = { key: "", secret: "" };
  await check("init, accounts create, keys create", async () => {
    await cli("init");
    const account = JSON.parse(await cli("accounts", "create", "--name", "smoke", "--json"));
    creds = JSON.parse(await cli("keys", "create", "--account", account.id, "--json"));
  });

  const started = performance.now();
  server = Bun.spawn([binary, "serve", "--config", config, "--port", "0"], { stdout: "pipe", stderr: "inherit", stdin: "ignore" });
  let url = "";
  await check("serve starts and logs its URL", async () => {
    const reader = server!.stdout.getReader();
    let buffered = "";
    const deadline = Date.now() + 10_000;
    while (!url && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += new TextDecoder().decode(value);
      const m = /"msg":"listening","url":"([^"]+)"/.exec(buffered);
      if (m) url = m[1]!;
    }
    reader.releaseLock();
    if (!url) throw new Error(`no listening line in: ${buffered.slice(0, 500)}`);
  });

  await check("signed GET /v1/health → 200", async () => {
    const r = await fetch(`${url}/v1/health`, { headers: { authorization: `Bearer ${creds.key}`, "x-service-signature": signHex(creds.secret, "") } });
    const body = await r.text();
    if (r.status !== 200 || JSON.parse(body).status !== "ok") throw new Error(`${r.status} ${body}`);
    console.log(`cold start to first signed 200: ${(performance.now() - started).toFixed(1)} ms`);
  });
  await check("unsigned GET /v1/health → 401 problem+json", async () => {
    const r = await fetch(`${url}/v1/health`, { headers: { authorization: `Bearer ${creds.key}` } });
    if (r.status !== 401 || r.headers.get("content-type") !== "application/problem+json") throw new Error(String(r.status));
  });
  await check("offline docs: /docs, its assets and /docs/json from the binary", async () => {
    const page = await fetch(`${url}/docs`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes("/docs/assets/swagger-ui-bundle.js")) throw new Error("no docs page");
    if (/https?:\/\/(?!127\.0\.0\.1)/.test(html)) throw new Error("docs page references the network");
    const js = await fetch(`${url}/docs/assets/swagger-ui-bundle.js`);
    if (js.status !== 200 || (await js.arrayBuffer()).byteLength < 100_000) throw new Error("UI bundle missing");
    const spec = (await (await fetch(`${url}/docs/json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    if (!spec.openapi.startsWith("3.1") || !spec.paths["/v1/health"]) throw new Error("bad OpenAPI document");
  });
  await check("SIGTERM stops it cleanly (exit 0)", async () => {
    server!.kill("SIGTERM");
    const code = await Promise.race([server!.exited, Bun.sleep(15_000).then(() => -1)]);
    if (code !== 0) throw new Error(`exit code ${code}`);
    server = undefined;
  });
} finally {
  server?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}

for (const r of results) console.log(`${r.ok ? "(pass)" : "(fail)"} smoke: ${r.name}${r.detail ? ` — ${r.detail}` : ""}`);
const failed = results.filter((r) => !r.ok).length;
console.log(` ${results.length - failed} pass`);
console.log(` ${failed} fail`);
process.exit(failed ? 1 : 0);
