// The analyst's offline CLI: `assay alerts list` and `assay reports create --wait --out FILE`
// against the database, with no server running; and `reports create` handing over to a server.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { captureIO } from "../support/cli.ts";
import { loadConfig } from "../../src/config/load.ts";
import { silentLogger } from "../../src/log.ts";
import { main } from "../../src/main.ts";
import { createRuntime } from "../../src/runtime.ts";
import { makeTempDir } from "../support/harness.ts";
import { analysisRecords, insertAnalyses } from "./fixtures.ts";

const dir = makeTempDir("assay-cli-");
const configFile = join(dir, "assay.yaml");
let accountId: string;
let otherAccount: string;

async function cli(...args: string[]) {
  const io = captureIO();
  const code = await main([...args, "--config", configFile], io);
  return { code, out: io.stdout, err: io.stderr };
}

beforeAll(async () => {
  writeFileSync(configFile, "server: { port: 0 }\nstorage: { path: ./assay.db }\nsecurity: { master_key_file: ./master.key }\nreports: { dir: ./reports }\n");
  writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  const rt = createRuntime(loadConfig(configFile, {}), { log: silentLogger, env: {} });
  accountId = (await rt.keys.createAccount("analysts")).id;
  const actor = { type: "api_key" as const, account: accountId, key: "key_cli" };
  for (const [title, severity] of [["Below contract", "high"], ["Duplicate credit", "critical"], ["Odd discount", "low"]] as const) {
    await rt.alerts.create(actor, { title, severity });
  }
  const first = (await rt.alerts.list(accountId, { status: "open" })).data.at(-1)!;
  await rt.alerts.transition(actor, first.id, { status: "dismissed", resolution: "false_positive" });
  await insertAnalyses(rt.store, analysisRecords(accountId, 40));
  await rt.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("alerts list prints a table, filters by status, and speaks JSON", async () => {
  const all = await cli("alerts", "list");
  expect(all.code).toBe(0);
  expect(all.out.split("\n")[0]).toMatch(/^ID\s+ACCOUNT\s+STATUS\s+SEVERITY\s+TITLE/);
  expect(all.out).toContain("Duplicate credit");
  const open = await cli("alerts", "list", "--status", "open", "--json");
  const list = JSON.parse(open.out);
  expect(list.object).toBe("list");
  expect(list.data.map((a: any) => a.title)).toEqual(["Odd discount", "Duplicate credit"]);
  expect(list.data[0]).not.toHaveProperty("dedupe_key");
  expect(JSON.parse((await cli("alerts", "list", "--status", "dismissed", "--json")).out).data[0].resolution).toBe("false_positive");
  const bad = await cli("alerts", "list", "--status", "closed");
  expect(bad.code).toBe(2);
  expect(bad.err).toContain("--status");
  expect((await cli("alerts", "frobnicate")).code).toBe(2);
});

test("reports create --wait --out generates the report here and writes the file", async () => {
  const out = join(dir, "summary.csv");
  const r = await cli("reports", "create", "--type", "risk_summary", "--format", "csv", "--wait", "--out", out, "--json");
  expect(r.code, r.err).toBe(0);
  const report = JSON.parse(r.out);
  expect(report).toMatchObject({ object: "report", status: "completed", type: "risk_summary", format: "csv", attempts: 1 });
  expect(report.summary.analyses).toBe(40);
  const csv = readFileSync(out, "utf8");
  expect(csv.split("\r\n")).toContain("summary,,analyses,40");
  const html = await cli("reports", "create", "--type", "alerts", "--format", "html", "--from", "2000-01-01", "--wait", "--out", join(dir, "alerts.html"));
  expect(html.code, html.err).toBe(0);
  expect(html.out).toContain("completed");
  expect(readFileSync(join(dir, "alerts.html"), "utf8")).toContain("Duplicate credit");
  const listed = JSON.parse((await cli("reports", "list", "--json")).out);
  expect(listed.data.length).toBe(2);
});

test("reports create --out names what is wrong with the file before the report is made (tenth attack pass)", async () => {
  // Before, each case generated the report, then failed on the copy with the bare errno text
  // (`EISDIR: illegal operation on a directory, copyfile …`, `ENOTDIR …`, `ENOENT …`).
  mkdirSync(join(dir, "a-folder"), { recursive: true });
  writeFileSync(join(dir, "a-file"), "x");
  symlinkSync(join(dir, "a-folder"), join(dir, "link-to-folder"));
  const cases: [string, string][] = [
    [join(dir, "a-folder"), "is a folder: name the file to write in it"],
    [join(dir, "link-to-folder"), "is a folder: name the file to write in it"],
    [join(dir, "a-file", "r.csv"), "is not a folder"],
    [join(dir, "missing", "r.csv"), "does not exist; create it first"],
  ];
  const before = JSON.parse((await cli("reports", "list", "--json")).out).data.length;
  for (const [out, message] of cases) {
    const r = await cli("reports", "create", "--type", "alerts", "--format", "csv", "--wait", "--out", out);
    expect(r.code, out).toBe(1);
    expect(r.err, out).toContain(message);
    expect(r.err, out).not.toMatch(/E[A-Z]+: /);
  }
  expect(JSON.parse((await cli("reports", "list", "--json")).out).data.length).toBe(before);
});

test("reports create --out - writes the report to standard output, not a file named - (sixteenth attack pass)", async () => {
  // Before, `--out -` wrote a file named "-" in the current folder and printed only its summary.
  const dash = join(process.cwd(), "-");
  rmSync(dash, { force: true });
  const r = await cli("reports", "create", "--type", "risk_summary", "--format", "csv", "--wait", "--out", "-");
  const wroteDash = existsSync(dash);
  rmSync(dash, { force: true });
  expect(r.code, r.err).toBe(0);
  expect(wroteDash).toBe(false);
  expect(r.out.split("\r\n")).toContain("summary,,analyses,40");
  expect(r.err).toContain("completed");
  const both = await cli("reports", "create", "--type", "alerts", "--wait", "--out", "-", "--json");
  expect(both.code).toBe(2);
  expect(JSON.parse(both.out).error.message).toContain("--out -");
});

test("reports create --out onto a full device says so and where the report is", async () => {
  if (!existsSync("/dev/full")) return;
  const out = join(dir, "to-full.csv");
  symlinkSync("/dev/full", out);
  const r = await cli("reports", "create", "--type", "alerts", "--format", "csv", "--wait", "--out", out, "--json");
  expect(r.code).toBe(1);
  const error = JSON.parse(r.out).error;
  expect(error.message).toContain(`cannot write ${out}`);
  expect(error.message).toContain("no space left on the device");
  expect(error.message).toMatch(/the report is kept at .*reports\/rpt_[0-9A-Z]{26}\.csv/);
});

test("reports create refuses what the API refuses, with exit code 2", async () => {
  const noType = await cli("reports", "create");
  expect(noType.code).toBe(2);
  const badPeriod = await cli("reports", "create", "--type", "alerts", "--from", "2026-02-01", "--to", "2026-01-01");
  expect(badPeriod.code).toBe(2);
  expect(badPeriod.err).toContain("/period");
  const noConnector = await cli("reports", "create", "--type", "revenue_leakage");
  expect(noConnector.code).toBe(2);
  expect(noConnector.err).toContain("connector");
  expect((await cli("reports", "create", "--type", "alerts", "--out", "x.json")).code).toBe(2);
});

test("with several accounts, --account is required; without --wait the report is queued for a server", async () => {
  const rt = createRuntime(loadConfig(configFile, {}), { log: silentLogger, env: {} });
  otherAccount = (await rt.keys.createAccount("other")).id;
  await rt.close();
  const ambiguous = await cli("reports", "create", "--type", "alerts");
  expect(ambiguous.code).toBe(2);
  expect(ambiguous.err).toContain("--account");
  const queued = await cli("reports", "create", "--type", "alerts", "--account", otherAccount, "--json");
  expect(queued.code).toBe(0);
  const report = JSON.parse(queued.out);
  expect(report.status).toBe("queued");
  // A server started on this database picks the queued report up.
  const server = createRuntime(loadConfig(configFile, {}), { log: silentLogger, env: {} });
  server.start();
  try {
    const until = Date.now() + 10_000;
    let status = "queued";
    while (status !== "completed" && Date.now() < until) {
      status = (await server.reports.get(otherAccount, report.id)).status;
      await Bun.sleep(20);
    }
    expect(status).toBe("completed");
  } finally {
    await server.close();
  }
  const shown = await cli("reports", "show", report.id, "--account", otherAccount);
  expect(shown.code).toBe(0);
  expect(shown.out).toContain("completed");
  expect(existsSync(join(dir, "reports", `${report.id}.json`))).toBe(true);
});
