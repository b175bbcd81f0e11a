// A telecom provider's bill-detail extract (docs/quality.md, the sixteenth data set): one bill per
// account and cycle, a row per charge; a first bill, a plan change and a final bill carry lines
// that bill part of a cycle beside lines that bill a whole one, and only the line's own description
// says which ("Partial month 03/10-03/14", "Credit for unused service 04/24-05/07"). A line that
// says it bills part of a period is judged as a prorated document's lines are: only by its
// recorded discount. The bill's other lines are priced as ever.
import { expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";
import { analyse, codes } from "./fixtures.ts";

const contracts: Contract[] = [
  { contract_id: "80011", customer_id: "80011", sku: "INT-300", price: 75, currency: "USD", valid_from: "2025-04-01", billing_frequency: "Monthly" },
  { contract_id: "80011", customer_id: "80011", sku: "MODEM-RENT", price: 14, currency: "USD", valid_from: "2025-01-01", billing_frequency: "Monthly" },
];
const ref = { contracts, price_list: [{ sku: "INT-300", list_price: 75, currency: "USD" }, { sku: "MODEM-RENT", list_price: 14, currency: "USD" }, { sku: "INT-100", list_price: 60, currency: "USD" }] };

function bill(id: string, lines: { sku: string; amount: number; rate: number; description?: string }[]): Transaction {
  const amount = Math.round(lines.reduce((s, l) => s + l.amount, 0) * 100) / 100;
  return {
    transaction_id: id, type: "invoice", date: "2025-05-08", customer_id: "80011", contract_id: "80011", currency: "USD", amount, tax_amount: 0,
    lines: lines.map((l) => ({ sku: l.sku, quantity: 1, unit: "MO", unit_price: l.rate, amount: l.amount, ...(l.description ? { description: l.description } : {}) })),
  };
}

test("a first bill's partial-month line, saying so in its own description, is not a price cut; the full month beside it is still priced", async () => {
  const first = bill("B1", [
    { sku: "INT-300", amount: 75, rate: 75, description: "Internet 300 Mbps" },
    { sku: "MODEM-RENT", amount: 14, rate: 14, description: "Modem rental" },
    { sku: "INT-300", amount: 12.1, rate: 75, description: "Partial month 05/03-05/07 Internet 300 Mbps" },
    { sku: "MODEM-RENT", amount: 2.26, rate: 14, description: "Partial month 05/03-05/07 Modem rental" },
  ]);
  expect((await analyse(first, { ref })).anomalies).toEqual([]);
  // Without the words the same amounts are cuts of the contract's price.
  const unsaid = structuredClone(first);
  for (const l of unsaid.lines) delete l.description;
  expect(codes((await analyse(unsaid, { ref })).anomalies)).toEqual(["price_below_contract", "price_below_contract"]);
  // A full month keyed below the contract on the same bill is still reported.
  const cut = structuredClone(first);
  cut.lines[0]!.amount = 70;
  cut.lines[0]!.unit_price = 70;
  const found = (await analyse(cut, { ref })).anomalies;
  expect(codes(found)).toEqual(["price_below_contract"]);
  expect(found[0]!.amount_at_risk).toBe(5);
});

test("a plan change's credit for the old plan's unused days and charge for the new plan's are not judged as prices", async () => {
  const change = bill("B2", [
    { sku: "INT-300", amount: 75, rate: 75, description: "Internet 300 Mbps" },
    { sku: "INT-100", amount: -26.77, rate: 60, description: "Credit for unused service 04/20-05/07 Internet 100 Mbps" },
    { sku: "INT-300", amount: 33.46, rate: 75, description: "Prorated charge 04/20-05/07 Internet 300 Mbps" },
  ]);
  expect((await analyse(change, { ref })).anomalies).toEqual([]);
});

test("a line's description is kept by the flat mapping (`line_description`), and a row of a description alone adds no line", async () => {
  const dir = makeTempDir("assay-line-description-");
  try {
    writeFileSync(join(dir, "bills.csv"), [
      "Bill Number,Bill Date,Account Number,Bill Subtotal,Product Code,Description,Quantity,Rate,Amount",
      "B1,2025-05-08,80011,87.10,INT-300,Internet 300 Mbps,1,75.00,75.00",
      "B1,2025-05-08,80011,87.10,INT-300,Partial month 05/03-05/07 Internet 300 Mbps,1,75.00,12.10",
      "B1,2025-05-08,80011,87.10,,Thank you for being a customer,,,",
    ].join("\r\n") + "\r\n");
    const yaml = `connectors:\n  - { id: bss, type: csv, transactions: ./bills.csv, mapping: { transaction_id: Bill Number, date: Bill Date, customer_id: Account Number, amount: Bill Subtotal, sku: Product Code, line_description: Description, quantity: Quantity, unit_price: Rate, line_amount: Amount } }\n`;
    const c = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
    const [txn] = await collect(c.scan());
    expect(txn!.lines.map((l) => [l.sku, l.description, l.amount])).toEqual([["INT-300", "Internet 300 Mbps", 75], ["INT-300", "Partial month 05/03-05/07 Internet 300 Mbps", 12.1]]);
    expect(c.mappingReport().rejected_rows).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a late fee below the catalogue's amount is the capped fee (the list's amount is its maximum), not a price cut; at 0 it is still reported", async () => {
  const priceList = [...ref.price_list, { sku: "LATEFEE", list_price: 10, currency: "USD" }];
  const late = bill("B3", [
    { sku: "INT-300", amount: 75, rate: 75, description: "Internet 300 Mbps" },
    { sku: "LATEFEE", amount: 5, rate: 5, description: "Late payment fee" },
  ]);
  expect((await analyse(late, { ref: { ...ref, price_list: priceList } })).anomalies).toEqual([]);
  // Without the words the same $5 is a cut of the list's $10.
  const unsaid = structuredClone(late);
  delete unsaid.lines[1]!.description;
  expect(codes((await analyse(unsaid, { ref: { ...ref, price_list: priceList } })).anomalies)).toEqual(["price_below_list"]);
  // A late fee line at 0 bills nothing: still a zero-price line.
  const zero = structuredClone(late);
  zero.lines[1]!.amount = 0;
  zero.lines[1]!.unit_price = 0;
  zero.amount = 75;
  expect(codes((await analyse(zero, { ref: { ...ref, price_list: priceList } })).anomalies)).toEqual(["zero_price_line"]);
  // The plan beside it, keyed below its contract, is still reported.
  const cut = structuredClone(late);
  cut.lines[0]!.amount = 70;
  cut.lines[0]!.unit_price = 70;
  expect(codes((await analyse(cut, { ref: { ...ref, price_list: priceList } })).anomalies)).toEqual(["price_below_contract"]);
});

test("a goodwill credit to the account larger than the bill it names cancels none of the bill's charges: a cut price on that bill is still reported; a reversal of the bill in full still cancels it", async () => {
  const cut = bill("B4", [
    { sku: "INT-300", amount: 70, rate: 70, description: "Internet 300 Mbps" },
    { sku: "MODEM-RENT", amount: 14, rate: 14, description: "Modem rental" },
  ]);
  const credit = (id: string, description: string): Transaction => ({
    transaction_id: id, type: "credit_note", date: "2025-05-20", customer_id: "80011", contract_id: "80011", currency: "USD", amount: -120, tax_amount: 0, reference: "B4",
    created_by: "AG1107", approved_by: "SUP-CHEN", lines: [{ sku: "CR-GOODWILL", amount: -120, description }],
  });
  const goodwill = credit("ADJ1", "Account credit - GOODWILL");
  expect(codes((await analyse(cut, { ref, history: [cut, goodwill] })).anomalies)).toEqual(["price_below_contract"]);
  // The same amount credited as a correction of the bill: the bill was taken back, and what it charged no longer stands.
  const reversal = credit("ADJ2", "Billing correction");
  expect((await analyse(cut, { ref, history: [cut, reversal] })).anomalies).toEqual([]);
});
