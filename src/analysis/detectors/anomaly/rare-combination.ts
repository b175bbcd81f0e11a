// rare_combination: two values that are each common but (almost) never occur together, where
// independence would predict many co-occurrences (expected = count(a)·count(b)/N). This is the
// "local anomaly" of journal-entry screening: a normal account with a normal posting key that
// never go together. Pairs involving a rare value are left to rare_value.
// Higher order: three values (of the fields with few values) whose every pair is common — each
// pair seen at least min_expected times — but never seen together, where the pairs predict many:
// expected = N · n(ab) · n(ac) · n(bc) / (n(a) · n(b) · n(c)) (Kirkwood's approximation of the
// three-way frequency from the pairwise ones). E.g. a company that books US dollars (on vendor
// invoices), dollars that appear on customer invoices (of another company), a company that
// issues customer invoices: a customer invoice of that company in dollars. Proves no loss.
// A pair of the counterparty never seen together is also judged by the counterparty's own habit
// (counterparty-habit.ts): a vendor that kept to one or two accounts over hundreds of postings,
// booked to a third, where a small ledger's independence predicts only a few. So are the values of
// the fields configured as habit_fields (a chain's stores: a store's first house-charge sale).
import type { ModulesConfig } from "../../config-schema.ts";
import type { HistoryStats } from "../../history.ts";
import { round2 } from "../../../domain/rounding.ts";
import type { Detector, Finding } from "../types.ts";
import { type CounterpartyHabit, counterpartyHabit, DEPARTURES_SEEN } from "./counterparty-habit.ts";
import { conditionalExpectation, conditionalTripleExpectation, type Explanation } from "./support.ts";

// The last history's and config's habitual fields: the same for every entry of a scan, so not
// two arrays per entry.
let habitualOf: { fields: readonly string[]; habitFields: readonly string[]; habitual: readonly number[] } | undefined;

/** The positions of the counterparty and of the configured habit fields among the categorical ones. */
function habitualFields(fields: readonly string[], habitFields: readonly string[]): readonly number[] {
  if (habitualOf?.fields !== fields || habitualOf.habitFields !== habitFields) {
    const habitual = [fields.indexOf("customer_id"), ...habitFields.map((f) => fields.indexOf(f))].filter((f) => f >= 0);
    habitualOf = { fields, habitFields, habitual };
  }
  return habitualOf.habitual;
}

export const rareCombinationDetector: Detector = {
  codes: ["rare_combination"],
  history: "full",
  detect(input) {
    const { ctx, config, self } = input;
    const cfg = config.anomaly_detection.rare_combination;
    const h = ctx.history;
    const inHistory = self ? 1 : 0;
    const { values, codes } = input.categorical();
    // The fields read by their values' own habits: the counterparty, and those the config names
    // (a chain's stores); a configured field that is not categorical here is not read.
    const counterparty = h.fields.indexOf("customer_id");
    const habitual = habitualFields(h.fields, cfg.habit_fields);
    const rareMaxCount = config.anomaly_detection.rare_value.max_count;
    const minHistory = config.anomaly_detection.outlier.min_history;
    let best: { i: number; j: number; expected: number; seen: number; given: Explanation | undefined; habit: (CounterpartyHabit & { field: number }) | undefined } | undefined;
    const cap = cfg.max_count + 1;
    for (let i = 0; i < values.length; i++) {
      const a = values[i];
      if (a === undefined) continue;
      const ca = h.codeCount(i, codes[i]!) - inHistory;
      for (let j = i + 1; j < values.length; j++) {
        const b = values[j];
        if (b === undefined) continue;
        // Almost every pair is common: whether it is beyond max_count (and the entry's own
        // occurrence) is all that is read of most (CodePairCounts.getCapped), so it is asked
        // first; the tests below only pass over more pairs (each test a pure read: any order
        // passes over the same ones).
        const seen = h.pairCountOfCodesCapped(i, j, codes[i]!, codes[j]!, cap) - inHistory;
        if (seen > cfg.max_count) continue;
        const cb = h.codeCount(j, codes[j]!) - inHistory;
        const n = Math.min(h.fieldTotals[i]!, h.fieldTotals[j]!) - inHistory;
        if (ca <= 0 || cb <= 0 || n <= 0) continue;
        const independent = (ca * cb) / n;
        const withCounterparty = habitual.includes(i) || habitual.includes(j);
        if (independent < cfg.min_expected && !withCounterparty) continue;
        let expected = 0;
        let given: Explanation | undefined;
        if (independent >= cfg.min_expected) {
          // Rare over the whole ledger may still be ordinary given the rest of the entry (support.ts).
          const g = conditionalExpectation(h, values, i, j, inHistory, cfg.max_count);
          expected = g && g.expected < independent ? g.expected : independent;
          given = g && g.expected < independent ? g : undefined;
        }
        // Never seen with a counterparty whose own record predicts it less than independence does
        // (counterparty-habit.ts): the counterparty's habit is the prediction.
        let habit: (CounterpartyHabit & { field: number }) | undefined;
        if (withCounterparty && seen === 0) {
          // Both fields may keep habits (a store and a vendor): the stronger record speaks.
          for (const [c, other] of [[i, j], [j, i]] as const) {
            if (!habitual.includes(c)) continue;
            // A configured field's value is judged by its habit only in a value the ledger has
            // established: one rare everywhere (a store's pre-opening account, its lease
            // termination — each store's once in its life) is rare_value's, as for independence.
            if (c !== counterparty && h.codeCount(other, codes[other]!) - inHistory <= rareMaxCount) continue;
            const hb = counterpartyHabit(h, c, codes[c]!, other, codes[other]!, inHistory, minHistory);
            // The habit replaces independence's prediction only where it says more: a store's
            // departure (medium) does not weaken a pair independence alone finds decisive.
            const current = habit ? habitScore(habit, cfg) : expected >= cfg.min_expected ? combinationScore(expected, seen, cfg) : 0;
            if (hb && hb.expected >= cfg.min_expected * cfg.min_expected && hb.expected > expected && habitScore(hb, cfg) >= current) {
              expected = hb.expected;
              given = undefined;
              habit = { ...hb, field: c };
            }
          }
        }
        if (expected < cfg.min_expected) continue;
        if (!best || expected > best.expected) best = { i, j, expected, seen, given, habit };
      }
    }
    if (!best) return tripleFinding(h, values, codes, inHistory, cfg);
    const fa = h.fields[best.i]!;
    const fb = h.fields[best.j]!;
    const finding: Finding = {
      code: "rare_combination",
      score: best.habit ? habitScore(best.habit, cfg) : combinationScore(best.expected, best.seen, cfg),
      message:
        `${fa} "${values[best.i]}" with ${fb} "${values[best.j]}" seen ${best.seen} time(s); ` +
        (best.habit
          ? `its ${best.habit.postings} other postings keep to ${best.habit.values} value(s) of ${best.habit.field === best.i ? fb : fa} (a new one expected once in ${Math.round(best.expected)} postings), ${best.habit.once === 0 ? "none of them used only once" : `${best.habit.once} of them used only once`}${best.habit.departures >= DEPARTURES_SEEN ? `; at least ${DEPARTURES_SEEN} other ${h.fields[best.habit.field] === "customer_id" ? "counterparties" : `values of ${h.fields[best.habit.field]}`} with a habit used it once or twice too` : ""}`
          : best.given
            ? `even given ${h.fields[best.given.field]} "${best.given.value}" ${round2(best.expected)} are predicted`
            : `independence predicts ${round2(best.expected)}`),
      field: `${fa},${fb}`,
      expected: { count_at_least: round2(best.expected) },
      actual: { [fa]: values[best.i], [fb]: values[best.j], count: best.seen },
      amount_at_risk: 0,
    };
    return [finding];
  },
};

function tripleFinding(h: HistoryStats, values: (string | undefined)[], codes: Int32Array, self: number, cfg: ModulesConfig["anomaly_detection"]["rare_combination"]): Finding[] {
  const tc = h.triples;
  if (tc.triples.length === 0) return [];
  let best: { fields: number[]; expected: number; seen: number; given: Explanation | undefined } | undefined;
  const cap = cfg.max_count + 1;
  // Almost every triple is common: whether it is beyond max_count (and the entry's own
  // occurrence) is all that is read of most (TripleCounts.nextUncommon passes over those whose
  // countCapped is cap + 1, beyond max_count whether or not the entry is in the history).
  for (let t = tc.nextUncommon(codes, cap, 0); t < tc.triples.length; t = tc.nextUncommon(codes, cap, t + 1)) {
    const seen = tc.countCapped(t, codes, cap);
    if (seen === undefined || seen - self > cfg.max_count) continue;
    const [a, b, c] = tc.triples[t]!.map((k) => tc.fieldIndexes[k]!) as [number, number, number];
    const nab = h.pairCountOfCodes(a, b, codes[a]!, codes[b]!) - self;
    const nac = h.pairCountOfCodes(a, c, codes[a]!, codes[c]!) - self;
    const nbc = h.pairCountOfCodes(b, c, codes[b]!, codes[c]!) - self;
    if (Math.min(nab, nac, nbc) < cfg.min_expected) continue;
    const na = h.codeCount(a, codes[a]!) - self;
    const nb = h.codeCount(b, codes[b]!) - self;
    const nc = h.codeCount(c, codes[c]!) - self;
    const n = Math.min(h.fieldTotals[a]!, h.fieldTotals[b]!, h.fieldTotals[c]!) - self;
    const kirkwood = (n * nab * nac * nbc) / (na * nb * nc);
    if (kirkwood < cfg.min_expected) continue;
    // As for pairs: judged also given a further value of the entry (support.ts).
    const given = conditionalTripleExpectation(h, values, [a, b, c], self, cfg.max_count);
    const expected = given && given.expected < kirkwood ? given.expected : kirkwood;
    if (expected < cfg.min_expected) continue;
    if (!best || expected > best.expected) best = { fields: [a, b, c], expected, seen: seen - self, given: given && given.expected < kirkwood ? given : undefined };
  }
  if (!best) return [];
  const names = best.fields.map((i) => h.fields[i]!);
  const shown = best.fields.map((i, k) => `${names[k]} "${values[i]}"`);
  return [
    {
      code: "rare_combination",
      score: combinationScore(best.expected, best.seen, cfg),
      message:
        `${shown.join(" with ")} seen together ${best.seen} time(s), though each pair of them is common; ` +
        (best.given ? `even given ${h.fields[best.given.field]} "${best.given.value}" ${round2(best.expected)} are predicted` : `the pairs predict ${round2(best.expected)}`),
      field: names.join(","),
      expected: { count_at_least: round2(best.expected) },
      actual: { ...Object.fromEntries(best.fields.map((i, k) => [names[k], values[i]])), count: best.seen },
      amount_at_risk: 0,
    },
  ];
}

/** A value new to a counterparty is one chance in `expected` of its postings — far weaker evidence
 *  than a pair independence predicts min_expected times (a chance of e^-min_expected), so the
 *  habit is read only when the counterparty opens a new value less than once in min_expected²
 *  postings (1 % by default: a single-purpose vendor of a hundred postings). A counterparty that
 *  has used some value only once takes up occasional ones (a customer's one-off purchase of
 *  another product): worth a look, not an alarm; so is a value other established counterparties
 *  take up as a one-off too (counterparty-habit.ts: a manual check among direct deposits). */
function habitScore(habit: CounterpartyHabit, cfg: ModulesConfig["anomaly_detection"]["rare_combination"]): number {
  if (habit.once > 0 || habit.departures >= DEPARTURES_SEEN) return 0.6;
  return Math.min(1, 0.8 + 0.2 * Math.min(1, Math.log10(habit.expected / (cfg.min_expected * cfg.min_expected))));
}

/** Never seen where min_expected are predicted is decisive (0.8 × 0.75 reaches high alone; the
 *  chance of no occurrence at all is e^-10 under the prediction). Seen a few times, the evidence
 *  is the prediction per occurrence: twice where 50 are predicted is still decisive, twice where
 *  12 are is worth a look (medium). */
function combinationScore(expected: number, seen: number, cfg: ModulesConfig["anomaly_detection"]["rare_combination"]): number {
  const perOccurrence = expected / (Math.max(0, seen) + 1);
  if (perOccurrence < cfg.min_expected) return 0.6;
  return Math.min(1, 0.8 + 0.2 * Math.min(1, Math.log10(perOccurrence / cfg.min_expected)));
}
