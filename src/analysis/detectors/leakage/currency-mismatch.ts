// currency_mismatch: the invoice is in a currency other than that of the contract in force for
// its customer and SKU (or the contract it names). Prices cannot be compared across currencies,
// so the pricing rules skip such lines, and no loss is proven: the amount at risk is 0.
import type { Detector } from "../types.ts";

export const currencyMismatchDetector: Detector = {
  codes: ["currency_mismatch"],
  history: "none",
  detect(input) {
    const { txn } = input;
    if (txn.type !== "invoice" || !txn.currency) return [];
    const conflict = input.lines().find((f) => f.foreignTerms && !f.terms);
    if (!conflict) return [];
    const c = conflict.foreignTerms!;
    return [
      {
        code: "currency_mismatch",
        score: 0.9,
        message: `invoiced in ${txn.currency} but contract ${c.contract_id} for ${conflict.sku} is in ${c.currency}`,
        field: "currency",
        expected: { currency: c.currency, contract_id: c.contract_id },
        actual: { currency: txn.currency },
        amount_at_risk: 0,
      },
    ];
  },
};
