// Columns kept in typed arrays (CSV indexes and rows, a scan's history) grow by doubling.

type Column = Float64Array | Int32Array | Uint8Array;

/** A typed array of twice the length holding `a`'s values first. */
export function doubled<A extends Column>(a: A): A {
  return resized(a, a.length * 2);
}

/** A typed array of length `n` (at least `a`'s) holding `a`'s values first. */
export function resized<A extends Column>(a: A, n: number): A {
  const b = new (a.constructor as new (n: number) => A)(n);
  b.set(a);
  return b;
}

/** `a` doubled, or longer where `need` values must fit: amortised growth for appends of several values at once. */
export function grownFor<A extends Column>(a: A, need: number): A {
  return resized(a, Math.max(a.length * 2, need));
}
