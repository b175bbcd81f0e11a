// The history ledger merged from scan workers' batches (keys sent as bytes with their hashes, or
// as strings when a character is wider than a byte) is the ledger one pass builds: same entries,
// latest-id-wins, shadowed invoices, credit-note lists (with their charge codes), fingerprints and document keys, and the
// same cut at a history limit, however the transactions are cut into batches; and the vendors'
// own invoice numbers (duplicate_invoice by the counterparty's number), with statuses and taxes.
import { expect, test } from "bun:test";
import { documentKey, fingerprint, HistoryBuilder, HistoryStats } from "../../src/analysis/history.ts";
import { LedgerBatchWriter, LedgerMerge, shareLedger } from "../../src/analysis/ledger-merge.ts";
import type { Transaction, TransactionType } from "../../src/domain/transaction.ts";

function transactions(): Transaction[] {
  const out: Transaction[] = [];
  const types: TransactionType[] = ["invoice", "invoice", "credit_note", "payment", "journal_entry"];
  for (let i = 0; i < 3000; i++) {
    const type = types[i % types.length]!;
    // Ids: plain, Latin-1 (one byte each), wider (€), and repeated ones (latest wins).
    const id = i % 97 === 0 ? `INV-${i - 5}` : i % 89 === 0 ? `Ü-${i}` : i % 83 === 0 ? `€-${i}` : `INV-${i}`;
    const customer = i % 61 === 0 ? `Kunde €${i % 7}` : `C-${i % 40}`;
    const amount = i % 13 === 0 ? 100 : 10 + (i % 50) * 1.25;
    out.push({
      transaction_id: id,
      type,
      date: i % 71 === 0 ? undefined : `2025-0${1 + (i % 9)}-1${i % 10}`,
      customer_id: customer,
      currency: "EUR",
      amount: type === "credit_note" ? -amount : amount,
      // Credit notes name their invoice; some invoices the one they follow (a rebill, a corrected claim).
      reference: type === "credit_note" && i % 4 !== 0 ? `INV-${i - 2}` : type === "invoice" && i % 7 === 0 ? `INV-${i - 10}` : undefined,
      // Contract ids the invoices name (a matter, a project): one seen first late in the source.
      contract_id: i % 3 === 0 ? undefined : i > 2500 && i % 5 === 0 ? `LATE-${i % 2}` : `M-${i % 11}`,
      // Some credits say they are credits to the account (account-credit.ts: goodwill, an outage).
      lines: Array.from({ length: 1 + (i % 3) }, (_, l) => ({ sku: `SKU-${(i + l) % 9}`, quantity: 1 + l, amount: amount / (1 + (i % 3)), ...(type === "credit_note" && i % 6 === 1 ? { description: "Account credit - OUTAGE" } : {}) })),
      // A vendor's own number on some bills and payments (a copy's suffix, a voided check), a tax on some.
      ...(i % 5 === 0 ? { attributes: { "Vendor Invoice No": `INV-${i % 300}${i % 11 === 0 ? "A" : ""}`, Status: i % 9 === 0 ? "Voided" : "Paid" } } : {}),
      ...(i % 10 === 0 ? { tax_amount: amount * 0.08 } : {}),
      // Some entries approved by their creator (self-approvals.ts): a user's months per counterparty.
      created_by: `u${i % 4}`,
      approved_by: i % 6 === 0 ? `U${i % 4} ` : "approver",
    });
  }
  return out;
}

function inOnePass(ts: Transaction[], limit: number): HistoryStats {
  const b = new HistoryBuilder({ level: "ledger", categoricalFields: [] });
  for (const t of ts.slice(0, limit)) b.add(t);
  return b.finish();
}

function merged(ts: Transaction[], limit: number, batchSize: number, approvals = true): HistoryStats {
  const merge = new LedgerMerge(limit, ts.length);
  const writer = new LedgerBatchWriter(batchSize, approvals);
  for (const t of ts) {
    writer.add(t);
    // Through structured clone, as a batch crosses to the main thread.
    if (writer.full) merge.add(structuredClone(writer.take()));
  }
  if (writer.length > 0) merge.add(structuredClone(writer.take()));
  return merge.finish();
}

function expectSameLedger(a: HistoryStats, b: HistoryStats, ts: Transaction[]) {
  expect(b.size).toBe(a.size);
  expect([b.startMs, b.endMs]).toEqual([a.startMs, a.endMs]);
  for (const t of ts) {
    expect(b.entry(t.transaction_id)).toEqual(a.entry(t.transaction_id));
    expect(b.invoiceAmount(t.transaction_id)).toBe(a.invoiceAmount(t.transaction_id));
    expect(b.withFingerprint(fingerprint(t))).toEqual(a.withFingerprint(fingerprint(t)));
    expect(b.documentKeys.get(documentKey(t))).toBe(a.documentKeys.get(documentKey(t)));
    // The filter in front of the keys (document-key-filter.ts), counted by the merge from the batches' bytes and hashes.
    expect(b.documentKeyFilter().bound(t.type, t.customer_id ?? "", t.amount ?? 0)).toBeGreaterThanOrEqual(Math.min(3, b.documentKeys.get(documentKey(t)) ?? 0));
  }
  for (let seq = 0; seq < a.size; seq++) expect(b.entryAt(seq)).toEqual(a.entryAt(seq));
  expect([...b.creditsByReference]).toEqual([...a.creditsByReference]);
  // With each credit's charge codes (credit-charges.ts), which tell two credits of one amount apart.
  expect([...a.creditsByReference.values()].flat().some((c) => c.charges?.startsWith("SKU-"))).toBe(true);
  // And whether each is a credit to the account, which cancels none of the invoice's charges.
  expect([...a.creditsByReference.values()].flat().some((c) => c.toAccount)).toBe(true);
  expect([...b.namedContracts].sort()).toEqual([...a.namedContracts].sort());
  expect([...b.invoiceReferences].sort()).toEqual([...a.invoiceReferences].sort());
  // Each counterparty's invoices and payments by position (instalments.ts), a currency apart.
  expect(a.counterpartyDocuments.size).toBeGreaterThan(20);
  expect([...b.counterpartyDocuments]).toEqual([...a.counterpartyDocuments]);
  expect(a.counterpartyDocuments.get("C-1\u0000EUR")?.every((seq) => a.entryAt(seq).id !== undefined)).toBe(true);
  expect(a.counterpartyNumbers.size).toBeGreaterThan(0);
  expect([...b.counterpartyNumbers]).toEqual([...a.counterpartyNumbers]);
  expect([...b.documentsByNumber]).toEqual([...a.documentsByNumber]);
  expect([...b.selfApprovals.parts].sort()).toEqual([...a.selfApprovals.parts].sort());
  expect(a.selfApprovals.parts.size).toBeGreaterThan(0);
  expect([...b.selfApprovals.approvesForOthers].sort()).toEqual([...a.selfApprovals.approvesForOthers].sort());
  expect(a.selfApprovals.approvesForOthers.size).toBeGreaterThan(0);
}

test("merged batches are the one-pass ledger, whole and cut at a limit, any batch size", () => {
  const ts = transactions();
  for (const limit of [ts.length, 1234]) {
    const one = inOnePass(ts, limit);
    // The contracts named before the cut only.
    expect(one.namedContracts.has("LATE-0")).toBe(limit === ts.length);
    // The references of invoices before the cut only.
    expect(one.invoiceReferences.has("INV-2790")).toBe(limit === ts.length);
    for (const size of [1, 7, 4096]) expectSameLedger(one, merged(ts, limit, size), ts);
  }
});

test("a history for another module than compliance collects no approvals for someone else, the rest alike", () => {
  const ts = transactions();
  const without = merged(ts, ts.length, 512, false);
  expect(without.selfApprovals.approvesForOthers.size).toBe(0);
  // The self-approvals themselves (standing practice) are still kept.
  expect([...without.selfApprovals.parts].sort()).toEqual([...inOnePass(ts, ts.length).selfApprovals.parts].sort());
});

test("shared with a worker (shareLedger, then the parts cloned), it is still the same ledger", async () => {
  const ts = transactions();
  const { HistoryStats } = await import("../../src/analysis/history.ts");
  const one = inOnePass(ts, ts.length);
  const parts = structuredClone(shareLedger(merged(ts, ts.length, 512)));
  expectSameLedger(one, HistoryStats.fromLedgerParts(parts), ts);
});

test("a document column of the vendors' own numbers is judged and kept alike by the merge and the one pass", () => {
  // Sage Intacct style (document-column-numbers.ts): each vendor numbers its bills its own way, the checks one sequence.
  const prefixes = ["GBFB-", "MP", "PL", "TS", "CW"];
  const ts: Transaction[] = [];
  for (let i = 0; i < 1500; i++) {
    const v = i % prefixes.length;
    const check = i % 2 === 1;
    ts.push({
      transaction_id: `L${i}`, type: "invoice", date: `2025-0${1 + (i % 9)}-1${i % 10}`, customer_id: `V${v}`, currency: "USD", amount: 100 + (i % 37), lines: [],
      attributes: { Document: check ? String(10412 + i) : `${prefixes[v]}${20114 + i}`, "Account No": check ? "1010" : "6200" },
    });
  }
  const one = inOnePass(ts, ts.length);
  expect(one.documentColumn.reads()).toBe(true);
  expect(one.documentColumnNumbers.size).toBe(ts.length);
  expect(one.counterpartyNumbers.size).toBe(0);
  for (const size of [1, 7, 4096]) {
    const b = merged(ts, ts.length, size);
    expect(b.documentColumn.reads()).toBe(true);
    expect([...b.documentColumnNumbers]).toEqual([...one.documentColumnNumbers]);
    expect([...b.documentsByNumber]).toEqual([...one.documentsByNumber]);
  }
});

test("a document column the system's but on one account side, the vendors' (NetSuite's bills), is judged and kept alike by the merge and the one pass", () => {
  // Customer invoices numbered from one sequence; bills crediting the payable numbered by each vendor its own way.
  const prefixes = ["AWS-", "SL", "DA", "HU", "GO"];
  const ts: Transaction[] = [];
  for (let i = 0; i < 3000; i++) {
    const bill = i % 6 === 0;
    const v = i % prefixes.length;
    ts.push({
      transaction_id: `N${i}`, type: "invoice", date: `2025-0${1 + (i % 9)}-1${i % 10}`, customer_id: bill ? `V${v}` : `C${i % 50}`, currency: "USD", amount: -(100 + (i % 37)), lines: [],
      attributes: { "Document Number": bill ? `${prefixes[v]}${640000 + i}` : `INV-${21000 + i}`, Account: bill ? "2000 Accounts Payable" : "4000 Revenue" },
    });
  }
  const one = inOnePass(ts, ts.length);
  expect(one.documentColumn.verdict()).toEqual({ ledger: false, sides: ["2000 ACCOUNTS PAYABLE CR"] });
  for (const size of [1, 7, 4096]) {
    const b = merged(ts, ts.length, size);
    expect(b.documentColumn.verdict()).toEqual(one.documentColumn.verdict());
    expect([...b.documentColumnNumbers]).toEqual([...one.documentColumnNumbers]);
    expect([...b.documentsByNumber]).toEqual([...one.documentsByNumber]);
    expect(HistoryStats.fromLedgerParts(b.ledgerParts()).documentColumn.reads("2000 ACCOUNTS PAYABLE CR")).toBe(true);
  }
});
