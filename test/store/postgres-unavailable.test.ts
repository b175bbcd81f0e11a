// PostgreSQL that cannot be reached is "storage unavailable" (503 storage_unavailable upstream),
// never an internal error, whatever the repository call.
import { expect, test } from "bun:test";
import { PostgresStore } from "../../src/store/postgres/index.ts";
import { StorageUnavailableError } from "../../src/store/types.ts";
import { freePort } from "../support/ports.ts";

test("connection refused: every call rejects with StorageUnavailableError, and a later call tries again", async () => {
  const port = await freePort();
  const store = new PostgresStore({ url: `postgres://postgres@127.0.0.1:${port}/none`, pool: 2 });
  try {
    await expect(store.ping()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(store.accounts.get("acct_x")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(store.migrate()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(store.migrations()).rejects.toBeInstanceOf(StorageUnavailableError);
    const iterating = (async () => {
      for await (const _ of store.analyses.iterate("acct_x")) break;
    })();
    await expect(iterating).rejects.toBeInstanceOf(StorageUnavailableError);
  } finally {
    await store.close();
  }
});
