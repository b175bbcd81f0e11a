// A connector's path holding a NUL character (a stray "\0" in a double-quoted YAML string) was
// reported, once the server ran, as "the transactions file or folder does not exist" (503
// connector_unavailable, seventeenth attack pass): no file name can hold one, and the path written
// looked right. It is refused where the config is read, saying what is wrong at its YAML path.
import { expect, test } from "bun:test";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";

function problems(entry: string): string[] {
  try {
    connectorSettings(parseConfig(`connectors:\n  - ${entry}\n`, "/etc/assay/assay.yaml", {}));
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}

test.each([
  ['{ id: c, type: csv, transactions: "./exports\\0/ledger.csv" }', "connectors[0].transactions"],
  ['{ id: c, type: csv, transactions: ./ledger.csv, reference: { price_list: "./prices.csv\\0" } }', "connectors[0].reference.price_list"],
  ['{ id: s, type: sqlite, path: "./erp\\0.db", transactions: invoices }', "connectors[0].path"],
])("%s is refused at %s: the path contains a NUL character", (entry, path) => {
  expect(problems(entry)).toContain(`${path}: the path contains a NUL character (\\0), which no file name can hold; remove it`);
});

test("a path without one is taken", () => {
  expect(problems("{ id: c, type: csv, transactions: ./ledger.csv, reference: { price_list: ./prices.csv } }")).toEqual([]);
});
