// Counting how often a method runs while a piece of code runs: the tests of quadratic paths assert
// that a costly read happens once per request rather than once per line, without timing anything.
/** Runs `run` with `owner[method]` counted (still called through), restores it, returns the count. */
export async function countCalls<T extends object, K extends keyof T>(owner: T, method: K, run: () => unknown): Promise<number> {
  const original = owner[method] as (...args: unknown[]) => unknown;
  let calls = 0;
  owner[method] = function (this: unknown, ...args: unknown[]) {
    calls++;
    return original.apply(this, args);
  } as T[K];
  try {
    await run();
  } finally {
    owner[method] = original as T[K];
  }
  return calls;
}

/**
 * Counts the elements read (by index) of the arrays `owner`'s methods return while the test runs:
 * each method is replaced on `owner` itself, each array returned wrapped once (the same array, the
 * same wrapper: a cache keyed by the array still finds it). `reads()` is the count so far.
 */
export function countElementReads<T extends object>(owner: T, methods: readonly (keyof T & string)[]): { reads(): number } {
  let reads = 0;
  const wrappers = new Map<readonly unknown[], readonly unknown[]>();
  const counted = (array: readonly unknown[] | undefined) => {
    if (array === undefined) return undefined;
    let wrapper = wrappers.get(array);
    if (wrapper === undefined) {
      wrapper = new Proxy(array, { get: (t, k, r) => (typeof k === "string" && /^\d+$/.test(k) && reads++, Reflect.get(t, k, r)) });
      wrappers.set(array, wrapper);
    }
    return wrapper;
  };
  for (const method of methods) {
    const original = (owner[method] as (...args: unknown[]) => readonly unknown[] | undefined).bind(owner);
    owner[method] = ((...args: unknown[]) => counted(original(...args))) as T[typeof method];
  }
  return { reads: () => reads };
}
