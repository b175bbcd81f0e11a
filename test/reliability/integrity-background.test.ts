// A database too large for the inline start-up check is opened at once and checked in a worker
// thread (src/store/sqlite/integrity-worker.ts): a corrupt one is then reported by checkAfterOpen
// and refused by health's storage check; a sound one passes. The size limit is lowered here so
// that a small file takes the large-file path.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteStore } from "../../src/store/sqlite/index.ts";
import { quickCheckInWorker } from "../../src/store/sqlite/integrity-worker.ts";
import { StorageUnavailableError } from "../../src/store/types.ts";
import { garbleTableRoot } from "../support/corrupt.ts";

const dir = mkdtempSync(join(tmpdir(), "assay-integrity-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function database(name: string): string {
  const path = join(dir, name);
  SqliteStore.open({ path, synchronous: "FULL", busy_timeout_ms: 1000 }).close();
  return path;
}

const large = (path: string) => ({ path, synchronous: "FULL" as const, busy_timeout_ms: 1000, inline_check_max_bytes: 0 });

test("a large corrupt file opens, then its background check reports it and health refuses", async () => {
  const path = database("corrupt.db");
  garbleTableRoot(path);
  // Inline (the default size limit) the same file is refused before opening completes.
  expect(() => SqliteStore.open({ path, synchronous: "FULL", busy_timeout_ms: 1000 })).toThrow(/corrupt|integrity check/);

  const store = SqliteStore.open(large(path));
  try {
    const problem = await store.checkAfterOpen();
    expect(problem).toBeString();
    expect(problem!.length).toBeGreaterThan(0);
    const error = await store.ping().then(() => null, (e) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect(String(error.message)).toContain("database is corrupt");
    expect(await store.checkAfterOpen()).toBe(problem); // remembered, not re-run
  } finally {
    store.close();
  }
});

test("a large sound file passes its background check and health", async () => {
  const store = SqliteStore.open(large(database("sound.db")));
  try {
    expect(await store.checkAfterOpen()).toBeNull();
    await store.ping();
  } finally {
    store.close();
  }
});

test("a file the worker cannot open is reported as unchecked, not as corrupt", async () => {
  const outcome = await quickCheckInWorker(join(dir, "missing", "nothing.db"));
  expect("error" in outcome && outcome.error.length > 0).toBe(true);
  expect(await quickCheckInWorker(database("fine.db"))).toEqual({ problems: [] });
});
