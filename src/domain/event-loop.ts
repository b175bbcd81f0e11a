// Handing the event loop a turn from long-running work. The store answers synchronously under its
// async interface and a scan over transactions held in memory never waits on anything, so a loop
// over them would hold the process until it finished: the server would stop answering (its
// health checks included) and SIGTERM would wait.
import { atTurnEnd } from "./turn-end.ts";

/**
 * Lets the event loop run (HTTP requests, timers, signals) before going on: at the turn's end, or
 * once requests have arrived for OVERDUE_MS while Bun's loop is too busy to end it (turn-end.ts),
 * so that a scan goes on, by slices, under a load of many connections.
 */
export function breathe(): Promise<void> {
  return new Promise((resolve) => atTurnEnd(resolve));
}

/**
 * For a loop of many short steps: after each slice of `sliceMs` of work, a turn for the event
 * loop. Measured on a signed scan of 100,000 journal entries (`POST /v1/analyze`, no `data`):
 * `GET /livez` to the same server waited up to 480 ms behind it; with 16 ms slices (and the
 * history's backlog worked off in steps: history.ts) ~45–60 ms, what a collection or a megabyte of
 * CSV parsed at once takes. ~60 turns a second cost no measurable scan time; 8 ms slices cost ~2 %.
 */
export class TimeSlicer {
  private sliceStart = performance.now();
  private steps = 0;

  constructor(private readonly sliceMs = 16) {}

  /** After a step: a promise to await when the slice is used up, else undefined. The clock is
   *  read every 64 steps only. */
  due(): Promise<void> | undefined {
    if ((++this.steps & 63) !== 0 || performance.now() - this.sliceStart < this.sliceMs) return undefined;
    return breathe().then(() => {
      this.sliceStart = performance.now();
    });
  }
}
