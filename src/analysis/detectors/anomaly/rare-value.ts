// rare_value: a categorical value (currency, posting key, account, user…) that the connector's
// history has (almost) never seen, in a field whose values normally repeat many times. Fields
// where every value is rare by nature (ids) are skipped by that second condition, and so is a
// value whose template (its digits masked) is shared by values that do not repeat: an identifier
// written into routine text (numbered-values.ts). Proves no loss.
import { round2 } from "../../../domain/rounding.ts";
import type { Detector, Finding } from "../types.ts";
import { identifierOfItsTemplate } from "./numbered-values.ts";
import { chanceSeenOnce, leastEstablished, NEVER_SEEN_CHANCE } from "./support.ts";

/** Values must repeat at least this often on average for a never-seen value to be remarkable. */
const MIN_AVERAGE_REPEAT = 20;
/** Uses below this share of a value's average use count as no use at all. */
const NEGLIGIBLE_SHARE = 0.0005;

export const rareValueDetector: Detector = {
  codes: ["rare_value"],
  history: "full",
  detect(input) {
    const { ctx, config, self } = input;
    const cfg = config.anomaly_detection.rare_value;
    const h = ctx.history;
    if (h.size < cfg.min_history) return [];
    const inHistory = self ? 1 : 0;
    let best: Finding | undefined;
    const { values, codes } = input.categorical();
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === undefined) continue;
      const total = h.fieldTotals[i]! - inHistory;
      const distinct = h.distinctValues(i);
      const repeat = total / Math.max(1, distinct - inHistory);
      if (total < cfg.min_history || repeat < MIN_AVERAGE_REPEAT) continue;
      const seen = h.codeCount(i, codes[i]!) - inHistory;
      if (seen > Math.max(cfg.max_count, NEGLIGIBLE_SHARE * repeat)) continue;
      // A stock number in a memo ("LIEN PAYOFF U25F5938") where every such memo names another
      // car: the values of its template do not repeat, so a new one is no rarity (numbered-values.ts).
      if (identifierOfItsTemplate(h, i, value, MIN_AVERAGE_REPEAT)) continue;
      // A never-seen value where values repeat is decisive: enough for "high" (0.75 × 0.8) alone.
      // A value seen once or twice before is weaker evidence (a legitimately rare account): worth
      // a look (medium), not an alarm.
      // "Practically never used" also covers a few uses where a value is normally used thousands
      // of times (a posting key seen 5 times where keys are used 25,000 times each).
      // Only where the history is long enough: if the field's least-used established value
      // (used λ times) could have stayed unseen but once by chance, so could a legitimate
      // value here — a short ledger of a long-tailed chart of accounts (support.ts).
      const least = seen <= NEGLIGIBLE_SHARE * repeat ? leastEstablished(h, i, value, NEGLIGIBLE_SHARE * repeat) : Number.POSITIVE_INFINITY;
      const unsupported = chanceSeenOnce(least) > NEVER_SEEN_CHANCE;
      const practicallyNever = (seen <= 0 || seen <= NEGLIGIBLE_SHARE * repeat) && !unsupported;
      const score = Math.min(1, 0.75 + 0.25 * Math.min(1, Math.log10(repeat / MIN_AVERAGE_REPEAT) / 2)) * (practicallyNever ? 1 : 0.7);
      if (best && best.score >= score) continue;
      best = {
        code: "rare_value",
        score,
        message:
          `${h.fields[i]} "${value}" seen ${seen} time(s) in ${total} transactions, where a value repeats ${round2(repeat)} times on average` +
          (unsupported ? `; but another value is used only ${least} times, so the history is too short to call it never used` : ""),
        field: h.fields[i]!,
        expected: { min_count: cfg.max_count + 1, average_count: round2(repeat) },
        actual: { value, count: seen },
        amount_at_risk: 0,
      };
    }
    return best ? [best] : [];
  },
};
