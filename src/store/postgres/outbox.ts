// The webhook outbox on PostgreSQL: rows written in the transaction of the alert change they
// announce, delivered later by the notify worker.
import type { OutboxMessage, OutboxRepository } from "../types.ts";
import { changes, insertOf, one, rows, type PgDatabase, type Sql } from "./pool.ts";

export const OUTBOX_COLUMNS = [
  "id", "event_id", "event_type", "target", "payload", "status", "attempts", "next_attempt_at", "last_error", "last_status",
  "created_at", "delivered_at",
] as const;

/** Inserts outbox rows on `sql`; call it inside the transaction of the change they announce. */
export async function insertOutbox(sql: Sql, messages: OutboxMessage[]) {
  for (const m of messages) {
    const q = insertOf("webhook_outbox", OUTBOX_COLUMNS, m as unknown as Record<string, unknown>, "ON CONFLICT DO NOTHING");
    await sql.unsafe(q.text, q.params);
  }
}

export class PgOutboxRepository implements OutboxRepository {
  constructor(private readonly db: PgDatabase) {}

  due(now: string, limit: number) {
    // The head (oldest pending) of each target, if its attempt is due: a receiver sees an
    // alert's changes in order.
    return this.db.run((sql) =>
      rows<OutboxMessage>(
        sql,
        `SELECT o.* FROM webhook_outbox o
           JOIN (SELECT target, MIN(id) AS id FROM webhook_outbox WHERE status = 'pending' GROUP BY target) h ON h.id = o.id
         WHERE o.next_attempt_at <= $1 ORDER BY o.next_attempt_at LIMIT $2`,
        [now, limit],
      ),
    );
  }

  head(target: string) {
    return this.db.run((sql) =>
      one<OutboxMessage>(sql, "SELECT * FROM webhook_outbox WHERE status = 'pending' AND target = $1 ORDER BY id LIMIT 1", [target]),
    );
  }

  delivered(id: string, at: string, status: number, attempts: number) {
    return this.db.run(async (sql) => {
      await sql.unsafe(
        "UPDATE webhook_outbox SET status = 'delivered', delivered_at = $1, last_status = $2, attempts = $3, last_error = NULL WHERE id = $4",
        [at, status, attempts, id],
      );
    });
  }

  retryLater(id: string, attempts: number, nextAt: string, error: string, status: number | null) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE webhook_outbox SET attempts = $1, next_attempt_at = $2, last_error = $3, last_status = $4 WHERE id = $5", [
        attempts,
        nextAt,
        error,
        status,
        id,
      ]);
    });
  }

  dead(id: string, attempts: number, error: string, status: number | null) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE webhook_outbox SET status = 'dead', attempts = $1, last_error = $2, last_status = $3 WHERE id = $4", [
        attempts,
        error,
        status,
        id,
      ]);
    });
  }

  get(id: string) {
    return this.db.run((sql) => one<OutboxMessage>(sql, "SELECT * FROM webhook_outbox WHERE id = $1", [id]));
  }

  claim(id: string, now: string, leaseUntil: string) {
    return this.db.run(
      async (sql) =>
        (await changes(sql, "UPDATE webhook_outbox SET next_attempt_at = $3 WHERE id = $1 AND status = 'pending' AND next_attempt_at <= $2", [
          id,
          now,
          leaseUntil,
        ])) > 0,
    );
  }

  unclaim(id: string, nextAt: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE webhook_outbox SET next_attempt_at = $1 WHERE id = $2 AND status = 'pending'", [nextAt, id]);
    });
  }

  list(query: { status?: OutboxMessage["status"]; target?: string } = {}) {
    return this.db.run((sql) =>
      rows<OutboxMessage>(
        sql,
        "SELECT * FROM webhook_outbox WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR target = $2) ORDER BY id",
        [query.status ?? null, query.target ?? null],
      ),
    );
  }

  purge(before: string) {
    return this.db.run((sql) =>
      changes(sql, "DELETE FROM webhook_outbox WHERE status IN ('delivered', 'dead') AND created_at < $1", [before]),
    );
  }
}
