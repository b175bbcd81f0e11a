import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// Dismissed-as-false-positive patterns (see the SQLite migration of the same number).
export const m021_alert_suppressions: Migration = {
  version: 21,
  name: "alert suppressions from false-positive resolutions",
  up: `
    CREATE TABLE alert_suppressions (
      id ${T} PRIMARY KEY,
      account_id ${T} NOT NULL,
      connector ${T} NOT NULL,
      codes ${T} NOT NULL,
      entity ${T} NOT NULL,
      alert_id ${T} NOT NULL,
      created_at ${T} NOT NULL,
      UNIQUE (account_id, connector, codes, entity)
    );
    CREATE INDEX alert_suppressions_alert ON alert_suppressions(alert_id);
  `,
};
