// Work deferred to the end of the event loop's turn — the group commit's transaction, the log's
// write — so that the requests of one turn share it. The end of a turn is a setImmediate, with a
// fallback: Bun runs no immediates or timers while its poll keeps returning a full buffer of ready
// sockets. Measured with wrk on a bare Bun.serve: with 2,000 busy keep-alive connections no
// setImmediate, setTimeout(0) or MessagePort callback ran during a 6 s run (with 500, one every
// ~375 requests); on the server, 3,000 connections posting analyses had every answer held ~13 s,
// until the load stopped, waiting for the group commit. So whatever sees requests arrive (the
// front door) calls runOverdue, which runs at once what has waited longer than OVERDUE_MS.

/**
 * What a deferred task may wait for its turn's end before a request's arrival runs it. Longer than
 * a turn of 64 connections' analyses lasts on the slowest VM measured (64 × ~200 µs): a shorter
 * bound would split an ordinary turn's writes into two commits, two fsyncs.
 */
export const OVERDUE_MS = 20;

interface Deferred {
  run: () => void;
  since: number;
  done: boolean;
}

let waiting: Deferred[] = [];

/**
 * Runs `run` once at the end of this turn of the event loop, or on runOverdue if that is late.
 * `run` must not throw: it may run inside whichever request arrives (both callers settle their
 * own failures: the group commit rejects its writes, the log drops what it cannot write).
 */
export function atTurnEnd(run: () => void): void {
  const task: Deferred = { run, since: performance.now(), done: false };
  waiting.push(task);
  setImmediate(() => runTask(task));
}

/**
 * Called as each request arrives, with the time it arrived: runs the deferred tasks that have
 * waited OVERDUE_MS or more (a starved loop's). Costs a length check while nothing is late.
 */
export function runOverdue(now: number): void {
  if (waiting.length === 0 || now - waiting[0]!.since < OVERDUE_MS) return;
  for (const task of waiting.filter((t) => now - t.since >= OVERDUE_MS)) runTask(task);
}

function runTask(task: Deferred): void {
  if (task.done) return;
  task.done = true;
  const i = waiting.indexOf(task);
  if (i === 0) waiting.shift();
  else if (i > 0) waiting.splice(i, 1);
  task.run();
}

/** For tests: forgets every deferred task (their immediates still run, and find them done). */
export function resetTurnEnd(): void {
  for (const task of waiting) task.done = true;
  waiting = [];
}
