// amount_outlier_habit: an amount far above what one value of a habit field (a store) usually
// posts to one account — a store's cash over/short forty times its own, a returns day ten times
// its own — after the business's movement that day across the field's values (habit-amounts.ts:
// Black Friday, December, January's returns lift every store at once and are nobody's anomaly).
// Read only for the fields configured as rare_combination.habit_fields, with the ledger's account
// field; zero-config has none and never reports it.
//
// A norm must be established before it judges: at least outlier.min_history postings of the pair
// on earlier days (a store's first weeks, its opening stock transfer, are its start, not an
// outlier). A pair's last posting after which it fell silent while the ledger went on is its end
// (a closed store's stock sent back to the distribution centre, its lease termination), not an
// outlier either. And the amount must be material for so narrow a context: at least
// MIN_RATIO × the pair's usual, besides a robust z of outlier.threshold — or 25× the usual where
// the pair's spread is coherent (the ratio speaks, as in amount-outlier.ts). A debit and a credit
// to one account are two flows, each with its own norm; an account fewer than DAY_PEERS values
// post to (on that side) is theirs alone and amount_outlier_attribute's; a line naming a
// counterparty is the counterparty's. Proves no loss.
import { round2 } from "../../../domain/rounding.ts";
import { parseDateMs } from "../../dates.ts";
import { DAY_PEERS } from "../../habit-amounts.ts";
import { round4 } from "../../stats.ts";
import type { Detector, Finding } from "../types.ts";
import { ratioSupport } from "./support.ts";

/** The least ratio to the pair's usual that is reported: a narrow context moves by a few × (a
 *  lease's last rent with its fee) without anything being wrong. */
const MIN_RATIO = 5;
/** 25× the usual is decisive alone where the pair's spread is coherent (log scale ≤ 1.25). */
const DECISIVE_RATIO = 25;
const RATIO_MAX_SCALE = 1.25;
/** A pair silent after the entry is at its end only if the ledger went on this many days more. */
const END_QUIET_DAYS = 7;

export const habitAmountDetector: Detector = {
  codes: ["amount_outlier_habit"],
  history: "full",
  detect(input) {
    const { txn, ctx, config } = input;
    const store = ctx.history.habitAmounts;
    // A line naming a counterparty (a vendor's bill, its payment) is judged by the counterparty's
    // own amounts and its document's other lines (amount-outlier.ts): a store's bills mix rent,
    // utilities and the occasional capital project. The store's norm is for its own flows — its
    // takings, tenders, returns, over/short, payroll — which name none.
    if (store.size === 0 || !txn.date || txn.customer_id) return [];
    const amount = Math.abs(txn.amount ?? 0);
    const ms = parseDateMs(txn.date);
    if (!(amount > 0) || Number.isNaN(ms)) return [];
    const cfg = config.anomaly_detection.outlier;
    const { values, codes } = input.categorical();
    const day = Math.floor(ms / 86_400_000);
    const lastDay = ctx.history.postingDays.lastDay;
    let best: Finding | undefined;
    for (const j of store.judge(codes, txn.currency ?? "", ms, txn.amount ?? 0)) {
      // An account only a few of the field's values post to is theirs alone: its own context
      // (amount_outlier_attribute) judges it; a store's norm speaks where stores are peers.
      if (j.values < DAY_PEERS) continue;
      if (j.before < cfg.min_history) continue;
      if (j.after === 0 && lastDay - day > END_QUIET_DAYS) continue;
      if (j.ratio < MIN_RATIO) continue;
      const decisive = j.ratio >= DECISIVE_RATIO && j.scale <= RATIO_MAX_SCALE;
      if (j.z < cfg.threshold && !decisive) continue;
      const fromZ = j.z >= cfg.threshold ? Math.min(1, 0.5 + (0.5 * (j.z - cfg.threshold)) / cfg.threshold) : 0;
      const decades = Math.log10(j.ratio);
      const fromRatio = decisive ? 0.7 + 0.3 * Math.min(1, (decades - 1.4) / 0.6, ratioSupport(j.z, cfg.threshold)) : 0;
      const score = Math.max(fromZ, fromRatio);
      if (best && best.score >= score) continue;
      const habitValue = values[j.habit]!;
      const accountValue = values[j.account]!;
      const level = Math.abs(j.dayFactor - 1) < 0.005 ? "" : `; that day the account ran at ${round2(j.dayFactor)}× its usual across ${j.habitField}, which is allowed for`;
      best = {
        code: "amount_outlier_habit",
        score: round4(score),
        message:
          `amount ${round2(amount)} is ${round2(j.ratio)}× what ${j.habitField} "${habitValue}" usually posts to ${j.accountField} "${accountValue}" as a ${j.credit ? "credit" : "debit"} ` +
          `(usual ${round2(j.usual * j.dayFactor)} over its ${j.n} postings, robust z ${round2(j.z)})${level}`,
        field: `${j.habitField},${j.accountField}`,
        expected: { usual: round2(j.usual * j.dayFactor), postings: j.n, postings_before: j.before, threshold: cfg.threshold },
        actual: { [j.habitField]: habitValue, [j.accountField]: accountValue, side: j.credit ? "credit" : "debit", amount: round2(amount), ratio: round2(j.ratio), z: round2(j.z) },
        amount_at_risk: 0,
      };
    }
    return best ? [best] : [];
  },
};
