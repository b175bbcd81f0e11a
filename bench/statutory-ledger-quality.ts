/**
 * The statutory ledger exports an auditor is handed, scanned through the real product — `assay
 * serve` with a csv connector on the folder of exports, `POST /v1/analyze` over signed HTTP — and
 * judged per entry (an FEC EcritureNum, the bookings of one DATEV entry) at the product's decision
 * (risk level high or critical): precision, recall, false alarms by the regular business that
 * caused them, misses by planted kind; then `duplicate_detection` on the same connector.
 *
 *   bun run bench/statutory-ledger-quality.ts [--format fec|datev] [--seeds 11,22,33] [--setups zero-config,configured] [--keep DIR] [--json] [--verbose]
 *
 * Formats: `fec` (bench/quality/fec-ledger.ts: a French SME's FEC, one file a fiscal year) and
 * `datev` (bench/quality/datev-ledger.ts: a German company's DATEV Buchungsstapel, one file a
 * month). Setups: `zero-config` points the connector at the folder and nothing else (the FEC's
 * `*.txt` pattern aside); `configured` is the recipe of docs/connectors.md for the format;
 * `configured-user` (fec) the same on an FEC whose software appends a user column; `explicit` maps
 * every column by name with the format's date pattern (what a user had to write before the
 * connector recognised these exports: on DATEV it did not load, `DDMM` having no year).
 * Seed 11 was looked at while fixing; 22 and 33 are held out.
 * Not part of `make bench-quality` (it changes no existing figure); docs/quality.md records its results.
 */
import { scanThroughServer, servedServerYaml } from "./quality/served-scan.ts";
import { findingsBy, highestLevelBy, RISK_RANK, scores } from "./quality/ledger-judging.ts";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateFecLedger, toFec } from "./quality/fec-ledger.ts";
import { generateDatevLedger, toDatev } from "./quality/datev-ledger.ts";
import { STATUTORY_ANOMALIES, type Entry } from "./quality/statutory-business.ts";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const format = flag("--format") ?? "fec";
const seeds = (flag("--seeds") ?? "11,22,33").split(",").map(Number);
const setups = (flag("--setups") ?? "zero-config,configured").split(",");
const keep = flag("--keep");
const asJson = args.includes("--json");
const verbose = args.includes("--verbose");
const root = resolve(import.meta.dir, "..");

// What docs/connectors.md's recipes ask of a user ("configured"), and the mapping a user had to
// write column by column before the connector knew these formats ("explicit").
const FEC_CONNECTOR = (setup: string) => {
  if (setup === "zero-config") return `
    csv: { pattern: "*FEC*.txt" }`;
  if (setup === "explicit") return `
    csv: { pattern: "*FEC*.txt", delimiter: "|", decimal: ",", date_format: YYYYMMDD }
    mapping: { transaction_id: $row, date: EcritureDate, entered_at: ValidDate, customer_id: CompAuxNum, reference: PieceRef }`;
  return `
    csv: { pattern: "*FEC*.txt", delimiter: "|", decimal: "," }
    mapping: { transaction_id: $row${setup === "configured-user" ? ", created_by: Utilisateur" : ""} }`;
};

const DATEV_CONNECTOR = (setup: string) => {
  if (setup === "zero-config") return "";
  if (setup === "explicit") return `
    csv: { delimiter: ";", decimal: ",", header_row: 2, date_format: DDMM }
    mapping: { transaction_id: $row, date: Belegdatum, amount: Umsatz (ohne Soll/Haben-Kz), debit_credit: Soll/Haben-Kennzeichen, customer_id: Konto, reference: Belegfeld 1 }`;
  return `
    csv: { delimiter: ";", decimal: "," }
    mapping: { transaction_id: $row, customer_id: Konto }`;
};

const CONFIG = (dir: string, port: number, setup: string) => `
${servedServerYaml(dir, port)}connectors:
  - id: ledger
    type: csv
    name: ${format === "fec" ? "FEC" : "DATEV Buchungsstapel"}
    transactions: ${dir}/exports/
    timeout_ms: 120000${format === "fec" ? FEC_CONNECTOR(setup) : DATEV_CONNECTOR(setup)}
`;

interface Flagged { transaction_id: string; risk_score: number; risk_level: string }
interface Anomaly { transaction_id: string; code: string; severity: string; message?: string }
interface Result { flagged_transactions?: Flagged[]; anomalies?: Anomaly[]; transactions_analyzed?: number }
type Ledger = { entries: Entry[]; entryOfRow: Map<string, number>; lines: number; files: { name: string; bytes: Buffer }[] };

function generate(seed: number, setup: string): Ledger {
  if (format === "fec") {
    const l = generateFecLedger({ seed, withUser: setup === "configured-user" });
    // ISO-8859-15, as French accounting software writes the FEC (Buffer's latin1 holds every letter used).
    return { entries: l.entries, entryOfRow: l.entryOfRow, lines: l.entryOfRow.size, files: l.files.map((f) => ({ name: f.name, bytes: Buffer.from(toFec(f), "latin1") })) };
  }
  const l = generateDatevLedger({ seed });
  // Windows-1252, as DATEV writes it.
  return { entries: l.entries, entryOfRow: l.entryOfRow, lines: l.entryOfRow.size, files: l.files.map((f) => ({ name: f.name, bytes: Buffer.from(toDatev(f), "latin1") })) };
}

/** A fresh folder with the exports and a config for a server on a port of its own. */
function prepare(ledger: Ledger, seed: number, setup: string, module: string) {
  const dir = keep ? resolve(keep, `${format}-${seed}-${setup}-${module}`) : mkdtempSync(join(tmpdir(), `${format}-ledger-`));
  mkdirSync(`${dir}/exports`, { recursive: true });
  for (const f of ledger.files) writeFileSync(`${dir}/exports/${f.name}`, f.bytes);
  const port = 20000 + Math.floor(Math.random() * 10000);
  writeFileSync(`${dir}/assay.yaml`, CONFIG(dir, port, setup));
  return { dir, port };
}

function judge(ledger: Ledger, result: Result) {
  const entryOf = (row: string) => {
    const id = ledger.entryOfRow.get(row);
    return id === undefined ? undefined : String(id);
  };
  const levelOf = highestLevelBy(result.flagged_transactions, entryOf);
  const codesOf = findingsBy(result.anomalies, entryOf);
  const at = (min: number) => {
    let tp = 0, fp = 0, fn = 0;
    const falseByKind: Record<string, number> = {};
    const found: Record<string, number> = {};
    const planted: Record<string, number> = {};
    const falseAlarms: { id: number; kind: string; codes: string[] }[] = [];
    const misses: { id: number; kind: string; codes: string[] }[] = [];
    for (const e of ledger.entries) {
      const flagged = (RISK_RANK[levelOf.get(String(e.id)) ?? "low"] ?? 0) >= min;
      const codes = [...(codesOf.get(String(e.id)) ?? new Map()).entries()].map(([c, m]) => `${c} (${m})`);
      if (e.anomaly) {
        planted[e.anomaly] = (planted[e.anomaly] ?? 0) + 1;
        if (flagged) { tp++; found[e.anomaly] = (found[e.anomaly] ?? 0) + 1; }
        else { fn++; misses.push({ id: e.id, kind: `${e.anomaly} (${e.kind} ${e.journal} ${new Date(e.date).toISOString().slice(0, 10)})`, codes }); }
      } else if (flagged) {
        fp++;
        falseByKind[e.kind] = (falseByKind[e.kind] ?? 0) + 1;
        falseAlarms.push({ id: e.id, kind: `${e.kind} ${e.journal} ${new Date(e.date).toISOString().slice(0, 10)}`, codes });
      }
    }
    const perKind = Object.fromEntries(STATUTORY_ANOMALIES.map((k) => [k, `${found[k] ?? 0}/${planted[k] ?? 0}`]));
    return { ...scores(tp, fp, fn), perKind, falseByKind, falseAlarms, misses };
  };
  return { high: at(2), medium: at(1) };
}

/** duplicate_detection: the entries it reports, against the planted duplicate supplier invoices. */
function judgeDuplicates(ledger: Ledger, result: Result) {
  const reported = new Set<number>();
  for (const a of result.anomalies ?? []) {
    const id = ledger.entryOfRow.get(a.transaction_id);
    if (id !== undefined && (RISK_RANK[a.severity] ?? 0) >= 2) reported.add(id);
  }
  const planted = ledger.entries.filter((e) => e.anomaly === "duplicate_supplier_invoice");
  const found = planted.filter((e) => reported.has(e.id)).length;
  const falseAlarms: Record<string, number> = {};
  for (const e of ledger.entries) if (reported.has(e.id) && e.anomaly !== "duplicate_supplier_invoice") falseAlarms[e.anomaly ?? e.kind] = (falseAlarms[e.anomaly ?? e.kind] ?? 0) + 1;
  return { found: `${found}/${planted.length}`, reported: reported.size, falseAlarms };
}

const out = [];
for (const seed of seeds) {
  for (const setup of setups) {
    const ledger = generate(seed, setup);
    const { dir, port } = prepare(ledger, seed, setup, "anomaly");
    const planted = ledger.entries.filter((e) => e.anomaly).length;
    const head = `${format} seed ${seed} ${setup}: ${ledger.lines} lines, ${ledger.entries.length} entries, ${planted} planted`;
    let scan;
    try {
      scan = await scanThroughServer<Result>({ root, dir, port, connector: "ledger", keep: Boolean(keep), status: true });
    } catch (e) {
      const status = (e as { status?: { message?: string; mapping?: unknown } }).status;
      out.push({ format, seed, setup, unreadable: (e as Error).message, status });
      if (!asJson) console.log(`${head}\n  UNREADABLE: ${(e as Error).message.slice(0, 400)}\n  status: ${String(JSON.stringify(status)).slice(0, 600)}`);
      continue;
    }
    const { result, wall, cpu, status } = scan;
    const mapping = (status as { mapping?: { rejected_rows?: number; samples?: unknown[]; warnings?: unknown[] } }).mapping;
    const again = prepare(ledger, seed, setup, "duplicates");
    const dup = await scanThroughServer<Result>({ root, dir: again.dir, port: again.port, connector: "ledger", module: "duplicate_detection", keep: Boolean(keep) });
    const j = judge(ledger, result);
    const summary = { format, seed, setup, lines: ledger.lines, entries: ledger.entries.length, planted, analyzed: result.transactions_analyzed, rejected_rows: mapping?.rejected_rows ?? 0, wall_s: +(wall / 1000).toFixed(1), server_cpu_s: +cpu.toFixed(1), duplicates: dup ? judgeDuplicates(ledger, dup.result) : undefined, ...j };
    out.push(summary);
    if (asJson) continue;
    const f = (x: number) => x.toFixed(3);
    console.log(`${head}; analysed ${summary.analyzed}, rejected rows ${summary.rejected_rows}; scan ${summary.wall_s} s (server CPU ${summary.server_cpu_s} s)`);
    if (mapping?.samples?.length) console.log(`  rejected, e.g.: ${JSON.stringify(mapping.samples.slice(0, 2))}`);
    if (mapping?.warnings?.length) console.log(`  warnings: ${JSON.stringify(mapping.warnings).slice(0, 500)}`);
    for (const [name, m] of [["high", j.high], ["medium", j.medium]] as const) {
      console.log(`  ${name}: precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)}  tp/fp/fn ${m.tp}/${m.fp}/${m.fn}  found per kind ${JSON.stringify(m.perKind)}`);
    }
    console.log(`  false alarms at high by kind: ${JSON.stringify(j.high.falseByKind)}`);
    if (summary.duplicates) console.log(`  duplicate_detection: ${JSON.stringify(summary.duplicates)}`);
    if (verbose) {
      for (const fa of j.high.falseAlarms) console.log(`    FP ${fa.id} ${fa.kind}: ${fa.codes.join(" | ")}`);
      for (const m of j.high.misses) console.log(`    MISS ${m.id} ${m.kind}: ${m.codes.join(" | ") || "(nothing at medium or above)"}`);
    }
  }
}
if (asJson) console.log(JSON.stringify(out.map((o) => ("high" in o ? { ...o, high: { ...o.high, falseAlarms: undefined, misses: undefined }, medium: { ...o.medium, falseAlarms: undefined, misses: undefined } } : o))));
