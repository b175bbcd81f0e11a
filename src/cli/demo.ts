// `assay demo`: the evaluator's quick start.
// Writes a realistic billing data set with planted revenue leakage (CSV files) and a config that
// wires it in as the `billing` connector, mints a demo account and key, prints them with ready
// commands and a one-time link to set up the dashboard's demo user, and serves. Running it again
// reuses the folder, mints a fresh key and a fresh link; a non-empty folder it did not write is
// refused.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { LEAKAGE_TYPES, SAMPLE_APPROVER_LIMITS, SAMPLE_EXCHANGE_RATES, SAMPLE_TAX_RATES, plant } from "../sampledata/plant.ts";
import { ensureMasterKeyFile } from "../auth/master-key.ts";
import { loadConfig } from "../config/load.ts";
import { generateDataset } from "../sampledata/generate.ts";
import { DatasetWriteError, writeCsvDataset } from "../sampledata/write.ts";
import { openAdmin } from "../runtime.ts";
import { CLI_ACTOR } from "../audit/service.ts";
import { CliFailure, type CliIO, parseHost, parsePort, UsageError } from "./common.ts";
import { writeReason } from "./out-file.ts";
import type { Args } from "./framework.ts";
import { serveUntilSignal } from "./serve.ts";

const DEMO_ACCOUNT = "Demo";
/** The dashboard user of the demo account (a developer: the account's keys, usage, alerts, reports). */
const DEMO_USER = "demo@example.com";

function demoConfig(port: number): string {
  return `# Written by \`assay demo\`: a sample billing system wired in as the "billing" connector.
server: { host: 127.0.0.1, port: ${port} }
storage: { path: ./assay.db }
security: { master_key_file: ./master.key }
alerts: { auto_threshold: 70 }
modules:
  revenue_leakage: { max_discount_pct: 10, tax: { rates: ${JSON.stringify(SAMPLE_TAX_RATES)} }, exchange_rates: ${JSON.stringify(SAMPLE_EXCHANGE_RATES)} }
  compliance: { approver_limits: ${JSON.stringify(SAMPLE_APPROVER_LIMITS)} }
connectors:
  - id: billing
    type: csv
    name: Demo ERP billing export
    description: Invoices, credit notes and their lines, with contracts, price list and shipments
    transactions: ./data/invoice_lines.csv
    reference:
      contracts: ./data/contracts.csv
      price_list: ./data/price_list.csv
      shipments: ./data/shipments.csv
  - id: inline
    type: inline
    name: Inline transactions
`;
}

/**
 * The sample data's generator reads its seed as 32 unsigned bits, so only 0-4294967295 name
 * distinct data sets: -1 or 4294967338 would silently be 4294967295's or 42's. Digits only, so
 * that "1e3", "0x10" or " 7" are not read as other numbers either.
 */
function parseSeed(text: string): number {
  const seed = /^[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!(seed <= 0xffffffff)) throw new UsageError(`--seed: expected an integer 0-4294967295 (got "${text}")`);
  return seed;
}

/** The first line of every config `assay demo` writes: how it recognises its own folders. */
const DEMO_MARK = "# Written by `assay demo`";

export async function demo(a: Args, io: CliIO) {
  const portFlag = a.string("port");
  const port = portFlag === undefined ? 8080 : parsePort(portFlag);
  const seedFlag = a.string("seed");
  const seed = seedFlag === undefined ? 42 : parseSeed(seedFlag);
  const hostFlag = a.string("host");
  if (hostFlag !== undefined) parseHost(hostFlag);
  const dir = resolve(a.string("dir") ?? "assay-demo");
  const file = join(dir, "assay.yaml");

  if (!isDemoFolder(dir, file)) {
    throw new CliFailure(`refusing to write into ${dir}: it is not empty and was not created by \`assay demo\`; choose another folder with --dir`);
  }
  if (!existsSync(file)) {
    const planted = demoDataset(seed);
    await writeSampleFolder(dir, planted, port);
    io.err(`wrote a sample data set (${planted.transactions.length} transactions, ${planted.labels.size} with planted findings) to ${dir}`);
  }
  ensureMasterKeyFile(join(dir, "master.key"));
  const config = loadConfig(file, io.env);
  const { keys, store, users } = openAdmin(config, { env: {} });
  const host = hostFlag ?? config.server.host;
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;
  let minted;
  let dashboard: string;
  try {
    const existing = (await store.accounts.list()).find((a) => a.name === DEMO_ACCOUNT);
    const account = existing ?? (await keys.createAccount(DEMO_ACCOUNT, "standard"));
    minted = await keys.createKey(account.id, { name: "demo" });
    // A new link on every run (the user's earlier one, and any password set with it, end).
    const user = (await users.list(account.id)).find((u) => u.email === DEMO_USER);
    const link = user ? await users.reset(user.id, CLI_ACTOR) : await users.invite({ email: DEMO_USER, account: account.id }, CLI_ACTOR);
    // The link names the server the demo serves on (the config's port is the first run's).
    const setup = new URL(link.setup_url);
    dashboard = `${url}${setup.pathname}${setup.search}`;
  } finally {
    await store.close();
  }
  if (a.json) {
    io.out(JSON.stringify({ url, config: file, account: minted.account, key_id: minted.id, key: minted.key, secret: minted.secret, dashboard_setup_url: dashboard }));
  } else {
    io.out(`Assay demo
  config:   ${file}
  account:  ${minted.account}
  API key:  ${minted.key}
  secret:   ${minted.secret}

In another shell:
  export ASSAY_URL=${url} ASSAY_API_KEY=${minted.key} ASSAY_API_SECRET=${minted.secret}
  assay call GET /v1/connectors
  assay call POST /v1/analyze --data '{"connector":"billing","module":"revenue_leakage"}'
  assay call POST /v1/reports --data '{"type":"revenue_leakage","connector":"billing","format":"html"}'
  open ${url}/docs for the API reference

The dashboard (keys, usage, alerts, reports, a request playground): set a password for
${DEMO_USER} with this one-time link, then sign in at ${url}/dashboard
  ${dashboard}
`);
  }
  if (a.flag("no-serve")) return 0;
  return serveUntilSignal(config, io, { host, port });
}

/**
 * The data set, its labels, then the config, which marks the folder as the demo's with its data
 * complete (a later run reuses it as it is). The folder is missing or empty here (isDemoFolder):
 * when a write fails (a full disk), what this run wrote is removed, so that the same command
 * works once there is room, and the failure names the file and the reason.
 */
async function writeSampleFolder(dir: string, planted: ReturnType<typeof demoDataset>, port: number): Promise<void> {
  const created = !existsSync(dir);
  const data = join(dir, "data");
  const labels = join(dir, "labels.csv");
  const file = join(dir, "assay.yaml");
  try {
    mkdirSync(dir, { recursive: true });
    await writeCsvDataset(planted, data);
    writeWhole(labels, leakageLabelsCsv(planted));
    writeWhole(file, demoConfig(port));
  } catch (e) {
    for (const path of [file, labels, data]) rmSync(path, { recursive: true, force: true });
    if (created) rmSync(dir, { recursive: true, force: true });
    if (!(e instanceof DatasetWriteError)) throw e;
    throw new CliFailure(`cannot write the sample data: ${e.file}: ${writeReason(e.cause)}; nothing of it was kept: free some space (it needs about 250 KB) or choose another folder with --dir`);
  }
}

/** writeFileSync, its failure naming the file. */
function writeWhole(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw new DatasetWriteError(file, e);
  }
}

/** A folder demo may use: missing, empty, or one it wrote before (its config carries the mark). */
function isDemoFolder(dir: string, file: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  if (readdirSync(dir).length === 0) return true;
  return existsSync(file) && readFileSync(file, "utf8").startsWith(DEMO_MARK);
}

/** The demo's data set for a seed (tests re-create it to know which transactions were planted). */
/**
 * The answer key for `assay simulate --labels labels.csv` (docs/analysis.md): every transaction
 * once, 1 where revenue leakage was planted, 0 elsewhere (regular business and the planted
 * problems of other modules alike), so an evaluator can measure the detection without labelling.
 */
function leakageLabelsCsv(planted: ReturnType<typeof demoDataset>): string {
  const rows = planted.transactions.map((t) => {
    const type = planted.labels.get(t.transaction_id)?.type;
    return `${t.transaction_id},${type !== undefined && LEAKAGE_TYPES.includes(type) ? 1 : 0}`;
  });
  return `transaction_id,label\n${rows.join("\n")}\n`;
}

export function demoDataset(seed: number) {
  return plant(generateDataset({ seed, invoices: 400, customers: 40, skus: 30, start: "2026-01-01", months: 6 }), seed, 0.05);
}
