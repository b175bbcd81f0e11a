import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// `meta` (the master key check value) and `health_probe` (the row health rewrites to prove a
// write commits); see the SQLite migration of the same number.
export const m007_meta_health: Migration = {
  version: 7,
  name: "meta (master key check) and health probe",
  up: `
    CREATE TABLE meta (key ${T} PRIMARY KEY, value BYTEA NOT NULL);
    CREATE TABLE health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), at ${T} NOT NULL, pad BYTEA);
  `,
};
