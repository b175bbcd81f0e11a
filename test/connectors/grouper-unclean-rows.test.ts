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

test("a spreadsheet's totals row ('Total', 'Grand total', 'Summe') is a rejected row, not a transaction of the whole file's amount", () => {
  const header = ["transaction_id", "amount", "sku", "quantity", "line_amount"];
  const stats = new MappingStats();
  const grouper = new TransactionGrouper(new RowMapper(header, {}, { numbers: SQL_NUMBER_FORMAT, dates: isoDateFormat }), stats);
  const describe = (ref: number | string) => [`r${ref}`, `row ${ref}`] as [string, string];
  const out = [];
  for (const [i, row] of [["INV-1", "10", "A", "1", "10"], ["INV-2", "20", "B", "2", "20"], ["Total", "30", "", "", "30"], ["Grand Total:", "30", "", "", ""], ["SUMME", "30", "", "", ""]].entries()) {
    const done = grouper.add(row, i + 1, describe);
    if (done) out.push(done);
  }
  const last = grouper.flush();
  if (last) out.push(last);
  expect(out.map((t) => t.transaction_id)).toEqual(["INV-1", "INV-2"]);
  expect(stats.report().rejected_rows).toBe(3);
  // An id that merely contains the word is a transaction.
  expect(grouper.add(["TOTAL-2024-17", "5", "", "", ""], 9, describe)).toBeUndefined();
  expect(grouper.flush()?.transaction_id).toBe("TOTAL-2024-17");
});
