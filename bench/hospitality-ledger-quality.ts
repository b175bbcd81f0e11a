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
import { scanThroughServer } from "./quality/served-scan.ts";
import { findingsBy, highestLevelBy, RISK_RANK, scores } from "./quality/ledger-judging.ts";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateHospitalityLedger, HOSPITALITY_ANOMALIES, toCsv, type HospitalityLedger } from "./quality/hospitality-ledger.ts";

const args = process.argv.slice(2);
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
server: { host: 127.0.0.1, port: ${port}, access_log: false }
storage: { path: ${dir}/assay.db, synchronous: NORMAL }
security: { master_key_file: ${dir}/master.key }
connectors:
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
  const port = 20000 + Math.floor(Math.random() * 10000);
  writeFileSync(`${dir}/assay.yaml`, CONFIG(dir, port, setup));
  const { result, wall, cpu } = await scanThroughServer<Result>({ root, dir, port, connector: "gl", keep: Boolean(keep) });
  return { ledger, result, wall, cpu };
}

function judge(ledger: HospitalityLedger, result: Result) {
  const journalOf = (line: string) => ledger.journalOfLine.get(line);
  const levelOf = highestLevelBy(result.flagged_transactions, journalOf);
  const codesOf = findingsBy(result.anomalies, journalOf);
  const at = (min: number) => {
    let tp = 0, fp = 0, fn = 0;
    const falseByKind: Record<string, number> = {};
    const falseByCode: Record<string, number> = {};
    const found: Record<string, number> = {};
    const planted: Record<string, number> = {};
    const falseAlarms: { id: string; kind: string; user: string; codes: string[] }[] = [];
    const misses: { id: string; kind: string; user: string; codes: string[] }[] = [];
    for (const j of ledger.journals) {
      const flagged = (RISK_RANK[levelOf.get(j.id) ?? "low"] ?? 0) >= min;
      const codeMap = codesOf.get(j.id) ?? new Map<string, string>();
      const codes = [...codeMap.entries()].map(([c, m]) => `${c} (${m})`);
      if (j.anomaly) {
        planted[j.anomaly] = (planted[j.anomaly] ?? 0) + 1;
        if (flagged) { tp++; found[j.anomaly] = (found[j.anomaly] ?? 0) + 1; }
        else { fn++; misses.push({ id: j.id, kind: j.anomaly, user: j.user, codes }); }
      } else if (flagged) {
        fp++;
        falseByKind[j.kind] = (falseByKind[j.kind] ?? 0) + 1;
        for (const [c, m] of codeMap) if ((RISK_RANK[m.split(" ")[0]!] ?? 0) >= min) falseByCode[c] = (falseByCode[c] ?? 0) + 1;
        falseAlarms.push({ id: j.id, kind: j.kind, user: j.user, codes });
      }
    }
    const perKind = Object.fromEntries(HOSPITALITY_ANOMALIES.map((k) => [k, `${found[k] ?? 0}/${planted[k] ?? 0}`]));
    return { ...scores(tp, fp, fn), perKind, falseByKind, falseByCode, falseAlarms, misses };
  };
  return { high: at(2), medium: at(1) };
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
    const f = (x: number) => x.toFixed(3);
    console.log(`seed ${seed} ${setup}: ${summary.lines} lines, ${summary.journals} journals, ${planted} planted; analysed ${summary.analyzed}; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
    for (const [name, m] of [["high", j.high], ["medium", j.medium]] as const) {
      console.log(`  ${name}: precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)}  tp/fp/fn ${m.tp}/${m.fp}/${m.fn}  found per kind ${JSON.stringify(m.perKind)}`);
    }
    console.log(`  false alarms at high by kind: ${JSON.stringify(j.high.falseByKind)}`);
    console.log(`  false alarms at high by code: ${JSON.stringify(j.high.falseByCode)}`);
    console.log(`  false alarms at medium by kind: ${JSON.stringify(j.medium.falseByKind)}`);
    if (verbose) {
      for (const fa of j.high.falseAlarms) console.log(`    FP ${fa.id} ${fa.kind} ${fa.user}: ${fa.codes.join(" | ")}`);
      for (const m of j.high.misses) console.log(`    MISS ${m.id} ${m.kind} ${m.user}: ${m.codes.join(" | ") || "(nothing at medium or above)"}`);
    }
  }
}
if (asJson) console.log(JSON.stringify(out));
