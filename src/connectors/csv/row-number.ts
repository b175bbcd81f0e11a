// `transaction_id: $row` (mapping.ts ROW_NUMBER): a CSV row named by its number. The mapper reads
// the number as one more column after the header's own, so grouping, lookups and the mapping
// report treat it as any id column; only the connector knows which row it is reading.
import type { RowValues } from "../mapping.ts";
import type { SourceValue } from "../values.ts";

/**
 * How a file's rows are numbered: `prefix` + the data row's number ("" for the connector's one
 * file; "2025-01.csv:" in a folder of exports, where row 1 of two files are two transactions).
 */
export interface RowNumbering {
  prefix: string;
}

/** The id of data row `n` (1 = the first row after the header). */
export function rowId(numbering: RowNumbering, n: number): string {
  return numbering.prefix + n;
}

/** A row with its id at the column after the header's last (one object, reused row after row). */
export class NumberedRow implements RowValues {
  row!: RowValues;
  id = "";

  constructor(private readonly at: number) {}

  of(row: RowValues, id: string): this {
    this.row = row;
    this.id = id;
    return this;
  }

  value(i: number): SourceValue {
    return i === this.at ? this.id : this.row.value(i);
  }

  plainNumber(i: number, decimal: number, thousands: number): number | undefined {
    return i === this.at ? undefined : this.row.plainNumber(i, decimal, thousands);
  }

  trimmedEquals(i: number, s: string): boolean {
    return i === this.at ? this.id === s : this.row.trimmedEquals(i, s);
  }
}
