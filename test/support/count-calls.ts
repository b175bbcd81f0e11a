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
