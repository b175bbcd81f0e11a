// lookalike_counterparty: a counterparty whose name imitates an established one's (a fictitious
// vendor named one letter, a homoglyph or a punctuation mark off a real supplier). Every
// transaction of the newcomer is reported, naming the counterparty it resembles. High only when
// the imitation is close, the established counterparty is real (min_history transactions before
// the newcomer's first) and still active, and the newcomer is not itself long established;
// otherwise medium: a successor after a rename, another legal form of a group company, two
// long-standing parties with similar names, a name seen only a few times. Proves no loss.
import { DAY_MS, parseDateMs } from "../../dates.ts";
import type { Lookalike } from "../../names/counterparty-names.ts";
import type { Detector, Finding } from "../types.ts";

/** Evidence of a close imitation of a real counterparty (with the default weight: high), and of
 *  a resemblance that has an ordinary explanation as often as not (medium). */
const CLOSE_SCORE = 0.8;
const LOOSE_SCORE = 0.5;

export const lookalikeCounterpartyDetector: Detector = {
  codes: ["lookalike_counterparty"],
  history: "full",
  detect(input) {
    const { txn, ctx, config, self } = input;
    const names = ctx.history.counterpartyNames;
    if (names.nameField === undefined) return [];
    // Counterparties that appear in the history's first weeks were there before it began: which
    // of two came first, the history cannot tell (the warm-up of new_counterparty_large_amount).
    const notBefore = ctx.history.startMs + config.anomaly_detection.new_counterparty.warmup_days * DAY_MS;
    const found = names.lookalikeOf(txn, self ? self.ms : txn.date ? parseDateMs(txn.date) : Number.NaN, notBefore);
    return found ? [finding(found)] : [];
  },
};

function finding(l: Lookalike): Finding {
  const how =
    l.match.kind === "misspelt"
      ? `${l.match.edits} letter${l.match.edits > 1 ? "s" : ""} off`
      : l.match.kind === "other_legal_form"
        ? "the same name with another legal form"
        : l.match.kind === "identical"
          ? "the same name"
          : "the same name once case, spacing, punctuation and look-alike characters are set aside";
  const why =
    l.excuse === "renamed"
      ? "; the established counterparty's last transaction precedes it (a rename?)"
      : l.excuse === "few_before"
        ? "; the established counterparty has few transactions"
        : l.excuse === "both_established"
          ? "; both have long histories"
          : "";
  return {
    code: "lookalike_counterparty",
    score: l.close ? CLOSE_SCORE : LOOSE_SCORE,
    message: `counterparty "${l.name}" resembles "${l.establishedName}" (${l.established}, at least ${l.before} transactions before it): ${how}${why}`,
    field: "customer_id",
    expected: { established_counterparty: l.established, established_name: l.establishedName },
    actual: { name: l.name, resemblance: l.match.kind, edits: l.match.edits, transactions: l.count, established_before: l.before, renamed: l.renamed },
    amount_at_risk: 0,
  };
}
