// Columns kept in typed arrays (CSV indexes and rows, a scan's history) grow by doubling.

/** A typed array of twice the length holding `a`'s values first. */
export function doubled<A extends Float64Array | Int32Array | Uint8Array>(a: A): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}
