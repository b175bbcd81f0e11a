// The SQLite store's analyze-path writes alone, without HTTP or the engine: batches of 64
// concurrent writes (as wrk's connections send them, so the group commit shares its transaction
// the same way), user and system CPU per write from process.cpuUsage, median of 5 rounds. Usage:
// bun run bench/store-writes.ts [plain|same|new]
// (`plain`: an analysis recorded alone; `same`: a risky re-analysis of one transaction, recorded on
// its active alert; `new`: a risky analysis of a new transaction each time, opening its alert with
// its event). System time is where the group commit's I/O shows: docs/benchmarks.md, "A savepoint
// per write".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newId } from "../src/domain/ids.ts";
import { SqliteStore } from "../src/store/sqlite/index.ts";
import type { AlertEventRecord, AlertRecord, AnalysisRecord } from "../src/store/types.ts";

const mode = process.argv[2] ?? "new";
if (!["plain", "same", "new"].includes(mode)) throw new Error(`unknown mode ${mode}: plain, same or new`);
const dir = mkdtempSync(join(tmpdir(), "assay-store-writes-"));
const store = SqliteStore.open({ path: join(dir, "assay.db"), synchronous: "FULL", busy_timeout_ms: 5000, startup_check: "off" });
const ACCT = "acct_bench";
const T0 = new Date().toISOString();
await store.accounts.create({ id: ACCT, name: "bench", plan: "standard", created_at: T0 });

// About the size of the bench invoice's analysis: three findings with their messages.
const anomalies = Array.from({ length: 3 }, (_, i) => ({
  code: "price_below_contract", severity: "high", message: "Line SKU-1 billed at 80.00 against a contract price of 100.00", amount_at_risk: 200 + i,
}));
function record(transaction: string): AnalysisRecord {
  const id = newId("anl");
  return {
    id, account_id: ACCT, connector: "inline", module: "revenue_leakage", transaction_id: transaction, customer_id: "C-1", risk_score: 72,
    risk_level: "high", amount_at_risk: 600, currency: "USD", anomaly_codes: ["price_below_contract"], transactions_analyzed: 1, alert_id: null,
    created_at: T0, result: { id, module: "revenue_leakage", risk_score: 72, anomalies, alert_id: null },
  };
}
function opened(key: string, analysisId: string): { alert: AlertRecord; event: AlertEventRecord } {
  const alert: AlertRecord = {
    id: newId("alrt"), account_id: ACCT, status: "open", severity: "high", title: "Revenue leakage: price below contract",
    description: "3 findings, 600.00 USD at risk", source: "analysis", connector: "inline", module: "revenue_leakage", transaction_id: key,
    analysis_id: analysisId, risk_score: 72, anomalies, metadata: { customer_id: "C-1" }, resolution: null, dedupe_key: key, created_by_key: null,
    created_at: T0, updated_at: T0, acknowledged_at: null, resolved_at: null, dismissed_at: null,
  };
  const event: AlertEventRecord = {
    id: newId("evt"), alert_id: alert.id, account_id: ACCT, type: "created", from_status: null, to_status: "open", resolution: null, note: null,
    changes: { risk_score: 72, analysis_id: analysisId }, actor_type: "system", actor_key: null, actor_account: ACCT, created_at: T0,
  };
  return { alert, event };
}

let sequence = 0;
function write(): Promise<unknown> {
  const key = mode === "same" ? JSON.stringify(["inline", "INV-SAME"]) : JSON.stringify(["inline", `INV-${++sequence}`]);
  const r = record(key);
  if (mode === "plain") return store.analyses.insert(r);
  return store.alerts.openOrRefresh({ account_id: ACCT, dedupe_key: key }, () => opened(key, r.id), { unchanged: () => true, change: () => null }, () => [], { record: r });
}

async function round(batches: number) {
  const cpu0 = process.cpuUsage();
  for (let b = 0; b < batches; b++) await Promise.all(Array.from({ length: 64 }, write));
  const cpu = process.cpuUsage(cpu0);
  return { user: cpu.user / (batches * 64), system: cpu.system / (batches * 64) };
}

await round(30);
const rounds = [];
for (let i = 0; i < 5; i++) rounds.push(await round(60));
const median = rounds.sort((a, b) => a.user + a.system - (b.user + b.system))[2]!;
console.log(`${mode}: ${(median.user + median.system).toFixed(1)} µs CPU per write (user ${median.user.toFixed(1)}, system ${median.system.toFixed(1)}; median of 5 rounds of 3,840)`);
store.close();
rmSync(dir, { recursive: true, force: true });
