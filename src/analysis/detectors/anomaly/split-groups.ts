// The groups of postings split under an approval limit, found once per history and settings
// (cached) from the counterparty streams of split-postings.ts. A group: two or more documents of
// one stream (counterparty, currency, side, kind of posting), each within `band` below a limit
// (at most the limit: what needs approval is an amount above it, as approval_limit_exceeded
// judges), dated within `window_days` of the next one (chained: 23:50 and 00:10 are 20 minutes
// apart, whatever the calendar says), together — less the counterparty's credit notes of those
// days — above the limit.
//
// What regular business looks like this, and is left out before grouping:
//  - a recurring amount: the stream has the very same amount (to the cent) a week or more
//    away — rent of two sites billed as two identical bills, instalments of one
//    contract, a subscription;
//  - a price point: the same amount in ≥ PRICE_POINT_COUNTERPARTIES counterparties' postings in
//    the band — a list price of 9,999 sold twice to one customer in a week is not a split.
// What decides between strong and weak evidence is whether the pieces are unusual for the
// counterparty: its other postings of the stream (outside the group) number ≥ MIN_OTHERS and at
// most a tenth of them reach the band (the pieces are above its 90th percentile). A supplier
// that delivers every day at such amounts, or a payment run settling a vendor's open bills of all
// sizes, has postings at the band's level all the time. Pieces of a kind the counterparty has too
// few other postings of — a vendor paid by ACH every fortnight, suddenly paid two wires just under
// the limit — are judged against its postings of that side and type of every kind instead: what
// it is usually paid says as much of the pieces as what it is usually paid by wire would. A
// counterparty with no other posting at all in a history of months is new to the ledger, and
// pieces that are all it ever had are unusual for it: a new vendor paid twice just under the
// limit within days.
import type { PostingStream, SplitPostings } from "../../split-postings.ts";
import { roundTiers, tierConfirmed } from "./approval-tiers.ts";
import { lowerBound, upperBound } from "../../sorted-search.ts";
import { DAY_MS } from "../../dates.ts";

/** Three counterparties with one amount make it a price, not one purchase cut in pieces. */
const PRICE_POINT_COUNTERPARTIES = 3;
/** Fewer other postings than this say nothing about what is usual for the counterparty. */
export const MIN_OTHERS = 3;
/** The pieces are unusual when at most this share of the counterparty's other postings reach the band. */
const USUAL_SHARE = 0.1;
/** A counterparty with no other document is new to the ledger when the history spans this many windows. */
const NEWCOMER_SPAN_WINDOWS = 30;

export interface SplitSettings {
  /** The limits to look under; "auto": the round tiers (approval-tiers.ts). */
  limits: readonly number[] | "auto";
  /** A piece is within this share below the limit (0.2: from 80 % of it up to it). */
  band: number;
  windowDays: number;
}

export interface SplitPiece {
  seq: number;
  ms: number;
  amount: number;
  document: string;
  user: string | undefined;
}

export interface SplitGroup {
  limit: number;
  /** The band's lower end: limit × (1 − band). */
  floor: number;
  /** "configured": a limit of the configuration; "confirmed": a round tier the ledger avoids;
   *  "round": a round tier without that evidence. */
  limitSource: "configured" | "confirmed" | "round";
  counterparty: string;
  currency: string;
  pieces: SplitPiece[];
  /** The pieces' sum less the credit notes of those days. */
  total: number;
  credited: number;
  /** The counterparty's other postings of the stream, and how many reach the band. */
  others: number;
  othersAtLevel: number;
  unusual: boolean;
  /** `others` counts the counterparty's postings of every kind (of this one it had too few). */
  acrossKinds: boolean;
}

export interface SplitAnalysis {
  /** History position → the group its posting is a piece of (the strongest, if several). */
  groupOf: Map<number, SplitGroup>;
}

/** Per history: per settings object (one per configuration: split-below-limit.ts), and per
 *  settings' text for an equal configuration reloaded. */
const cache = new WeakMap<SplitPostings, { last?: { settings: SplitSettings; found: SplitAnalysis }; byKey: Map<string, SplitAnalysis> }>();

export function splitGroups(postings: SplitPostings, settings: SplitSettings): SplitAnalysis {
  let entry = cache.get(postings);
  if (!entry) cache.set(postings, (entry = { byKey: new Map() }));
  if (entry.last?.settings === settings) return entry.last.found;
  const key = JSON.stringify(settings);
  let found = entry.byKey.get(key);
  if (!found) entry.byKey.set(key, (found = analyse(postings, settings)));
  entry.last = { settings, found };
  return found;
}

interface Candidate {
  stream: number;
  pieces: SplitPiece[];
}

function analyse(postings: SplitPostings, settings: SplitSettings): SplitAnalysis {
  const configured = settings.limits !== "auto";
  const limits = settings.limits === "auto" ? roundTiers() : [...new Set(settings.limits)].filter((l) => l > 0).sort((a, b) => a - b);
  const window = settings.windowDays * DAY_MS;
  const span = historySpan(postings);
  const groupOf = new Map<number, SplitGroup>();
  for (const limit of limits) {
    const floor = limit * (1 - settings.band);
    const under = inBand(postings, floor, limit, true);
    const clustersUnder = clusters(under, window);
    const accepted = clustersUnder.filter((c) => groupTotal(postings, c, window).sum > limit);
    if (accepted.length === 0) continue;
    const judged = accepted.map((c) => ({ c, ...usualnessForCounterparty(postings, c, floor, window, span) }));
    const confirmed = configured ? undefined : confirmedTier(postings, limit, settings.band, window, span, under, clustersUnder, judged);
    for (const { c, others, atLevel, unusual, acrossKinds } of judged) {
      const s = postings.streams[c.stream]!;
      const { sum, credited } = groupTotal(postings, c, window);
      const group: SplitGroup = {
        limit,
        floor,
        limitSource: configured ? "configured" : confirmed!.has(s.currency) ? "confirmed" : "round",
        counterparty: s.counterparty,
        currency: s.currency,
        pieces: c.pieces,
        total: sum,
        credited,
        others,
        othersAtLevel: atLevel,
        unusual,
        acrossKinds: acrossKinds === true,
      };
      for (const p of c.pieces) {
        const had = groupOf.get(p.seq);
        if (!had || strength(group) > strength(had)) groupOf.set(p.seq, group);
      }
    }
  }
  return { groupOf };
}

interface Usualness {
  others: number;
  atLevel: number;
  unusual: boolean;
  /** Judged over the counterparty's postings of every kind (its stream had too few). */
  acrossKinds?: boolean;
}

/**
 * Whether a cluster's pieces are unusual for the counterparty: its other documents of the stream
 * number ≥ MIN_OTHERS, at most a tenth of them reach the band's floor (the pieces are above its
 * 90th percentile), and its documents at that level (the pieces included) are too few to fall
 * this close together by chance even once in the history — n documents spread over a span T
 * make about n(n − 1)·W/T pairs within W of each other. A supplier delivering every day has
 * dozens of deliveries at the level a year, and two of them within a few days is its normal
 * course even when they are a small share of its postings.
 */
function usualness(s: PostingStream, pieces: readonly SplitPiece[], floor: number, window: number, span: number): Usualness {
  // Each piece's document is at the level (its largest posting is at least the piece), so the
  // others are the stream's documents less the pieces', counted from the sorted document amounts
  // instead of a pass over the stream per cluster (a stream of 100,000 postings has ~100 clusters a year).
  const documents = documentAmounts(s);
  return judgeUsualness(documents.length - pieces.length, documents.length - lowerBound(documents, floor) - pieces.length, pieces.length, window, span);
}

/** Unusual: ≥ MIN_OTHERS other documents, at most a tenth of them at the level, and the documents
 *  at the level (the pieces included) too few to fall within the window of each other by chance.
 *  Or a counterparty new to the ledger: no other document at all, in a history long enough
 *  (NEWCOMER_SPAN_WINDOWS windows) that its pieces falling together by chance is unlikely — a
 *  vendor nobody paid before, paid twice just under the limit within days, is the pattern itself,
 *  where a history of a few days says nothing of anyone. */
function judgeUsualness(others: number, atLevel: number, pieces: number, window: number, span: number): { others: number; atLevel: number; unusual: boolean } {
  const n = atLevel + pieces;
  const chancePairs = span > 0 ? (n * (n - 1) * Math.max(window, DAY_MS)) / span : Number.POSITIVE_INFINITY;
  const newcomer = others === 0 && span >= NEWCOMER_SPAN_WINDOWS * Math.max(window, DAY_MS);
  const unusual = (others >= MIN_OTHERS && atLevel <= USUAL_SHARE * others && chancePairs < 1) || newcomer;
  return { others, atLevel, unusual };
}

/** usualness in the cluster's stream, or, where the stream has fewer than MIN_OTHERS other
 *  documents, over the counterparty's streams of the same side and type (every kind together). */
function usualnessForCounterparty(postings: SplitPostings, c: Candidate, floor: number, window: number, span: number): Usualness {
  const stream = postings.streams[c.stream]!;
  const own = usualness(stream, c.pieces, floor, window, span);
  if (own.others >= MIN_OTHERS) return own;
  const siblings = sidesOf(postings).get(stream.side)!;
  if (siblings.length === 1) return own;
  let documents = 0;
  let atFloor = 0;
  for (const s of siblings) {
    const amounts = documentAmounts(s);
    documents += amounts.length;
    atFloor += amounts.length - lowerBound(amounts, floor);
  }
  return { ...judgeUsualness(documents - c.pieces.length, atFloor - c.pieces.length, c.pieces.length, window, span), acrossKinds: true };
}

/** Per history (built when first asked): each side's streams (side key → streams). */
const sidesOfPostings = new WeakMap<SplitPostings, Map<string, PostingStream[]>>();

function sidesOf(postings: SplitPostings): Map<string, PostingStream[]> {
  let sides = sidesOfPostings.get(postings);
  if (!sides) {
    sides = new Map();
    for (const s of postings.streams) {
      const list = sides.get(s.side);
      if (list) list.push(s);
      else sides.set(s.side, [s]);
    }
    sidesOfPostings.set(postings, sides);
  }
  return sides;
}

/** Per stream (built when first asked): each document's largest amount, ascending. */
const documentAmountsOf = new WeakMap<PostingStream, Float64Array>();

function documentAmounts(s: PostingStream): Float64Array {
  let sorted = documentAmountsOf.get(s);
  if (!sorted) {
    const byDocument = new Map<string, number>();
    for (let i = 0; i < s.ms.length; i++) byDocument.set(s.documents[i]!, Math.max(byDocument.get(s.documents[i]!) ?? 0, s.amounts[i]!));
    sorted = Float64Array.from(byDocument.values()).sort();
    documentAmountsOf.set(s, sorted);
  }
  return sorted;
}

/** Per stream (built when first asked): its postings' positions by amount, and the amounts in that order. */
const amountOrders = new WeakMap<PostingStream, { order: Int32Array; sorted: Float64Array }>();

function amountOrder(s: PostingStream): { order: Int32Array; sorted: Float64Array } {
  let found = amountOrders.get(s);
  if (!found) {
    const order = Int32Array.from(s.amounts.keys()).sort((a, b) => s.amounts[a]! - s.amounts[b]! || a - b);
    found = { order, sorted: Float64Array.from(order, (i) => s.amounts[i]!) };
    amountOrders.set(s, found);
  }
  return found;
}

/**
 * The currencies in which the ledger avoids a round tier (approval-tiers.ts): the streams with an
 * unusual cluster just under it against those with one just over it (the mirror band, of the
 * same width on the log scale). Only clusters unusual for their counterparty are counted on
 * either side: a daily supplier or a payment run clusters under and over a tier alike and says
 * nothing about it.
 */
function confirmedTier(
  postings: SplitPostings,
  limit: number,
  band: number,
  window: number,
  span: number,
  under: Map<number, SplitPiece[]>,
  clustersUnder: readonly Candidate[],
  judged: readonly { c: Candidate; unusual: boolean }[],
): Set<string> {
  const over = inBand(postings, limit, limit / (1 - band), false);
  const clustersOver = clusters(over, window);
  const out = new Set<string>();
  const currencies = new Set(judged.filter((j) => j.unusual).map((j) => postings.streams[j.c.stream]!.currency));
  for (const currency of currencies) {
    const of = (c: Candidate) => postings.streams[c.stream]!.currency === currency;
    const streamsUnder = new Set(judged.filter((j) => j.unusual && of(j.c)).map((j) => j.c.stream)).size;
    const streamsOver = new Set(clustersOver.filter((c) => of(c) && usualnessForCounterparty(postings, c, limit, window, span).unusual).map((c) => c.stream)).size;
    if (tierConfirmed(streamsUnder, streamsOver, singles(postings, under, clustersUnder, currency), singles(postings, over, clustersOver, currency))) out.add(currency);
  }
  return out;
}

/** From the earliest to the latest posting of any stream (ms). */
function historySpan(postings: SplitPostings): number {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const s of postings.streams) {
    for (const ms of s.ms) {
      if (ms < first) first = ms;
      if (ms > last) last = ms;
    }
  }
  return last > first ? last - first : 0;
}

/** How strong a group's evidence is, to keep the strongest of a posting's groups. */
export function strength(g: SplitGroup): number {
  return (g.limitSource === "round" ? 0 : 2) + (g.unusual ? 1 : 0);
}

/** Per stream: the documents with a posting within [low, high] (`closed`: high included, else
 *  low excluded), one piece per document (its largest), not recurring and not a price point. */
function inBand(postings: SplitPostings, low: number, high: number, closed: boolean): Map<number, SplitPiece[]> {
  const out = new Map<number, SplitPiece[]>();
  const counterpartiesOf = new Map<string, Set<string>>();
  postings.streams.forEach((s, k) => {
    // Money received that nobody keyed is neither a piece nor a posting the tier is avoided by.
    if (!postings.approvable(s)) return;
    // Only the stream's postings in the band are visited (a ledger is read once per tier).
    const { order, sorted } = amountOrder(s);
    let j = closed ? lowerBound(sorted, low) : upperBound(sorted, low);
    if (j >= sorted.length || sorted[j]! > high) return;
    const byDocument = new Map<string, SplitPiece>();
    for (; j < sorted.length && sorted[j]! <= high; j++) {
      const i = order[j]!;
      const a = s.amounts[i]!;
      const had = byDocument.get(s.documents[i]!);
      if (!had || a > had.amount || (a === had.amount && s.seqs[i]! < had.seq)) byDocument.set(s.documents[i]!, { seq: s.seqs[i]!, ms: s.ms[i]!, amount: a, document: s.documents[i]!, user: s.users[i] });
      const cents = `${s.currency}|${Math.round(a * 100)}`;
      let cps = counterpartiesOf.get(cents);
      if (!cps) counterpartiesOf.set(cents, (cps = new Set()));
      cps.add(s.counterparty);
    }
    if (byDocument.size > 0) out.set(k, [...byDocument.values()]);
  });
  for (const [k, pieces] of out) {
    const s = postings.streams[k]!;
    const kept = pieces.filter((p) => (counterpartiesOf.get(`${s.currency}|${Math.round(p.amount * 100)}`)?.size ?? 0) < PRICE_POINT_COUNTERPARTIES && !recurring(s, p));
    if (kept.length > 0) out.set(k, kept.sort((a, b) => a.ms - b.ms || a.seq - b.seq));
    else out.delete(k);
  }
  return out;
}

/** Two equal amounts a week or more apart are a recurring charge (weekly, monthly...); two on the
 *  same days are two halves of one amount — the split's own signature — and stay pieces. */
const RECURRING_GAP_MS = 7 * DAY_MS;

/** Per stream (built when first asked): amount in cents → the dates and documents it was posted on. */
const amountIndexes = new WeakMap<PostingStream, Map<number, { ms: number; document: string }[]>>();

/** Whether the stream has the piece's amount (to the cent) in another document a week or more away. */
function recurring(s: PostingStream, p: SplitPiece): boolean {
  let index = amountIndexes.get(s);
  if (!index) {
    index = new Map();
    for (let i = 0; i < s.ms.length; i++) {
      const cents = Math.round(s.amounts[i]! * 100);
      const list = index.get(cents);
      const at = { ms: s.ms[i]!, document: s.documents[i]! };
      if (list) list.push(at);
      else index.set(cents, [at]);
    }
    amountIndexes.set(s, index);
  }
  for (const at of index.get(Math.round(p.amount * 100)) ?? []) {
    if (at.document !== p.document && Math.abs(at.ms - p.ms) >= RECURRING_GAP_MS) return true;
  }
  return false;
}

/** The runs of a stream's pieces dated within `window` of the next, of two or more documents. */
function clusters(pieces: Map<number, SplitPiece[]>, window: number): Candidate[] {
  const out: Candidate[] = [];
  for (const [stream, list] of pieces) {
    let run: SplitPiece[] = [];
    for (const p of list) {
      if (run.length > 0 && p.ms - run[run.length - 1]!.ms > window) {
        if (run.length >= 2) out.push({ stream, pieces: run });
        run = [];
      }
      run.push(p);
    }
    if (run.length >= 2) out.push({ stream, pieces: run });
  }
  return out;
}

/** The pieces' sum less the counterparty's credit notes dated within the window of them. */
function groupTotal(postings: SplitPostings, c: Candidate, window: number): { sum: number; credited: number } {
  const s = postings.streams[c.stream]!;
  const sum = c.pieces.reduce((t, p) => t + p.amount, 0);
  const credited = creditsWithin(postings, s.currency, s.counterparty, c.pieces[0]!.ms - window, c.pieces[c.pieces.length - 1]!.ms + window);
  return { sum: sum - credited, credited };
}

function creditsWithin(postings: SplitPostings, currency: string, counterparty: string, from: number, to: number): number {
  const c = postings.credits.get(`${currency}|${counterparty}`);
  if (!c) return 0;
  let sum = 0;
  for (let i = 0; i < c.ms.length; i++) if (c.ms[i]! >= from && c.ms[i]! <= to) sum += c.amounts[i]!;
  return sum;
}

/** Postings (documents) within a band in one currency that are no part of a cluster: the band's
 *  density by chance, which the clusters themselves would inflate. */
function singles(postings: SplitPostings, pieces: Map<number, SplitPiece[]>, clustered: readonly Candidate[], currency: string): number {
  let n = 0;
  for (const [stream, list] of pieces) if (postings.streams[stream]!.currency === currency) n += list.length;
  for (const c of clustered) if (postings.streams[c.stream]!.currency === currency) n -= c.pieces.length;
  return n;
}
