import type { Migration } from "./index.ts";

// `meta` holds facts about the database itself, such as the master key check value (a value
// sealed under the master key at first start: a wrong key is refused at start-up instead of
// failing every signed request). `health_probe` is the row the health check rewrites to prove
// that storage can still commit a write.
export const m007_meta_health: Migration = {
  version: 7,
  name: "meta (master key check) and health probe",
  up: `
    CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
    CREATE TABLE health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL, pad BLOB);
  `,
};
