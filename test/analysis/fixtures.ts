// Small, readable fixtures for detector tests: a price list, contracts (one current, one expired,
// a renewal pair, a promotion) and an invoice builder that keeps amounts and tax consistent.
import type { ModulesConfig } from "../../src/analysis/config-schema.ts";
import type { Anomaly } from "../../src/domain/analysis.ts";
import type { ReferenceData, Transaction } from "../../src/domain/transaction.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";
import { BilledComponents } from "../../src/analysis/detectors/leakage/billed-components.ts";
import { ServiceHistoryFindings } from "../../src/analysis/detectors/leakage/service-history.ts";

export const reference: ReferenceData = {
  price_list: [
    { sku: "SKU-A", list_price: 100, currency: "USD" },
    { sku: "SKU-B", list_price: 50, currency: "USD" },
    { sku: "SKU-A", list_price: 90, currency: "EUR" },
  ],
  contracts: [
    { contract_id: "CTR-1", customer_id: "CUST-1", sku: "SKU-A", price: 80, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", max_discount_pct: 25 },
    { contract_id: "CTR-OLD", customer_id: "CUST-2", sku: "SKU-A", price: 70, currency: "USD", valid_from: "2024-01-01", valid_to: "2024-12-31", max_discount_pct: 30 },
    { contract_id: "CTR-3A", customer_id: "CUST-3", sku: "SKU-A", price: 70, currency: "USD", valid_from: "2024-01-01", valid_to: "2024-12-31", max_discount_pct: 30 },
    { contract_id: "CTR-3B", customer_id: "CUST-3", sku: "SKU-A", price: 75, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", max_discount_pct: 30 },
    { contract_id: "PROMO-B", customer_id: "*", sku: "SKU-B", price: 40, currency: "USD", valid_from: "2025-03-01", valid_to: "2025-03-31" },
  ],
  shipments: [],
};

export interface LineSpec {
  sku: string;
  qty: number;
  unit: number;
  list?: number;
  disc?: number;
}

export function invoice(id: string, o: { customer?: string; date?: string; currency?: string; lines: LineSpec[]; taxRate?: number; tax?: number; type?: Transaction["type"]; reference?: string; created_by?: string; approved_by?: string }): Transaction {
  const lines = o.lines.map((l) => {
    const list = l.list ?? (l.sku === "SKU-A" ? 100 : 50);
    return { sku: l.sku, quantity: l.qty, unit_price: l.unit, list_price: list, discount_pct: l.disc ?? Math.round(((list - l.unit) / list) * 10000) / 100, amount: Math.round(l.qty * l.unit * 100) / 100 };
  });
  const amount = Math.round(lines.reduce((s, l) => s + l.amount, 0) * 100) / 100;
  const taxRate = o.taxRate ?? 0.08;
  return {
    transaction_id: id,
    type: o.type ?? "invoice",
    date: o.date ?? "2025-06-11T10:00:00Z",
    customer_id: o.customer ?? "CUST-9",
    currency: o.currency ?? "USD",
    amount,
    tax_rate: taxRate,
    tax_amount: o.tax ?? Math.round(amount * taxRate * 100) / 100,
    created_by: o.created_by ?? "alice",
    approved_by: o.approved_by ?? "bruno",
    ...(o.reference ? { reference: o.reference } : {}),
    lines,
  };
}

/** Analyses `txn` inline against a connector holding `history` and `ref`. */
export async function analyse(txn: Transaction, o: { module?: string; history?: Transaction[]; ref?: Partial<ReferenceData>; config?: ModulesConfig } = {}) {
  const connector = memoryConnector({ transactions: o.history ?? [], reference: { ...reference, ...o.ref } });
  const { engine } = makeEngine([connector], o.config ?? modulesConfig());
  return engine.analyze({ accountId: "acct_test", connector: "mem", module: o.module ?? "revenue_leakage", data: txn as unknown as Record<string, unknown> });
}

export const codes = (anomalies: Anomaly[]) => anomalies.map((a) => a.code).sort();

/** The whole-history service findings (usage stopped, components and rental periods) of `txns`, as "code:amount_at_risk" by transaction. */
export function serviceHistoryFindings(txns: Transaction[]): Map<string, string[]> {
  const billed = new BilledComponents();
  for (const t of txns) billed.add(t);
  const found = ServiceHistoryFindings.of(billed, 0.01);
  const out = new Map<string, string[]>();
  for (const t of txns) {
    const f = found.findingsFor(t.transaction_id);
    if (f.length > 0) out.set(t.transaction_id, f.map((x) => `${x.code}:${x.amount_at_risk}`));
  }
  return out;
}
