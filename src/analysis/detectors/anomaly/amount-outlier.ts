// amount_outlier_customer / amount_outlier_sku: the amount is far from the customer's own
// history, or a line amount far from its SKU's history, on a log scale with the median and the
// MAD (robust z-score); by default only amounts far above the usual (outlier.two_sided: false).
// A few earlier outliers cannot hide a new one the way they would inflate a standard deviation. Outliers prove no loss: amount at risk 0.
import { round2, roundMoney } from "../../../domain/rounding.ts";
import { logAmount, ramp, robustZ, round4, type RobustSummary } from "../../stats.ts";
import type { Detector, Finding } from "../types.ts";

export const amountOutlierDetector: Detector = {
  codes: ["amount_outlier_customer", "amount_outlier_sku"],
  history: "full",
  detect({ txn, ctx, config }) {
    const cfg = config.anomaly_detection.outlier;
    const out: Finding[] = [];
    const amount = Math.abs(txn.amount ?? 0);
    const customer = txn.customer_id ? ctx.history.customerAmounts.get(txn.customer_id) : undefined;
    if (customer && customer.n >= cfg.min_history && amount > 0) {
      const z = robustZ(logAmount(amount), customer);
      if (beyond(z, cfg)) {
        out.push({
          code: "amount_outlier_customer",
          score: ramp(Math.abs(z), cfg.threshold, cfg.threshold),
          message: `amount ${amount} is ${z > 0 ? "far above" : "far below"} customer ${txn.customer_id}'s usual ${typical(customer)} (robust z ${round2(z)})`,
          field: "amount",
          expected: { typical: typical(customer), robust_z_below: cfg.threshold, history: customer.n },
          actual: { amount, robust_z: round4(z) },
          amount_at_risk: 0,
        });
      }
    }
    let worst: { index: number; z: number; s: RobustSummary; amount: number; sku: string } | undefined;
    txn.lines.forEach((line, index) => {
      if (!line.sku || !line.amount) return;
      const s = ctx.history.skuLineAmounts.get(line.sku);
      if (!s || s.n < cfg.min_history) return;
      const z = robustZ(logAmount(line.amount), s);
      if (beyond(z, cfg) && (!worst || Math.abs(z) > Math.abs(worst.z))) worst = { index, z, s, amount: line.amount, sku: line.sku };
    });
    if (worst) {
      out.push({
        code: "amount_outlier_sku",
        score: ramp(Math.abs(worst.z), cfg.threshold, cfg.threshold),
        message: `line amount ${worst.amount} for ${worst.sku} is ${worst.z > 0 ? "far above" : "far below"} its usual ${typical(worst.s)} (robust z ${round2(worst.z)})`,
        field: `lines[${worst.index}].amount`,
        expected: { typical: typical(worst.s), robust_z_below: cfg.threshold, history: worst.s.n },
        actual: { amount: worst.amount, robust_z: round4(worst.z) },
        amount_at_risk: 0,
      });
    }
    return out;
  },
};

function beyond(z: number, cfg: { threshold: number; two_sided: boolean }): boolean {
  return cfg.two_sided ? Math.abs(z) >= cfg.threshold : z >= cfg.threshold;
}

/** The history's median amount, back on the money scale. */
function typical(s: RobustSummary): number {
  return roundMoney(Math.exp(s.median));
}
