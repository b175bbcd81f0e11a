// The flat layout of a data set (docs/connectors.md, "The flat layout and `mapping`") as source systems export it: one row per invoice line
// with the transaction's fields repeated, plus one row per reference record. Shared by the CSV,
// SQLite and SQL writers so that every source holds exactly the same rows and column names.
import type { Transaction } from "../domain/transaction.ts";
import type { Dataset } from "./generate.ts";

export type Cell = string | number | null;
export type FlatRow = Record<string, Cell>;

export const INVOICE_LINE_COLUMNS = [
  "transaction_id",
  "type",
  "date",
  "customer_id",
  "currency",
  "amount",
  "tax_amount",
  "tax_rate",
  "contract_id",
  "reference",
  "created_by",
  "approved_by",
  "sku",
  "quantity",
  "unit_price",
  "list_price",
  "discount_pct",
  "line_amount",
] as const;

export const REFERENCE_COLUMNS = {
  contracts: ["contract_id", "customer_id", "sku", "price", "currency", "valid_from", "valid_to", "max_discount_pct"],
  price_list: ["sku", "list_price", "currency"],
  shipments: ["shipment_id", "transaction_id", "customer_id", "sku", "quantity", "date"],
} as const;

/** Columns that hold numbers (the SQL writers give them numeric types). */
export const NUMERIC_COLUMNS = new Set([
  "amount",
  "tax_amount",
  "tax_rate",
  "quantity",
  "unit_price",
  "list_price",
  "discount_pct",
  "line_amount",
  "price",
  "max_discount_pct",
]);

export function* invoiceLineRows(transactions: Iterable<Transaction>): Generator<FlatRow> {
  for (const t of transactions) {
    const head: FlatRow = {
      transaction_id: t.transaction_id,
      type: t.type,
      date: t.date ?? null,
      customer_id: t.customer_id ?? null,
      currency: t.currency ?? null,
      amount: t.amount ?? null,
      tax_amount: t.tax_amount ?? null,
      tax_rate: t.tax_rate ?? null,
      contract_id: t.contract_id ?? null,
      reference: t.reference ?? null,
      created_by: t.created_by ?? null,
      approved_by: t.approved_by ?? null,
    };
    for (const l of t.lines) {
      yield {
        ...head,
        sku: l.sku ?? null,
        quantity: l.quantity ?? null,
        unit_price: l.unit_price ?? null,
        list_price: l.list_price ?? null,
        discount_pct: l.discount_pct ?? null,
        line_amount: l.amount ?? null,
      };
    }
  }
}

export function referenceRows(data: Dataset, table: keyof typeof REFERENCE_COLUMNS): FlatRow[] {
  const columns = REFERENCE_COLUMNS[table];
  const records = data.reference[table] as unknown as Record<string, Cell | undefined>[];
  return records.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null])));
}

/** One CSV field: quoted when it holds the delimiter, a quote or a line break. */
export function csvField(value: Cell, delimiter = ","): string {
  if (value === null) return "";
  const s = String(value);
  return s.includes(delimiter) || s.includes('"') || s.includes("\n") || s.includes("\r") ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly Cell[], delimiter = ","): string {
  return `${values.map((v) => csvField(v, delimiter)).join(delimiter)}\n`;
}
