// Counting the event loop's turns while work runs: an immediate callback, re-armed at each turn,
// runs only when the loop gets a turn — never between the microtasks of a loop of awaits that
// wait on nothing. Tests count turns; they never time anything.

/** `work`'s result and the turns the event loop got while it ran. */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}
