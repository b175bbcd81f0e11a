// Which approval limits a ledger is split under, when none is configured. Approval limits are
// round numbers, the steps of a delegation-of-authority schedule: 1,000, 2,500, 5,000, 10,000,
// 25,000, 50,000... (the 1–2.5–5 series), so those are the candidates. A candidate is
// *confirmed* when the ledger itself shows that it is avoided: more counterparty streams hold an
// unusual cluster of postings just under it than just over it (the mirror band of the same width
// on the log scale) than chance makes likely. By chance, a cluster of two postings lands in a
// band as often as the square of the band's density of single postings, so the expected share
// of clusters under the tier is u² / (u² + o²) from the single postings under (u) and over (o) —
// a ledger whose amounts thin out above a tier shows fewer clusters over it without anyone
// avoiding it. The one-sided binomial tail of the clusters counted under the tier must be
// ≤ CONFIRM_P. A ledger with a handful of splits cannot show that: its groups are judged at the
// round tiers on their own evidence (split-below-limit.ts).

/** The 1–2.5–5 series of round limits, from a thousand (below that a purchase is petty cash,
 *  not worth an approval to avoid) to ten million. (2,000 or 20,000 steps are rarer in
 *  schedules; each further step would add a band in which chance groups are found.) */
export function roundTiers(): number[] {
  const out: number[] = [];
  for (let scale = 1_000; scale <= 10_000_000; scale *= 10) for (const m of [1, 2.5, 5]) out.push(m * scale);
  return out.filter((t) => t <= 10_000_000);
}

/** One in a hundred: a ledger has a dozen tiers within its range of amounts, so about one chance
 *  confirmation in ten ledgers — and a confirmation only lets a group that is also unusual for
 *  its counterparty reach high. */
export const CONFIRM_P = 0.01;

/** P(X ≥ k) for X ~ Binomial(n, p). */
export function binomialTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  // Summed from the top term down in logs: n is a count of streams (small), exact enough.
  let total = 0;
  let logTerm = logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p);
  for (let i = k; i <= n; i++) {
    total += Math.exp(logTerm);
    logTerm += Math.log((n - i) / (i + 1)) + Math.log(p) - Math.log1p(-p);
  }
  return Math.min(1, total);
}

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i);
  return s;
}

/** Whether clusters under a tier (`under` of `under + over`) outnumber chance, given the single
 *  postings under (`singlesUnder`) and over (`singlesOver`) it. */
export function tierConfirmed(under: number, over: number, singlesUnder: number, singlesOver: number): boolean {
  if (under === 0 || singlesUnder === 0) return false;
  const u2 = singlesUnder * singlesUnder;
  const o2 = singlesOver * singlesOver;
  return binomialTail(under, under + over, u2 / (u2 + o2)) <= CONFIRM_P;
}
