// How the grouper treats rows that are not clean. A transaction whose first row has one
// unreadable value: the row is rejected and counted, but the transaction keeps what that row
// does say (its type, customer, currency), so a credit note with a garbled amount is not analysed
// as an empty invoice. A row of nothing is skipped.
import { expect, test } from "bun:test";
import { MappingStats, RowMapper, TransactionGrouper } from "../../src/connectors/mapping.ts";
import { isoDateFormat, SQL_NUMBER_FORMAT } from "../../src/connectors/values.ts";

test("the first row's readable fields survive a value that is not", () => {
  const header = ["transaction_id", "type", "customer_id", "currency", "amount", "sku", "quantity", "line_amount"];
  const stats = new MappingStats();
  const grouper = new TransactionGrouper(new RowMapper(header, {}, { numbers: SQL_NUMBER_FORMAT, dates: isoDateFormat }), stats);
  const describe = (ref: number | string) => [`r${ref}`, `row ${ref}`] as [string, string];
  grouper.add(["CN-1", "credit_note", "C-1", "EUR", "ten", "SKU-1", "1", "-10"], 1, describe);
  grouper.add(["CN-1", "credit_note", "C-1", "EUR", "-20", "SKU-2", "2", "-10"], 2, describe);
  const t = grouper.flush()!;
  expect(t).toMatchObject({ transaction_id: "CN-1", type: "credit_note", customer_id: "C-1", currency: "EUR", attributes: { rejected_rows: 1 } });
  expect(t.amount).toBeUndefined();
  expect(t.lines).toEqual([{ sku: "SKU-2", quantity: 2, amount: -10 }]);
  expect(stats.report().rejected_rows).toBe(1);
});

test("a row of nothing (Excel's blank ',,,,' line, a DOS end-of-file Ctrl-Z) is no row: not rejected, and the transaction goes on", () => {
  const header = ["transaction_id", "sku", "quantity", "line_amount"];
  const stats = new MappingStats();
  const grouper = new TransactionGrouper(new RowMapper(header, {}, { numbers: SQL_NUMBER_FORMAT, dates: isoDateFormat }), stats);
  const describe = (ref: number | string) => [`r${ref}`, `row ${ref}`] as [string, string];
  grouper.add(["INV-1", "A", "1", "10"], 1, describe);
  expect(grouper.add(["", "", "", ""], 2, describe)).toBeUndefined();
  expect(grouper.add([" ", "", "\t", ""], 3, describe)).toBeUndefined();
  grouper.add(["INV-1", "B", "1", "5"], 4, describe);
  expect(grouper.add(["\u001a"], 5, describe)).toBeUndefined();
  const t = grouper.flush()!;
  expect(t.lines.map((l) => l.sku)).toEqual(["A", "B"]);
  expect(stats.report().rejected_rows).toBe(0);
  // A row with something in it but no id is still rejected.
  grouper.add(["", "C", "1", "1"], 6, describe);
  expect(stats.report().rejected_rows).toBe(1);
});
