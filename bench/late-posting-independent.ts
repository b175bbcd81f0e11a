/**
 * late_posting on two ledgers it was not written with: the Business Central-style ERP ledger
 * (bench/quality/erp-ledger.ts: "Posting Date" beside "Created At") and the SAP S/4HANA export
 * (bench/quality/sap-ledger.ts: "Buchungsdatum" beside "Erfassungsdatum"). Their own runners map
 * the entry date as `date`; here a user maps the posting date as `date` and the entry date as
 * `entered_at`, and every late_posting finding is listed by the document's kind (regular business,
 * or the generator's planted anomaly) and severity: its false alarms on someone else's close.
 *
 *   bun run bench/late-posting-independent.ts [--erp-seeds 4242,5151,6161] [--sap-seeds 3131,4141,5151]
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateErpLedger, toCsv } from "./quality/erp-ledger.ts";
import { generateSapLedger, toSapCsv } from "./quality/sap-ledger.ts";
import { scanThroughServer, servedServerYaml } from "./quality/served-scan.ts";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const erpSeeds = (flag("--erp-seeds") ?? "4242,5151,6161").split(",").filter(Boolean).map(Number);
const sapSeeds = (flag("--sap-seeds") ?? "3131,4141,5151").split(",").filter(Boolean).map(Number);
const root = resolve(import.meta.dir, "..");

interface Result {
  anomalies?: { transaction_id: string; code: string; severity: string; message: string }[];
  transactions_analyzed?: number;
}

const HEAD = (dir: string, port: number) => `
${servedServerYaml(dir, port)}connectors:`;

async function scan(file: string, bytes: string | Buffer, connector: string): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), "late-independent-"));
  writeFileSync(join(dir, "export.csv"), bytes);
  const port = 20000 + Math.floor(Math.random() * 20000);
  writeFileSync(join(dir, "assay.yaml"), HEAD(dir, port) + connector.replaceAll("FILE", join(dir, "export.csv")));
  return (await scanThroughServer<Result>({ root, dir, port, connector: file, keep: false })).result;
}

function report(name: string, seed: number, analysed: number | undefined, late: Result["anomalies"], kindOf: (id: string) => string) {
  const byKind = new Map<string, number>();
  const documents = new Set<string>();
  for (const a of late ?? []) {
    const k = `${kindOf(a.transaction_id)} (${a.severity})`;
    byKind.set(k, (byKind.get(k) ?? 0) + 1);
    documents.add(a.transaction_id);
  }
  console.log(`${name} seed ${seed}: ${analysed} transactions analysed, late_posting on ${(late ?? []).length}: ${JSON.stringify(Object.fromEntries(byKind))}`);
  const first = late?.[0];
  if (first) console.log(`  e.g. ${first.message}`);
}

for (const seed of erpSeeds) {
  const ledger = generateErpLedger({ seed });
  const result = await scan("gl", toCsv(ledger), `
  - id: gl
    type: csv
    transactions: FILE
    timeout_ms: 120000
    mapping: { transaction_id: Entry No., date: Posting Date, entered_at: Created At, created_by: User ID, customer_id: Source No., currency: Currency Code, debit: Debit Amount, credit: Credit Amount }
`);
  const docOfEntry = new Map(ledger.rows.map((r) => [r[0]!, r[4]!]));
  const docs = new Map(ledger.documents.map((d) => [d.documentNo, d]));
  const kindOf = (id: string) => {
    const d = docs.get(docOfEntry.get(id) ?? "");
    return d?.anomaly ? `planted ${d.anomaly}` : (d?.kind ?? "unknown");
  };
  report("erp (lines)", seed, result.transactions_analyzed, result.anomalies?.filter((a) => a.code === "late_posting"), kindOf);
}

for (const seed of sapSeeds) {
  const ledger = generateSapLedger({ seed });
  const result = await scan("sap", Buffer.from(toSapCsv(ledger), "latin1"), `
  - id: sap
    type: csv
    transactions: FILE
    timeout_ms: 120000
    csv: { delimiter: ";", decimal: ",", thousands: ".", date_format: DD.MM.YYYY }
    mapping: { transaction_id: Belegnummer, date: Buchungsdatum, entered_at: Erfassungsdatum, created_by: Benutzername, customer_id: Kreditor, reference: Referenz, currency: Hauswährung, amount: Betrag in Hauswährung, debit_credit: Soll/Haben-Kennz. }
`);
  const docs = new Map(ledger.documents.map((d) => [d.documentNo, d]));
  const kindOf = (id: string) => {
    const d = docs.get(id);
    return d?.anomaly ? `planted ${d.anomaly}` : (d?.kind ?? "unknown");
  };
  report("sap (documents)", seed, result.transactions_analyzed, result.anomalies?.filter((a) => a.code === "late_posting"), kindOf);
}
