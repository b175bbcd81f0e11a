/**
 * A small business's ledger, held out: a six-person landscaping company's QuickBooks Online
 * "Journal" export (bench/quality/smallbiz-ledger.ts: 24 months, ≈ 4,900 split lines, two people
 * keying everything), scanned by `anomaly_detection` through the real product — `assay serve`
 * with a csv connector configured as docs/connectors.md tells a user (the CSV's number and date
 * form, and the three columns whose names are not canonical: the row number the user added, the
 * entry moment, the payee), `POST /v1/analyze` over signed HTTP — and judged per QBO
 * **transaction** (its split lines) at the product's decision: flagged when any of its lines is
 * high or critical. Precision, recall, recall per planted kind, false alarms by the regular
 * business that caused them.
 *
 *   bun run bench/smallbiz-ledger-quality.ts [--seeds 2024,3035,4046] [--keep DIR] [--json] [--verbose]
 *
 * Not part of `make bench-quality`; docs/quality.md records its results.
 */
import { scanThroughServer, servedServerYaml } from "./quality/served-scan.ts";
import { findingsBy, highestLevelBy, RISK_RANK, scores } from "./quality/ledger-judging.ts";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateSmallbizLedger, SMALLBIZ_ANOMALIES, toCsv, type SmallbizLedger } from "./quality/smallbiz-ledger.ts";

const args = process.argv.slice(2);
// Each scan's server listens on its own port from --port P on (default: a random one).
const portAt = args.indexOf("--port");
const firstPort = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
let scanCount = 0;
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = (flag("--seeds") ?? "2024,3035,4046").split(",").map(Number);
const keep = flag("--keep");
const asJson = args.includes("--json");
const verbose = args.includes("--verbose");
const root = resolve(import.meta.dir, "..");

// What docs/connectors.md asks of a user with this file: the number and date form of an Excel
// re-saved US export, and the columns that do not carry a canonical name (Created By, Debit and
// Credit are found by name).
const CONFIG = (dir: string, port: number) => `
${servedServerYaml(dir, port)}connectors:
  - id: books
    type: csv
    name: QuickBooks Online journal
    transactions: ${dir}/journal.csv
    timeout_ms: 120000
    csv: { date_format: MM/DD/YYYY, thousands: "," }
    mapping:
      transaction_id: $row
      date: Create Date
      customer_id: Name
`;

interface Flagged { transaction_id: string; risk_score: number; risk_level: string }
interface Anomaly { transaction_id: string; code: string; severity: string; message?: string }
interface Result { flagged_transactions?: Flagged[]; anomalies?: Anomaly[]; transactions_analyzed?: number }

async function evaluate(seed: number) {
  const ledger = generateSmallbizLedger({ seed });
  const dir = keep ? resolve(keep, String(seed)) : mkdtempSync(join(tmpdir(), "smallbiz-ledger-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/journal.csv`, toCsv(ledger));
  writeFileSync(`${dir}/transactions.json`, JSON.stringify(ledger.transactions));
  const port = firstPort !== undefined ? firstPort + scanCount++ : 20000 + Math.floor(Math.random() * 10000);
  writeFileSync(`${dir}/assay.yaml`, CONFIG(dir, port));
  const { result, wall, cpu } = await scanThroughServer<Result>({ root, dir, port, connector: "books", keep: Boolean(keep) });
  return { ledger, result, wall, cpu };
}


function judge(ledger: SmallbizLedger, result: Result) {
  const txnOf = (row: string) => ledger.transactionOfRow[Number(row)];
  const levelOf = highestLevelBy(result.flagged_transactions, txnOf);
  // The findings of at least medium severity on each transaction, to say what raised it.
  const codesOf = findingsBy(result.anomalies, txnOf);
  const at = (min: number) => {
    let tp = 0, fp = 0, fn = 0;
    const falseByKind: Record<string, number> = {};
    const found: Record<string, number> = {};
    const planted: Record<string, number> = {};
    const falseAlarms: { id: string; kind: string; type: string; codes: string[] }[] = [];
    const misses: { id: string; kind: string; type: string; codes: string[] }[] = [];
    for (const t of ledger.transactions) {
      const flagged = (RISK_RANK[levelOf.get(t.id) ?? "low"] ?? 0) >= min;
      const codes = [...(codesOf.get(t.id) ?? new Map()).entries()].map(([c, m]) => `${c} (${m})`);
      if (t.anomaly) {
        planted[t.anomaly] = (planted[t.anomaly] ?? 0) + 1;
        if (flagged) { tp++; found[t.anomaly] = (found[t.anomaly] ?? 0) + 1; }
        else { fn++; misses.push({ id: t.id, kind: t.anomaly, type: t.type, codes }); }
      } else if (flagged) {
        fp++;
        falseByKind[t.kind] = (falseByKind[t.kind] ?? 0) + 1;
        falseAlarms.push({ id: t.id, kind: t.kind, type: t.type, codes });
      }
    }
    const perKind = Object.fromEntries(SMALLBIZ_ANOMALIES.map((k) => [k, `${found[k] ?? 0}/${planted[k] ?? 0}`]));
    return { ...scores(tp, fp, fn), perKind, falseByKind, falseAlarms, misses };
  };
  return { high: at(2), medium: at(1) };
}

const out = [];
for (const seed of seeds) {
  const { ledger, result, wall, cpu } = await evaluate(seed);
  const j = judge(ledger, result);
  const planted = ledger.transactions.filter((t) => t.anomaly).length;
  const summary = { seed, lines: ledger.rows.length, transactions: ledger.transactions.length, planted, analyzed: result.transactions_analyzed, wall_s: +(wall / 1000).toFixed(1), server_cpu_s: +cpu.toFixed(1), ...j };
  out.push(summary);
  if (asJson) continue;
  const f = (x: number) => x.toFixed(3);
  console.log(`seed ${seed}: ${summary.lines} lines, ${summary.transactions} transactions, ${planted} planted; analysed ${summary.analyzed}; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
  for (const [name, m] of [["high", j.high], ["medium", j.medium]] as const) {
    console.log(`  ${name}: precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)}  tp/fp/fn ${m.tp}/${m.fp}/${m.fn}  found per kind ${JSON.stringify(m.perKind)}`);
  }
  console.log(`  false alarms at high by kind: ${JSON.stringify(j.high.falseByKind)}`);
  console.log(`  false alarms at medium by kind: ${JSON.stringify(j.medium.falseByKind)}`);
  if (verbose) {
    for (const fa of j.high.falseAlarms) console.log(`    FP ${fa.id} ${fa.kind} ${fa.type}: ${fa.codes.join(" | ")}`);
    for (const m of j.high.misses) console.log(`    MISS ${m.id} ${m.kind} ${m.type}: ${m.codes.join(" | ") || "(nothing at medium or above)"}`);
  }
}
if (asJson) console.log(JSON.stringify(out));
