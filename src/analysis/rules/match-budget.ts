// How much matcher work a rule's `matches()` calls may do on one transaction. The step bound
// (cost.ts) counts comprehension steps, known before a rule runs; what one `matches()` costs is
// known only once its pattern is: a pattern read from the data (`l.description.matches(
// l.adjustment_reason)`) is compiled afresh whenever it is new (up to 20,000 instructions, a few
// ms) and simulated in time text length × pattern size. 2,000 lines each with its own
// `(a|aa|aaa){1,1000}b<n>` against a 250-character text held the event loop 4.5 s (eleventh attack
// pass). Each call is charged before it runs; a rule past the budget stops (apply.ts counts and
// logs it like any run-time failure), so one request cannot hold the server for seconds. The
// budget is far above what ordinary patterns cost: 10,000 lines of 256 characters against a
// pattern of 30 instructions is 77 million units.

/**
 * Units of matcher work one rule may spend on one transaction: ~0.2 s of one core (a unit is one
 * NFA instruction stepped over one character, ~2 ns), as MAX_RULE_STEPS is for comprehensions.
 */
export const MAX_MATCH_WORK = 100_000_000;

/**
 * Compiling costs about as much as stepping its program over this many characters (measured:
 * 11,000 instructions compile in ~4 ms, match 250 characters in ~5 ms).
 */
export const COMPILE_WORK_PER_INSTRUCTION = 200;

/** Thrown by a `matches()` call that would overrun the budget of the rule that runs it. */
export class MatchBudgetExceeded extends Error {
  constructor() {
    super(`its matches() and string calls would do more than ${MAX_MATCH_WORK.toLocaleString("en-US")} units of work (text length × pattern size, compiling new patterns, the characters contains(), split() and the like read)`);
    this.name = "MatchBudgetExceeded";
  }
}

/** What is left of the running rule's budget; unbounded outside one (tests, the config's literal patterns). */
let left = Number.POSITIVE_INFINITY;

/** Runs one rule expression on one transaction under a fresh budget (evaluation is synchronous). */
export function withMatchBudget<T>(run: () => T): T {
  const outer = left;
  left = MAX_MATCH_WORK;
  try {
    return run();
  } finally {
    left = outer;
  }
}

/**
 * Throws MatchBudgetExceeded when the running rule's budget is spent: the calls after the one that
 * overran fail at once (CEL's exists() and all() go on through the list after an error).
 */
export function assertMatchBudgetLeft(): void {
  if (left <= 0) throw new MatchBudgetExceeded();
}

/** Charges `units` to the running rule, or throws MatchBudgetExceeded when they do not fit. */
export function chargeMatchWork(units: number): void {
  if (units > left) {
    left = 0;
    throw new MatchBudgetExceeded();
  }
  left -= units;
}
