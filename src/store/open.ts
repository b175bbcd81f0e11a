// The one place that turns the `storage` section into a Store: the runtime and every admin
// command open their store here, so each works against either driver with the same --config.
import { redactUrl } from "./config-checks.ts";
import type { StorageConfig } from "./config-schema.ts";
import type { PostgresStore } from "./postgres/index.ts";
import { SqliteStore } from "./sqlite/index.ts";
import type { Store } from "./types.ts";

export interface OpenStoreOptions {
  /** SQLite applies pending migrations on open unless false (PostgreSQL applies them on first use). */
  migrate?: boolean;
}

/**
 * The PostgreSQL driver, required (not imported) when the config names it: a bundle initialises
 * every module it imports at start, and a SQLite server would pay for the driver and its
 * migrations on every cold start (docs/benchmarks.md).
 */
const postgresStore = (): typeof PostgresStore => (require("./postgres/index.ts") as typeof import("./postgres/index.ts")).PostgresStore;

export function openStore(config: { storage: StorageConfig }, options: OpenStoreOptions = {}): Store {
  const storage = config.storage;
  if (storage.driver === "postgres") return new (postgresStore())({ url: storage.url!, pool: storage.pool });
  return SqliteStore.open(storage, { migrate: options.migrate ?? true });
}

/** Where the store lives, for logs and messages (no password). */
export function describeStore(storage: StorageConfig): string {
  if (storage.driver === "postgres") return redactUrl(storage.url!);
  return storage.path;
}
