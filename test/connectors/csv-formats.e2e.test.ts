// CSV files as real ERP exports write them (European separators, BOM, CRLF, quotes with line
// breaks, scattered rows, renamed columns) and rows that cannot be mapped, through a running server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { ConnectorRegistry } from "../../src/connectors/registry.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { silentLogger } from "../../src/log.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { collect, json, statusOf } from "../support/services.ts";

let server: TestServer;

// Semicolons, decimal commas with thousands dots, DD.MM.YYYY dates, a BOM, CRLF line ends, a
// quoted name holding the delimiter, a quote and a line break, and renamed columns.
const EUROPEAN =
  "\uFEFF" +
  [
    "Belegnr;Art;Datum;Kunde;Waehrung;Netto;Steuer;Satz;Artikel;Menge;Preis;Listenpreis;Rabatt;Zeilenbetrag;Bemerkung",
    'R-1;Rechnung;03.02.2025;K1;eur;1.234,50;234,56;0,19;A-1;2;617,25;617,25;0;1.234,50;"Müller; ""Sonder""\r\nlieferung"',
    "R-2;invoice;04.02.2025;K2;EUR;10,00;1,90;0,19;A-2;1;10,00;10,00;0;10,00;",
  ].join("\r\n") +
  "\r\n";

// Rows of T-2 are not next to each other; one row of T-3 has a bad number; one row has no id.
const SCATTERED = [
  "transaction_id,type,date,currency,amount,sku,quantity,unit_price,line_amount",
  "T-1,invoice,2025-01-02,USD,30,A,1,10,10",
  "T-2,credit_note,2025-01-03,USD,5,B,1,5,5",
  "T-1,invoice,2025-01-02,USD,30,C,2,10,20",
  "T-3,invoice,2025-01-04,USD,7,D,one,7,7",
  "T-3,invoice,2025-01-04,USD,7,E,1,7,7",
  ",invoice,2025-01-05,USD,1,F,1,1,1",
  "T-2,credit_note,2025-01-03,USD,5,G,0,0,0",
  "T-4,refund,2025-01-06,USD,1,H,1,1,1",
].join("\n");

beforeAll(async () => {
  server = await startTestServer(`connectors:
  - id: de
    type: csv
    transactions: ./de.csv
    csv: { delimiter: ";", decimal: ",", thousands: ".", date_format: DD.MM.YYYY }
    mapping:
      transaction_id: Belegnr
      type: Art
      date: Datum
      customer_id: Kunde
      currency: Waehrung
      amount: Netto
      tax_amount: Steuer
      tax_rate: Satz
      sku: Artikel
      quantity: Menge
      unit_price: Preis
      list_price: Listenpreis
      discount_pct: Rabatt
      line_amount: Zeilenbetrag
  - id: messy
    type: csv
    transactions: ./messy.csv
  - id: noid
    type: csv
    transactions: ./messy.csv
    mapping: { transaction_id: invoice_no }
  - id: semi
    type: csv
    transactions: ./semi.csv
    csv: { delimiter: "," }
  - id: semi-sniffed
    type: csv
    transactions: ./semi.csv
  - id: refdates
    type: csv
    transactions: ./dotted.csv
    reference: { contracts: ./contracts-us.csv }
    csv: { date_format: DD.MM.YYYY }
  - id: isodates
    type: csv
    transactions: ./slashed.csv
`);
  writeFileSync(join(server.dir, "de.csv"), EUROPEAN.replace("Rechnung", "invoice"));
  writeFileSync(join(server.dir, "messy.csv"), SCATTERED);
  writeFileSync(join(server.dir, "semi.csv"), SCATTERED.replaceAll(",", ";"));
  // Transactions in the configured DD.MM.YYYY; the contracts table still in ISO dates.
  writeFileSync(join(server.dir, "dotted.csv"), "transaction_id,type,date,customer_id,currency,amount,sku,quantity,unit_price,line_amount\nT-1,invoice,02.01.2025,C-1,USD,30,A,1,30,30\n");
  // Dates that fit both ways (2 January or 1 February): not guessed with date_format unset.
  writeFileSync(join(server.dir, "slashed.csv"), "transaction_id,type,date,customer_id,currency,amount,sku,quantity,unit_price,line_amount\nT-1,invoice,02/01/2025,C-1,USD,30,A,1,30,30\n");
  writeFileSync(join(server.dir, "contracts-us.csv"), "contract_id,customer_id,sku,price,currency,valid_from,valid_to\nK-1,C-1,A,30,USD,01/01/2024,12/31/2025\nK-2,C-1,B,10,USD,01/01/2024,12/31/2025\n");
});

afterAll(() => server?.stop());

/** Analyses T-1 through a connector that must be unavailable: its 503 connector_unavailable problem. */
async function unavailable(connector: string, module: string): Promise<Record<string, unknown>> {
  const res = await server.call("POST", "/v1/analyze", { connector, module, data: { transaction_id: "T-1" } });
  expect(res.status).toBe(503);
  const problem = await json(res);
  expect(problem.code).toBe("connector_unavailable");
  return problem;
}

describe("csv formats", () => {
  test("European export: separators, BOM, CRLF, quoted line breaks and renamed columns", async () => {
    const de = server.rt.connectors.get("de")!;
    const t = await de.getTransaction("R-1");
    expect(t).toEqual({
      transaction_id: "R-1",
      type: "invoice",
      date: "2025-02-03",
      customer_id: "K1",
      currency: "EUR",
      amount: 1234.5,
      tax_amount: 234.56,
      tax_rate: 0.19,
      lines: [{ sku: "A-1", quantity: 2, unit_price: 617.25, list_price: 617.25, discount_pct: 0, amount: 1234.5 }],
      attributes: { Bemerkung: 'Müller; "Sonder"\r\nlieferung' },
    });
    const all = await collect(de.scan());
    expect(all.map((x) => x.transaction_id)).toEqual(["R-1", "R-2"]);
    expect(all[1]!.attributes).toEqual({ Bemerkung: "" });
  });

  test("scattered rows form one transaction in lookups and scans alike", async () => {
    const messy = server.rt.connectors.get("messy")!;
    const t2 = await messy.getTransaction("T-2");
    expect(t2).toMatchObject({ type: "credit_note", amount: 5 });
    expect(t2!.lines.map((l) => l.sku)).toEqual(["B", "G"]);
    const scanned = await collect(messy.scan());
    expect(scanned.map((t) => t.transaction_id)).toEqual(["T-1", "T-2", "T-3", "T-4"]);
    expect(scanned[0]!.lines.map((l) => l.sku)).toEqual(["A", "C"]);
    expect(scanned[1]!.lines.map((l) => l.sku)).toEqual(["B", "G"]);
  });

  test("rows that cannot be mapped are counted once, described, and marked on their transaction", async () => {
    const messy = server.rt.connectors.get("messy")!;
    const scanned = await collect(messy.scan());
    await collect(messy.scan()); // a second pass does not count the same rows again
    const t3 = scanned.find((t) => t.transaction_id === "T-3")!;
    expect(t3.lines.map((l) => l.sku)).toEqual(["E"]);
    expect(t3.attributes).toEqual({ rejected_rows: 1 });
    expect(scanned.find((t) => t.transaction_id === "T-4")!.attributes).toEqual({ rejected_rows: 1 });
    const status = await statusOf(server, "messy");
    const mapping = status.mapping as { rejected_rows: number; samples: { row: string; reason: string }[] };
    expect(mapping.rejected_rows).toBe(3);
    const reasons = mapping.samples.map((s) => `${s.row}: ${s.reason}`);
    expect(reasons).toContain('messy.csv row 4: quantity: "one" is not a number');
    expect(reasons).toContain("messy.csv row 6: transaction_id is empty");
    expect(reasons.some((r) => r.includes('type: "refund" is not one of invoice, credit_note, payment, journal_entry'))).toBe(true);
  });

  test("a header without the id column: 503 with a clear reason, and the status says why", async () => {
    const problem = await unavailable("noid", "compliance");
    expect(problem.detail).toContain('no column "invoice_no" for transaction_id');
    expect(problem.detail).not.toContain(server.dir);
    expect((await statusOf(server, "noid")).message).toContain("invoice_no");
  });

  test("a reference table none of whose rows can be read (dates in another format): 503 naming the table and why", async () => {
    const problem = await unavailable("refdates", "revenue_leakage");
    expect(problem.detail).toContain("reference table contracts: none of its 2 rows could be read (row 1: valid_from:");
    expect(problem.detail).toContain("DD.MM.YYYY");
  });

  test("a file none of whose first rows can be read (dates that fit day-first and month-first, date_format unset): 503 naming the file and why", async () => {
    const problem = await unavailable("isodates", "compliance");
    expect(problem.detail).toContain('slashed.csv: none of its first 1 rows could be read (row 1: date: "02/01/2025"');
    expect(problem.detail).toContain("set csv.date_format");
    expect((await statusOf(server, "isodates")).message).toContain("none of its first 1 rows could be read");
  });

  test("a semicolon file read with a configured comma: the reason names the delimiter to set", async () => {
    const problem = await unavailable("semi", "compliance");
    expect(problem.detail).toContain('no column "transaction_id" for transaction_id: the header reads as one column, but splits on ";"');
    expect(problem.detail).toContain('set csv: { delimiter: ";" }');
  });

  test("a semicolon file with no delimiter configured is read on semicolons, and the status says so", async () => {
    const res = await server.call("POST", "/v1/analyze", { connector: "semi-sniffed", module: "compliance", data: { transaction_id: "T-1" } });
    expect(res.status).toBe(200);
    const mapping = (await statusOf(server, "semi-sniffed")).mapping as { warnings?: string[] };
    expect(mapping.warnings).toContain('semi.csv: read with the delimiter ";", the one its first records split on (csv.delimiter is not set); if its columns read wrong, set csv.delimiter');
  });
});

describe("connector config errors name their YAML path", () => {
  const build = (yaml: string) => () =>
    new ConnectorRegistry(parseConfig(yaml, "/etc/assay/assay.yaml", {}), { log: silentLogger, clock: systemClock });

  test("missing and misplaced keys, bad mapping, bad formats", () => {
    let message = "";
    try {
      build(`connectors:
  - { id: a, type: csv }
  - { id: b, type: postgres, transactions: "lines; drop table x", url: "http://x" }
  - { id: c, type: http, url: "https://u:p@example.com", transactions: /t, lookup: /t/x }
  - { id: d, type: inline, transactions: ./x.csv, mapping: { invoice: no } }
  - { id: e, type: csv, transactions: ./x.csv, csv: { date_format: "MM/YYYY" } }
  - { id: f, type: sqlite, transactions: lines, path: ./nowhere.db }
`)();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("connectors[0].transactions: required for type csv");
    expect(message).toContain("connectors[1].url: must start with postgres://");
    expect(message).toContain("connectors[1].transactions: not a table name");
    expect(message).toContain("connectors[2].url: put credentials in auth:, not in the URL");
    expect(message).toContain("connectors[2].lookup: must contain {id}");
    expect(message).toContain("connectors[3].transactions: not used by type inline");
    expect(message).toContain("connectors[3].mapping.invoice: unknown canonical field");
    expect(message).toContain("connectors[4].csv.date_format: date format \"MM/YYYY\" needs a year (YYYY or YY)");
    expect(message).toContain("connectors[5].path: SQLite file not found");
  });

  test("unknown keys and wrong types are schema errors with paths", () => {
    expect(() => parseConfig(`connectors:\n  - { id: a, type: csv, transactions: x.csv, csv: { delimeter: ";" } }\n`, "/x.yaml", {})).toThrow(
      "connectors[0].csv.delimeter: unknown key",
    );
    expect(() => parseConfig(`connectors:\n  - { id: a, type: ftp }\n`, "/x.yaml", {})).toThrow("connectors[0].type");
  });
});
