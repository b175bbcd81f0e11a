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

  test("a closed database rejects every waiting write as storage unavailable", async () => {
    const { db } = open();
    const writes = new GroupCommit(db);
    const pending = writes.run(() => db.query("INSERT INTO t VALUES (1)").run());
    db.close();
    await expect(pending).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
