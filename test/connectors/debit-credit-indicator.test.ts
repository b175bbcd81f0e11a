// A ledger export that writes every amount unsigned beside a debit/credit indicator: SAP's
// Soll/Haben-Kennzeichen (S/H, the SHKZG of BSEG and ACDOCA, in FAGLL03/FAGLL03H and the journal
// entry item lists), DATEV's S/H, Oracle's and Sage's DR/CR. Before, the only way to read such an
// export was `amount: <the unsigned column>`, so every credit line counted as a debit of the same size.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-dc-indicator-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// As SAP GUI's spreadsheet export writes FAGLL03H on a German installation: `;`, `1.234,56`,
// DD.MM.YYYY, German headers in Windows-1252, the amount unsigned and the side in S/H.
const FAGLL03H = [
  "Buchungskreis;Belegnummer;Position;Buchungsdatum;Sachkonto;Kreditor;Soll/Haben-Kennz.;Betrag in Hauswährung;Hauswährung",
  "1000;1900000001;001;03.02.2025;160000;100017;H;1.190,00;EUR",
  "1000;1900000001;002;03.02.2025;675000;;S;1.000,00;EUR",
  "1000;1900000001;003;03.02.2025;154000;;S;190,00;EUR",
  "1000;1500000001;001;20.02.2025;160000;100017;s;1.190,00;EUR",
  "1000;1500000001;002;20.02.2025;113200;;h;1.190,00;EUR",
].join("\r\n");

function connector(csv: string, mapping: string): CsvConnector {
  writeFileSync(join(dir, "fagll03h.csv"), Buffer.from(`${csv}\r\n`, "latin1"));
  const yaml = `connectors:\n  - { id: sap, type: csv, transactions: ./fagll03h.csv, csv: { delimiter: ";", decimal: ",", thousands: ".", date_format: DD.MM.YYYY }, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

/** One transaction per line: the document number and the line number, as a view would concatenate them. */
function perLine(csv: string): string {
  return csv.split("\r\n").map((row, i) => (i === 0 ? `Zeile;${row}` : `${row.split(";")[1]}-${row.split(";")[2]};${row}`)).join("\r\n");
}

test("an unsigned amount takes its sign from the Soll/Haben indicator: Haben (credit) is negative", async () => {
  const c = connector(perLine(FAGLL03H), "transaction_id: Zeile, amount: Betrag in Hauswährung, debit_credit: Soll/Haben-Kennz., currency: Hauswährung, customer_id: Kreditor");
  const txs = await collect(c.scan());
  expect(txs.map((t) => t.amount)).toEqual([-1190, 1000, 190, 1190, -1190]);
  expect(c.mappingReport().rejected_rows).toBe(0);
  // The indicator is read into the sign, not kept beside it as a text attribute.
  expect(txs[0]!.attributes).not.toHaveProperty("Soll/Haben-Kennz.");
  expect(txs[0]!.attributes).toMatchObject({ Sachkonto: "160000", Position: "001" });
});

test("an amount the export already signs keeps its size: the indicator decides the side", async () => {
  // FAGLL03's signed layout (credits with SAP's trailing minus) beside the same indicator.
  const signed = perLine(FAGLL03H).replace("H;1.190,00;EUR\r\n1000;1900000001", "H;1.190,00-;EUR\r\n1000;1900000001");
  const txs = await collect(connector(signed, "transaction_id: Zeile, amount: Betrag in Hauswährung, debit_credit: Soll/Haben-Kennz.").scan());
  expect(txs.map((t) => t.amount)).toEqual([-1190, 1000, 190, 1190, -1190]);
});

test("the indicators of other systems are read too: D/C, DR/CR, Debit/Credit, Soll/Haben, in any case", async () => {
  const codes = ["D", "C", "Dr", "CR", "Debit", "credit", "Soll", "HABEN"];
  const csv = ["Id;Seite;Betrag", ...codes.map((code, i) => `T${i};${code};10,00`)].join("\r\n");
  const txs = await collect(connector(csv, "transaction_id: Id, amount: Betrag, debit_credit: Seite").scan());
  expect(txs.map((t) => t.amount)).toEqual([10, -10, 10, -10, 10, -10, 10, -10]);
});

test("an empty indicator leaves the amount as written", async () => {
  const csv = ["Id;Seite;Betrag", "T1;;10,00", "T2;;10,00-"].join("\r\n");
  expect((await collect(connector(csv, "transaction_id: Id, amount: Betrag, debit_credit: Seite").scan())).map((t) => t.amount)).toEqual([10, -10]);
});

test("an indicator that is neither side is a rejected row whose reason names the field and the codes it reads", async () => {
  const csv = ["Id;Seite;Betrag", "T1;S;10,00", "T2;X;10,00"].join("\r\n");
  const c = connector(csv, "transaction_id: Id, amount: Betrag, debit_credit: Seite");
  const txs = await collect(c.scan());
  expect(c.mappingReport().rejected_rows).toBe(1);
  expect(c.mappingReport().samples[0]?.reason).toContain('debit_credit: "X" is not a debit/credit indicator');
  expect(c.mappingReport().samples[0]?.reason).toContain("S, H");
  expect(txs.find((t) => t.transaction_id === "T2")?.attributes?.rejected_rows).toBe(1);
});

test("a line's amount (line_amount) takes the sign of its own row's indicator", async () => {
  // A document as one transaction, its line items as lines: each row's side signs its line.
  const txs = await collect(connector(FAGLL03H, "transaction_id: Belegnummer, line_amount: Betrag in Hauswährung, sku: Sachkonto, debit_credit: Soll/Haben-Kennz.").scan());
  expect(txs.map((t) => t.lines.map((l) => l.amount))).toEqual([[-1190, 1000, 190], [1190, -1190]]);
});
