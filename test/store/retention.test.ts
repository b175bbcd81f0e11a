// storage.analyses_retention_days: analyses older than the retention are deleted in batches of a
// thousand, the others kept; 0 keeps every one. An analysis's id begins with its time, so the
// cut is a range of the primary key (store/retention.ts).
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { rmSync } from "node:fs";
import { firstIdAt } from "../../src/domain/ids.ts";
import { purgeAnalyses } from "../../src/store/retention.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";
import { makeTempDir } from "../support/harness.ts";

const dir = makeTempDir("assay-retention-");
const store = SqliteStore.open({ path: join(dir, "r.db"), synchronous: "NORMAL", busy_timeout_ms: 1000 });
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const now = Date.parse("2026-11-27T12:00:00Z");
const clock = { now: () => now, monotonic: () => performance.now() };

async function record(daysAgo: number, n: number) {
  for (let i = 0; i < n; i++) {
    const at = now - daysAgo * DAY + i;
    await store.analyses.insert({
      // An id of that time (newId never goes back in time within a process: its ids are monotonic).
      id: `${firstIdAt("anl", at)}${String(i).padStart(16, "0")}`, account_id: "acct_r", connector: "c", module: "m", transaction_id: `t${daysAgo}-${i}`, customer_id: null,
      risk_score: 0, risk_level: "low", amount_at_risk: 0, currency: null, anomaly_codes: [],
      transactions_analyzed: 1, alert_id: null, created_at: new Date(at).toISOString(), result: { big: "x".repeat(100) },
    });
  }
}

async function count(): Promise<number> {
  let n = 0;
  for await (const _ of store.analyses.iterate("acct_r")) n++;
  return n;
}

test("analyses past the retention go, in batches; those within it stay; 0 keeps all", async () => {
  await store.migrate();
  await record(500, 2_100);
  await record(399, 3);
  await record(2, 5);
  expect(await purgeAnalyses(store.analyses, clock, 0)).toBe(0);
  expect(await count()).toBe(2_108);
  expect(await purgeAnalyses(store.analyses, clock, 400)).toBe(2_100);
  expect(await count()).toBe(8);
  expect(await purgeAnalyses(store.analyses, clock, 31)).toBe(3);
  expect(await count()).toBe(5);
});
