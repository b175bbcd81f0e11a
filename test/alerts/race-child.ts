// Child process for the auto-alert race test: opens the runtime on the given config and opens
// alerts for one transaction as fast as it can, printing the alert ids it was given.
import { loadConfig } from "../../src/config/load.ts";
import { newId } from "../../src/domain/ids.ts";
import { silentLogger } from "../../src/log.ts";
import { createRuntime } from "../../src/runtime.ts";

const [configFile, accountId, tx, count] = process.argv.slice(2);
const rt = createRuntime(loadConfig(configFile!, {}), { log: silentLogger, env: {} });
const ids = new Set<string>();
for (let i = 0; i < Number(count); i++) {
  const score = 70 + ((i * 7) % 30);
  ids.add(
    (await rt.alerts.openFromAnalysis(accountId!, {
      id: newId("anl"),
      object: "analysis",
      connector: "billing",
      module: "revenue_leakage",
      transaction_id: tx!,
      risk_score: score,
      risk_level: "high",
      anomalies: [],
      amount_at_risk: { amount: 0, currency: null },
      transactions_analyzed: 1,
      alert_id: null,
      model_version: "race",
      analyzed_at: new Date().toISOString(),
      duration_ms: 0,
    }))!,
  );
}
process.stdout.write(`${JSON.stringify([...ids])}\n`);
await rt.close();
