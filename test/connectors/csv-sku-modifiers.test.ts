// A code billed with a modifier that prices it apart: a physician group's claim line bills CPT
// 73721 as its professional component (modifier 26) or its technical component (TC) at a fraction
// of the global service, and the chargemaster and fee schedules list the components as rows of
// their own (code and modifier in two columns). Mapped to the code alone, the component and the
// global service were one SKU. `sku` may now name several columns: the code, then its modifiers,
// joined by '-' ("73721-26"; an empty modifier leaves the bare code), in the claim lines and in the
// reference tables alike.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-sku-modifiers-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLAIM_LINES = [
  "Claim ID,Payer ID,CPT/HCPCS,Modifier 1,Modifier 2,Units,Billed Charge",
  "CLM-1,MCR,73721,26,,1,98.00",
  "CLM-1,MCR,99213,25,,1,152.00",
  "CLM-2,BCBS,73721,,,1,640.00",
  "CLM-2,BCBS,73721,TC,,1,542.00",
  // A modifier with no code names no item: the row bills no line.
  "CLM-3,BCBS,,26,,,",
].join("\n");

const CHARGEMASTER = ["CPT/HCPCS,Modifier,Charge", "73721,,640.00", "73721,26,98.00", "73721,TC,542.00", "99213,,152.00"].join("\n");

function connector(mapping = "sku: [CPT/HCPCS, Modifier 1], quantity: Units, line_amount: Billed Charge", priceList = "sku: [CPT/HCPCS, Modifier], list_price: Charge"): CsvConnector {
  writeFileSync(join(dir, "claim_lines.csv"), `${CLAIM_LINES}\n`);
  writeFileSync(join(dir, "chargemaster.csv"), `${CHARGEMASTER}\n`);
  const yaml = `connectors:
  - id: charges
    type: csv
    transactions: ./claim_lines.csv
    reference: { price_list: ./chargemaster.csv }
    mapping: { transaction_id: Claim ID, customer_id: Payer ID, ${mapping} }
    reference_mapping: { price_list: { ${priceList} } }
`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

function refused(yaml: string): string {
  try {
    connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}));
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems.join("\n");
  }
  throw new Error("accepted");
}

test("a line's code is its columns' values joined by '-', an empty modifier leaving the bare code, its base code beside it", async () => {
  const c = connector();
  const txs = await collect(c.scan());
  expect(txs.map((t) => t.lines)).toEqual([
    [
      { sku: "73721-26", base_sku: "73721", quantity: 1, amount: 98 },
      { sku: "99213-25", base_sku: "99213", quantity: 1, amount: 152 },
    ],
    [
      { sku: "73721", quantity: 1, amount: 640 },
      { sku: "73721-TC", base_sku: "73721", quantity: 1, amount: 542 },
    ],
    [],
  ]);
  // The modifier columns stay attributes, as they were; the code is the line's field.
  expect(txs[0]!.attributes).toMatchObject({ "Modifier 1": "26", "Modifier 2": "" });
  expect(txs[0]!.attributes).not.toHaveProperty("CPT/HCPCS");
  expect(c.mappingReport().rejected_rows).toBe(0);
});

test("a lookup reads the same codes as a scan", async () => {
  const txn = await connector().getTransaction("CLM-2");
  expect(txn?.lines.map((l) => l.sku)).toEqual(["73721", "73721-TC"]);
});

test("a reference table's sku names the same columns: its component rows are codes of their own", async () => {
  const ref = await connector().reference();
  expect(ref.price_list.map((p) => [p.sku, p.list_price])).toEqual([["73721", 640], ["73721-26", 98], ["73721-TC", 542], ["99213", 152]]);
});

test("a modifier column the table lacks is reported and leaves the codes bare; a code column it lacks makes the table unreadable", async () => {
  const c = connector(undefined, "sku: [CPT/HCPCS, Mod], list_price: Charge");
  const ref = await c.reference();
  expect(ref.price_list.map((p) => p.sku)).toEqual(["73721", "73721", "73721", "99213"]);
  expect(JSON.stringify(c.mappingReport())).toContain('sku (column \\"Mod\\")');
  await expect(connector(undefined, "sku: [Code, Modifier], list_price: Charge").reference()).rejects.toThrow(/sku/);
});

test("a list of columns is refused for another field, and for a source that is not a CSV file, with its YAML path", () => {
  expect(refused(`connectors:\n  - { id: a, type: csv, transactions: ./a.csv, reference_mapping: { price_list: { list_price: [Charge, Fee] } } }\n`)).toContain("connectors[0].reference_mapping.price_list.list_price: one column");
  expect(refused(`connectors:\n  - { id: a, type: csv, transactions: ./a.csv, mapping: { unit: [UOM, Unit] } }\n`)).toContain("connectors[0].mapping.unit: one column");
  expect(refused(`connectors:\n  - { id: a, type: sqlite, path: ./a.db, transactions: claims, mapping: { sku: [cpt, modifier] } }\n`)).toContain("connectors[0].mapping.sku: a list of columns is read from csv files only");
  expect(refused(`connectors:\n  - { id: a, type: sqlite, path: ./a.db, transactions: claims, reference: { price_list: cdm }, reference_mapping: { price_list: { sku: [cpt, modifier] } } }\n`)).toContain("connectors[0].reference_mapping.price_list.sku: a list of columns is read from csv files only");
});
