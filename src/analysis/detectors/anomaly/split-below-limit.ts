// split_below_approval_limit: the transaction is one of two or more pieces, each just under an
// approval limit, posted to the same counterparty within a few days and together above the limit —
// a purchase or payment cut so that no piece needs the higher approval (split-groups.ts finds the
// groups). The limits are the configured ones (anomaly_detection.split_below_limit.limits, else
// compliance.approver_limits and default_approver_limit); without any, the round tiers
// (approval-tiers.ts). High only on strong evidence: pieces unusual for the counterparty (its
// other postings of the kind stay below them) under a limit that is configured or that the
// ledger is seen to avoid. At a round tier without that evidence, unusual pieces are medium and
// usual ones nothing; under a configured or avoided limit, usual ones are medium. Only
// transactions of the history are judged (a piece's partners are found there). Proves no loss.
import { roundMoney } from "../../../domain/rounding.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import { money, type Detector, type Finding } from "../types.ts";
import { MIN_OTHERS, type SplitGroup, type SplitSettings, splitGroups } from "./split-groups.ts";

/** Strong evidence: with the default weight (0.75) a contribution of 0.64, high. */
const STRONG = 0.85;
/** Weak evidence: 0.34, medium. */
const WEAK = 0.45;
/** More than two pieces, or one user entering them all, adds to strong evidence. */
const FURTHER = 0.05;

/** Per configuration (a scan asks once per transaction: no settings object and key each time). */
const settingsOf = new WeakMap<ModulesConfig, SplitSettings>();

/** The settings of a configuration: configured limits first, then the approvers' limits. */
export function splitSettings(config: ModulesConfig): SplitSettings {
  let settings = settingsOf.get(config);
  if (!settings) settingsOf.set(config, (settings = settingsOfConfig(config)));
  return settings;
}

function settingsOfConfig(config: ModulesConfig): SplitSettings {
  const cfg = config.anomaly_detection.split_below_limit;
  const compliance = config.compliance;
  let limits: SplitSettings["limits"] = cfg.limits;
  if (limits === "auto") {
    const approvers = [...Object.values(compliance.approver_limits), ...(compliance.default_approver_limit === null ? [] : [compliance.default_approver_limit])];
    if (approvers.length > 0) limits = approvers;
  }
  return { limits, band: cfg.band, windowDays: cfg.window_days };
}

export const splitBelowLimitDetector: Detector = {
  codes: ["split_below_approval_limit"],
  history: "full",
  detect({ txn, ctx, config, self }) {
    if (!self || !txn.customer_id) return [];
    const group = splitGroups(ctx.history.splitPostings, splitSettings(config)).groupOf.get(self.seq);
    if (!group) return [];
    const score = scoreOf(group);
    if (score === 0) return [];
    const told = findingOf.get(group) ?? finding(group, score, (seq) => ctx.history.entryAt(seq).id);
    findingOf.set(group, told);
    // Each piece gets its own copy: a finding is the transaction's (the engine adds to it).
    return [{ ...told, expected: { ...(told.expected as object) }, actual: { ...(told.actual as object) } }];
  },
};

function scoreOf(g: SplitGroup): number {
  const oneUser = g.pieces[0]!.user !== undefined && g.pieces.every((p) => p.user === g.pieces[0]!.user);
  if (g.limitSource !== "round") {
    if (!g.unusual) return WEAK;
    return Math.min(1, STRONG + (g.pieces.length > 2 ? FURTHER : 0) + (oneUser ? FURTHER : 0));
  }
  // At a round tier nobody configured and the ledger does not show avoided, the tier is only a
  // likely limit: medium at most. "One user entered every piece" was tried as strong evidence and
  // is none where one payables clerk enters all of a vendor's bills: on an independent
  // Business Central ledger it raised 5–8 chance pairs a seed to high (docs/quality.md).
  if (!g.unusual) return 0;
  return WEAK;
}

/** Per group, its finding, made for the first piece asked and copied for the others: a long run
 *  (a supplier at the level every day, under a configured limit) has dozens of pieces, each
 *  listing all of them. */
const findingOf = new WeakMap<SplitGroup, Finding>();

/** Pieces listed in the message (all of them stay in `actual.pieces`). */
const LISTED = 10;

function finding(g: SplitGroup, score: number, idAt: (seq: number) => string): Finding {
  const days = (g.pieces[g.pieces.length - 1]!.ms - g.pieces[0]!.ms) / 86_400_000;
  const pieces = g.pieces.map((p) => {
    const id = idAt(p.seq);
    return { transaction_id: id, document: p.document, amount: roundMoney(p.amount), user: p.user ?? null };
  });
  const list = pieces
    .slice(0, LISTED)
    .map((p) => `${p.document} ${money(p.amount)}`)
    .join(", ") + (pieces.length > LISTED ? ` and ${pieces.length - LISTED} more` : "");
  const cur = g.currency ? ` ${g.currency}` : "";
  const limitWord = g.limitSource === "configured" ? "approval limit" : g.limitSource === "confirmed" ? "approval limit (a round tier this ledger's amounts avoid)" : "round amount (a possible approval limit)";
  const ofKind = g.acrossKinds ? "of any kind (of this kind it has too few)" : "of this kind";
  const usual =
    g.others === 0 && g.unusual
      ? `${g.counterparty} has no other postings: new to the ledger`
      : g.others < MIN_OTHERS
      ? `${g.counterparty} has too few other postings ${ofKind} (${g.others}) to say what is usual`
      : g.unusual
        ? `only ${g.othersAtLevel} of ${g.counterparty}'s ${g.others} other postings ${ofKind} reach ${money(g.floor)}`
        : `${g.othersAtLevel} of ${g.counterparty}'s ${g.others} other postings ${ofKind} reach ${money(g.floor)}: usual for it`;
  const credited = g.credited > 0 ? ` after ${money(g.credited)} of credit notes` : "";
  return {
    code: "split_below_approval_limit",
    score,
    message: `${g.pieces.length} pieces under the ${limitWord} ${money(g.limit)}${cur} to ${g.counterparty} within ${roundMoney(days)} days, together ${money(g.total)}${credited}: ${list}; ${usual}`,
    field: "amount",
    expected: { group_total_at_most: g.limit },
    actual: { limit: g.limit, limit_source: g.limitSource, group_total: roundMoney(g.total), credited: roundMoney(g.credited), pieces, counterparty: g.counterparty, other_postings: g.others, other_postings_at_level: g.othersAtLevel },
    amount_at_risk: 0,
  };
}
