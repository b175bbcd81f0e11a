// A posting export carries, on each line, columns no canonical field has: a hotel folio's POS
// check number, a freight bill's pro number, a ledger line's cost centre. The document's
// attributes keep the first row's only; `mapping.line_attributes` names the columns each line
// keeps as its own `attributes` (rules read them as `l.attributes`, docs/analysis.md).
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-line-attributes-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function settingsOf(yaml: string) {
  return connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}));
}

function connector(file: string, header: string, rows: string[], mapping: string): CsvConnector {
  writeFileSync(join(dir, file), `${[header, ...rows].join("\n")}\n`);
  return new CsvConnector(settingsOf(`connectors:\n  - { id: c, type: csv, transactions: ./${file}, mapping: { ${mapping} } }\n`)[0]!, systemClock);
}

const FOLIO = "Folio,Date,Code,Amount,Check,Outlet";
const ROWS = ["F-1,2026-03-03,2000,18.50,CHK 101,BAR", "F-1,2026-03-03,2000,18.50,CHK 101,BAR", "F-1,2026-03-03,2000,18.50,CHK 207,", "F-1,2026-03-03,1000,199.00,,"];

test("each line keeps the columns line_attributes names, and only where they are filled", async () => {
  const c = connector("folio.csv", FOLIO, ROWS, "transaction_id: Folio, date: Date, sku: Code, line_amount: Amount, line_attributes: [Check, Outlet]");
  const [folio] = await collect(c.scan());
  expect(folio!.lines).toEqual([
    { sku: "2000", amount: 18.5, attributes: { Check: "CHK 101", Outlet: "BAR" } },
    { sku: "2000", amount: 18.5, attributes: { Check: "CHK 101", Outlet: "BAR" } },
    { sku: "2000", amount: 18.5, attributes: { Check: "CHK 207" } },
    { sku: "1000", amount: 199 },
  ]);
  // The document's attributes are what they were: the first row's.
  expect(folio!.attributes).toEqual({ Check: "CHK 101", Outlet: "BAR" });
});

test("one column may be named as a string; without line_attributes no line carries any", async () => {
  const one = connector("one.csv", FOLIO, ROWS, "transaction_id: Folio, sku: Code, line_amount: Amount, line_attributes: Check");
  expect((await collect(one.scan()))[0]!.lines.map((l) => l.attributes)).toEqual([{ Check: "CHK 101" }, { Check: "CHK 101" }, { Check: "CHK 207" }, undefined]);
  const none = connector("none.csv", FOLIO, ROWS, "transaction_id: Folio, sku: Code, line_amount: Amount");
  expect((await collect(none.scan()))[0]!.lines.every((l) => l.attributes === undefined)).toBe(true);
});

test("a row that makes no line adds no line for its attributes alone", async () => {
  const c = connector("memo.csv", FOLIO, ["F-2,2026-03-03,,,CHK 9,BAR", "F-2,2026-03-03,1000,99.00,,"], "transaction_id: Folio, sku: Code, line_amount: Amount, line_attributes: [Check]");
  const [folio] = await collect(c.scan());
  expect(folio!.lines).toEqual([{ sku: "1000", amount: 99 }]);
});

test("line_attributes is checked where the config is read: a list of columns in any source, never a row's number", () => {
  new Database(join(dir, "x.db")).close();
  expect(settingsOf("connectors:\n  - { id: s, type: sqlite, path: ./x.db, transactions: t, mapping: { line_attributes: [Check, Outlet] } }\n")[0]!.mapping).toEqual({ line_attributes: ["Check", "Outlet"] });
  const problems = (yaml: string) => {
    try {
      settingsOf(yaml);
      return "";
    } catch (e) {
      return (e as ConfigError).message;
    }
  };
  expect(problems("connectors:\n  - { id: c, type: csv, transactions: ./f.csv, mapping: { line_attributes: [$row] } }\n")).toContain("connectors[0].mapping.line_attributes");
  expect(problems("connectors:\n  - { id: c, type: csv, transactions: ./f.csv, mapping: { line_attribute: Check } }\n")).toContain("line_attributes");
});

test("a column named __proto__, constructor or prototype is kept as an own attribute, of each line and of the document, and pollutes nothing", async () => {
  const c = connector("proto.csv", "Folio,Code,Amount,__proto__,constructor,prototype", ["F-3,1000,9.00,P1,C1,T1"], "transaction_id: Folio, sku: Code, line_amount: Amount, line_attributes: [__proto__, constructor, prototype]");
  const [folio] = await collect(c.scan());
  for (const attributes of [folio!.lines[0]!.attributes, folio!.attributes]) {
    expect(Object.keys(attributes ?? {})).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.entries(attributes ?? {})).toEqual([["__proto__", "P1"], ["constructor", "C1"], ["prototype", "T1"]]);
  }
  expect(JSON.parse(JSON.stringify(folio!.lines[0]!.attributes))).toEqual(JSON.parse('{"__proto__":"P1","constructor":"C1","prototype":"T1"}'));
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).constructor).toBe(Object);
});
