/**
 * A hospitality group's general ledger, held out: four hotels and a restaurant run day and night,
 * seven days a week, and their head office (bench/quality/hospitality-ledger.ts: calendar 2025,
 * ≈ 38,000 journal lines in ≈ 12,800 journals, three currencies), exported as the group ERP's
 * "Journal lines" CSV and scanned by `anomaly_detection` through the real product — `assay serve`
 * with a csv connector configured as docs/connectors.md tells a user (a `;`-separated European
 * export: decimal comma, DD/MM/YYYY HH:mm entry stamps; the line id, the entry moment, the user,
 * the counterparty, the currency and the debit/credit columns mapped), `POST /v1/analyze` over
 * signed HTTP — and judged per **journal** (its lines) at the product's decision: flagged when any
 * of its lines is high or critical. Precision, recall, recall per planted kind, false alarms by
 * the regular business that caused them.
 *
 * Two setups: `zero-config` maps the columns and nothing else; `configured` adds what
 * docs/analysis.md offers the group's auditor for a 7-day, 24-hour operation — no weekend days and
 * a day-long business day would silence the calendar, so it lists the ledger's categorical fields
 * (entity, account, department, source, user, currency) and keeps the office calendar.
 *
 *   bun run bench/hospitality-ledger-quality.ts [--seeds 11,12,13] [--setups zero-config,configured] [--keep DIR] [--json] [--verbose]
 *
 * Not part of `make bench-quality`; docs/quality.md records its results (held-out seeds apart).
 */
import { scanThroughServer, servedServerYaml } from "./quality/served-scan.ts";
import { judgeRows, printJudged } from "./quality/ledger-judging.ts";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateHospitalityLedger, HOSPITALITY_ANOMALIES, toCsv, type HospitalityLedger } from "./quality/hospitality-ledger.ts";

const args = process.argv.slice(2);
// Each scan's server listens on its own port from --port P on (default: a random one).
const portAt = args.indexOf("--port");
const firstPort = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
let scanCount = 0;
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = (flag("--seeds") ?? "11,12,13").split(",").map(Number);
const setups = (flag("--setups") ?? "zero-config,configured").split(",");
const keep = flag("--keep");
const asJson = args.includes("--json");
const verbose = args.includes("--verbose");
const root = resolve(import.meta.dir, "..");

const CONFIG = (dir: string, port: number, setup: string) => `
${servedServerYaml(dir, port)}connectors:
  - id: gl
    type: csv
    name: Group ERP journal lines
    transactions: ${dir}/journal_lines.csv
    timeout_ms: 300000
    csv: { delimiter: ";", decimal: ",", date_format: DD/MM/YYYY HH:mm }
    mapping:
      transaction_id: Line No
      date: Entered
      created_by: Entered By
      customer_id: Counterparty
      currency: Currency
      debit: Debit
      credit: Credit
${setup === "configured" ? `modules:
  anomaly_detection:
    categorical_fields: [currency, created_by, attributes.Entity, attributes.Account, attributes.Department, attributes.Source]
` : ""}`;

interface Flagged { transaction_id: string; risk_score: number; risk_level: string }
interface Anomaly { transaction_id: string; code: string; severity: string; message?: string }
interface Result { flagged_transactions?: Flagged[]; anomalies?: Anomaly[]; transactions_analyzed?: number }


async function evaluate(seed: number, setup: string) {
  const ledger = generateHospitalityLedger({ seed });
  const dir = keep ? resolve(keep, `${seed}-${setup}`) : mkdtempSync(join(tmpdir(), "hospitality-ledger-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/journal_lines.csv`, toCsv(ledger));
  if (keep) writeFileSync(`${dir}/journals.json`, JSON.stringify(ledger.journals));
  const port = firstPort !== undefined ? firstPort + scanCount++ : 20000 + Math.floor(Math.random() * 10000);
  writeFileSync(`${dir}/assay.yaml`, CONFIG(dir, port, setup));
  const { result, wall, cpu } = await scanThroughServer<Result>({ root, dir, port, connector: "gl", keep: Boolean(keep) });
  return { ledger, result, wall, cpu };
}

/** Judged per journal: a journal is flagged at the highest level of its lines. */
function judge(ledger: HospitalityLedger, result: Result) {
  return judgeRows(ledger.journals, result, HOSPITALITY_ANOMALIES, (j) => ({ who: j.user, what: "" }), (line) => ledger.journalOfLine.get(line));
}

const out = [];
for (const seed of seeds) {
  for (const setup of setups) {
    const { ledger, result, wall, cpu } = await evaluate(seed, setup);
    const j = judge(ledger, result);
    const planted = ledger.journals.filter((t) => t.anomaly).length;
    const summary = { seed, setup, lines: ledger.rows.length, journals: ledger.journals.length, planted, analyzed: result.transactions_analyzed, wall_s: +(wall / 1000).toFixed(1), server_cpu_s: +cpu.toFixed(1), ...j };
    out.push(summary);
    if (asJson) continue;
    console.log(`seed ${seed} ${setup}: ${summary.lines} lines, ${summary.journals} journals, ${planted} planted; analysed ${summary.analyzed}; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
    printJudged(j, verbose);
  }
}
if (asJson) console.log(JSON.stringify(out));
