/**
 * The fifth independent ledger check: an SAP S/4HANA journal-entry-items export in German
 * conventions (bench/quality/sap-ledger.ts: `;`-separated Windows-1252, German headers,
 * DD.MM.YYYY, `1.234,56` unsigned amounts beside a Soll/Haben indicator), scanned by
 * `anomaly_detection` through the real product — `assay serve` with a csv connector configured as
 * docs/connectors.md tells a user to, `POST /v1/analyze` over signed HTTP — and judged per
 * document (Belegnummer) at the product's decision (risk level high or critical): precision,
 * recall, false alarms by the regular business that caused them, misses by planted kind.
 *
 *   bun run bench/sap-ledger-quality.ts [--seeds 3131,4141,5151] [--setups unsigned,zero-config,configured,configured-unsigned,line-key,line-key-configured] [--port P] [--keep DIR] [--json]
 *
 * Setups: `unsigned` maps the amount column alone (what a user could do before the connector read
 * the Soll/Haben indicator: every amount positive); `zero-config` maps the columns, the indicator
 * included, and nothing else, with `Belegnummer` as transaction_id (a document is one transaction,
 * read from its first line); `configured` adds what docs/analysis.md offers for such a ledger
 * (the approval limits, the column with the vendor's name, the document types), and
 * `configured-unsigned` the same without the indicator (docs/quality.md's "before, configured", run
 * on the tree before `debit_credit` existed); `line-key` and
 * `line-key-configured` are the same with one transaction per line, transaction_id being the line
 * key [Buchungskreis, Belegnummer, Geschäftsjahr, Position].
 * Not part of `make bench-quality` (it changes no existing figure); docs/quality.md records its results.
 */
import { scanThroughServer, servedServerYaml } from "./quality/served-scan.ts";
import { highCodesBy, highestLevelBy, RISK_RANK, scores } from "./quality/ledger-judging.ts";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateSapLedger, toSapCsv } from "./quality/sap-ledger.ts";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = (flag("--seeds") ?? "3131,4141,5151").split(",").map(Number);
const setups = (flag("--setups") ?? "zero-config,configured").split(",");
const keep = flag("--keep");
// Each scan's server listens on its own port from --port P on (default: a random one of 20000–29999).
const firstPort = flag("--port") ? Number(flag("--port")) : undefined;
let scanCount = 0;
const asJson = args.includes("--json");
const root = resolve(import.meta.dir, "..");

const MAPPING = (setup: string) => `
      transaction_id: ${setup.startsWith("line-key") ? "[Buchungskreis, Belegnummer, Geschäftsjahr, Position]" : "Belegnummer"}
      date: Erfassungsdatum
      created_by: Benutzername
      customer_id: Kreditor
      reference: Referenz
      currency: Hauswährung
      amount: Betrag in Hauswährung`;

const CONFIG = (dir: string, port: number, setup: string) => `
${servedServerYaml(dir, port)}connectors:
  - id: sap
    type: csv
    name: SAP S/4HANA Journal Entry Items (FAGLL03H)
    transactions: ${dir}/fagll03h.csv
    timeout_ms: 120000
    csv: { delimiter: ";", decimal: ",", thousands: ".", date_format: DD.MM.YYYY }
    mapping:${MAPPING(setup)}${setup.includes("unsigned") ? "" : `
      debit_credit: Soll/Haben-Kennz.`}${setup.includes("configured") ? `
    type_values: { SA: journal_entry, AB: journal_entry, AF: journal_entry, UE: journal_entry, ZB: payment, KZ: payment, ZP: payment, DZ: payment, KR: invoice, RE: invoice, WE: journal_entry, DR: invoice, TV: journal_entry, KG: credit_note }
modules:
  anomaly_detection:
    split_below_limit: { limits: [10000, 25000] }
    lookalike_counterparty: { name_field: attributes.Name 1 }` : ""}
`;

interface Flagged { transaction_id: string; risk_score: number; risk_level: string }
interface Result { flagged_transactions?: Flagged[]; anomalies?: { transaction_id: string; code: string; severity: string }[]; transactions_analyzed?: number }

async function evaluate(ledger: ReturnType<typeof generateSapLedger>, seed: number, setup: string) {
  const dir = keep ? resolve(keep, `${seed}-${setup}`) : mkdtempSync(join(tmpdir(), "sap-ledger-"));
  mkdirSync(dir, { recursive: true });
  // As SAP GUI's spreadsheet export writes it: the code page of a German installation.
  writeFileSync(`${dir}/fagll03h.csv`, Buffer.from(toSapCsv(ledger), "latin1"));
  writeFileSync(`${dir}/documents.json`, JSON.stringify(ledger.documents));
  const port = firstPort !== undefined ? firstPort + scanCount++ : 20000 + Math.floor(Math.random() * 10000);
  writeFileSync(`${dir}/assay.yaml`, CONFIG(dir, port, setup));
  const { result, wall, cpu } = await scanThroughServer<Result>({ root, dir, port, connector: "sap", keep: Boolean(keep) });
  return { result, wall, cpu };
}

/** The document of a transaction: its Belegnummer, alone or inside a line key (1000-<Belegnummer>-2025-001). */
const documentOf = (id: string) => (id.includes("-") ? id.split("-")[1]! : id);

/** Per document: its level is its highest line's. */
function judge(ledger: ReturnType<typeof generateSapLedger>, result: Result) {
  const levelOf = highestLevelBy(result.flagged_transactions, documentOf);
  const codesOf = highCodesBy(result.anomalies, documentOf);
  const at = (min: number) => {
    let tp = 0, fp = 0, fn = 0;
    const falseByKind = new Map<string, number>();
    const missedByKind = new Map<string, number>();
    const foundByKind = new Map<string, number>();
    const falseAlarms: { doc: string; kind: string; codes: string[] }[] = [];
    const found: { doc: string; kind: string; codes: string[] }[] = [];
    for (const d of ledger.documents) {
      const flagged = (RISK_RANK[levelOf.get(d.documentNo) ?? "low"] ?? 0) >= min;
      if (d.anomaly) {
        if (flagged) { tp++; foundByKind.set(d.anomaly, (foundByKind.get(d.anomaly) ?? 0) + 1); found.push({ doc: d.documentNo, kind: d.anomaly, codes: [...(codesOf.get(d.documentNo) ?? [])] }); }
        else { fn++; missedByKind.set(d.anomaly, (missedByKind.get(d.anomaly) ?? 0) + 1); }
      } else if (flagged) {
        fp++;
        falseByKind.set(d.kind, (falseByKind.get(d.kind) ?? 0) + 1);
        falseAlarms.push({ doc: d.documentNo, kind: d.kind, codes: [...(codesOf.get(d.documentNo) ?? [])] });
      }
    }
    return { ...scores(tp, fp, fn), falseByKind: Object.fromEntries([...falseByKind].sort((a, b) => b[1] - a[1])), foundByKind: Object.fromEntries(foundByKind), missedByKind: Object.fromEntries(missedByKind), falseAlarms, found };
  };
  return { high: at(2), medium: at(1) };
}

const out = [];
for (const seed of seeds) {
  const ledger = generateSapLedger({ seed });
  const planted = ledger.documents.filter((d) => d.anomaly);
  const plantedByKind: Record<string, number> = {};
  for (const d of planted) plantedByKind[d.anomaly!] = (plantedByKind[d.anomaly!] ?? 0) + 1;
  for (const setup of setups) {
    const { result, wall, cpu } = await evaluate(ledger, seed, setup);
    const j = judge(ledger, result);
    const summary = { seed, setup, lines: ledger.rows.length, documents: ledger.documents.length, planted: planted.length, analyzed: result.transactions_analyzed, wall_s: +(wall / 1000).toFixed(1), server_cpu_s: +cpu.toFixed(1), ...j };
    out.push(summary);
    if (asJson) continue;
    const f = (x: number) => x.toFixed(3);
    console.log(`seed ${seed} ${setup}: ${summary.lines} lines, ${summary.documents} documents (${summary.analyzed} analysed), ${planted.length} planted ${JSON.stringify(plantedByKind)}; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
    for (const [name, m] of [["high", j.high], ["medium", j.medium]] as const) {
      console.log(`  ${name}: precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)}  tp/fp/fn ${m.tp}/${m.fp}/${m.fn}`);
    }
    console.log(`  recall at high by kind: ${Object.keys(plantedByKind).sort().map((k) => `${k} ${j.high.foundByKind[k] ?? 0}/${plantedByKind[k]}`).join(", ")}`);
    console.log(`  false alarms at high by kind: ${JSON.stringify(j.high.falseByKind)}`);
    if (args.includes("--verbose")) {
      for (const fa of j.high.falseAlarms) console.log(`    FP ${fa.doc} ${fa.kind} ${fa.codes.join(",")}`);
      for (const fa of j.high.found) console.log(`    TP ${fa.doc} ${fa.kind} ${fa.codes.join(",")}`);
    }
  }
}
if (asJson) console.log(JSON.stringify(out.map(({ high, medium, ...rest }) => ({ ...rest, high: { ...high, found: undefined }, medium: { ...medium, falseAlarms: undefined, found: undefined } }))));
