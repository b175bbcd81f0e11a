// Writes a data set where the connectors read it: flat CSV files, a SQLite file, or PostgreSQL /
// MariaDB tables, all with the same columns (flat.ts). Plus a streaming writer of very large
// invoice-line CSV files (benchmarks) that never holds the file in memory.
import { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { shortWrite } from "../domain/short-write.ts";
import type { Transaction } from "../domain/transaction.ts";
import {
  type Cell,
  csvLine,
  type FlatRow,
  INVOICE_LINE_COLUMNS,
  invoiceLineRows,
  NUMERIC_COLUMNS,
  REFERENCE_COLUMNS,
  referenceRows,
} from "./flat.ts";
import { type Dataset, generateDataset } from "./generate.ts";

export interface DatasetFiles {
  transactions: string;
  contracts: string;
  price_list: string;
  shipments: string;
}

// The sample data sets carry no exchange rates (their invoices bill in the contract's currency).
const REFERENCE = ["contracts", "price_list", "shipments"] as const;

/** invoice_lines.csv, contracts.csv, price_list.csv and shipments.csv in `dir`. */
export async function writeCsvDataset(data: Dataset, dir: string, options: { delimiter?: string } = {}): Promise<DatasetFiles> {
  mkdirSync(dir, { recursive: true });
  const d = options.delimiter ?? ",";
  const files: DatasetFiles = {
    transactions: join(dir, "invoice_lines.csv"),
    contracts: join(dir, "contracts.csv"),
    price_list: join(dir, "price_list.csv"),
    shipments: join(dir, "shipments.csv"),
  };
  await writeCsv(files.transactions, INVOICE_LINE_COLUMNS, invoiceLineRows(data.transactions), d);
  for (const table of REFERENCE) await writeCsv(files[table], REFERENCE_COLUMNS[table], referenceRows(data, table), d);
  return files;
}

/** A file of a data set that could not be written whole; `cause` is the errno error (ENOSPC …). */
export class DatasetWriteError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`cannot write ${file}: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = "DatasetWriteError";
  }
}

/**
 * Writes the CSV under a temporary name, checks that the closed file holds every byte handed to
 * Bun's writer (which can lose a buffer without a word on a full disk: domain/short-write.ts), and
 * renames it into place: a file of the data set is whole or absent, never cut short.
 */
async function writeCsv(file: string, columns: readonly string[], rows: Iterable<FlatRow>, delimiter: string) {
  const part = `${file}.part`;
  let handed = 0;
  try {
    const writer = Bun.file(part).writer();
    const put = (text: string) => {
      writer.write(text);
      handed += Buffer.byteLength(text);
    };
    put(csvLine(columns, delimiter));
    for (const row of rows) put(csvLine(columns.map((c) => row[c] ?? null), delimiter));
    await writer.end();
    const short = shortWrite(part, handed);
    if (short !== undefined) throw short;
    renameSync(part, file);
  } catch (e) {
    rmSync(part, { force: true });
    throw new DatasetWriteError(file, e);
  }
}

export interface TableNames {
  transactions: string;
  contracts: string;
  price_list: string;
  shipments: string;
}

export function tableNames(prefix = ""): TableNames {
  return {
    transactions: `${prefix}invoice_lines`,
    contracts: `${prefix}contracts`,
    price_list: `${prefix}price_list`,
    shipments: `${prefix}shipments`,
  };
}

/** Tables invoice_lines, contracts, price_list, shipments (with an optional name prefix) in a SQLite file. */
export function writeSqliteDataset(data: Dataset, file: string, options: { prefix?: string } = {}): TableNames {
  const names = tableNames(options.prefix);
  const db = new Database(file, { create: true });
  try {
    const load = (table: string, columns: readonly string[], rows: Iterable<FlatRow>) => {
      const ddl = columns.map((c) => `"${c}" ${NUMERIC_COLUMNS.has(c) ? "REAL" : "TEXT"}`).join(", ");
      db.run(`DROP TABLE IF EXISTS "${table}"`);
      db.run(`CREATE TABLE "${table}" (${ddl})`);
      const insert = db.prepare(`INSERT INTO "${table}" VALUES (${columns.map(() => "?").join(", ")})`);
      db.transaction(() => {
        for (const row of rows) insert.run(...columns.map((c) => row[c] ?? null));
      })();
    };
    load(names.transactions, INVOICE_LINE_COLUMNS, invoiceLineRows(data.transactions));
    for (const table of REFERENCE) load(names[table], REFERENCE_COLUMNS[table], referenceRows(data, table));
  } finally {
    db.close();
  }
  return names;
}

export type SqlDialect = "postgres" | "mysql";

/**
 * The same tables in PostgreSQL or MariaDB/MySQL, typed as a billing database would type them:
 * money as NUMERIC/DECIMAL, the transaction date as a timestamp, reference dates as DATE.
 */
export async function writeSqlDataset(sql: SQL, data: Dataset, options: { dialect: SqlDialect; prefix?: string }): Promise<TableNames> {
  const names = tableNames(options.prefix);
  const load = async (table: string, columns: readonly string[], rows: FlatRow[]) => {
    await dropTable(sql, table, options.dialect);
    const ddl = columns.map((c) => `${quoteIdent(c, options.dialect)} ${columnType(c, table === names.transactions, options.dialect)}`).join(", ");
    await sql.unsafe(`CREATE TABLE ${quoteIdent(table, options.dialect)} (${ddl})`);
    const prepared = rows.map((r) => (options.dialect === "mysql" ? mysqlRow(r) : r));
    for (let i = 0; i < prepared.length; i += 500) {
      await sql`INSERT INTO ${sql(table)} ${sql(prepared.slice(i, i + 500), ...(columns as string[]))}`;
    }
  };
  await load(names.transactions, INVOICE_LINE_COLUMNS, [...invoiceLineRows(data.transactions)]);
  for (const table of REFERENCE) await load(names[table], REFERENCE_COLUMNS[table], referenceRows(data, table));
  return names;
}

export async function dropSqlDataset(sql: SQL, options: { dialect: SqlDialect; prefix?: string }): Promise<void> {
  for (const table of Object.values(tableNames(options.prefix))) await dropTable(sql, table, options.dialect);
}

async function dropTable(sql: SQL, table: string, dialect: SqlDialect) {
  await sql.unsafe(`DROP TABLE IF EXISTS ${quoteIdent(table, dialect)}`);
}

function quoteIdent(name: string, dialect: SqlDialect): string {
  return dialect === "mysql" ? `\`${name.replace(/`/g, "``")}\`` : `"${name.replace(/"/g, '""')}"`;
}

function columnType(column: string, isTransactions: boolean, dialect: SqlDialect): string {
  if (column === "quantity") return "INTEGER";
  if (NUMERIC_COLUMNS.has(column)) return column === "tax_rate" || column.endsWith("_pct") ? "NUMERIC(9,4)" : "NUMERIC(14,2)";
  if (column === "date" && isTransactions) return dialect === "mysql" ? "DATETIME" : "TIMESTAMPTZ";
  if (column === "date" || column === "valid_from" || column === "valid_to") return "DATE";
  return dialect === "mysql" ? "VARCHAR(64)" : "TEXT";
}

/** MariaDB's DATETIME takes "YYYY-MM-DD HH:MM:SS", not an ISO string with T and Z. */
function mysqlRow(row: FlatRow): FlatRow {
  const out: FlatRow = { ...row };
  const date = out.date;
  if (typeof date === "string" && date.includes("T")) out.date = date.slice(0, 19).replace("T", " ");
  return out;
}

/**
 * A very large invoice_lines.csv (e.g. 1,000,000 lines) written as a stream: a small clean data
 * set (or the given template, e.g. one with planted leakage) is repeated with fresh transaction
 * ids ("<id>-R<round>", references likewise), so memory stays flat whatever the size. With
 * `distinctCustomers`, each round also has its own customers and contracts ("<id>-R<round>"), so
 * that the rounds are not duplicates of one another (see writeLargeCsvDataset). Returns the
 * number of lines and transactions written, and the rounds begun.
 */
export async function writeLargeInvoiceCsv(
  file: string,
  options: { lines: number; seed?: number; delimiter?: string; template?: readonly Transaction[]; distinctCustomers?: boolean },
): Promise<{ lines: number; transactions: number; rounds: number }> {
  const template = options.template ?? generateDataset({ seed: options.seed ?? 1, invoices: 2000 }).transactions;
  const d = options.delimiter ?? ",";
  const writer = Bun.file(file).writer({ highWaterMark: 1 << 20 });
  writer.write(csvLine(INVOICE_LINE_COLUMNS, d));
  let lines = 0;
  let transactions = 0;
  let round = 0;
  for (; lines < options.lines; round++) {
    for (const t of template) {
      if (lines >= options.lines) break;
      const copy = { ...t, transaction_id: `${t.transaction_id}-R${round}` };
      if (t.reference) copy.reference = `${t.reference}-R${round}`;
      if (options.distinctCustomers) {
        if (t.customer_id) copy.customer_id = `${t.customer_id}-R${round}`;
        if (t.contract_id) copy.contract_id = `${t.contract_id}-R${round}`;
      }
      transactions++;
      for (const row of invoiceLineRows([copy])) {
        if (lines >= options.lines) break;
        writer.write(csvLine(INVOICE_LINE_COLUMNS.map((c) => row[c] ?? null) as Cell[], d));
        lines++;
      }
      if (transactions % 1000 === 0) await writer.flush();
    }
  }
  await writer.end();
  return { lines, transactions, rounds: round };
}

/**
 * A very large CSV data set in `dir` shaped like a real billing export: the template's
 * transactions repeated to `lines` invoice lines, each round with its own customers and
 * contracts (so a round is new business, not a duplicate of the previous one), contracts.csv
 * with every round's contracts (promotions, for every customer, once), the price list once, and
 * the shipments of the first round only (a shipments table as long as the invoice lines would
 * be reference data larger than the transactions themselves).
 */
export async function writeLargeCsvDataset(
  template: Dataset,
  dir: string,
  options: { lines: number },
): Promise<{ files: DatasetFiles; lines: number; transactions: number }> {
  mkdirSync(dir, { recursive: true });
  const files: DatasetFiles = {
    transactions: join(dir, "invoice_lines.csv"),
    contracts: join(dir, "contracts.csv"),
    price_list: join(dir, "price_list.csv"),
    shipments: join(dir, "shipments.csv"),
  };
  const written = await writeLargeInvoiceCsv(files.transactions, { lines: options.lines, template: template.transactions, distinctCustomers: true });
  const promotions = template.reference.contracts.filter((c) => c.customer_id === "*" || c.customer_id === "");
  const own = template.reference.contracts.filter((c) => !promotions.includes(c));
  const contracts = [
    ...promotions,
    ...Array.from({ length: written.rounds }, (_, r) => own.map((c) => ({ ...c, contract_id: `${c.contract_id}-R${r}`, customer_id: `${c.customer_id}-R${r}` }))).flat(),
  ];
  const shipments = template.reference.shipments.map((s) => ({
    ...s,
    transaction_id: s.transaction_id ? `${s.transaction_id}-R0` : s.transaction_id,
    customer_id: s.customer_id ? `${s.customer_id}-R0` : s.customer_id,
  }));
  const reference = { ...template.reference, contracts, shipments };
  for (const table of REFERENCE) await writeCsv(files[table], REFERENCE_COLUMNS[table], referenceRows({ transactions: [] as Transaction[], reference }, table), ",");
  return { files, lines: written.lines, transactions: written.transactions };
}
