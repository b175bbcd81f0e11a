/**
 * The fourth independent ledger check: a Business Central-style G/L entry export of a
 * multi-entity retailer (bench/quality/erp-ledger.ts), scanned by `anomaly_detection` through the
 * real product — `assay serve` with a csv connector configured as the docs say (columns mapped by
 * name, zero-config), `POST /v1/analyze` over HTTP — and judged per document at the product's
 * decision (risk level high or critical): precision, recall, false alarms by the regular business
 * that caused them, misses by planted kind.
 *
 *   bun run bench/erp-ledger-quality.ts [--seeds 4242,5151,6161] [--keep DIR] [--json]
 *
 * Not part of `make bench-quality` (it changes no existing figure); docs/quality.md records its results.
 */
import { scanThroughServer, servedServerYaml } from "./quality/served-scan.ts";
import { highCodesBy, highestLevelBy, RISK_RANK, scores } from "./quality/ledger-judging.ts";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateErpLedger, toCsv } from "./quality/erp-ledger.ts";

const args = process.argv.slice(2);
// Each scan's server listens on its own port from --port P on (default: a random one).
const portAt = args.indexOf("--port");
const firstPort = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
let scanCount = 0;
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = (flag("--seeds") ?? "4242,5151,6161").split(",").map(Number);
const keep = flag("--keep");
const asJson = args.includes("--json");
const root = resolve(import.meta.dir, "..");

const CONFIG = (dir: string, port: number) => `
${servedServerYaml(dir, port)}connectors:
  - id: gl
    type: csv
    name: Business Central G/L entries
    transactions: ${dir}/gl_entries.csv
    timeout_ms: 120000
    mapping:
      transaction_id: Entry No.
      date: Created At
      created_by: User ID
      customer_id: Source No.
      currency: Currency Code
      debit: Debit Amount
      credit: Credit Amount
`;

interface Flagged { transaction_id: string; risk_score: number; risk_level: string }

async function evaluate(seed: number) {
  const ledger = generateErpLedger({ seed });
  const dir = keep ? resolve(keep, String(seed)) : mkdtempSync(join(tmpdir(), "erp-ledger-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/gl_entries.csv`, toCsv(ledger));
  writeFileSync(`${dir}/documents.json`, JSON.stringify(ledger.documents));
  const port = firstPort !== undefined ? firstPort + scanCount++ : 20000 + Math.floor(Math.random() * 20000);
  writeFileSync(`${dir}/assay.yaml`, CONFIG(dir, port));
  const { result, wall, cpu } = await scanThroughServer<{ flagged_transactions?: Flagged[]; anomalies?: { transaction_id: string; code: string; severity: string }[]; transactions_analyzed?: number }>({ root, dir, port, connector: "gl", keep: Boolean(keep) });
  return { seed, ledger, result, wall, cpu };
}

function judge(ledger: ReturnType<typeof generateErpLedger>, result: { flagged_transactions?: Flagged[]; anomalies?: { transaction_id: string; code: string; severity: string }[] }) {
  // Entry No. → document, in the order the export wrote them.
  const docOfEntry: string[] = [];
  for (const row of ledger.rows) docOfEntry[Number(row[0])] = row[4]!;
  const levelOf = highestLevelBy(result.flagged_transactions, (entry) => docOfEntry[Number(entry)]);
  const codesOf = highCodesBy(result.anomalies, (entry) => docOfEntry[Number(entry)]);
  const at = (min: number) => {
    let tp = 0, fp = 0, fn = 0;
    const falseByKind = new Map<string, number>();
    const missedByKind = new Map<string, number>();
    const foundByKind = new Map<string, number>();
    const falseAlarms: { doc: string; kind: string; codes: string[] }[] = [];
    for (const d of ledger.documents) {
      const flagged = (RISK_RANK[levelOf.get(d.documentNo) ?? "low"] ?? 0) >= min;
      if (d.anomaly) {
        if (flagged) { tp++; foundByKind.set(d.anomaly, (foundByKind.get(d.anomaly) ?? 0) + 1); }
        else { fn++; missedByKind.set(d.anomaly, (missedByKind.get(d.anomaly) ?? 0) + 1); }
      } else if (flagged) {
        fp++;
        falseByKind.set(d.kind, (falseByKind.get(d.kind) ?? 0) + 1);
        falseAlarms.push({ doc: d.documentNo, kind: d.kind, codes: [...(codesOf.get(d.documentNo) ?? [])] });
      }
    }
    return { ...scores(tp, fp, fn), falseByKind: Object.fromEntries([...falseByKind].sort((a, b) => b[1] - a[1])), foundByKind: Object.fromEntries(foundByKind), missedByKind: Object.fromEntries(missedByKind), falseAlarms };
  };
  return { high: at(2), medium: at(1) };
}

const out = [];
for (const seed of seeds) {
  const { ledger, result, wall, cpu } = await evaluate(seed);
  const j = judge(ledger, result);
  const planted = ledger.documents.filter((d) => d.anomaly).length;
  const summary = { seed, lines: ledger.rows.length, documents: ledger.documents.length, planted, analyzed: (result as { transactions_analyzed?: number }).transactions_analyzed, wall_s: +(wall / 1000).toFixed(1), server_cpu_s: +cpu.toFixed(1), ...j };
  out.push(summary);
  if (!asJson) {
    const f = (x: number) => x.toFixed(3);
    console.log(`seed ${seed}: ${summary.lines} lines, ${summary.documents} documents, ${planted} planted; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
    for (const [name, m] of [["high", j.high], ["medium", j.medium]] as const) {
      console.log(`  ${name}: precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)}  tp/fp/fn ${m.tp}/${m.fp}/${m.fn}`);
    }
    console.log(`  false alarms at high by kind: ${JSON.stringify(j.high.falseByKind)}`);
    console.log(`  found at high: ${JSON.stringify(j.high.foundByKind)}`);
    console.log(`  missed at high: ${JSON.stringify(j.high.missedByKind)}`);
    for (const fa of j.high.falseAlarms) console.log(`    ${fa.doc} ${fa.kind} ${fa.codes.join(",")}`);
  }
}
if (asJson) console.log(JSON.stringify(out.map(({ high, medium, ...rest }) => ({ ...rest, high: { ...high, falseAlarms: high.falseAlarms }, medium: { ...medium, falseAlarms: undefined } }))));
