// The French FEC (Fichier des Écritures Comptables, article A47 A-1 LPF) as accounting software
// writes it for a tax audit: 18 columns whose names the law fixes, `|` separated, YYYYMMDD dates,
// decimal commas, ISO-8859-15. Its standard columns are read as the canonical fields without a
// mapping; a mapping still wins; its dates are ISO 8601's basic format.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-fec-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FEC = [
  "JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise",
  "AC|Journal des achats|AC000001|20250314|601000|Achats matières premières|||FA4711|20250312|Aciers du Rhône FA4711|1000,00|0,00|||20250407||",
  "AC|Journal des achats|AC000001|20250314|445660|TVA déductible|||FA4711|20250312|Aciers du Rhône FA4711|200,00|0,00|||20250407||",
  "AC|Journal des achats|AC000001|20250314|401000|Fournisseurs|F0005|Aciers du Rhône SAS|FA4711|20250312|Aciers du Rhône FA4711|0,00|1200,00|AAB|20250425|20250407||",
];

function connector(csv: string, mapping: string): CsvConnector {
  const folder = join(dir, `f${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(folder, "fec"), { recursive: true });
  writeFileSync(join(folder, "fec", "552081317FEC20251231.txt"), Buffer.from(`${FEC.join("\r\n")}\r\n`, "latin1"));
  const yaml = `connectors:\n  - { id: fec, type: csv, transactions: ./fec/, csv: { pattern: "*FEC*.txt", delimiter: "|", ${csv} }, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(folder, "assay.yaml"), {}))[0]!, systemClock);
}

test("an FEC's standard columns are its date, entry date, counterparty and document; its YYYYMMDD dates read without a date_format", async () => {
  const c = connector('decimal: ","', "transaction_id: $row");
  const txs = await collect(c.scan());
  expect(txs.map((t) => [t.transaction_id, t.date, t.entered_at, t.amount, t.customer_id, t.reference])).toEqual([
    ["552081317FEC20251231.txt:1", "2025-03-14", "2025-04-07", 1000, undefined, "FA4711"],
    ["552081317FEC20251231.txt:2", "2025-03-14", "2025-04-07", 200, undefined, "FA4711"],
    ["552081317FEC20251231.txt:3", "2025-03-14", "2025-04-07", -1200, "F0005", "FA4711"],
  ]);
  // The columns read as fields are not attributes too; the others stay, the account among them.
  expect(txs[2]!.attributes).toMatchObject({ CompteNum: "401000", JournalCode: "AC", EcritureNum: "AC000001", PieceDate: "20250312", CompAuxLib: "Aciers du Rhône SAS" });
  expect(Object.keys(txs[2]!.attributes!)).not.toContain("EcritureDate");
  expect(c.mappingReport().rejected_rows).toBe(0);
});

test("a mapping names its own columns over the standard ones", async () => {
  const c = connector('decimal: ","', "transaction_id: $row, date: PieceDate, customer_id: CompteNum");
  const txs = await collect(c.scan());
  expect(txs.map((t) => [t.date, t.entered_at, t.customer_id])).toEqual([
    ["2025-03-12", "2025-04-07", "601000"],
    ["2025-03-12", "2025-04-07", "445660"],
    ["2025-03-12", "2025-04-07", "401000"],
  ]);
});

test("decimal commas read with decimal: \".\" configured are rejected rows whose reason names the setting (unset, they are found: csv-sniffed-formats.test.ts)", async () => {
  const c = connector('decimal: "."', "transaction_id: $row");
  await expect(collect(c.scan())).rejects.toThrow('"1000,00" is not a number (a decimal comma: set csv: { decimal: "," } on the connector)');
});
