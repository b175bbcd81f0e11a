// A contract row whose valid_to is before its valid_from (a typo's dates: 2025-05-01 to
// 2025-04-15) is in force on no day: it prices no invoice, and a recurring charge's chain of rows
// can loop through it (the twentieth attack pass stopped that loop). The table was read silently;
// the connector's status now says so in `mapping.warnings`, as for a mapped column a table lacks,
// naming the table, how many rows and the first one with its dates. The rows are still kept as
// read (what the detectors make of them is unchanged), and a row of one day is no such row.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";

const dir = makeTempDir("assay-contract-dates-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function connector(contracts: string, extra = ""): CsvConnector {
  writeFileSync(join(dir, "lines.csv"), "transaction_id,customer_id,sku,quantity,unit_price\nI-1,C1,S-1,1,10\n");
  writeFileSync(join(dir, "contracts.csv"), contracts);
  const yaml = `connectors:\n  - { id: x, type: csv, transactions: ./lines.csv, reference: { contracts: ./contracts.csv }${extra} }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

const HEADER = "contract_id,customer_id,sku,price,valid_from,valid_to\n";

test("contract rows that end before they start are named in the connector's mapping warnings, and kept as read", async () => {
  const c = connector(
    HEADER +
      "K-1,C1,S-1,10,2025-01-01,2025-12-31\n" + // an ordinary year
      "K-2,C1,S-2,20,2025-05-01,2025-04-15\n" + // ends before it starts
      "K-3,C1,S-3,30,2025-06-01,2025-06-01\n" + // one day: fine
      "K-4,C1,S-4,40,2025-07-01,\n" + // open: fine
      "K-5,C1,S-5,50,2026-01-01,2025-01-01\n", // ends before it starts
  );
  const { contracts } = await c.reference();
  expect(contracts.map((r) => r.contract_id)).toEqual(["K-1", "K-2", "K-3", "K-4", "K-5"]);
  expect(c.mappingReport().rejected_rows).toBe(0);
  expect(c.mappingReport().warnings).toEqual([
    "reference table contracts: 2 rows end before they start (the first: row 2, valid_from 2025-05-01, valid_to 2025-04-15), so they are in force on no day and price no invoice; check their dates",
  ]);
});

test("the days are compared, whatever the times and the columns' names", async () => {
  const c = connector(
    "Contract,Customer,SKU,Price,From,Until\nK-1,C1,S-1,10,2025-05-01T08:00:00Z,2025-05-01T06:00:00Z\nK-2,C1,S-2,10,2025-05-02,2025-05-01T23:59:59Z\n",
    ", reference_mapping: { contracts: { contract_id: Contract, customer_id: Customer, sku: SKU, price: Price, valid_from: From, valid_to: Until } }",
  );
  await c.reference();
  // K-1 is one day (a later hour first); K-2 ends the day before it starts.
  expect(c.mappingReport().warnings).toEqual([
    "reference table contracts: 1 row ends before it starts (row 2, valid_from 2025-05-02, valid_to 2025-05-01T23:59:59Z), so it is in force on no day and prices no invoice; check its dates",
  ]);
});

test("a table whose rows all run forward has no warning", async () => {
  const c = connector(HEADER + "K-1,C1,S-1,10,2025-01-01,2025-12-31\nK-2,C1,S-1,12,2026-01-01,\nK-3,C1,S-1,12,,2024-12-31\n");
  await c.reference();
  expect(c.mappingReport().warnings).toBeUndefined();
});
