import type { Migration } from "./index.ts";

// Report jobs. A row is the job and its result's metadata; the content is a file under
// reports.dir named in `file` (relative, so the data folder can move).
export const m004_reports: Migration = {
  version: 4,
  name: "reports: background report jobs",
  up: `
    CREATE TABLE reports (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      type TEXT NOT NULL,
      format TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
      period_from TEXT,
      period_to TEXT,
      connector TEXT,
      module TEXT,
      progress_processed INTEGER NOT NULL DEFAULT 0,
      progress_total INTEGER,
      summary TEXT,
      file TEXT,
      bytes INTEGER,
      error_code TEXT,
      error_message TEXT,
      -- How many times a run started: a report that keeps killing its worker is failed, not retried forever.
      attempts INTEGER NOT NULL DEFAULT 0,
      -- Who runs it now: "server:<pid>@<host>" or "cli:<pid>@<host>".
      runner TEXT,
      created_by_key TEXT,
      created_at TEXT NOT NULL,
      started_at TEXT,
      completed_at TEXT
    );
    CREATE INDEX reports_account ON reports(account_id, id);
    CREATE INDEX reports_status ON reports(status, id);
    CREATE INDEX reports_completed ON reports(completed_at);
  `,
};
