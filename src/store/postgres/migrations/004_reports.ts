import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// Report jobs: the row is the job and its result's metadata; the content is a file under reports.dir.
export const m004_reports: Migration = {
  version: 4,
  name: "reports: background report jobs",
  up: `
    CREATE TABLE reports (
      id ${T} PRIMARY KEY,
      account_id ${T} NOT NULL,
      type ${T} NOT NULL,
      format ${T} NOT NULL,
      status ${T} NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
      period_from ${T},
      period_to ${T},
      connector ${T},
      module ${T},
      progress_processed INTEGER NOT NULL DEFAULT 0,
      progress_total INTEGER,
      summary ${T},
      file ${T},
      bytes INTEGER,
      error_code ${T},
      error_message ${T},
      attempts INTEGER NOT NULL DEFAULT 0,
      runner ${T},
      created_by_key ${T},
      created_at ${T} NOT NULL,
      started_at ${T},
      completed_at ${T}
    );
    CREATE INDEX reports_account ON reports(account_id, id);
    CREATE INDEX reports_status ON reports(status, id);
    CREATE INDEX reports_completed ON reports(completed_at);
  `,
};
