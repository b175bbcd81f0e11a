// A re-issued invoice names the one it replaces (`reference`): a subscription billing system voids
// the original (its status says Voided) or credits it in full, then issues the replacement. Where
// the export keeps each document's status and the original's still says it stands (Posted, Paid),
// the replacement bills the customer a second time; where the export keeps no status, a
// replacement naming its original says it is no copy of it, as before.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const bill = (id: string, date: string, status: string | undefined, reference?: string): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "CUS-7", currency: "EUR", amount: 1234.5,
  ...(reference ? { reference } : {}),
  ...(status ? { attributes: { Status: status } } : {}),
  lines: [{ sku: "PLAT-GROWTH", quantity: 1, unit_price: 499, amount: 499 }, { sku: "SEAT-GROWTH", quantity: 15, unit_price: 49, amount: 735.5 }],
});
const dup = async (history: Transaction[]) => codes((await analyse(history.at(-1)!, { module: "duplicate_detection", history })).anomalies);

test("a replacement whose original was voided is a re-issue", async () => {
  expect(await dup([bill("INV-1", "2026-03-01T00:00:00Z", "Voided"), bill("INV-2", "2026-03-06T00:00:00Z", "Posted", "INV-1")])).toEqual([]);
});

test("a replacement whose original still stands (Posted, Paid) bills it twice", async () => {
  expect(await dup([bill("INV-3", "2026-03-01T00:00:00Z", "Paid"), bill("INV-4", "2026-03-06T00:00:00Z", "Posted", "INV-3")])).toEqual(["duplicate_invoice"]);
  expect(await dup([bill("INV-5", "2026-03-01T00:00:00Z", "Posted"), bill("INV-6", "2026-03-06T00:00:00Z", "Posted", "INV-5")])).toEqual(["duplicate_invoice"]);
});

test("a replacement whose original was credited in full is a re-issue, whatever the status says", async () => {
  const credit: Transaction = { transaction_id: "CN-1", type: "credit_note", date: "2026-03-04T00:00:00Z", customer_id: "CUS-7", currency: "EUR", amount: -1234.5, reference: "INV-7", attributes: { Status: "Posted" }, lines: [{ sku: "PLAT-GROWTH", quantity: -1, unit_price: 499, amount: -499 }, { sku: "SEAT-GROWTH", quantity: -15, unit_price: 49, amount: -735.5 }] };
  expect(await dup([bill("INV-7", "2026-03-01T00:00:00Z", "Posted"), credit, bill("INV-8", "2026-03-06T00:00:00Z", "Posted", "INV-7")])).toEqual([]);
});

test("without a status in the export, a replacement naming its original is no copy of it", async () => {
  expect(await dup([bill("INV-9", "2026-03-01T00:00:00Z", undefined), bill("INV-10", "2026-03-06T00:00:00Z", undefined, "INV-9")])).toEqual([]);
});

test("a re-issue of a document of no amount (usage drawn from a prepaid commit) bills nothing twice", async () => {
  const zero = (id: string, date: string, reference?: string): Transaction => ({ ...bill(id, date, "Paid", reference), amount: 0, lines: [{ sku: "API-CALLS", quantity: 900, unit_price: 0.25, amount: 0, description: "API calls, drawn from prepaid commit" }] });
  expect(await dup([zero("INV-11", "2026-05-01T00:00:00Z"), zero("INV-12", "2026-05-05T00:00:00Z", "INV-11")])).toEqual([]);
});
