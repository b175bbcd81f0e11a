// The sample data set is deterministic and clean: the invariants the analysis tests rely on.
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { parseConfig } from "../../src/config/load.ts";
import { ConnectorRegistry } from "../../src/connectors/registry.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { silentLogger } from "../../src/log.ts";
import { roundMoney } from "../../src/domain/rounding.ts";
import { generateDataset, MAX_POLICY_DISCOUNT_PCT } from "../../src/sampledata/generate.ts";
import { writeLargeInvoiceCsv } from "../../src/sampledata/write.ts";
import { makeTempDir } from "../support/harness.ts";

const data = generateDataset({ seed: 42, invoices: 400 });

describe("generateDataset", () => {
  test("is deterministic for a seed and differs across seeds", () => {
    expect(generateDataset({ seed: 42, invoices: 400 })).toEqual(data);
    expect(generateDataset({ seed: 43, invoices: 400 })).not.toEqual(data);
  });

  test("has the requested invoices, a few credit notes, several currencies and unique ids", () => {
    const invoices = data.transactions.filter((t) => t.type === "invoice");
    const notes = data.transactions.filter((t) => t.type === "credit_note");
    expect(invoices).toHaveLength(400);
    expect(notes.length).toBeGreaterThan(2);
    expect(notes.length).toBeLessThan(40);
    expect(new Set(data.transactions.map((t) => t.currency)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(data.transactions.map((t) => t.transaction_id)).size).toBe(data.transactions.length);
    expect(invoices.filter((t) => t.lines.length > 1).length).toBeGreaterThan(200);
  });

  test("every price is the valid contract price or list less at most the policy discount", () => {
    let contracted = 0;
    for (const t of data.transactions.filter((x) => x.type === "invoice")) {
      const day = t.date!.slice(0, 10);
      for (const line of t.lines) {
        const contract = data.reference.contracts.find(
          (c) => c.customer_id === t.customer_id && c.sku === line.sku && c.valid_from! <= day && day <= c.valid_to!,
        );
        const list = data.reference.price_list.find((p) => p.sku === line.sku && p.currency === t.currency)!;
        expect(line.list_price).toBe(list.list_price);
        if (contract) {
          contracted++;
          expect(line.unit_price).toBe(contract.price);
          expect(contract.currency).toBe(t.currency);
        } else {
          expect(line.unit_price!).toBeGreaterThanOrEqual(roundMoney(list.list_price * (1 - MAX_POLICY_DISCOUNT_PCT / 100)));
          expect(line.unit_price!).toBeLessThanOrEqual(list.list_price);
        }
        expect(line.amount).toBe(roundMoney(line.quantity! * line.unit_price!));
      }
    }
    expect(contracted).toBeGreaterThan(10);
  });

  test("totals, tax, approvals and business hours are exact", () => {
    for (const t of data.transactions) {
      expect(t.amount).toBe(roundMoney(t.lines.reduce((s, l) => s + l.amount!, 0)));
      expect(t.tax_amount).toBe(roundMoney(t.amount! * t.tax_rate!));
      expect(t.created_by).not.toBe(t.approved_by);
      const d = new Date(t.date!);
      expect([0, 6]).not.toContain(d.getUTCDay());
      expect(d.getUTCHours()).toBeGreaterThanOrEqual(8);
      expect(d.getUTCHours()).toBeLessThan(18);
    }
  });

  test("every shipment is billed in full and credit notes never exceed their invoice", () => {
    const shipped = new Map<string, number>();
    for (const s of data.reference.shipments) shipped.set(`${s.transaction_id}|${s.sku}`, (shipped.get(`${s.transaction_id}|${s.sku}`) ?? 0) + s.quantity);
    const byId = new Map(data.transactions.map((t) => [t.transaction_id, t]));
    for (const t of data.transactions) {
      if (t.type === "invoice") {
        for (const l of t.lines) expect(shipped.get(`${t.transaction_id}|${l.sku}`)).toBe(l.quantity!);
      } else {
        const invoice = byId.get(t.reference!)!;
        expect(invoice.type).toBe("invoice");
        expect(t.amount!).toBeLessThanOrEqual(invoice.amount!);
        expect(t.date! > invoice.date!).toBe(true);
      }
    }
    expect(shipped.size).toBe(data.transactions.filter((t) => t.type === "invoice").reduce((n, t) => n + t.lines.length, 0));
  });
});

describe("writeLargeInvoiceCsv", () => {
  test("streams exactly the requested lines with unique transaction ids, readable by the csv connector", async () => {
    const dir = makeTempDir("assay-large-");
    const written = await writeLargeInvoiceCsv(`${dir}/big.csv`, { lines: 12_345 });
    expect(written.lines).toBe(12_345);
    const registry = new ConnectorRegistry(parseConfig(`connectors:\n  - { id: big, type: csv, transactions: ./big.csv }\n`, `${dir}/a.yaml`, {}), {
      log: silentLogger,
      clock: systemClock,
    });
    let lines = 0;
    const ids = new Set<string>();
    for await (const t of registry.get("big")!.scan()) {
      lines += t.lines.length;
      ids.add(t.transaction_id);
    }
    expect(lines).toBe(12_345);
    expect(ids.size).toBe(written.transactions);
    expect(registry.get("big")!.mappingReport().rejected_rows).toBe(0);
    await registry.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
