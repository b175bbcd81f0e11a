/**
 * A discrete manufacturer's general ledger, held out: Ridgeline, two US plants and a German sales
 * subsidiary in EUR (bench/quality/mfg-ledger.ts: calendar 2024–2025, ≈ 25,000 GL lines in
 * ≈ 9,500 transactions), exported from NetSuite OneWorld as a saved transaction search over
 * posting lines and scanned through the real product — `assay serve` with a csv connector
 * configured as docs/connectors.md tells a user (M/D/YYYY dates; the line key Internal ID + Line
 * ID, the posting date, the entity as counterparty, NetSuite's transaction types mapped through
 * `type_values`; Created By, Date Created, Approved By, Debit, Credit and Currency found by name),
 * `POST /v1/analyze` over signed HTTP — and judged per **transaction** (its Internal ID) at the
 * product's decision: flagged when any of its lines is high or critical, and at medium or above.
 *
 * Modules: `anomaly_detection` is judged on every planted kind, `duplicate_detection` on the
 * vendor paid a second time through a manual journal, `compliance` on the journal its creator
 * approved herself.
 *
 * Two setups: `zero-config` maps what the export's names need and nothing else; `configured` adds
 * what docs/analysis.md offers the manufacturer's internal auditor: the ledger's categorical
 * fields (user, type, subsidiary, account, location, department, class), the plants as fields
 * with habits of their own (`rare_combination.habit_fields: [attributes.Location]`: a plant's
 * scrap, its variances, its activity).
 *
 *   bun run bench/mfg-ledger-quality.ts [--seeds 4301,4302,4303] [--setups zero-config,configured] [--modules anomaly_detection,duplicate_detection,compliance] [--port P] [--keep DIR] [--json] [--verbose]
 *
 * Seed 4301 is the one looked at while fixing; 4302 and 4303 are held out (run at the baseline and
 * at the end only). Not part of `make bench-quality`; docs/quality.md records its results.
 */
import { servedServerYaml } from "./quality/served-scan.ts";
import { ledgerRunnerArgs, runTransactionLedger } from "./quality/ledger-runner.ts";
import { generateMfgLedger, MFG_ANOMALIES, toCsv } from "./quality/mfg-ledger.ts";

const args = ledgerRunnerArgs({ seeds: "4301,4302,4303", modules: "anomaly_detection,duplicate_detection,compliance" });
const { keep } = args;

// What docs/connectors.md asks of a user with this file: the US date form, the line key (NetSuite
// numbers lines within a transaction), the posting date, the entity as counterparty, and
// NetSuite's transaction types, which are not the product's names (type_values). Created By,
// Date Created (an entry-date label), Approved By, Debit, Credit and Currency carry names the
// product reads.
const CONFIG = (dir: string, port: number, setup: string) => `
${servedServerYaml(dir, port)}connectors:
  - id: gl
    type: csv
    name: NetSuite GL detail (saved search)
    transactions: ${dir}/gl_detail.csv
    timeout_ms: 600000
    csv: { date_format: M/D/YYYY }
    type_values: { Journal: journal_entry, Bill: invoice, Bill Payment: payment, Invoice: invoice, Payment: payment, Item Receipt: journal_entry, Item Fulfillment: journal_entry, Work Order Issue: journal_entry, Work Order Completion: journal_entry, Work Order Close: journal_entry, Inventory Adjustment: journal_entry, Inventory Cost Revaluation: journal_entry, Currency Revaluation: journal_entry }
    mapping:
      transaction_id: [Internal ID, Line ID]
      date: Date
      customer_id: Name
${setup === "configured" ? `modules:
  anomaly_detection:
    categorical_fields: [created_by, type, attributes.Subsidiary, attributes.Account, attributes.Location, attributes.Department, attributes.Class]
    rare_combination: { habit_fields: [attributes.Location] }
` : ""}`;

/** The planted kinds each module is judged on. */
const RELEVANT: Record<string, readonly string[]> = {
  anomaly_detection: MFG_ANOMALIES,
  duplicate_detection: ["vendor_paid_twice_manual_je"],
  compliance: ["self_approved_manual_journal"],
};

await runTransactionLedger({
  args, prefix: "mfg-ledger-", generate: (seed) => generateMfgLedger({ seed }), csv: toCsv,
  extraFiles: (ledger): Record<string, string> => (keep ? { "transactions.json": JSON.stringify(ledger.transactions) } : {}),
  config: CONFIG, anomalies: MFG_ANOMALIES, relevant: RELEVANT,
  describe: (t) => ({ who: t.user, what: t.type }),
});
