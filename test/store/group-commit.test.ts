import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { GroupCommit } from "../../src/store/sqlite/group-commit.ts";
import { StorageUnavailableError } from "../../src/store/types.ts";
import { makeTempDir } from "../support/harness.ts";

function open() {
  const path = join(makeTempDir(), "g.db");
  const db = new Database(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (x INTEGER UNIQUE)");
  return { db, path };
}

describe("GroupCommit", () => {
  test("writes of one event-loop turn share one transaction, and each resolves only once committed", async () => {
    const { db, path } = open();
    const writes = new GroupCommit(db);
    const commits: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        writes.run(() => {
          db.query("INSERT INTO t VALUES (?)").run(i);
          commits.push(db.inTransaction ? 1 : 0);
          return i * 2;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 100 }, (_, i) => i * 2));
    expect(commits.every((c) => c === 1)).toBe(true);
    // Committed: another connection sees every row.
    const other = new Database(path, { readonly: true });
    expect(other.query<{ n: number }, []>("SELECT count(*) AS n FROM t").get()!.n).toBe(100);
    other.close();
    db.close();
  });

  test("a failing write is rolled back alone; the others commit", async () => {
    const { db } = open();
    const writes = new GroupCommit(db);
    const outcomes = await Promise.allSettled([
      writes.run(() => db.query("INSERT INTO t VALUES (1)").run()),
      writes.run(() => {
        db.query("INSERT INTO t VALUES (2)").run();
        db.query("INSERT INTO t VALUES (1)").run(); // duplicate: fails, and its own insert of 2 is undone
      }),
      writes.run(() => db.query("INSERT INTO t VALUES (3)").run()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(db.query<{ x: number }, []>("SELECT x FROM t ORDER BY x").all().map((r) => r.x)).toEqual([1, 3]);
    db.close();
  });

  /** Whether a write runs inside a savepoint of its own (rolling back to it first thing undoes nothing). */
  const inOwnSavepoint = (db: Database) => {
    try {
      db.exec("ROLLBACK TO group_job");
      return true;
    } catch {
      return false;
    }
  };

  test("a group without a failing write runs each write once, with no savepoint (no page copied for rolling back to one)", async () => {
    const { db } = open();
    const writes = new GroupCommit(db);
    const runs: boolean[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writes.run(() => {
          runs.push(inOwnSavepoint(db));
          db.query("INSERT INTO t VALUES (?)").run(i);
        }),
      ),
    );
    expect(runs).toEqual(Array.from({ length: 20 }, () => false));
    expect(db.query<{ n: number }, []>("SELECT count(*) AS n FROM t").get()!.n).toBe(20);
    db.close();
  });

  test("a failing write undoes its group, which is applied again with a savepoint per write: each write lands once, values from the last run", async () => {
    const { db } = open();
    const writes = new GroupCommit(db);
    const runs = new Map<number, boolean[]>();
    const job = (i: number, fail = false) =>
      writes.run(() => {
        runs.set(i, [...(runs.get(i) ?? []), inOwnSavepoint(db)]);
        db.query("INSERT INTO t VALUES (?)").run(i);
        if (fail) db.query("INSERT INTO t VALUES (?)").run(0); // taken by the first write: fails after its own insert
        return `${i}:${runs.get(i)!.length}`;
      });
    const outcomes = await Promise.allSettled([job(0), job(1), job(2, true), job(3)]);
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : "rejected"))).toEqual(["0:2", "1:2", "rejected", "3:1"]);
    // The first pass stopped at the failing write; the second ran every write in its savepoint.
    expect([...runs.entries()].sort(([a], [b]) => a - b)).toEqual([[0, [false, true]], [1, [false, true]], [2, [false, true]], [3, [true]]]);
    expect(db.query<{ x: number }, []>("SELECT x FROM t ORDER BY x").all().map((r) => r.x)).toEqual([0, 1, 3]);
    db.close();
  });

  test("a write that fails only on its first run commits on the second", async () => {
    const { db } = open();
    const writes = new GroupCommit(db);
    let first = true;
    const outcomes = await Promise.allSettled([
      writes.run(() => db.query("INSERT INTO t VALUES (1)").run()),
      writes.run(() => {
        db.query("INSERT INTO t VALUES (2)").run();
        if (first) {
          first = false;
          throw new Error("transient");
        }
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(db.query<{ x: number }, []>("SELECT x FROM t ORDER BY x").all().map((r) => r.x)).toEqual([1, 2]);
    db.close();
  });

  test("a closed database rejects every waiting write as storage unavailable", async () => {
    const { db } = open();
    const writes = new GroupCommit(db);
    const pending = writes.run(() => db.query("INSERT INTO t VALUES (1)").run());
    db.close();
    await expect(pending).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
