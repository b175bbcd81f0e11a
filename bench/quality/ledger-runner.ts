// What the served ledger runners (bench/*-ledger-quality.ts) share: their command line (--seeds,
// --setups, --modules, --port, --keep, --json, --verbose) and one scan of a written export through
// `assay serve`, started again on the next port when the server could not listen; and, for the
// runners judging a ledger per transaction (runTransactionLedger), the loop over seeds, setups and
// modules. Each runner keeps its own generator, configuration and planted kinds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { judgeRows, type LabelledRow, printJudged } from "./ledger-judging.ts";
import { scanThroughServer, type ServedScan } from "./served-scan.ts";

export interface LedgerRunnerArgs {
  seeds: number[];
  setups: string[];
  modules: string[];
  keep: string | undefined;
  asJson: boolean;
  verbose: boolean;
  /** The port of the next scan's server (each scan listens on its own, from --port on). */
  nextPort: () => number;
}

/** The runner's command line, with its defaults for --seeds and --modules. */
export function ledgerRunnerArgs(defaults: { seeds: string; modules: string }, argv: readonly string[] = process.argv.slice(2)): LedgerRunnerArgs {
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  // Default: a random port of 20000–29999.
  const firstPort = flag("--port") ? Number(flag("--port")) : 20000 + Math.floor(Math.random() * 9900);
  let scans = 0;
  return {
    seeds: (flag("--seeds") ?? defaults.seeds).split(",").map(Number),
    setups: (flag("--setups") ?? "zero-config,configured").split(","),
    modules: (flag("--modules") ?? defaults.modules).split(","),
    keep: flag("--keep"),
    asJson: argv.includes("--json"),
    verbose: argv.includes("--verbose"),
    nextPort: () => firstPort + scans++,
  };
}

/**
 * One served scan of an export: `files` (name → content) and `assay.yaml` (`config(dir, port)`)
 * written to a fresh folder (`keep`/`name` when kept, else a temporary `prefix`… one removed after), the
 * connector `gl` scanned with `module` (or `modules` one after the other, their results joined).
 * A port of the range may be held for a moment by another process's outgoing connection: a server
 * that cannot listen is started again, afresh, on the next port (four attempts).
 */
export async function scanLedgerExport<R>(o: {
  args: LedgerRunnerArgs;
  /** The folder's name under --keep. */
  name: string;
  /** The temporary folder's prefix ("mfg-ledger-"). */
  prefix: string;
  files: Record<string, string>;
  config: (dir: string, port: number) => string;
  module?: string;
  modules?: readonly string[];
}): Promise<ServedScan<R>> {
  const root = resolve(import.meta.dir, "../..");
  const { keep } = o.args;
  for (let attempt = 1; ; attempt++) {
    const dir = keep ? resolve(keep, o.name) : mkdtempSync(join(tmpdir(), o.prefix));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(o.files)) writeFileSync(`${dir}/${file}`, text);
    const port = o.args.nextPort();
    writeFileSync(`${dir}/assay.yaml`, o.config(dir, port));
    try {
      return await scanThroughServer<R>({ root, dir, port, connector: "gl", module: o.module, modules: o.modules, keep: Boolean(keep) });
    } catch (e) {
      if (attempt >= 4 || !String(e).includes("server did not start")) throw e;
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** What a served scan answers, as the ledger runners judge it. */
export interface LedgerScanResult {
  flagged_transactions?: { transaction_id: string; risk_score: number; risk_level: string }[];
  anomalies?: { transaction_id: string; code: string; severity: string; message?: string }[];
  transactions_analyzed?: number;
}

/** A generated general ledger judged per transaction: its export's lines, its labelled transactions, each line's transaction. */
export interface TransactionLedger<T extends LabelledRow> {
  rows: readonly unknown[];
  transactions: readonly T[];
  transactionOfLine: ReadonlyMap<string, string>;
}

/**
 * For each seed, setup and module: the ledger of the seed written as `gl_detail.csv` (with the
 * files `extraFiles` adds), scanned served, and judged per transaction — flagged at the highest
 * level of its lines — against the kinds `relevant` names for the module (else `anomalies`);
 * printed, or with --json the summaries printed at the end.
 */
export async function runTransactionLedger<L extends TransactionLedger<LabelledRow>>(o: {
  args: LedgerRunnerArgs;
  /** The temporary folders' prefix ("saas-ledger-"). */
  prefix: string;
  generate: (seed: number) => L;
  csv: (ledger: L) => string;
  extraFiles: (ledger: L, seed: number) => Record<string, string>;
  config: (dir: string, port: number, setup: string) => string;
  anomalies: readonly string[];
  relevant: Record<string, readonly string[]>;
  /** A transaction's person and what it was, for the lists of misses and false alarms. */
  describe: (t: L["transactions"][number]) => { who: string; what: string };
}) {
  const { args } = o;
  const out = [];
  for (const seed of args.seeds) {
    const ledger = o.generate(seed);
    const planted = ledger.transactions.filter((t) => t.anomaly && o.anomalies.includes(t.anomaly)).length;
    for (const setup of args.setups) {
      for (const module of args.modules) {
        const { result, wall, cpu } = await scanLedgerExport<LedgerScanResult>({
          args, name: `${seed}-${setup}-${module}`, prefix: o.prefix, module,
          files: { "gl_detail.csv": o.csv(ledger), ...o.extraFiles(ledger, seed) },
          config: (dir, port) => o.config(dir, port, setup),
        });
        const j = judgeRows(ledger.transactions, result, o.relevant[module] ?? o.anomalies, o.describe, (line) => ledger.transactionOfLine.get(line));
        const summary = { seed, setup, module, lines: ledger.rows.length, transactions: ledger.transactions.length, planted, analyzed: result.transactions_analyzed, wall_s: +(wall / 1000).toFixed(1), server_cpu_s: +cpu.toFixed(1), ...j };
        out.push(summary);
        if (args.asJson) continue;
        console.log(`seed ${seed} ${setup} ${module}: ${summary.lines} lines, ${summary.transactions} transactions, ${planted} planted; analysed ${summary.analyzed}; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
        printJudged(j, args.verbose);
      }
    }
  }
  if (args.asJson) console.log(JSON.stringify(out));
}
