// Smoke test of the compiled binary, as a user would run it: init, mint a key, serve, a signed
// health check, the offline docs, a revenue_leakage report over a CSV connector on two scan
// workers (the worker is an entry point of its own in the binary), SIGTERM, and the background
// integrity check of a large database (a worker thread from a Blob URL). Run by `make smoke`
// (and so by `make test`).
// Usage: bun run test/smoke/binary-smoke.ts dist/assay
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { signHex } from "../../src/auth/signature.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { plant } from "../../src/sampledata/plant.ts";
import { writeCsvDataset } from "../../src/sampledata/write.ts";
import { garbleTableRoot } from "../support/corrupt.ts";

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
  // A CSV connector with planted leakage, and reports split over two scan workers.
  const data = plant(generateDataset({ seed: 5, invoices: 400 }), 1, 0.1);
  const files = await writeCsvDataset(data, join(dir, "billing"));
  const yaml = readFileSync(config, "utf8")
    .replace(/^reports:\n/m, "reports:\n  workers: 2\n")
    .replace(
      /^connectors:\n/m,
      `connectors:\n  - id: billing\n    type: csv\n    transactions: ${files.transactions}\n    reference: { contracts: ${files.contracts}, price_list: ${files.price_list}, shipments: ${files.shipments} }\n`,
    );
  writeFileSync(config, yaml);

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
  await check("revenue_leakage report on two scan workers: created, completed, read back", async () => {
    const sign = (body: string) => ({ authorization: `Bearer ${creds.key}`, "x-service-signature": signHex(creds.secret, body), "content-type": "application/json" });
    const body = JSON.stringify({ type: "revenue_leakage", connector: "billing", format: "json" });
    const created = await fetch(`${url}/v1/reports`, { method: "POST", headers: sign(body), body });
    if (created.status !== 202 && created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    let report: { status: string; summary: Record<string, number>; content_url: string; error?: unknown } | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      report = (await (await fetch(`${url}/v1/reports/${id}`, { headers: sign("") })).json()) as typeof report;
      if (report!.status === "completed" || report!.status === "failed") break;
      await Bun.sleep(50);
    }
    if (report?.status !== "completed") throw new Error(`report ${report?.status}: ${JSON.stringify(report?.error)}`);
    const transactions = new Set(data.transactions.map((t) => t.transaction_id)).size;
    if (report.summary.transactions_analyzed !== transactions) throw new Error(`analysed ${report.summary.transactions_analyzed} of ${transactions}`);
    const content = (await (await fetch(`${url}${report.content_url}`, { headers: sign("") })).json()) as { findings: unknown[] };
    if (content.findings.length === 0 || content.findings.length !== report.summary.findings) throw new Error(`findings: ${content.findings.length} / ${report.summary.findings}`);
  });
  await check("SIGTERM stops it cleanly (exit 0)", async () => {
    server!.kill("SIGTERM");
    const code = await Promise.race([server!.exited, Bun.sleep(15_000).then(() => -1)]);
    if (code !== 0) throw new Error(`exit code ${code}`);
    server = undefined;
  });
  // The worker thread that checks a large database runs from a Blob URL inside the binary.
  await check("a database over 16 MiB is checked in a worker thread: a corrupt page → health 503, problem logged", async () => {
    const path = join(dir, "data", "assay.db"); // init writes storage.path: ../data/assay.db
    const db = new Database(path);
    db.exec("CREATE TABLE IF NOT EXISTS smoke_ballast (b BLOB)");
    db.query("INSERT INTO smoke_ballast VALUES (?)").run(new Uint8Array(17 * 1024 * 1024));
    db.close();
    garbleTableRoot(path);
    const proc = Bun.spawn([binary, "serve", "--config", config, "--port", "0"], { stdout: "pipe", stderr: "inherit", stdin: "ignore" });
    server = proc as typeof server;
    let log = "";
    void (async () => {
      for await (const chunk of proc.stdout) log += new TextDecoder().decode(chunk);
    })();
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      const m = /"msg":"listening","url":"([^"]+)"/.exec(log);
      if (m) {
        const r = await fetch(`${m[1]}/v1/health`, { headers: { authorization: `Bearer ${creds.key}`, "x-service-signature": signHex(creds.secret, "") } });
        status = r.status;
        await r.arrayBuffer();
        if (status === 503 && log.includes("failed its integrity check")) break;
      }
      await Bun.sleep(50);
    }
    proc.kill("SIGKILL");
    await proc.exited;
    server = undefined;
    if (status !== 503 || !log.includes("failed its integrity check")) throw new Error(`health ${status}; log: ${log.slice(-400)}`);
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
