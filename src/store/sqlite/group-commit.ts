// Group commit: writes issued during one turn of the event loop are applied in one transaction
// and share one fsync. With synchronous=FULL every commit waits for the disk (about a millisecond
// here) and bun:sqlite blocks the event loop while it does, so one commit per request would cap
// the whole server near a thousand writes a second. Each write still resolves only after its
// commit is durable, and runs in its own savepoint, so one failing write does not undo another.
import type { Database, Statement } from "bun:sqlite";
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
  private statements?: { begin: Statement; commit: Statement; savepoint: Statement; release: Statement; rollbackTo: Statement };

  /** Set while a server runs: WAL checkpoints happen on its worker thread (checkpointer.ts). */
  checkpointer?: Checkpointer;

  constructor(private readonly db: Database) {}

  private prepared() {
    return (this.statements ??= {
      begin: this.db.prepare("BEGIN IMMEDIATE"),
      commit: this.db.prepare("COMMIT"),
      savepoint: this.db.prepare("SAVEPOINT group_job"),
      release: this.db.prepare("RELEASE group_job"),
      rollbackTo: this.db.prepare("ROLLBACK TO group_job"),
    });
  }

  run<T>(fn: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let statements: ReturnType<GroupCommit["prepared"]>;
    try {
      // Outside any transaction: a checkpoint cannot run inside one.
      this.checkpointer?.catchUp();
    } catch {} // a checkpoint that fails now is retried by the worker's next pass
    try {
      statements = this.prepared();
      statements.begin.run();
    } catch (e) {
      for (const job of jobs) job.reject(asStorageError(e));
      return;
    }
    const { savepoint, release, rollbackTo } = statements;
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
