// A reference table given up before its rows are read (a header without the required columns:
// "Item" and "Price" where sku and list_price are wanted, with no reference_mapping)
// closes its file: every analysis asks for the tables, and a handle left to the collector per
// request was two open files per request until the next collection ("FileHandle closed during
// garbage collection"), which ends a plain script's process.
import { expect, test } from "bun:test";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { parseConfig } from "../../src/config/load.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";

test("a price list without the required columns is refused and leaves no file open", async () => {
  const dir = makeTempDir("assay-ref-close-");
  try {
    writeFileSync(join(dir, "lines.csv"), "transaction_id,amount\nINV-1,1\n");
    writeFileSync(join(dir, "prices.csv"), "Item,Price,Currency\nSKU-A,500,EUR\n");
    const yaml = `connectors:\n  - { id: x, type: csv, transactions: ./lines.csv, reference: { price_list: ./prices.csv }, reference_ttl_s: 0 }\n`;
    const connector = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
    const open = () => readdirSync("/proc/self/fd").length;
    await connector.reference().catch(() => {});
    const before = open();
    for (let i = 0; i < 40; i++) await expect(connector.reference()).rejects.toThrow("reference table price_list has no column for sku");
    expect(open()).toBeLessThanOrEqual(before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a UTF-16 file (Excel's \"Unicode text\") is refused with a reason that says so", async () => {
  const dir = makeTempDir("assay-utf16-");
  try {
    const text = "\ufefftransaction_id\tamount\r\nINV-1\t1\r\n";
    writeFileSync(join(dir, "lines.csv"), Buffer.from(text, "utf16le"));
    const yaml = `connectors:\n  - { id: x, type: csv, transactions: ./lines.csv, csv: { delimiter: "\\t" } }\n`;
    const connector = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
    await expect(connector.probe()).rejects.toThrow("the file is UTF-16 text; export it as UTF-8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
