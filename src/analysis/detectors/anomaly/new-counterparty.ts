// new_counterparty_large_amount: the first transaction of a counterparty (none of its transactions
// comes earlier in the history) with an amount above a high quantile of all amounts. Only judged
// once the history covers warmup_days before the transaction, so that the first weeks of a
// history do not make every customer look new; a counterparty that continues a renamed one
// (names/counterparty-names.ts) is not new. Proves no loss.
//
// The group's own companies are no new outside parties: a counterparty that is one of the
// ledger's companies (a value of the field that plays the company's part for amounts) is an
// intercompany partner — a subsidiary's first capital contribution or management fee — which an
// auditor reconciles between the entities, not a new vendor or customer to vet.
//
// Nor is a new counterparty unusual where most entries of its kind (type, ledger account and
// side) are a counterparty's first: a car dealer's retail deals, nearly every buyer new
// (first-counterparties.ts). Where first entries are rare — a supplier's bill, a refund paid out —
// a new counterparty with a large amount is still found.
import { roundMoney } from "../../../domain/rounding.ts";
import { before, type HistoryStats } from "../../history.ts";
import type { Detector } from "../types.ts";
import { DAY_MS } from "../../dates.ts";
import { ledgerAccountOf } from "../../account-field.ts";
import { entryKind } from "../../first-counterparties.ts";

/** Whether the counterparty is one of the ledger's own companies (a value of its company field). */
function ownCompany(h: HistoryStats, counterparty: string): boolean {
  const field = h.amounts.scopeField;
  const k = field === null ? -1 : h.fields.indexOf(field);
  return k >= 0 && h.valueCount(k, counterparty) > 0;
}

export const newCounterpartyDetector: Detector = {
  codes: ["new_counterparty_large_amount"],
  history: "full",
  detect(input) {
    const { txn, ctx, config, self } = input;
    const moment = input.moment();
    const cfg = config.anomaly_detection.new_counterparty;
    const h = ctx.history;
    if (!txn.customer_id || !moment || h.size === 0) return [];
    if (moment.ms - h.startMs < cfg.warmup_days * DAY_MS) return [];
    const first = h.customerFirst.get(txn.customer_id);
    const isNew = !first || first.id === txn.transaction_id || (self ? before(self, first) : moment.ms < first.ms);
    if (!isNew || ownCompany(h, txn.customer_id)) return [];
    // A kind of entry most of whose entries are a counterparty's first (a dealer's retail deal):
    // a new counterparty is its routine there (first-counterparties.ts).
    if (h.firstCounterparties.routine(entryKind(txn, ledgerAccountOf(txn.attributes)), self !== undefined)) return [];
    // A supplier renamed (the old name stops, a name like it carries on) is no new counterparty.
    if (h.counterpartyNames.lookalikeOf(txn, moment.ms)?.renamed) return [];
    const amount = Math.abs(txn.amount ?? 0);
    const large = h.amountQuantile(cfg.amount_quantile);
    if (!(amount > large)) return [];
    return [
      {
        code: "new_counterparty_large_amount",
        score: Math.min(1, 0.6 + 0.4 * Math.min(1, Math.log10(amount / large))),
        message: `first transaction of ${txn.customer_id} is ${amount}, above the ${cfg.amount_quantile * 100}th percentile (${roundMoney(large)})`,
        field: "customer_id",
        expected: { amount_at_most: roundMoney(large) },
        actual: { customer_id: txn.customer_id, amount, earlier_transactions: 0 },
        amount_at_risk: 0,
      },
    ];
  },
};
