// A counterparty's habit in another field: how many of its postings, over how many distinct values
// (a vendor's accounts, document types...). rare_combination judges a pair never seen together by
// what independence predicts, n(a)·n(b)/N; but a vendor's account is not independent of the
// vendor — the fuel card always books fuel — and on a small ledger (a few thousand lines)
// independence predicts a handful of co-occurrences for any vendor and any account, so an expense
// coded to an account the vendor never uses went unseen. The vendor's own record says more: how
// often a counterparty takes up a new value, estimated as in a Chinese restaurant process (the
// standard model of a source that keeps producing new categories): n postings that opened k
// distinct values give the concentration α solving k = α·ln(1 + n/α), and the chance that the
// next posting opens a new value is α/(n + α). Its inverse, the postings per new value, is the
// prediction: the fuel card's 300 postings to two accounts predict a new account once in ~1,000
// postings; a hardware store's 50 postings over five accounts, once in ~40. A counterparty with
// fewer than outlier.min_history postings has no habit to speak of. Only the counterparty
// (customer_id) is read this way: its accounts and currency follow from what it sells and where; a
// user's or an account's partners do not, users change with the staff, the document type follows
// a dealing's life (a first credit note), and its name is lookalike_counterparty's.
// What one counterparty's record cannot show, the others' can: a value that established
// counterparties take up as a one-off (used once or twice beside their own habit) is an occasional
// departure of the ledger, not of this counterparty alone — the manual check that corrects a
// missed shift, for employees otherwise paid by direct deposit; the holiday bonus. At least
// DEPARTURES_SEEN other established counterparties doing so make it a departure worth a look, not
// an alarm (rare-combination.ts scores it so).
// Computed for a candidate pair only (the counterparty never seen with the value), once per
// counterparty and field per history (cached), by walking the field's values.
import type { HistoryStats } from "../../history.ts";

export interface CounterpartyHabit {
  /** The counterparty's postings with the field set, this entry's own excluded. */
  postings: number;
  /** The distinct values of the field among them. */
  values: number;
  /** 1 / the chance that a posting of the counterparty opens a new value: the postings per new value. */
  expected: number;
  /** Of those values, how many it used only once: a counterparty with occasional values (a
   *  customer's one-off purchase of another product) takes up new ones; one without has none. */
  once: number;
  /** Other counterparties with a habit (≥ minHistory postings) that used the value only once or
   *  twice: how common a one-off departure to it is. */
  departures: number;
}

/** Other established counterparties whose one-off use of a value makes it an occasional departure. */
export const DEPARTURES_SEEN = 3;

/** Fields not read as a counterparty's habit: who entered a posting (the counterparty's users
 *  change with the staff: a new clerk says nothing about the counterparty), and the canonical
 *  document type, which says where a dealing is in its life (an invoice, then its credit note or
 *  its payment): a customer's first credit note is a return, not a new habit. */
const NOT_HABITS = new Set(["created_by", "approved_by", "type"]);

const cache = new WeakMap<HistoryStats, Map<string, { postings: number; values: number; once: number }>>();

/**
 * The habit of the counterparty (field `c`, code `a`) in field `j`, for an entry whose value of j
 * (code `b`) was never seen with it besides the entry itself (`self`: 1 when the entry is part
 * of the history). Undefined when field j is not read this way or the counterparty has fewer than
 * `minHistory` postings.
 */
export function counterpartyHabit(h: HistoryStats, c: number, a: number, j: number, b: number, self: number, minHistory: number): CounterpartyHabit | undefined {
  // The counterparty's own name (a code in customer_id, the name beside it) is
  // lookalike_counterparty's to judge: a name typed differently on one record is no new habit.
  if (NOT_HABITS.has(h.fields[j]!) || h.fields[j] === h.counterpartyNames.nameField || a < 0) return undefined;
  if (h.codeCount(c, a) - self < minHistory) return undefined;
  let perHistory = cache.get(h);
  if (!perHistory) cache.set(h, (perHistory = new Map()));
  const key = `${j}:${a}`;
  let totals = perHistory.get(key);
  if (!totals) {
    let postings = 0;
    let values = 0;
    let once = 0;
    const distinct = h.distinctValues(j);
    for (let v = 0; v < distinct; v++) {
      const n = c < j ? h.pairCountOfCodes(c, j, a, v) : h.pairCountOfCodes(j, c, v, a);
      if (n > 0) {
        postings += n;
        values++;
        if (n === 1) once++;
      }
    }
    perHistory.set(key, (totals = { postings, values, once }));
  }
  // The entry's own pair (counted once when it is in the history) is no habit of the counterparty.
  const own = b >= 0 ? (c < j ? h.pairCountOfCodes(c, j, a, b) : h.pairCountOfCodes(j, c, b, a)) : 0;
  const postings = totals.postings - own;
  const values = totals.values - (own > 0 ? 1 : 0);
  if (postings < minHistory || values <= 0) return undefined;
  const alpha = concentration(postings, values);
  return { postings, values, expected: (postings + alpha) / alpha, once: totals.once - (own === 1 ? 1 : 0), departures: b >= 0 ? departuresTo(h, c, a, j, b, minHistory) : 0 };
}

const departureCache = new WeakMap<HistoryStats, Map<string, number[]>>();

/** The established counterparties (≥ minHistory postings) of field `c` that used value `b` of
 *  field `j` once or twice, besides `a` itself (at most DEPARTURES_SEEN counted). */
function departuresTo(h: HistoryStats, c: number, a: number, j: number, b: number, minHistory: number): number {
  let perHistory = departureCache.get(h);
  if (!perHistory) departureCache.set(h, (perHistory = new Map()));
  const key = `${c}:${j}:${b}`;
  let found = perHistory.get(key);
  if (!found) {
    found = [];
    const counterparties = h.distinctValues(c);
    for (let v = 0; v < counterparties && found.length <= DEPARTURES_SEEN; v++) {
      const n = c < j ? h.pairCountOfCodes(c, j, v, b) : h.pairCountOfCodes(j, c, b, v);
      if (n >= 1 && n <= 2 && h.codeCount(c, v) - n >= minHistory) found.push(v);
    }
    perHistory.set(key, found);
  }
  return Math.min(DEPARTURES_SEEN, found.filter((v) => v !== a).length);
}

/** The Chinese restaurant process's concentration α for n customers seated at k tables: the α
 *  whose expected table count α·ln(1 + n/α) is k (increasing in α; bisection on a log scale). */
export function concentration(n: number, k: number): number {
  if (k >= n) return Number.POSITIVE_INFINITY;
  let lo = 1e-9;
  let hi = 1e9;
  for (let i = 0; i < 100; i++) {
    const mid = Math.sqrt(lo * hi);
    if (mid * Math.log1p(n / mid) < k) lo = mid;
    else hi = mid;
  }
  return Math.sqrt(lo * hi);
}
