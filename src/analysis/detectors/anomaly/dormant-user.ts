// dormant_user_posting: a posting under the name of a user who had fallen silent for far longer
// than their own rhythm explains while the business kept posting, and whose rhythm has not come
// back (a departed employee's account used again). The returns are judged once per history and
// configuration (user-returns.ts, which says what tells them from holidays, leaves, periodic and
// temporary users and shutdowns); a transaction is reported when it falls in one: on the return
// day or, for a return that did not resume the rhythm, up to the day it does.
import type { ModulesConfig } from "../../config-schema.ts";
import type { PostingDays } from "../../posting-days.ts";
import { lowerBound } from "../../sorted-search.ts";
import { isoDayOfDayNumber, parseDateMs } from "../../dates.ts";
import type { Detector, Finding } from "../types.ts";
import { judgeReturn, type UserReturn, userReturns } from "./user-returns.ts";

type DormantConfig = ModulesConfig["anomaly_detection"]["dormant_user"];

/** Evidence per level, with the default weight 0.8: 68 (high), 40 (medium), 24 (low: listed). */
const SCORE = { high: 0.85, medium: 0.5, low: 0.3 } as const;

/** The returns of a history, per configuration they were judged with (a simulation alternates
 *  two configurations transaction by transaction: each keeps its own). */
const judged = new WeakMap<PostingDays, { cfg: DormantConfig; returns: Map<string, UserReturn[]> }[]>();

function returnsOf(ledger: PostingDays, cfg: DormantConfig): Map<string, UserReturn[]> {
  let list = judged.get(ledger);
  if (!list) judged.set(ledger, (list = []));
  const hit = list.find((j) => sameConfig(j.cfg, cfg));
  if (hit) return hit.returns;
  const returns = userReturns(ledger, cfg);
  if (list.length >= 4) list.shift();
  list.push({ cfg, returns });
  return returns;
}

/** Equal settings (the same object, or one read from another file with the same values). */
function sameConfig(a: DormantConfig, b: DormantConfig): boolean {
  if (a === b) return true;
  for (const k of Object.keys(a) as (keyof DormantConfig)[]) if (a[k] !== b[k]) return false;
  return true;
}

export const dormantUserDetector: Detector = {
  codes: ["dormant_user_posting"],
  history: "full",
  detect({ txn, ctx, config }) {
    const user = txn.created_by;
    if (!user || !txn.date) return [];
    const ms = parseDateMs(txn.date);
    if (Number.isNaN(ms)) return [];
    const ledger = ctx.history.postingDays;
    const timeline = ledger.timeline(user);
    if (!timeline) return [];
    const cfg = config.anomaly_detection.dormant_user;
    const day = ledger.dayOf(txn.date, ms);
    const at = lowerBound(timeline.days, day);
    let found: UserReturn | undefined;
    if (at >= timeline.days.length || timeline.days[at] !== day) {
      // A posting the history has not seen on a day the user did not post (inline): its own day
      // may end a silence.
      found = judgeReturn(user, timeline, at - 1, day, at, 1, ledger, cfg);
    }
    if (!found) {
      const r = returnsOf(ledger, cfg).get(user)?.findLast((x) => x.returnDay <= day);
      if (r && day <= r.untilDay) found = r;
    }
    return found ? [finding(user, found, day)] : [];
  },
};

/** "1 posting day", "3 posting days". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function finding(user: string, r: UserReturn, day: number): Finding {
  const weeks = (r.lastBefore - r.firstDay + 1) / 7;
  const rhythm = `${count(r.activeDaysBefore, "posting day")} from ${isoDayOfDayNumber(r.firstDay)} to ${isoDayOfDayNumber(r.lastBefore)}, usually at most ${count(r.usualGapDays, "day")} apart`;
  const business = `meanwhile ${r.colleagues} colleagues kept posting at ${Math.round(r.businessShare * 100)} % of their rhythm`;
  const since =
    r.resumption === "resumed"
      ? `back at their rhythm since (${count(r.returnActiveDays, "posting day")} in ${r.windowDays})`
      : r.resumption === "not_resumed"
        ? `and has not resumed their rhythm: ${count(r.returnActiveDays, "posting day")} in the ${r.windowDays} days from the return where the rhythm has ${r.returnExpected.toFixed(0)}`
        : `too close to the end of the history to tell whether the rhythm resumed`;
  const nth = day === r.returnDay ? "first posting" : `posting ${day - r.returnDay} days after the return`;
  return {
    code: "dormant_user_posting",
    score: SCORE[r.level],
    message: `${nth} by ${user} after ${r.gapDays} days of silence (last posting ${isoDayOfDayNumber(r.lastBefore)}; before it ${rhythm}); ${business}; ${since}`,
    field: "created_by",
    expected: {
      usual_gap_days: r.usualGapDays,
      posting_days_before: r.activeDaysBefore,
      rhythm_weeks: Math.round(weeks),
      posting_days_expected_after_return: Number(r.returnExpected.toFixed(1)),
    },
    actual: {
      user,
      gap_days: r.gapDays,
      last_posting_before: isoDayOfDayNumber(r.lastBefore),
      return_day: isoDayOfDayNumber(r.returnDay),
      colleagues: r.colleagues,
      colleagues_activity_in_gap: Number(r.businessShare.toFixed(2)),
      posting_days_after_return: r.returnActiveDays,
      resumed: r.resumption === "resumed" ? true : r.resumption === "not_resumed" ? false : null,
    },
    amount_at_risk: 0,
  };
}
