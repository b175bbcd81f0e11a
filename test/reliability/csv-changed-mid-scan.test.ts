// A CSV export rewritten or truncated in place while a scan reads it (the ERP's nightly export
// landing during a report): the scan streams the file 1 MiB at a time, so before the fix it
// ended early at the truncation, or read the new version's bytes at the old version's offsets,
// and the report completed as if nothing happened — in a chaos run, a revenue_leakage report
// over 12,450 transactions "completed" with 5,698 after a truncation and 8,155 after a rewrite.
// Now the scan fails with connector_unavailable naming the file and the remedy; a file renamed
// over the one being read (the safe way to publish an export) does not disturb it.
import { afterAll, beforeEach, expect, test } from "bun:test";
import { renameSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { ApiError } from "../../src/domain/errors.ts";
import { makeTempDir } from "../support/harness.ts";

const dir = makeTempDir("assay-csv-changed-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "lines.csv");
const TRANSACTIONS = 60_000; // ~3.5 MB: several 1 MiB chunks, so a change lands mid-read

function exportText(prefix: string, count: number): string {
  const rows = ["transaction_id,customer_id,currency,sku,quantity,unit_price"];
  for (let i = 0; i < count; i++) rows.push(`${prefix}-${String(i).padStart(6, "0")},C${i % 97},USD,S${i % 50},${1 + (i % 5)},${80 + (i % 30)}.00`);
  return `${rows.join("\n")}\n`;
}

beforeEach(() => writeFileSync(file, exportText("INV", TRANSACTIONS)));

function connector(): CsvConnector {
  const yaml = "connectors:\n  - { id: exports, type: csv, transactions: ./lines.csv }\n";
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

/** Scans, calling `change` after the first transaction; the ids read, or the error the scan ended with. */
async function scanWhile(change: () => void): Promise<{ ids: string[]; error?: unknown }> {
  const c = connector();
  await c.probe(); // the index, as the monitor builds it at start-up
  const ids: string[] = [];
  try {
    for await (const t of c.scan()) {
      if (ids.length === 0) change();
      ids.push(t.transaction_id);
    }
    return { ids };
  } catch (error) {
    return { ids, error };
  }
}

function expectChangedRefusal(error: unknown) {
  expect(error).toBeInstanceOf(ApiError);
  const e = error as ApiError;
  expect(e.code).toBe("connector_unavailable");
  expect(e.detail).toContain("lines.csv: the file changed while it was read");
  expect(e.detail).toContain("rename them into place");
}

test("untouched: every transaction, once", async () => {
  const { ids, error } = await scanWhile(() => {});
  expect(error).toBeUndefined();
  expect(ids.length).toBe(TRANSACTIONS);
  expect(new Set(ids).size).toBe(TRANSACTIONS);
});

test("truncated while read: the scan fails naming the cause, never ends short as if complete", async () => {
  const { ids, error } = await scanWhile(() => truncateSync(file, 1_500_000));
  expect(ids.length).toBeLessThan(TRANSACTIONS);
  expectChangedRefusal(error);
});

test("rewritten in place with another export while read: the scan fails, mixing no versions", async () => {
  const { error } = await scanWhile(() => writeFileSync(file, exportText("NEW", TRANSACTIONS / 2)));
  expectChangedRefusal(error);
});

test("a new export renamed over the file while read: the scan reads the file it opened, whole", async () => {
  const { ids, error } = await scanWhile(() => {
    writeFileSync(join(dir, "next.csv"), exportText("NEW", 10));
    renameSync(join(dir, "next.csv"), file);
  });
  expect(error).toBeUndefined();
  expect(ids.length).toBe(TRANSACTIONS);
  expect(ids.every((id) => id.startsWith("INV-"))).toBe(true);
});
