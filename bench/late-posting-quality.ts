/**
 * The quality of late_posting on the labelled ledgers of bench/quality/late-postings.ts (entries
 * with a posting date and the moment they were entered): each seed exported as CSV, scanned by
 * `anomaly_detection` through the real product — `assay serve` with a csv connector configured
 * as docs/connectors.md tells a user to, a signed `POST /v1/analyze` — and judged per entry at
 * the product's decision (risk level high or critical): precision and recall per planted kind,
 * and the entries of each kind of regular business flagged high (late_posting's own in brackets).
 *
 *   bun run bench/late-posting-quality.ts [--seeds 1,2,3] [--setups no-entry-date,labelled,mapped,labelled-de] [--calendar months|4-4-5] [--verbose]
 *
 * Setups: `no-entry-date` exports the ledger without its "Created On" column (a ledger that does
 * not carry an entry date: the detector has nothing to read, the scan is the one before it
 * existed); `labelled` keeps the column and maps the others, leaving the entry date to be found by
 * its label (zero-config); `mapped` names it in the mapping under another header ("SYS_CREATED"),
 * as a user does for an export whose label is not one the connector knows; `labelled-de` is the
 * ledger as a German installation exports it (`;`, DD.MM.YYYY, "Buchungsdatum" beside
 * "Erfassungsdatum" with its time), the entry date again found by its label; `labelled-fiscal` is
 * `labelled` with the ledger's fiscal calendar configured (late_posting.fiscal_calendar).
 *
 * `--calendar 4-4-5`: the company closes the periods of a 4-4-5 retail calendar, not calendar
 * months (bench/quality/late-postings.ts: the same business and plants by its periods, and the
 * hard negatives `open_period_tail`: invoices dated in a period's first days that lie in the
 * previous calendar month, keyed two to four weeks later while the period is open). Run it with
 * `--setups labelled,labelled-fiscal`: judged by months (the detector before fiscal calendars,
 * and a user who does not configure one), then by the configured calendar.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { FISCAL_YEAR_STARTS, LATE_KINDS, REGULAR_KINDS, generateLateLedger, toLateCsv, type LateLedger } from "./quality/late-postings.ts";
import { prf } from "./quality/metrics.ts";
import { scanThroughServer, servedServerYaml } from "./quality/served-scan.ts";

const args = process.argv.slice(2);
// Each scan's server listens on its own port from --port P on (default: a random one).
const portAt = args.indexOf("--port");
const firstPort = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
let scanCount = 0;
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = (flag("--seeds") ?? "1,2,3").split(",").map(Number);
const setups = (flag("--setups") ?? "no-entry-date,labelled,mapped,labelled-de").split(",");
const verbose = args.includes("--verbose");
const calendar = (flag("--calendar") ?? "months") as "months" | "4-4-5";
const root = resolve(import.meta.dir, "..");

const CONFIG = (dir: string, port: number, setup: string) => `
${servedServerYaml(dir, port).trimEnd()}${setup === "labelled-fiscal" ? `
modules:
  anomaly_detection:
    late_posting:
      fiscal_calendar: { periods: 4-4-5, year_starts: [${FISCAL_YEAR_STARTS.join(", ")}] }` : ""}
connectors:
  - id: ledger
    type: csv
    name: General ledger entries
    transactions: ${dir}/gl_entries.csv
    timeout_ms: 120000${setup === "labelled-de" ? `
    csv: { delimiter: ";", decimal: ",", date_format: DD.MM.YYYY }
    mapping:
      transaction_id: Lfd. Nr.
      date: Buchungsdatum
      created_by: Benutzer
      customer_id: Partner
      amount: Betrag
      currency: Währung` : `
    mapping:
      transaction_id: Entry No.
      date: Posting Date
      created_by: User ID
      customer_id: Partner
      amount: Amount
      currency: Currency`}${setup === "mapped" ? `
      entered_at: SYS_CREATED` : ""}
`;

interface Result {
  flagged_transactions?: { transaction_id: string; risk_level: string }[];
  anomalies?: { transaction_id: string; code: string; severity: string }[];
  transactions_analyzed?: number;
}

async function scan(ledger: LateLedger, setup: string) {
  const dir = mkdtempSync(join(tmpdir(), "late-posting-"));
  mkdirSync(dir, { recursive: true });
  const label = setup === "no-entry-date" ? false : setup === "mapped" ? "SYS_CREATED" : setup === "labelled-de" ? "Erfassungsdatum" : "Created On";
  writeFileSync(`${dir}/gl_entries.csv`, toLateCsv(ledger, label, setup === "labelled-de"));
  const port = firstPort !== undefined ? firstPort + scanCount++ : 20000 + Math.floor(Math.random() * 10000);
  writeFileSync(`${dir}/assay.yaml`, CONFIG(dir, port, setup));
  return scanThroughServer<Result>({ root, dir, port, connector: "ledger", keep: false });
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  found: Record<string, number>;
  /** Per planted kind: reported by late_posting at any severity (medium included). */
  lateAny: Record<string, number>;
  planted: Record<string, number>;
  /** Per regular kind: entries, flagged high, late_posting high, late_posting medium, and entries
   *  a naive rule flags (entered more than 10 days after the end of the month posted into). */
  regular: Record<string, { of: number; high: number; late: number; lateMedium: number; naive: number }>;
  lateTp: number;
  lateFp: number;
  cpu: number;
}

const empty = (): Tally => ({
  tp: 0, fp: 0, fn: 0, lateTp: 0, lateFp: 0, cpu: 0,
  found: Object.fromEntries(LATE_KINDS.map((k) => [k, 0])),
  lateAny: Object.fromEntries(LATE_KINDS.map((k) => [k, 0])),
  planted: Object.fromEntries(LATE_KINDS.map((k) => [k, 0])),
  regular: Object.fromEntries(REGULAR_KINDS.map((k) => [k, { of: 0, high: 0, late: 0, lateMedium: 0, naive: 0 }])),
});

const tallies = new Map(setups.map((s) => [s, empty()]));
let entries = 0;
for (const seed of seeds) {
  const ledger = generateLateLedger({ seed, calendar });
  entries += ledger.rows.length;
  for (const setup of setups) {
    const t = tallies.get(setup)!;
    const { result, cpu } = await scan(ledger, setup);
    t.cpu += cpu;
    const high = new Set((result.flagged_transactions ?? []).filter((f) => f.risk_level === "high" || f.risk_level === "critical").map((f) => f.transaction_id));
    const lateHigh = new Set((result.anomalies ?? []).filter((a) => a.code === "late_posting" && (a.severity === "high" || a.severity === "critical")).map((a) => a.transaction_id));
    const lateMedium = new Set((result.anomalies ?? []).filter((a) => a.code === "late_posting" && a.severity === "medium").map((a) => a.transaction_id));
    const codes = new Map<string, Set<string>>();
    for (const a of result.anomalies ?? []) {
      if (a.severity !== "high" && a.severity !== "critical") continue;
      const s = codes.get(a.transaction_id) ?? new Set<string>();
      s.add(a.code);
      codes.set(a.transaction_id, s);
    }
    for (const r of ledger.rows) {
      const flagged = high.has(r.entryNo);
      if (r.planted) {
        t.planted[r.kind]!++;
        if (flagged) {
          t.tp++;
          t.found[r.kind]!++;
        } else t.fn++;
        if (lateHigh.has(r.entryNo)) t.lateTp++;
        if (lateHigh.has(r.entryNo) || lateMedium.has(r.entryNo)) t.lateAny[r.kind]!++;
        if (verbose && setup !== "no-entry-date") console.log(`  ${flagged ? "TP" : "FN"} seed ${seed} ${setup} ${r.entryNo} ${r.kind} ${r.user} ${r.postingDate} entered ${r.createdOn} ${[...(codes.get(r.entryNo) ?? [])].join(",")}`);
      } else {
        const k = t.regular[r.kind]!;
        k.of++;
        if (flagged) {
          t.fp++;
          k.high++;
          if (verbose && setup !== "no-entry-date" && lateHigh.has(r.entryNo)) console.log(`  FP seed ${seed} ${setup} ${r.entryNo} ${r.kind} ${r.user} ${r.postingDate} entered ${r.createdOn} ${[...(codes.get(r.entryNo) ?? [])].join(",")}`);
        }
        if (lateHigh.has(r.entryNo)) {
          k.late++;
          t.lateFp++;
        }
        if (lateMedium.has(r.entryNo)) k.lateMedium++;
        const [y, mo] = r.postingDate.split("-").map(Number);
        if (Date.parse(`${r.createdOn.slice(0, 10)}T00:00:00Z`) - Date.UTC(y!, mo!, 0) > 10 * 86_400_000) k.naive++;
      }
    }
  }
}

const f3 = (x: number) => x.toFixed(3);
console.log(`late postings: seeds ${seeds.join(",")}, ${entries} entries${calendar === "months" ? "" : `, closing the periods of a ${calendar} calendar`}\n`);
console.log("anomaly_detection at high, per entry:\n");
console.log(`| setup | TP | FP | FN | precision | recall | F1 | late_posting high: TP / FP | ${LATE_KINDS.map((k) => `recall ${k}`).join(" | ")} | server CPU s |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|${LATE_KINDS.map(() => "---:").join("|")}|---:|`);
for (const [setup, t] of tallies) {
  const m = prf(t.tp, t.fp, t.fn);
  console.log(`| ${setup} | ${t.tp} | ${t.fp} | ${t.fn} | ${f3(m.precision)} | ${f3(m.recall)} | ${f3(m.f1)} | ${t.lateTp} / ${t.lateFp} | ${LATE_KINDS.map((k) => `${t.found[k]}/${t.planted[k]}`).join(" | ")} | ${t.cpu.toFixed(1)} |`);
}
console.log("\nPlanted entries reported by late_posting at any severity (medium included):\n");
console.log(`| setup | ${LATE_KINDS.join(" | ")} |`);
console.log(`|---|${LATE_KINDS.map(() => "---:").join("|")}|`);
for (const [setup, t] of tallies) console.log(`| ${setup} | ${LATE_KINDS.map((k) => `${t.lateAny[k]}/${t.planted[k]}`).join(" | ")} |`);
console.log("\nRegular business flagged high (of which by late_posting; late_posting medium after the slash), and what a naive rule flags (entered over 10 days after the end of the month posted into):\n");
console.log(`| kind | entries | naive rule | ${setups.join(" | ")} |`);
console.log(`|---|---:|---:|${setups.map(() => "---:").join("|")}|`);
for (const k of REGULAR_KINDS) {
  const first = tallies.get(setups[0]!)!.regular[k]!;
  console.log(`| ${k} | ${first.of} | ${first.naive} | ${setups.map((s) => { const r = tallies.get(s)!.regular[k]!; return `${r.high} (${r.late}) / ${r.lateMedium}`; }).join(" | ")} |`);
}
