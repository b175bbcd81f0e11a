// Chains over values that are usually at hand and only sometimes a promise (a cached key, the
// in-memory limiter, a fresh health check): the chain stays synchronous — no promise jobs on the
// hot path — until a step really has to wait.

export type Awaitable<T> = T | Promise<T>;

/** `next(value)`, after the promise if `value` is one. */
export function then<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
