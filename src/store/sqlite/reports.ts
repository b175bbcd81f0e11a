// Report jobs. Claims are single UPDATE … WHERE status = 'queued' statements, so two workers
// (the server and a CLI `reports create --wait`) never run the same report.
import type { Database } from "bun:sqlite";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import { markClaim } from "./idempotency.ts";
import { ActiveReportsLimitError, type Page, type ReportRecord, type ReportRepository } from "../types.ts";
import { guarded } from "./database.ts";

interface Row extends Omit<ReportRecord, "summary"> {
  summary: string | null;
}
const fromRow = (r: Row): ReportRecord => ({ ...r, summary: r.summary === null ? null : JSON.parse(r.summary) });

export class SqliteReportRepository implements ReportRepository {
  constructor(private readonly db: Database) {}

  create(report: ReportRecord, claim?: IdempotencyRef, maxActive?: number) {
    return guarded(() =>
      this.db.transaction(() => {
      if (maxActive !== undefined) {
        const active = this.db
          .query<{ n: number }, [string]>("SELECT count(*) AS n FROM reports WHERE account_id = ? AND status IN ('queued', 'running')")
          .get(report.account_id)!.n;
        if (active >= maxActive) throw new ActiveReportsLimitError(maxActive);
      }
      this.db
        .query(
          `INSERT INTO reports (id, account_id, type, format, status, period_from, period_to, connector, module,
             progress_processed, progress_total, summary, file, bytes, error_code, error_message, attempts, runner,
             lease_until, created_by_key, created_at, started_at, completed_at)
           VALUES ($id, $account_id, $type, $format, $status, $period_from, $period_to, $connector, $module,
             $progress_processed, $progress_total, $summary, $file, $bytes, $error_code, $error_message, $attempts, $runner,
             $lease_until, $created_by_key, $created_at, $started_at, $completed_at)`,
        )
        .run({ ...report, lease_until: report.lease_until ?? null, summary: report.summary === null ? null : JSON.stringify(report.summary) } as never);
      markClaim(this.db, claim, `report:${report.id}`);
      return report;
      }).immediate(),
    );
  }

  get(accountId: string, id: string) {
    return guarded(() => {
      const row = this.db.query<Row, [string, string]>("SELECT * FROM reports WHERE id = ? AND account_id = ?").get(id, accountId);
      return row ? fromRow(row) : null;
    });
  }

  list(q: { account_id: string; starting_after?: string; limit: number }) {
    return guarded((): Page<ReportRecord> => {
      // The cursor written as its own condition, not `(? IS NULL OR id < ?)`: a range on (account_id, id)
      // then, so a page deep in the list costs what the first does (sqlite/alerts.ts alertListQuery).
      const rows =
        q.starting_after === undefined
          ? this.db.query<Row, [string, number]>("SELECT * FROM reports WHERE account_id = ?1 ORDER BY id DESC LIMIT ?2").all(q.account_id, q.limit + 1)
          : this.db
              .query<Row, [string, string, number]>("SELECT * FROM reports WHERE account_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3")
              .all(q.account_id, q.starting_after, q.limit + 1);
      return { data: rows.slice(0, q.limit).map(fromRow), has_more: rows.length > q.limit };
    });
  }

  claimNext(runner: string, at: string, leaseUntil: string | null = null) {
    return guarded(() => {
      const row = this.db
        .query<Row, [string, string, string | null]>(
          `UPDATE reports SET status = 'running', runner = ?1, started_at = ?2, attempts = attempts + 1,
             progress_processed = 0, progress_total = NULL, lease_until = ?3
           WHERE id = (SELECT id FROM reports WHERE status = 'queued' ORDER BY id LIMIT 1) AND status = 'queued'
           RETURNING *`,
        )
        .get(runner, at, leaseUntil);
      return row ? fromRow(row) : null;
    });
  }

  claim(id: string, runner: string, at: string, leaseUntil: string | null = null) {
    return guarded(() => {
      const row = this.db
        .query<Row, [string, string, string, string | null]>(
          `UPDATE reports SET status = 'running', runner = ?1, started_at = ?2, attempts = attempts + 1,
             progress_processed = 0, progress_total = NULL, lease_until = ?4
           WHERE id = ?3 AND status = 'queued' RETURNING *`,
        )
        .get(runner, at, id, leaseUntil);
      return row ? fromRow(row) : null;
    });
  }

  renew(id: string, runner: string, leaseUntil: string) {
    return guarded(
      () =>
        this.db.query("UPDATE reports SET lease_until = ?3 WHERE id = ?1 AND status = 'running' AND runner = ?2").run(id, runner, leaseUntil)
          .changes > 0,
    );
  }

  progress(id: string, processed: number, total: number | null) {
    return guarded(() => {
      this.db
        .query("UPDATE reports SET progress_processed = ?, progress_total = ? WHERE id = ? AND status = 'running'")
        .run(processed, total, id);
    });
  }

  complete(id: string, at: string, summary: Record<string, unknown>, file: string, bytes: number) {
    return guarded(() => {
      this.db
        .query(
          `UPDATE reports SET status = 'completed', completed_at = ?, summary = ?, file = ?, bytes = ?,
             progress_total = progress_processed, runner = NULL, lease_until = NULL WHERE id = ?`,
        )
        .run(at, JSON.stringify(summary), file, bytes, id);
    });
  }

  fail(id: string, at: string, code: string, message: string) {
    return guarded(() => {
      this.db
        .query("UPDATE reports SET status = 'failed', completed_at = ?, error_code = ?, error_message = ?, runner = NULL, lease_until = NULL WHERE id = ?")
        .run(at, code, message, id);
    });
  }

  running() {
    return guarded(() => this.db.query<Row, []>("SELECT * FROM reports WHERE status = 'running' ORDER BY id").all().map(fromRow));
  }

  requeue(id: string, runner: string) {
    return guarded(
      () =>
        this.db
          .query(
            `UPDATE reports SET status = 'queued', runner = NULL, started_at = NULL, progress_processed = 0, progress_total = NULL,
               lease_until = NULL
             WHERE id = ? AND status = 'running' AND runner IS ?`,
          )
          .run(id, runner).changes > 0,
    );
  }

  expired(before: string, limit: number) {
    return guarded(() =>
      this.db
        .query<Row, [string, number]>(
          "SELECT * FROM reports WHERE status IN ('completed', 'failed') AND completed_at < ? ORDER BY completed_at LIMIT ?",
        )
        .all(before, limit)
        .map(fromRow),
    );
  }

  delete(id: string) {
    return guarded(() => {
      this.db.query("DELETE FROM reports WHERE id = ?").run(id);
    });
  }
}
