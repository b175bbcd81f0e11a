// Builds what a rule sees for one transaction: the canonical transaction (absent fields read as
// "" or 0, as CEL reads unset protobuf fields), the connector's reference data for its customer
// and SKUs, history aggregates, and the findings so far. Built once per transaction and only as
// far as the module's rules read it.
import { roundMoney } from "../../domain/rounding.ts";
import type { Transaction } from "../../domain/transaction.ts";
import type { AnalysisContext } from "../context.ts";
import { dayOf } from "../dates.ts";
import type { Finding } from "../detectors/types.ts";
import { validOn } from "../reference-index.ts";
import { RuleContract, RuleFinding, RuleHistory, RuleLine, RuleRef, RuleTxn } from "./environment.ts";

const NO_REF = new RuleRef([], new Map(), new Map());
const NO_HISTORY = new RuleHistory(0n, 0n, 0, 0);

const NO_ATTRIBUTES: ReadonlyMap<string, unknown> = new Map();

export function ruleTxn(t: Transaction): RuleTxn {
  let mostLineAttributes = 0;
  const lines = t.lines.map((l) => {
    const attributes = l.attributes ? new Map(Object.entries(l.attributes)) : (NO_ATTRIBUTES as Map<string, unknown>);
    if (attributes.size > mostLineAttributes) mostLineAttributes = attributes.size;
    return new RuleLine(
      l.sku ?? "",
      l.unit ?? "",
      l.quantity ?? 0,
      l.unit_price ?? 0,
      l.list_price ?? 0,
      l.discount_pct ?? 0,
      l.amount ?? 0,
      l.base_sku ?? l.sku ?? "",
      l.adjustment_reason ?? "",
      l.description ?? "",
      l.contract_id ?? "",
      l.date ?? "",
      l.work_date ?? "",
      attributes,
    );
  });
  return new RuleTxn(
    t.transaction_id,
    t.type,
    t.date ?? "",
    t.customer_id ?? "",
    t.currency ?? "",
    t.amount ?? 0,
    t.tax_amount ?? 0,
    t.tax_rate ?? 0,
    t.contract_id ?? "",
    t.reference ?? "",
    t.created_by ?? "",
    t.approved_by ?? "",
    lines,
    new Map(Object.entries(t.attributes ?? {})),
    mostLineAttributes,
  );
}

export function ruleRef(t: Transaction, ctx: AnalysisContext | undefined): RuleRef {
  if (!ctx) return NO_REF;
  const day = dayOf(t.date);
  const contracts: RuleContract[] = [];
  const seen = new Set<unknown>();
  const listPrices = new Map<string, number>();
  for (const line of t.lines) {
    if (!line.sku) continue;
    // A line's code with a modifier no row prices is priced by its base code (ReferenceIndex.pricingSku).
    const priced = ctx.reference.pricingSku(line)!;
    for (const c of ctx.reference.contractsFor(t.customer_id, priced, t.contract_id)) {
      if (seen.has(c)) continue;
      seen.add(c);
      contracts.push(
        new RuleContract(c.contract_id, c.customer_id, c.sku, c.price, c.currency ?? "", c.valid_from ?? "", c.valid_to ?? "", c.max_discount_pct ?? 0, c.min_quantity ?? 0, c.unit ?? "", validOn(c, day)),
      );
    }
    const list = ctx.reference.listPrice(priced, t.currency, day, line.unit);
    if (list !== undefined) listPrices.set(line.sku, list);
  }
  const shipped = ctx.reference.shippedFor(t.transaction_id);
  return new RuleRef(contracts, listPrices, shipped ? new Map(shipped) : new Map());
}

export function ruleHistory(t: Transaction, ctx: AnalysisContext | undefined): RuleHistory {
  if (!ctx) return NO_HISTORY;
  const h = ctx.history;
  const customer = t.customer_id ? h.customerAmounts.get(t.customer_id) : undefined;
  const count = t.customer_id ? (h.customerCounts.get(t.customer_id) ?? 0) : 0;
  // The summary is of log amounts: the median of the logs is the log of the median.
  const median = customer && customer.n > 0 ? roundMoney(Math.exp(customer.median)) : 0;
  return new RuleHistory(BigInt(h.size), BigInt(count), median, h.sortedAmounts.length > 0 ? h.amountQuantile(0.95) : 0);
}

export function ruleFindings(findings: readonly Finding[]): RuleFinding[] {
  return findings.map((f) => new RuleFinding(f.code, f.score, f.amount_at_risk));
}
