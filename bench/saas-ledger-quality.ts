/**
 * A venture-backed B2B SaaS company's general ledger, held out: Lumen Analytics, a US parent with
 * subsidiaries in the UK and Germany, consolidated (bench/quality/saas-ledger.ts: calendar
 * 2024–2025, ≈ 19,500 GL lines in ≈ 9,300 transactions, half of them the monthly rev-rec journals),
 * exported from NetSuite OneWorld as a saved transaction search over posting lines and scanned
 * through the real product — `assay serve` with a csv connector configured as docs/connectors.md
 * tells a user (M/D/YYYY dates with NetSuite's "3:42 pm" times; the line key Internal ID + Line ID,
 * the posting date, the entity as counterparty, the subsidiary's base currency beside the
 * transaction's, NetSuite's types through `type_values`; Created By, Date Created, Approved By,
 * Debit and Credit found by name), `POST /v1/analyze` over signed HTTP — and judged per
 * **transaction** (its Internal ID) at the product's decision: flagged when any of its lines is
 * high or critical, and at medium or above.
 *
 * Modules: `anomaly_detection` is judged on every planted kind, `duplicate_detection` on the vendor
 * bill keyed twice and the rev-rec journal posted twice in a month, `compliance` on the journal
 * its creator approved. The payments of the planted duplicate bills are labelled apart
 * (`payment_of_planted_duplicate`) and count neither way.
 *
 * Two setups: `zero-config` maps what the export's names need and nothing else; `configured` adds
 * what docs/analysis.md offers the SaaS company's auditor: the ledger's categorical fields (user,
 * type, subsidiary, account, department, class) and the subsidiaries as fields with habits of
 * their own (`rare_combination.habit_fields: [attributes.Subsidiary]`).
 *
 *   bun run bench/saas-ledger-quality.ts [--seeds 4501,4502,4503] [--setups zero-config,configured] [--modules anomaly_detection,duplicate_detection,compliance] [--port P] [--keep DIR] [--json] [--verbose]
 *
 * With --keep, each scan's folder holds the export, its config, the result and `labels.json` (the
 * planted transactions by kind, every other transaction's kind). Seed 4501 is the one looked at
 * while fixing; 4502 and 4503 are held out (run at the end only). Not part of `make
 * bench-quality`; docs/quality.md records its results.
 */
import { ledgerRunnerArgs, runTransactionLedger } from "./quality/ledger-runner.ts";
import { servedServerYaml } from "./quality/served-scan.ts";
import { generateSaasLedger, SAAS_ANOMALIES, toCsv, type SaasLedger } from "./quality/saas-ledger.ts";

const args = ledgerRunnerArgs({ seeds: "4501,4502,4503", modules: "anomaly_detection,duplicate_detection,compliance" });

// What docs/connectors.md asks of a user with this file: the US date form, the line key (NetSuite
// numbers lines within a transaction), the posting date, the entity as counterparty, the currency
// the Debit and Credit are in (the subsidiary's: `Currency` is the transaction's), and NetSuite's
// types, which are not the product's names (type_values). Created By, Date Created (an entry-date
// label), Approved By, Debit and Credit carry names the product reads.
const CONFIG = (dir: string, port: number, setup: string) => `
${servedServerYaml(dir, port)}connectors:
  - id: gl
    type: csv
    name: NetSuite GL detail (saved search, consolidated)
    transactions: ${dir}/gl_detail.csv
    timeout_ms: 600000
    csv: { date_format: M/D/YYYY }
    type_values: { Journal: journal_entry, Invoice: invoice, Payment: payment, Credit Memo: credit_note, Bill: invoice, Bill Payment: payment, Currency Revaluation: journal_entry }
    mapping:
      transaction_id: [Internal ID, Line ID]
      date: Date
      customer_id: Name
      currency: Base Currency
${setup === "configured" ? `modules:
  anomaly_detection:
    categorical_fields: [created_by, type, attributes.Subsidiary, attributes.Account, attributes.Department, attributes.Class]
    rare_combination: { habit_fields: [attributes.Subsidiary] }
` : ""}`;

/** The planted kinds each module is judged on. */
const RELEVANT: Record<string, readonly string[]> = {
  anomaly_detection: SAAS_ANOMALIES,
  duplicate_detection: ["vendor_bill_duplicated", "revrec_posted_twice"],
  compliance: ["self_approved_above_threshold"],
};

/** The labels file: the planted transactions (their Internal ID and kind) and every other one's kind. */
const labels = (ledger: SaasLedger, seed: number) =>
  JSON.stringify({
    seed,
    leaks: ledger.transactions.filter((t) => t.anomaly).map((t) => ({ kind: t.anomaly, transaction: t.id, type: t.type, user: t.user })),
    regular: Object.fromEntries(ledger.transactions.filter((t) => !t.anomaly).map((t) => [t.id, t.kind])),
  }, null, 1);

await runTransactionLedger({
  args, prefix: "saas-ledger-", generate: (seed) => generateSaasLedger({ seed }), csv: toCsv,
  extraFiles: (ledger, seed) => ({ "labels.json": labels(ledger, seed) }),
  config: CONFIG, anomalies: SAAS_ANOMALIES, relevant: RELEVANT,
  describe: (t) => ({ who: t.user, what: t.type }),
});
