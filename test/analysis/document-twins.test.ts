// A document's twins in the history (history.ts documentTwins): the documents of its fingerprint,
// looked up only when its cheap key occurs besides itself, and looked up once per analysis although
// two parts of revenue_leakage ask (duplicate_invoice and the line facts' re-issue check).
import { describe, expect, test } from "bun:test";
import { buildContext } from "../../src/analysis/context.ts";
import { evaluateTransaction } from "../../src/analysis/evaluate.ts";
import { documentTwins } from "../../src/analysis/history.ts";
import { resolveModules } from "../../src/analysis/modules.ts";
import { memoryConnector, modulesConfig } from "../support/engine.ts";
import { countCalls, countElementReads } from "../support/count-calls.ts";
import { invoice, reference } from "./fixtures.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

const original = invoice("RI-1", { customer: "CUST-8", date: "2025-03-31T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 40 }] });
const credit = invoice("RI-CN", { customer: "CUST-8", date: "2025-04-02T09:00:00Z", type: "credit_note", reference: "RI-1", lines: [{ sku: "SKU-B", qty: 10, unit: 40 }] });
const reissue = { ...original, transaction_id: "RI-2", date: "2025-04-02T10:00:00Z" };
const other = invoice("OT-1", { customer: "CUST-9", date: "2025-04-03T10:00:00Z", lines: [{ sku: "SKU-B", qty: 3, unit: 40 }] });

async function contextOf(history: typeof original[]) {
  const config = modulesConfig();
  const ctx = await buildContext(memoryConnector({ transactions: history, reference }), config, Date.parse("2025-05-01T00:00:00Z"), undefined, "ledger");
  return { ctx, config, module: resolveModules(config).get("revenue_leakage")! };
}

describe("documentTwins", () => {
  test("the documents of the fingerprint when the cheap key occurs besides the document itself; none otherwise", async () => {
    const { ctx } = await contextOf([original, credit, reissue, other]);
    expect(documentTwins(ctx.history, reissue, ctx.history.entry("RI-2"))?.map((e) => e.id)).toEqual(["RI-1", "RI-2"]);
    // Only itself has its key: no twin, and the fingerprint is not looked up.
    expect(documentTwins(ctx.history, other, ctx.history.entry("OT-1"))).toBeUndefined();
    // Not in the history (an inline analysis of a copy): the two there are its twins.
    expect(documentTwins(ctx.history, { ...original, transaction_id: "NEW" }, undefined)?.map((e) => e.id)).toEqual(["RI-1", "RI-2"]);
  });

  test("an analysis looks the fingerprint up once, and judges as before", async () => {
    const { ctx, config, module } = await contextOf([original, credit, reissue]);
    const lookups = { n: 0 };
    const withFingerprint = ctx.history.withFingerprint.bind(ctx.history);
    ctx.history.withFingerprint = (fp: string) => (lookups.n++, withFingerprint(fp));
    // The re-issue of an invoice credited in full: neither a duplicate nor a stale price.
    expect(evaluateTransaction(reissue, ctx, module, config).anomalies).toEqual([]);
    expect(lookups.n).toBe(1);
    // Not credited: a duplicate (and the promotion's price after its window), with one lookup.
    const uncredited = await contextOf([original, reissue]);
    const seen = { n: 0 };
    const lookup = uncredited.ctx.history.withFingerprint.bind(uncredited.ctx.history);
    uncredited.ctx.history.withFingerprint = (fp: string) => (seen.n++, lookup(fp));
    const codes = evaluateTransaction(reissue, uncredited.ctx, uncredited.module, uncredited.config).anomalies.map((a) => a.code).sort();
    expect(codes).toEqual(["contract_price_outside_validity", "duplicate_invoice"]);
    expect(seen.n).toBe(1);
  });
});

// Every document of a large fingerprint group asks for the whole group: a vendor paid the same
// amount from the same account every day made each payment's twins anew — 4,000 such payments,
// 16 million entries made (their ids decoded from the history's table), 31.8 s for one scan.
describe("a large fingerprint group is made once", () => {
  test("2,000 payments of one vendor, amount and account: their twins made once, not once per payment; no copy among them", async () => {
    const payments = Array.from({ length: 2_000 }, (_, k) => ({
      transaction_id: `PAY-${k}`,
      type: "payment" as const,
      date: new Date(Date.UTC(2015, 0, 1) + k * 86_400_000).toISOString(),
      customer_id: "Acme Supply",
      currency: "USD",
      amount: 500,
      lines: [],
      attributes: { Account: "2000 Accounts Payable" },
    }));
    const config = modulesConfig();
    const ctx = await buildContext(memoryConnector({ transactions: payments }), config, Date.parse("2025-05-01T00:00:00Z"), undefined, "ledger");
    const module = resolveModules(config).get("duplicate_detection")!;
    let made = 0;
    const entryAt = ctx.history.entryAt.bind(ctx.history);
    ctx.history.entryAt = (seq: number) => (made++, entryAt(seq));
    let found = 0;
    for (const p of payments) found += evaluateTransaction(p, ctx, module, config).anomalies.filter((a) => a.code === "duplicate_payment").length;
    expect(found).toBe(0);
    // Made per payment: 4,000,000.
    expect(made).toBeLessThan(20_000);
    const twins = documentTwins(ctx.history, payments[7]!, ctx.history.entry("PAY-7"))!;
    expect(twins.length).toBe(2_000);
    expect(twins[7]!.id).toBe("PAY-7");
  });
});

// A group of identical documents spaced just beyond duplicate_detection.window_days is no habit
// and has no twin within the window: each document judged walked the whole group (the habit check
// and the search for its twin), 16,000 payments of one vendor and amount 8 days apart 12.7 s.
describe("a group spaced just beyond the window", () => {
  async function readsFor(n: number) {
    const payments = Array.from({ length: n }, (_, k) => ({
      transaction_id: `PAY-${k}`,
      type: "payment" as const,
      date: new Date(Date.UTC(1990, 0, 1) + k * 8 * 86_400_000).toISOString(),
      customer_id: "Acme Supply",
      currency: "USD",
      amount: 500,
      lines: [],
      attributes: { Account: "2000 Accounts Payable" },
    }));
    // A copy of payment 100 twelve hours after it: the one duplicate.
    const copy = { ...payments[100]!, transaction_id: "PAY-COPY", date: new Date(Date.parse(payments[100]!.date) + 43_200_000).toISOString() };
    const all = [...payments, copy];
    const config = modulesConfig();
    const ctx = await buildContext(memoryConnector({ transactions: all }), config, Date.parse("2100-01-01T00:00:00Z"), undefined, "ledger");
    const module = resolveModules(config).get("duplicate_detection")!;
    // Count the group's documents read (an index into the group's array, or a view of it).
    const counter = countElementReads(ctx.history, ["withFingerprint"]);
    const found: string[] = [];
    for (const p of all) for (const a of evaluateTransaction(p, ctx, module, config).anomalies) if (a.code === "duplicate_payment") found.push(`${p.transaction_id}:${(a.actual as { duplicate_of: string }).duplicate_of}`);
    expect(found).toEqual(["PAY-COPY:PAY-100"]);
    return counter.reads();
  }

  test("each document reads the documents within the window around it, not the group: the reads grow with the group, not with its square", async () => {
    const r1 = await readsFor(500);
    const r2 = await readsFor(1_000);
    const r4 = await readsFor(2_000);
    // Walked per document: 2 x n x n (2,000: about 8,000,000).
    expect(r1).toBeLessThan(30 * 500);
    expect(r2).toBeLessThan(30 * 1_000);
    expect(r4).toBeLessThan(30 * 2_000);
    expect(r4 / r1).toBeLessThan(6);
  });
});

// Twins that never pass for a reason of their own — invoices of one timesheet (billed once: its
// twin is a copy however long after) each credited in full and issued again — spaced beyond the
// window, so no habit: each invoice judged walked every earlier credited twin for the first that
// passes.
describe("a group of twins credited in full", () => {
  async function creditReadsFor(n: number) {
    const lines = [{ sku: "REG", qty: 40, unit: 27.38 }];
    const attributes = { "Timesheet ID": "TS-770100", "Week Ending": "03/08/2026" };
    const at = (k: number) => new Date(Date.UTC(2000, 0, 1, 15) + k * 8 * 86_400_000).toISOString();
    const docs: Transaction[] = [];
    for (let k = 0; k < n; k++) {
      docs.push({ ...invoice(`INV-${k}`, { customer: "C10376", date: at(k), lines }), attributes });
      docs.push({ ...invoice(`CN-${k}`, { customer: "C10376", date: at(k), type: "credit_note", reference: `INV-${k}`, lines }), attributes });
    }
    // Two invoices of it not credited: the second is the one duplicate.
    docs.push({ ...invoice("U-1", { customer: "C10376", date: at(n), lines }), attributes });
    docs.push({ ...invoice("U-2", { customer: "C10376", date: at(n + 1), lines }), attributes });
    const config = modulesConfig();
    const ctx = await buildContext(memoryConnector({ transactions: docs, reference }), config, Date.parse("2100-01-01T00:00:00Z"), undefined, "ledger");
    const module = resolveModules(config).get("duplicate_detection")!;
    const found: string[] = [];
    const reads = await countCalls(ctx.history.creditsByReference, "get", () => {
      for (const d of docs) for (const a of evaluateTransaction(d, ctx, module, config).anomalies) if (a.code === "duplicate_invoice") found.push(`${d.transaction_id}:${(a.actual as { duplicate_of: string }).duplicate_of}`);
    });
    expect(found).toEqual(["U-2:U-1"]);
    return reads;
  }

  test("the twins that can pass are found once per group: the credits read grow with the group, not with its square", async () => {
    const r1 = await creditReadsFor(200);
    const r2 = await creditReadsFor(400);
    const r4 = await creditReadsFor(800);
    // Walked per invoice: about n² / 2 (800: about 320,000).
    expect(r1).toBeLessThan(20 * 200);
    expect(r2).toBeLessThan(20 * 400);
    expect(r4).toBeLessThan(20 * 800);
    expect(r4 / r1).toBeLessThan(6);
  });
});
