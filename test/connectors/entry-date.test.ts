// `entered_at`: when an entry was entered, beside its posting date. Mapped like any canonical field,
// or found by the label the export gives it (Created On, Date Created, Erfassungsdatum, Date de
// saisie, Fecha de entrada, Data inserimento…) when the mapping does not name it. A column the
// mapping already reads as another field (an export whose entry date is mapped as `date`) stays
// that field; a found column's unreadable value leaves the field absent instead of rejecting the
// row, while a mapped one is rejected as any mapped date is.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-entry-date-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function connector(csv: string, extra: string): CsvConnector {
  const file = `gl${++n}.csv`;
  writeFileSync(join(dir, file), `${csv}\n`);
  const yaml = `connectors:\n  - { id: gl, type: csv, transactions: ./${file}, ${extra} }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

test("found by its English label when not mapped, and kept out of the attributes", async () => {
  const txs = await collect(connector("Entry No.,Posting Date,Created On,User ID\nE1,2025-03-31,2025-04-07 09:15:00,ctrl", "mapping: { transaction_id: Entry No., date: Posting Date, created_by: User ID }").scan());
  expect(txs[0]!.entered_at).toBe("2025-04-07T09:15:00Z");
  expect(txs[0]!.date).toBe("2025-03-31");
  expect(txs[0]!.attributes ?? {}).not.toHaveProperty("Created On");
});

test("German, French, Spanish and Italian labels, in the source's date format", async () => {
  for (const label of ["Erfassungsdatum", "Date de saisie", "Fecha de entrada", "Data inserimento", "Date Created", "CPUDT"]) {
    const txs = await collect(connector(`Beleg;Buchungsdatum;${label}\nB1;31.03.2025;07.04.2025 09:15`, `csv: { delimiter: ";", date_format: DD.MM.YYYY }, mapping: { transaction_id: Beleg, date: Buchungsdatum }`).scan());
    expect([label, txs[0]!.entered_at]).toEqual([label, "2025-04-07T09:15:00Z"]);
  }
});

test("a column mapped as another field is not taken: SAP's Erfassungsdatum mapped as date stays the date", async () => {
  const txs = await collect(connector("Beleg,Buchungsdatum,Erfassungsdatum\nB1,2025-03-31,2025-04-07", "mapping: { transaction_id: Beleg, date: Erfassungsdatum }").scan());
  expect(txs[0]!.date).toBe("2025-04-07");
  expect(txs[0]!.entered_at).toBeUndefined();
  expect(txs[0]!.attributes).toEqual({ Buchungsdatum: "2025-03-31" });
});

test("two columns with an entry-date label: neither is guessed", async () => {
  const txs = await collect(connector("transaction_id,date,Created On,Date Created\nE1,2025-03-31,2025-04-07,2025-04-08", "mapping: {}").scan());
  expect(txs[0]!.entered_at).toBeUndefined();
});

test("a mapped column of another name wins over the label", async () => {
  const txs = await collect(connector("id,date,Created On,SYS_TS\nE1,2025-03-31,2025-04-07,2025-05-01", "mapping: { transaction_id: id, entered_at: SYS_TS }").scan());
  expect(txs[0]!.entered_at).toBe("2025-05-01");
  expect(txs[0]!.attributes).toEqual({ "Created On": "2025-04-07" });
});

test("an unreadable value: absent from a found column (the row kept), a rejected row from a mapped one", async () => {
  const csv = "transaction_id,date,Created On,amount\nE1,2025-03-31,31/02/2025,10\nE2,2025-03-31,2025-04-02,20";
  const found = connector(csv, "mapping: {}");
  const txs = await collect(found.scan());
  expect(txs.map((t) => [t.transaction_id, t.entered_at, t.amount])).toEqual([
    ["E1", undefined, 10],
    ["E2", "2025-04-02", 20],
  ]);
  expect(found.mappingReport().rejected_rows).toBe(0);
  const mapped = connector(csv, 'mapping: { entered_at: "Created On" }');
  const rows = await collect(mapped.scan());
  expect(mapped.mappingReport().rejected_rows).toBe(1);
  expect(mapped.mappingReport().samples[0]!.reason).toContain("entered_at");
  expect(rows.find((t) => t.transaction_id === "E2")!.entered_at).toBe("2025-04-02");
});
