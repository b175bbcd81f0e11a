// Report jobs on PostgreSQL. A claim picks the oldest queued report with FOR UPDATE SKIP LOCKED,
// so nodes claiming at once each get a different one (or none) without waiting on each other.
import { ActiveReportsLimitError, type Page, type ReportRecord, type ReportRepository } from "../types.ts";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import { markClaim } from "./idempotency.ts";
import { changes, insertOf, one, rows, type PgDatabase } from "./pool.ts";

interface Row extends Omit<ReportRecord, "summary"> {
  summary: string | null;
}
const fromRow = (r: Row): ReportRecord => ({ ...r, summary: r.summary === null ? null : JSON.parse(r.summary) });
const COLUMNS = [
  "id", "account_id", "type", "format", "status", "period_from", "period_to", "connector", "module", "progress_processed",
  "progress_total", "summary", "file", "bytes", "error_code", "error_message", "attempts", "runner", "lease_until", "created_by_key",
  "created_at", "started_at", "completed_at",
] as const;
const START = `status = 'running', runner = $1, started_at = $2, attempts = attempts + 1, progress_processed = 0, progress_total = NULL,
  lease_until = $3`;

export class PgReportRepository implements ReportRepository {
  constructor(private readonly db: PgDatabase) {}

  create(report: ReportRecord, claim?: IdempotencyRef, maxActive?: number) {
    return this.db.tx(async (tx) => {
      if (maxActive !== undefined) {
        // One creation per account at a time, so concurrent ones cannot all pass the count.
        await tx.unsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`reports:${report.account_id}`]);
        const counted = await tx.unsafe("SELECT count(*)::int AS n FROM reports WHERE account_id = $1 AND status IN ('queued', 'running')", [
          report.account_id,
        ]);
        if (Number(counted[0]!.n) >= maxActive) throw new ActiveReportsLimitError(maxActive);
      }
      const q = insertOf("reports", COLUMNS, { ...report, summary: report.summary === null ? null : JSON.stringify(report.summary) });
      await tx.unsafe(q.text, q.params);
      await markClaim(tx, claim, `report:${report.id}`);
      return report;
    });
  }

  get(accountId: string, id: string) {
    return this.db.run(async (sql) => {
      const row = await one<Row>(sql, "SELECT * FROM reports WHERE id = $1 AND account_id = $2", [id, accountId]);
      return row ? fromRow(row) : null;
    });
  }

  list(q: { account_id: string; starting_after?: string; limit: number }) {
    return this.db.run(async (sql): Promise<Page<ReportRecord>> => {
      // The cursor as its own condition: a range on (account_id, id) (sqlite/alerts.ts alertListQuery).
      const found =
        q.starting_after === undefined
          ? await rows<Row>(sql, "SELECT * FROM reports WHERE account_id = $1 ORDER BY id DESC LIMIT $2", [q.account_id, q.limit + 1])
          : await rows<Row>(sql, "SELECT * FROM reports WHERE account_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3", [q.account_id, q.starting_after, q.limit + 1]);
      return { data: found.slice(0, q.limit).map(fromRow), has_more: found.length > q.limit };
    });
  }

  claimNext(runner: string, at: string, leaseUntil: string | null = null) {
    return this.db.run(async (sql) => {
      const row = await one<Row>(
        sql,
        `UPDATE reports SET ${START}
         WHERE id = (SELECT id FROM reports WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) AND status = 'queued'
         RETURNING *`,
        [runner, at, leaseUntil],
      );
      return row ? fromRow(row) : null;
    });
  }

  claim(id: string, runner: string, at: string, leaseUntil: string | null = null) {
    return this.db.run(async (sql) => {
      const row = await one<Row>(sql, `UPDATE reports SET ${START} WHERE id = $4 AND status = 'queued' RETURNING *`, [runner, at, leaseUntil, id]);
      return row ? fromRow(row) : null;
    });
  }

  renew(id: string, runner: string, leaseUntil: string) {
    return this.db.run(
      async (sql) =>
        (await changes(sql, "UPDATE reports SET lease_until = $3 WHERE id = $1 AND status = 'running' AND runner = $2", [id, runner, leaseUntil])) > 0,
    );
  }

  progress(id: string, processed: number, total: number | null) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE reports SET progress_processed = $1, progress_total = $2 WHERE id = $3 AND status = 'running'", [
        processed,
        total,
        id,
      ]);
    });
  }

  complete(id: string, at: string, summary: Record<string, unknown>, file: string, bytes: number) {
    return this.db.run(async (sql) => {
      await sql.unsafe(
        `UPDATE reports SET status = 'completed', completed_at = $1, summary = $2, file = $3, bytes = $4,
           progress_total = progress_processed, runner = NULL, lease_until = NULL WHERE id = $5`,
        [at, JSON.stringify(summary), file, bytes, id],
      );
    });
  }

  fail(id: string, at: string, code: string, message: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe(
        "UPDATE reports SET status = 'failed', completed_at = $1, error_code = $2, error_message = $3, runner = NULL, lease_until = NULL WHERE id = $4",
        [at, code, message, id],
      );
    });
  }

  running() {
    return this.db.run(async (sql) => (await rows<Row>(sql, "SELECT * FROM reports WHERE status = 'running' ORDER BY id")).map(fromRow));
  }

  requeue(id: string, runner: string) {
    return this.db.run(
      async (sql) =>
        (await changes(
          sql,
          `UPDATE reports SET status = 'queued', runner = NULL, started_at = NULL, progress_processed = 0, progress_total = NULL,
             lease_until = NULL
           WHERE id = $1 AND status = 'running' AND runner IS NOT DISTINCT FROM $2`,
          [id, runner],
        )) > 0,
    );
  }

  expired(before: string, limit: number) {
    return this.db.run(async (sql) =>
      (
        await rows<Row>(
          sql,
          "SELECT * FROM reports WHERE status IN ('completed', 'failed') AND completed_at < $1 ORDER BY completed_at LIMIT $2",
          [before, limit],
        )
      ).map(fromRow),
    );
  }

  delete(id: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("DELETE FROM reports WHERE id = $1", [id]);
    });
  }
}
