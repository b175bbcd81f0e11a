// Deferred work runs once: at the turn's end, or earlier when a request arrives after it waited
// OVERDUE_MS (Bun runs no immediates while its poll keeps returning a full buffer of ready sockets).
import { afterEach, expect, test } from "bun:test";
import { atTurnEnd, OVERDUE_MS, resetTurnEnd, runOverdue } from "../../src/domain/turn-end.ts";

afterEach(resetTurnEnd);

test("a task runs at the turn's end, once", async () => {
  let runs = 0;
  atTurnEnd(() => runs++);
  expect(runs).toBe(0);
  await new Promise((r) => setImmediate(r));
  expect(runs).toBe(1);
  runOverdue(performance.now() + OVERDUE_MS * 10);
  expect(runs).toBe(1);
});

test("a request arriving after the task waited OVERDUE_MS runs it at once, and its immediate does not run it again", async () => {
  let runs = 0;
  const start = performance.now();
  atTurnEnd(() => runs++);
  runOverdue(start + OVERDUE_MS / 2);
  expect(runs).toBe(0);
  runOverdue(start + OVERDUE_MS * 2);
  expect(runs).toBe(1);
  await new Promise((r) => setImmediate(r));
  expect(runs).toBe(1);
});

test("only the tasks that are late run; the others wait for their turn's end", async () => {
  const ran: string[] = [];
  atTurnEnd(() => ran.push("early"));
  const early = performance.now();
  while (performance.now() - early < OVERDUE_MS + 1) {} // the first task is now late
  atTurnEnd(() => ran.push("late"));
  runOverdue(performance.now());
  expect(ran).toEqual(["early"]);
  await new Promise((r) => setImmediate(r));
  expect(ran).toEqual(["early", "late"]);
});
