// A value that embeds an identifier — a stock number, a deal, a claim — in a column of routine
// text: "LIEN PAYOFF U25F5938", "DEPOSIT STK 25T6812", "DEALER TRADE OUT 25F4313". Each car's memo
// is written on the two or three postings that concern it and never again, so read value by value
// every one is "never seen before". The profile reads such a column by its template when its
// numbered values live a few days within its sample (numbered-text.ts); where they live longer
// than that (a deposit taken weeks before the deal, a trade's lien paid off days after it, the
// sample's first 10,000 lines spanning a few weeks) the column stays read value by value.
//
// rare_value's own premise is that values repeat: a field whose values repeat fewer than 20 times
// on average is skipped (ids). The same premise, judged over the whole history for the values
// that share the judged value's template (its digits masked): where at least MIN_TEMPLATE_VALUES
// other values share it and they repeat less than that on average, the identifier is what varies
// from line to line, and a new one is the template's routine, not a value never seen. Codes with
// digits keep their values: an account "6110" or a cost centre "CC-204" shares its template ("#",
// "CC-#") with values used hundreds of times each. A memo never written before ("Write-off per
// CFO", "Reversal of JE#" where no reversal was ever written) shares its template with none.
import { valueTemplate } from "../../numbered-text.ts";
import type { HistoryStats } from "../../history.ts";

/** Other values a template needs before its values' repeats say anything. */
export const MIN_TEMPLATE_VALUES = 10;

const HAS_DIGIT = /\d/;

/** Per template of a field: how many distinct values have it, and their rows. */
interface TemplateCounts {
  /** The field's count and distinct values when built: the history grew if either changed. */
  total: number;
  distinct: number;
  byTemplate: Map<string, { values: number; rows: number }>;
}

const built = new WeakMap<HistoryStats, Map<number, TemplateCounts>>();

/** Field i's numbered values gathered by template; built once per history and field, on first
 *  use (a candidate finding), by one walk over the field's distinct values. */
function templateCounts(h: HistoryStats, i: number): TemplateCounts {
  let fields = built.get(h);
  if (fields === undefined) built.set(h, (fields = new Map()));
  const total = h.fieldTotals[i]!;
  const distinct = h.distinctValues(i);
  const known = fields.get(i);
  if (known !== undefined && known.total === total && known.distinct === distinct) return known;
  const byTemplate = new Map<string, { values: number; rows: number }>();
  for (const [value, n] of h.valuesOf(i)) {
    if (n <= 0 || !HAS_DIGIT.test(value)) continue;
    const t = valueTemplate(value);
    const c = byTemplate.get(t);
    if (c === undefined) byTemplate.set(t, { values: 1, rows: n });
    else {
      c.values++;
      c.rows += n;
    }
  }
  const counts = { total, distinct, byTemplate };
  fields.set(i, counts);
  return counts;
}

/**
 * Whether `value` of field i carries an identifier its column writes anew on every few lines: at
 * least MIN_TEMPLATE_VALUES other values share its template and they repeat fewer than
 * `minAverageRepeat` times on average (its own rows left out).
 */
export function identifierOfItsTemplate(h: HistoryStats, i: number, value: string, minAverageRepeat: number): boolean {
  if (!HAS_DIGIT.test(value)) return false;
  const c = templateCounts(h, i).byTemplate.get(valueTemplate(value));
  if (c === undefined) return false;
  const own = h.valueCount(i, value);
  const others = c.values - (own > 0 ? 1 : 0);
  if (others < MIN_TEMPLATE_VALUES) return false;
  const otherRows = c.rows - own;
  return otherRows / others < minAverageRepeat;
}
