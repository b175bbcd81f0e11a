// The webhook outbox: notifications written in the same transaction as the alert change that
// caused them, delivered later by the notify worker, so a crash or restart loses none.
import type { Database } from "bun:sqlite";
import type { OutboxMessage, OutboxRepository } from "../types.ts";
import { guarded } from "./database.ts";

/** Inserts outbox rows on `db`; call it inside the transaction of the change they announce. */
export function insertOutbox(db: Database, messages: OutboxMessage[]) {
  if (messages.length === 0) return;
  const insert = db.query(
    `INSERT OR IGNORE INTO webhook_outbox (id, event_id, event_type, target, payload, status, attempts, next_attempt_at,
       last_error, last_status, created_at, delivered_at)
     VALUES ($id, $event_id, $event_type, $target, $payload, $status, $attempts, $next_attempt_at,
       $last_error, $last_status, $created_at, $delivered_at)`,
  );
  for (const m of messages) insert.run(m as never);
}

export class SqliteOutboxRepository implements OutboxRepository {
  constructor(private readonly db: Database) {}

  due(now: string, limit: number) {
    // The head (oldest pending) of each target, if its attempt is due: later messages of a
    // target wait for earlier ones, so a receiver sees an alert's changes in order.
    return guarded(() =>
      this.db
        .query<OutboxMessage, [string, number]>(
          `SELECT o.* FROM webhook_outbox o
             JOIN (SELECT target, MIN(id) AS id FROM webhook_outbox WHERE status = 'pending' GROUP BY target) h ON h.id = o.id
           WHERE o.next_attempt_at <= ? ORDER BY o.next_attempt_at LIMIT ?`,
        )
        .all(now, limit),
    );
  }

  head(target: string) {
    return guarded(() =>
      this.db
        .query<OutboxMessage, [string]>("SELECT * FROM webhook_outbox WHERE status = 'pending' AND target = ? ORDER BY id LIMIT 1")
        .get(target),
    );
  }

  delivered(id: string, at: string, status: number, attempts: number) {
    return guarded(() => {
      this.db
        .query("UPDATE webhook_outbox SET status = 'delivered', delivered_at = ?, last_status = ?, attempts = ?, last_error = NULL WHERE id = ?")
        .run(at, status, attempts, id);
    });
  }

  retryLater(id: string, attempts: number, nextAt: string, error: string, status: number | null) {
    return guarded(() => {
      this.db
        .query("UPDATE webhook_outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, last_status = ? WHERE id = ?")
        .run(attempts, nextAt, error, status, id);
    });
  }

  dead(id: string, attempts: number, error: string, status: number | null) {
    return guarded(() => {
      this.db
        .query("UPDATE webhook_outbox SET status = 'dead', attempts = ?, last_error = ?, last_status = ? WHERE id = ?")
        .run(attempts, error, status, id);
    });
  }

  get(id: string) {
    return guarded(() => this.db.query<OutboxMessage, [string]>("SELECT * FROM webhook_outbox WHERE id = ?").get(id));
  }

  claim(id: string, now: string, leaseUntil: string) {
    return guarded(
      () =>
        this.db
          .query("UPDATE webhook_outbox SET next_attempt_at = ?3 WHERE id = ?1 AND status = 'pending' AND next_attempt_at <= ?2")
          .run(id, now, leaseUntil).changes > 0,
    );
  }

  unclaim(id: string, nextAt: string) {
    return guarded(() => {
      this.db.query("UPDATE webhook_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending'").run(nextAt, id);
    });
  }

  list(query: { status?: OutboxMessage["status"]; target?: string } = {}) {
    return guarded(() =>
      this.db
        .query<OutboxMessage, [string | null, string | null]>(
          "SELECT * FROM webhook_outbox WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR target = ?2) ORDER BY id",
        )
        .all(query.status ?? null, query.target ?? null),
    );
  }

  purge(before: string) {
    return guarded(
      () => this.db.query("DELETE FROM webhook_outbox WHERE status IN ('delivered', 'dead') AND created_at < ?").run(before).changes,
    );
  }
}
