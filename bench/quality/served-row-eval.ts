// What the row-judged ledger runners (card-spend-quality.ts, payroll-quality.ts) share: their
// command line, and for each seed, setup and module a served scan of the export (its CSV, the
// labels with --keep, the setup's assay.yaml on a free port) judged per row with judgeRows, printed
// as precision/recall at high and medium with the false alarms by kind (or --json).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { judgeRows, type LabelledRow, printJudged } from "./ledger-judging.ts";
import { scanThroughServer } from "./served-scan.ts";

interface Flagged { transaction_id: string; risk_score: number; risk_level: string }
interface Anomaly { transaction_id: string; code: string; severity: string; message?: string }
interface Result { flagged_transactions?: Flagged[]; anomalies?: Anomaly[]; transactions_analyzed?: number }

export interface RowEval<D, R extends LabelledRow> {
  /** --seeds when not given. */
  defaultSeeds: string;
  generate: (seed: number) => D;
  /** The export's labelled rows (what is judged). */
  rows: (data: D) => readonly R[];
  /** The export written as the source system would, its file name, and the connector reading it. */
  csv: (data: D) => string;
  file: string;
  connector: string;
  /** A temporary folder's name prefix. */
  tmpPrefix: string;
  config: (dir: string, port: number, setup: string) => string;
  /** The planted kinds duplicate_detection is judged on, and those anomaly_detection is. */
  duplicateKinds: readonly string[];
  anomalyKinds: readonly string[];
  /** A row as a false alarm or a miss is printed (--verbose). */
  describe: (row: R) => { who: string; what: string };
}

export async function runServedRowEval<D, R extends LabelledRow>(spec: RowEval<D, R>): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const seeds = (flag("--seeds") ?? spec.defaultSeeds).split(",").map(Number);
  const setups = (flag("--setups") ?? "zero-config,configured").split(",");
  const modules = (flag("--modules") ?? "anomaly_detection,duplicate_detection").split(",");
  const keep = flag("--keep");
  const asJson = args.includes("--json");
  const verbose = args.includes("--verbose");
  const root = resolve(import.meta.dir, "../..");
  // Each scan's server listens on its own port from --port P on (default: a random one).
  const firstPort = flag("--port") !== undefined ? Number(flag("--port")) : undefined;
  let scanCount = 0;

  const evaluate = async (data: D, seed: number, setup: string, module: string) => {
    const dir = keep ? resolve(keep, `${seed}-${setup}-${module}`) : mkdtempSync(join(tmpdir(), `${spec.tmpPrefix}-`));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${spec.file}`, spec.csv(data));
    if (keep) writeFileSync(`${dir}/labels.json`, JSON.stringify(spec.rows(data)));
    const port = firstPort !== undefined ? firstPort + scanCount++ : 20000 + Math.floor(Math.random() * 10000);
    writeFileSync(`${dir}/assay.yaml`, spec.config(dir, port, setup));
    return scanThroughServer<Result>({ root, dir, port, connector: spec.connector, module, keep: Boolean(keep) });
  };

  const out = [];
  for (const seed of seeds) {
    const data = spec.generate(seed);
    const rows = spec.rows(data);
    const planted = rows.filter((t) => t.anomaly).length;
    for (const setup of setups) {
      for (const module of modules) {
        const { result, wall, cpu } = await evaluate(data, seed, setup, module);
        // Anomaly detection is judged on every planted kind; duplicate detection on the planted duplicates alone.
        const relevant = module === "duplicate_detection" ? spec.duplicateKinds : spec.anomalyKinds;
        const j = judgeRows(rows, result, relevant, spec.describe);
        const summary = { seed, setup, module, transactions: rows.length, planted, analyzed: result.transactions_analyzed, wall_s: +(wall / 1000).toFixed(1), server_cpu_s: +cpu.toFixed(1), ...j };
        out.push(summary);
        if (asJson) continue;
        console.log(`seed ${seed} ${setup} ${module}: ${summary.transactions} transactions, ${planted} planted; analysed ${summary.analyzed}; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
        printJudged(j, verbose);
      }
    }
  }
  if (asJson) console.log(JSON.stringify(out));
}
