// Group commit: writes issued during one turn of the event loop are applied in one transaction
// and share one fsync. With synchronous=FULL every commit waits for the disk (about a millisecond
// here) and bun:sqlite blocks the event loop while it does, so one commit per request would cap
// the whole server near a thousand writes a second. Each write still resolves only after its
// commit is durable, and one failing write does not undo another: the group is first applied
// without savepoints, and only when a write fails is it undone and applied again with a savepoint
// per write. A savepoint per write in every group made SQLite copy each page a write touched
// that an earlier write of the group had touched (the table's and each index's last leaf) into
// its sub-journal, to be able to roll back to it: ~14 pages for a risky analysis that opens an
// alert, which spill the sub-journal to a temporary file (past 64 KiB), after which each copy is
// two write system calls — 30 per request, ~60 µs of system time on a slow VM.
import type { Database, Statement } from "bun:sqlite";
import { atTurnEnd } from "../../domain/turn-end.ts";
import { asStorageError } from "./database.ts";
import type { Checkpointer } from "./checkpointer.ts";

interface Job {
  fn: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  // Prepared once: db.exec compiles its SQL on every call, and these run around every write.
  private statements?: { begin: Statement; commit: Statement; rollback: Statement; savepoint: Statement; release: Statement; rollbackTo: Statement };

  /** Set while a server runs: WAL checkpoints happen on its worker thread (checkpointer.ts). */
  checkpointer?: Checkpointer;
  /** Runs before each group's transaction (file-identity.ts: refuses writes to a removed file). */
  beforeBegin?: () => void;

  constructor(private readonly db: Database) {}

  private prepared() {
    return (this.statements ??= {
      begin: this.db.prepare("BEGIN IMMEDIATE"),
      commit: this.db.prepare("COMMIT"),
      rollback: this.db.prepare("ROLLBACK"),
      savepoint: this.db.prepare("SAVEPOINT group_job"),
      release: this.db.prepare("RELEASE group_job"),
      rollbackTo: this.db.prepare("ROLLBACK TO group_job"),
    });
  }

  /**
   * Applies `fn` in the next group's transaction. `fn` may run twice (when a write of its group
   * fails, the group is undone and applied again), so it must be a function of the database: its
   * effects are its reads and writes, and the value of its last run is the one resolved.
   */
  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // The turn's end, or a later request's arrival if Bun's loop is starved (turn-end.ts).
        atTurnEnd(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    let statements: ReturnType<GroupCommit["prepared"]>;
    try {
      // Outside any transaction: a checkpoint cannot run inside one.
      this.checkpointer?.catchUp();
    } catch {} // a checkpoint that fails now is retried by the worker's next pass
    try {
      this.beforeBegin?.();
      statements = this.prepared();
      statements.begin.run();
    } catch (e) {
      for (const job of jobs) job.reject(asStorageError(e));
      return;
    }
    let outcomes = applyAll(jobs);
    if (!outcomes) {
      // A write failed, and what it wrote before failing is in the transaction: undo the group
      // and apply it again, each write in its own savepoint, so that only the failing one is lost.
      try {
        if (this.db.inTransaction) statements.rollback.run(); // (some errors end the transaction themselves)
        statements.begin.run();
      } catch (e) {
        for (const job of jobs) job.reject(asStorageError(e));
        return;
      }
      outcomes = applyEachAlone(jobs, statements);
    }
    try {
      statements.commit.run();
    } catch (e) {
      try {
        this.db.exec("ROLLBACK");
      } catch {}
      for (const job of jobs) job.reject(asStorageError(e));
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Every job's value, in order; null as soon as one throws (the transaction then holds part of its writes). */
function applyAll(jobs: Job[]): Outcome[] | null {
  const outcomes: Outcome[] = [];
  for (const job of jobs) {
    try {
      outcomes.push({ ok: true, value: job.fn() });
    } catch {
      return null;
    }
  }
  return outcomes;
}

/** Each job in its own savepoint: one that throws is rolled back alone. */
function applyEachAlone(jobs: Job[], { savepoint, release, rollbackTo }: Record<"savepoint" | "release" | "rollbackTo", Statement>): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const job of jobs) {
    try {
      savepoint.run();
    } catch (e) {
      outcomes.push({ ok: false, error: asStorageError(e) });
      continue;
    }
    try {
      const value = job.fn();
      release.run();
      outcomes.push({ ok: true, value });
    } catch (error) {
      try {
        rollbackTo.run();
        release.run();
      } catch {}
      outcomes.push({ ok: false, error: asStorageError(error) });
    }
  }
  return outcomes;
}
