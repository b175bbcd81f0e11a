// An empty CSV file (an export with nothing in it yet, or one being written into a watched
// folder) is a source with no transactions, not a broken connector: before, it made the whole
// connector unavailable ("the file is empty"), every file of its folder with it.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";

const dir = makeTempDir("assay-empty-csv-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function connector(transactions: string, mapping = ""): CsvConnector {
  const yaml = `connectors:\n  - { id: x, type: csv, transactions: ${transactions}${mapping} }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

async function ids(c: CsvConnector): Promise<string[]> {
  const out: string[] = [];
  for await (const t of c.scan()) out.push(t.transaction_id);
  return out;
}

test("an empty file: healthy, no transactions, a lookup finds nothing (even with a mapping)", async () => {
  writeFileSync(join(dir, "empty.csv"), "");
  const c = connector("./empty.csv", ", mapping: { transaction_id: Beleg }");
  await c.probe();
  expect(await ids(c)).toEqual([]);
  expect(await c.getTransaction("INV-1")).toBeNull();
});

test("a file holding only a byte order mark is empty too", async () => {
  writeFileSync(join(dir, "bom.csv"), "\ufeff");
  const c = connector("./bom.csv");
  await c.probe();
  expect(await ids(c)).toEqual([]);
});

test("an empty file in a folder leaves the other files' transactions readable", async () => {
  const folder = join(dir, "drop");
  mkdirSync(folder);
  writeFileSync(join(folder, "2026-11-26.csv"), "transaction_id,amount\nINV-1,10\nINV-2,20\n");
  writeFileSync(join(folder, "2026-11-27.csv"), "");
  const c = connector("./drop");
  await c.probe();
  expect(await ids(c)).toEqual(["INV-1", "INV-2"]);
  expect((await c.getTransaction("INV-2"))?.amount).toBe(20);
});
