// Waiting in end-to-end tests for something another process or a background worker does: poll
// `check` until it gives a truthy value (returned), or fail naming what never happened.

export async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 10_000, everyMs = 15): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(everyMs);
  }
}
