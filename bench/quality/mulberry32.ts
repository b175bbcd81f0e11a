// Mulberry32: the small seeded generator the independent data sets draw from (each evaluator's
// generator wrote it down on its own; one copy keeps their sequences, and so their figures).
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The draws the generators make from a seeded `rnd`: one copy, so each keeps its sequence. */
export function draws(rnd: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const int = (a: number, b: number) => Math.floor(between(a, b + 1));
  /** Log-normal around `median` (Box–Muller: two draws). */
  const logn = (median: number, sigma: number) => {
    const u = Math.max(1e-9, rnd()),
      v = rnd();
    return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
  };
  return { pick, between, int, logn };
}
