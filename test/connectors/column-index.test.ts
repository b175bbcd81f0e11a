// columnIndex: a mapping's column found by its exact name, else by its name without case, spaces
// and punctuation when one column alone has it. A customer's header may have a million columns:
// looking up the mapping's names in it must not run a regular expression over every column for
// each name (a file of a million one-letter columns held the event loop ~3.5 s on its first
// lookup: seventh attack pass, test/connectors/csv-hostile-files.e2e.test.ts).
import { expect, test } from "bun:test";
import { columnIndex } from "../../src/connectors/mapping.ts";

test("exact, then loose, and none where two columns share the loose name", () => {
  const header = ["Transaction ID", "customer_id", "Amount (EUR)", "amount-eur", "Date"];
  expect(columnIndex(header, "customer_id")).toBe(1);
  expect(columnIndex(header, "transaction_id")).toBe(0);
  expect(columnIndex(header, "DATE")).toBe(4);
  expect(columnIndex(header, "amounteur")).toBe(-1); // two columns read so
  expect(columnIndex(header, "Amount (EUR)")).toBe(2); // the exact name still wins
  expect(columnIndex(header, "currency")).toBe(-1);
});

test("in a header of 200,000 columns, each name after the first costs a scan of the names, not the regular expression on every column again", () => {
  const header = ["transaction_id", ...Array.from({ length: 200_000 }, (_, i) => `Column ${i}`), "Booking Date"];
  const names = ["booking_date", "customer_id", "currency", "amount", "tax_amount", "tax_rate", "sku", "quantity", "unit_price", "list_price", "discount_pct", "reference", "created_by", "approved_by", "entered_at", "contract_id", "type", "unit", "debit", "credit", "debit_credit", "date", "column_5", "COLUMN 17", "v", "w", "x", "y", "z"];
  const cpu = (from: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(from);
    return (used.user + used.system) / 1000;
  };
  let from = process.cpuUsage();
  expect(columnIndex(header, "Transaction-ID")).toBe(0);
  const first = cpu(from);
  from = process.cpuUsage();
  const found = names.map((name) => columnIndex(header, name));
  const rest = cpu(from);
  expect(found.slice(0, 3)).toEqual([200_001, -1, -1]);
  expect(found.slice(22, 24)).toEqual([6, 18]);
  // CPU time, as a ratio: neither a loaded machine nor a fast one decides it. Before, every name
  // cost what the first did (~14 times the first here); now ~2–3 times in all.
  expect(rest).toBeLessThan(first * 8);
}, 60_000);
