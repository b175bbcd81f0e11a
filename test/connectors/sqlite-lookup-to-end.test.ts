// A lookup from a `sqlite` connector never waits on the event loop (the file is read on this
// thread), so the connector wrapper arms no deadline for it: no timer, no AbortController, no
// listener on the caller's signal (~5 % of a lookup's CPU). What the wrapper still does for it
// is what it does for every call: the answer, admission, the status accounting and the errors.
import { afterEach, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { buildConnector } from "../../src/connectors/descriptors.ts";
import { MonitoredConnector } from "../../src/connectors/monitored.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { StatusTracker } from "../../src/connectors/status.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { writeCsvDataset, writeSqliteDataset } from "../../src/sampledata/write.ts";
import { makeTempDir } from "../support/harness.ts";

const opened: MonitoredConnector[] = [];
afterEach(async () => {
  for (const c of opened.splice(0)) await c.close();
});

function monitored(entry: string): MonitoredConnector {
  const dir = makeTempDir();
  const [settings] = connectorSettings(parseConfig(`connectors:\n  - ${entry}\n`, join(dir, "assay.yaml"), {}));
  const inner = buildConnector(settings!, { clock: systemClock, resolve: (p: string) => p } as never);
  const c = new MonitoredConnector(inner, new StatusTracker(settings!.id, settings!.status, true, systemClock), systemClock);
  opened.push(c);
  return c;
}

/** Counts the timers set and the abort listeners added while `work` runs. */
async function armed<T>(signal: AbortSignal, work: () => Promise<T>): Promise<{ result: T; timers: number; listeners: number }> {
  const setTimer = globalThis.setTimeout;
  let timers = 0;
  let listeners = 0;
  const add = signal.addEventListener.bind(signal);
  signal.addEventListener = ((...args: Parameters<typeof add>) => {
    listeners++;
    return add(...args);
  }) as typeof signal.addEventListener;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimer>) => {
    timers++;
    return setTimer(...args);
  }) as typeof setTimeout;
  try {
    return { result: await work(), timers, listeners };
  } finally {
    globalThis.setTimeout = setTimer;
  }
}

const data = generateDataset({ seed: 3, invoices: 30 });
const id = data.transactions[7]!.transaction_id;

test("a sqlite lookup answers as the connector does, with no deadline armed and the success recorded", async () => {
  const path = join(makeTempDir(), "billing.db");
  writeSqliteDataset(data, path);
  const c = monitored(`{ id: erp, type: sqlite, path: ${path}, transactions: invoice_lines }`);
  expect(c.inner.lookupRunsToEnd).toBe(true);
  const direct = await c.inner.getTransaction(id);
  const caller = new AbortController();
  const { result, timers, listeners } = await armed(caller.signal, () => c.getTransaction(id, caller.signal));
  expect(result).toEqual(direct);
  expect(result?.transaction_id).toBe(id);
  expect(timers).toBe(0);
  expect(listeners).toBe(0);
  expect(await c.getTransaction("INV-NOT-THERE", caller.signal)).toBeNull();
  expect(c.tracker.status).toBe("healthy");
});

test("a sqlite lookup that fails is the same connector error, counted; at the threshold the connector fails fast", async () => {
  const path = join(makeTempDir(), "billing.db");
  writeFileSync(path, "not a database, but a regular file of text long enough to be read as a header ".repeat(20));
  const c = monitored(`{ id: erp, type: sqlite, path: ${path}, transactions: invoice_lines, status: { unreachable_after: 2 } }`);
  const failure = async () => c.getTransaction(id).then(() => undefined, (e: unknown) => e as { code?: string; detail?: string });
  expect(await failure()).toMatchObject({ code: "connector_unavailable" });
  expect(c.tracker.consecutiveFailures).toBe(1);
  expect(await failure()).toMatchObject({ code: "connector_unavailable" });
  expect(c.tracker.consecutiveFailures).toBe(2);
  expect((await failure())?.detail).toContain("unreachable after 2 consecutive failures");
  rmSync(path);
});

test("a csv lookup waits on file reads: it keeps its deadline and the listener on the caller's signal", async () => {
  const files = await writeCsvDataset(data, join(makeTempDir(), "csv"));
  const c = monitored(`{ id: files, type: csv, transactions: ${files.transactions} }`);
  expect(c.inner.lookupRunsToEnd).toBe(false);
  const caller = new AbortController();
  const { result, timers, listeners } = await armed(caller.signal, () => c.getTransaction(id, caller.signal));
  expect(result?.transaction_id).toBe(id);
  expect(timers).toBeGreaterThanOrEqual(1);
  expect(listeners).toBe(1);
});
