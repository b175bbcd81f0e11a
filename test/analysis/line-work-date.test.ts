// A line's own work date (`work_date`, mapped as `line_work_date`): a roaming partner's monthly
// invoice bills the CDRs of the month, and CDRs that reached the partner late from the month
// before. Each is priced at the partner's rate of its session's start; the document's work date is
// its first line's, so a late CDR from before the partner's rate change read as below the new rate
// (docs/quality.md, 27th set, "Second pass").
import { expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";
import type { Contract, Transaction, TransactionLine } from "../../src/domain/transaction.ts";
import { normalizeTransaction } from "../../src/analysis/normalize.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const rates: Contract[] = [
  { contract_id: "AGR-DE-8PS", customer_id: "DE*8PS", sku: "DC-ENERGY", price: 0.66, currency: "EUR", unit: "kWh", valid_from: "2025-01-01", valid_to: "2026-04-30" },
  { contract_id: "AGR-DE-8PS", customer_id: "DE*8PS", sku: "DC-ENERGY", price: 0.69, currency: "EUR", unit: "kWh", valid_from: "2026-05-01" },
];
const cdr = (price: number, start: string): TransactionLine => ({ sku: "DC-ENERGY", unit: "kWh", quantity: 20, unit_price: price, amount: Math.round(20 * price * 100) / 100, work_date: start });
const partnerInvoice = (id: string, late: TransactionLine): Transaction => {
  const lines = [cdr(0.69, "2026-05-03T09:12:00Z"), late];
  return {
    transaction_id: id, type: "invoice", date: "2026-06-05", customer_id: "DE*8PS", contract_id: "AGR-DE-8PS", currency: "EUR",
    amount: Math.round(lines.reduce((s, l) => s + l.amount!, 0) * 100) / 100, lines,
    attributes: { "Session Start": "2026-05-03T09:12:00Z" },
  };
};
const judged = (t: Transaction) => analyse(t, { ref: { contracts: rates, price_list: [] }, config });

test("a late CDR of a session before the partner's rate change keeps the rate of its session", async () => {
  expect(codes((await judged(partnerInvoice("p1", cdr(0.66, "2026-04-28T18:40:00Z")))).anomalies)).toEqual([]);
});

test("a CDR of a session after the change at the old rate is below the contract", async () => {
  const r = await judged(partnerInvoice("p2", cdr(0.66, "2026-05-20T07:05:00Z")));
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(0.6, 2);
});

test("a line's work date is taken inline, and one that is not a date is refused", () => {
  const data = { transaction_id: "x", lines: [{ sku: "A", work_date: "2026-04-28T18:40:00Z" }] };
  expect(normalizeTransaction(data).lines[0]!.work_date).toBe("2026-04-28T18:40:00Z");
  expect(() => normalizeTransaction({ transaction_id: "y", lines: [{ sku: "A", work_date: "28 April" }] })).toThrow("not valid");
});

test("the flat mapping keeps a line's work date (`line_work_date`, still an attribute: the first line's is the document's) and its own contract (`line_contract_id`)", async () => {
  const dir = makeTempDir("assay-line-work-date-");
  try {
    writeFileSync(join(dir, "lines.csv"), [
      "Invoice Number,Invoice Date,Bill To ID,Contract ID,Net Amount,Session Start,Tariff ID,Charge Code,Quantity,Unit Price,Line Amount",
      "I1,2026-06-05,FL-3,FLT-3,13.80,2026-05-03T09:12:00Z,NL-PUB-DC-2026,DC-ENERGY,20,0.69,13.80",
      "I1,2026-06-05,FL-3,FLT-3,13.80,2026-05-04T10:00:00Z,PROMO-OPEN-7,DC-ENERGY,20,0,0.00",
      "I1,2026-06-05,FL-3,FLT-3,13.80,not a day,NL-PUB-DC-2026,,,,",
    ].join("\r\n") + "\r\n");
    const yaml = `connectors:\n  - { id: cpo, type: csv, transactions: ./lines.csv, mapping: { transaction_id: Invoice Number, date: Invoice Date, customer_id: Bill To ID, contract_id: Contract ID, amount: Net Amount, sku: Charge Code, quantity: Quantity, unit_price: Unit Price, line_amount: Line Amount, line_work_date: Session Start, line_contract_id: Tariff ID } }\n`;
    const c = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
    const [txn] = await collect(c.scan());
    expect(txn!.lines.map((l) => [l.work_date?.slice(0, 10), l.contract_id])).toEqual([["2026-05-03", "NL-PUB-DC-2026"], ["2026-05-04", "PROMO-OPEN-7"]]);
    expect(txn!.attributes?.["Session Start"]).toBe("2026-05-03T09:12:00Z");
    expect(c.mappingReport().rejected_rows).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// A joint interest bill: each cost line is the partner's at the decimal of the day it was incurred
// (its service date, `line_work_date`), and the export's first row — here a prior-period
// adjustment from before the partner's decimal rose on 1 May — is read as the document's work
// date too. That day is the first line's: the other lines are not priced at its decimal
// (docs/quality.md, 47th set).
const decimals: Contract[] = [
  { contract_id: "JOA-EAGLE", customer_id: "P104", sku: "W0101", price: 0.05, valid_from: "2015-01-01", valid_to: "2025-04-30" },
  { contract_id: "JOA-EAGLE", customer_id: "P104", sku: "W0101", price: 0.15, valid_from: "2025-05-01" },
];
const cost = (gross: number, decimal: number, service: string): TransactionLine => ({ sku: "W0101", quantity: gross, unit_price: decimal, amount: Math.round(gross * decimal * 100) / 100, work_date: service });
const jib = (lines: TransactionLine[], attributes: Record<string, string> = { "Service Date": "03/31/2025" }): Transaction => ({
  transaction_id: "JIB2506-W0101-P104", type: "invoice", date: "2025-06-20", customer_id: "P104", contract_id: "JOA-EAGLE", currency: "USD",
  amount: Math.round(lines.reduce((s, l) => s + l.amount!, 0) * 100) / 100, lines, attributes,
});
const judgedJib = (t: Transaction) => analyse(t, { ref: { contracts: decimals, price_list: [] }, config });

test("a line of May billed at the decimal before the change is below it, though the first line (a March adjustment) is of the old decimal's days", async () => {
  const r = await judgedJib(jib([cost(1597.11, 0.05, "2025-03-31"), cost(3458.87, 0.05, "2025-05-21")]));
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(345.89, 2);
});

test("hard negatives: the March adjustment at the old decimal and May at the new one; every line of one day; a line naming no day of its own keeps the document's", async () => {
  expect(codes((await judgedJib(jib([cost(1597.11, 0.05, "2025-03-31"), cost(3458.87, 0.15, "2025-05-21")]))).anomalies)).toEqual([]);
  // Two March adjustments on a June bill: both of the old decimal's days.
  expect(codes((await judgedJib(jib([cost(1597.11, 0.05, "2025-03-31"), cost(820.4, 0.05, "2025-03-31")]))).anomalies)).toEqual([]);
  // A line with no day of its own (a fee) beside a dated one: the document's work date prices it as before.
  const fee: TransactionLine = { sku: "W0101", quantity: 400, unit_price: 0.05, amount: 20 };
  expect(codes((await judgedJib(jib([cost(1597.11, 0.05, "2025-03-31"), fee]))).anomalies)).toEqual([]);
});
