// One rounding rule for every two-decimal figure Assay reports, money above all: half away from
// zero, decided on the decimal value as written (1.005 → 1.01, -1.005 → -1.01), not on its nearest
// binary double (1.00499999…). The relative nudge of one EPSILON moves a product that landed a
// hair below the half back onto it; it is far smaller than a cent at any amount a double holds
// exactly to the cent, so it never changes a figure that is not on a half.

/** An amount of money, rounded to cents. */
export function roundMoney(n: number): number {
  return (Math.sign(n) * Math.round(Math.abs(n) * 100 * (1 + Number.EPSILON))) / 100;
}

/** The same rule for figures that are not money: scores, shares, hours, z-scores, milliseconds. */
export const round2: (n: number) => number = roundMoney;
