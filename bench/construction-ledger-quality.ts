/**
 * A general contractor's general ledger, held out: Keystone Builders, commercial and institutional
 * building jobs (bench/quality/construction-ledger.ts: calendar 2024–2025, ≈ 12,000 GL lines in
 * ≈ 3,800 transactions), exported from a construction ERP's GL detail (Viewpoint Vista / Sage 300
 * CRE style: job, phase, cost type, vendor or subcontractor on every line) and scanned through the
 * real product — `assay serve` with a csv connector configured as docs/connectors.md tells a user
 * (MM/DD/YYYY dates; the line key Trans # + Line, the accounting date, the posting moment, the
 * user, the vendor as counterparty, the ERP's sources mapped through `type_values`; Debit and
 * Credit found by name), `POST /v1/analyze` over signed HTTP — and judged per **GL transaction**
 * (its Trans #) at the product's decision: flagged when any of its lines is high or critical, and
 * at medium or above.
 *
 * Modules: `anomaly_detection` is judged on every planted kind, `duplicate_detection` on the pay
 * application keyed twice and the retainage released twice. The payments of those planted
 * duplicates are labelled apart (`payment_of_planted_duplicate`) and count neither way.
 *
 * Two setups: `zero-config` maps what the export's names need and nothing else; `configured` adds
 * what docs/analysis.md offers the contractor's auditor: the ledger's categorical fields (user,
 * source, journal, account, job, phase, cost type), the jobs as fields with habits of their own
 * (`rare_combination.habit_fields: [attributes.Job]`) and the AP payment approval limit
 * (`split_below_limit`).
 *
 *   bun run bench/construction-ledger-quality.ts [--seeds 4401,4402,4403] [--setups zero-config,configured] [--modules anomaly_detection,duplicate_detection] [--port P] [--keep DIR] [--json] [--verbose]
 *
 * With --keep, each scan's folder holds the export, its config, the result and `labels.json` (the
 * planted transactions by kind, every other transaction's kind). Seed 4401 is the one looked at
 * while fixing; 4402 and 4403 are held out (run at the end only). Not part of `make
 * bench-quality`; docs/quality.md records its results.
 */
import { ledgerRunnerArgs, runTransactionLedger } from "./quality/ledger-runner.ts";
import { servedServerYaml } from "./quality/served-scan.ts";
import { CONSTRUCTION_ANOMALIES, CONSTRUCTION_PAYMENT_LIMIT, generateConstructionLedger, toCsv, type ConstructionLedger } from "./quality/construction-ledger.ts";

const args = ledgerRunnerArgs({ seeds: "4401,4402,4403", modules: "anomaly_detection,duplicate_detection" });

// What docs/connectors.md asks of a user with this file: the US date form, the line key (the ERP
// numbers lines within a GL transaction), the accounting date and the posting moment, the user,
// the vendor or subcontractor as counterparty, and the ERP's sources, which are not the product's
// types (type_values). Debit and Credit carry names the product reads.
const CONFIG = (dir: string, port: number, setup: string) => `
${servedServerYaml(dir, port)}connectors:
  - id: gl
    type: csv
    name: Vista GL detail (job cost)
    transactions: ${dir}/gl_detail.csv
    timeout_ms: 600000
    csv: { date_format: MM/DD/YYYY }
    type_values: { AP Entry: invoice, AP Payment: payment, AR Invoice: invoice, AR Receipt: payment, PR Update: journal_entry, EM Allocation: journal_entry, JC Cost Adj: journal_entry, GL Journal: journal_entry }
    mapping:
      transaction_id: ["Trans #", Line]
      type: Source
      date: Actual Date
      entered_at: Posted On
      created_by: User
      customer_id: Vendor
${setup === "configured" ? `modules:
  anomaly_detection:
    categorical_fields: [created_by, type, attributes.Journal, attributes.GL Account, attributes.Job, attributes.Phase, attributes.Cost Type]
    rare_combination: { habit_fields: [attributes.Job] }
    split_below_limit: { limits: [${CONSTRUCTION_PAYMENT_LIMIT}] }
` : ""}`;

/** The planted kinds each module is judged on. */
const RELEVANT: Record<string, readonly string[]> = {
  anomaly_detection: CONSTRUCTION_ANOMALIES,
  duplicate_detection: ["sub_payapp_paid_twice", "retainage_released_twice"],
};

/** The labels file: the planted transactions (their Trans # and kind) and every other one's kind. */
const labels = (ledger: ConstructionLedger, seed: number) =>
  JSON.stringify({
    seed,
    leaks: ledger.transactions.filter((t) => t.anomaly).map((t) => ({ kind: t.anomaly, transaction: t.id, source: t.source, user: t.user })),
    regular: Object.fromEntries(ledger.transactions.filter((t) => !t.anomaly).map((t) => [t.id, t.kind])),
  }, null, 1);

await runTransactionLedger({
  args, prefix: "construction-ledger-", generate: (seed) => generateConstructionLedger({ seed }), csv: toCsv,
  extraFiles: (ledger, seed) => ({ "labels.json": labels(ledger, seed) }),
  config: CONFIG, anomalies: CONSTRUCTION_ANOMALIES, relevant: RELEVANT,
  describe: (t) => ({ who: t.user, what: t.source }),
});
