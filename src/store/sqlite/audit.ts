// The audit log: append-only, read newest first.
import type { Database } from "bun:sqlite";
import type { AuditEventRecord, AuditQuery, AuditRepository } from "../types.ts";
import { guarded } from "./database.ts";

type Row = Omit<AuditEventRecord, "details"> & { details: string };

export class SqliteAuditRepository implements AuditRepository {
  constructor(private readonly db: Database) {}

  insert(event: AuditEventRecord) {
    return guarded(() => {
      this.db
        .query(
          `INSERT INTO audit_events (id, type, account_id, actor_type, actor_id, target, ip, details, created_at)
           VALUES ($id, $type, $account_id, $actor_type, $actor_id, $target, $ip, $details, $created_at)`,
        )
        .run({ ...event, details: JSON.stringify(event.details) } as never);
    });
  }

  list(query: AuditQuery) {
    return guarded(() => {
      const where: string[] = [];
      const params: Record<string, string | number> = { limit: query.limit + 1 };
      if (query.account_id) (where.push("account_id = $account_id"), (params.account_id = query.account_id));
      if (query.type) (where.push("type = $type"), (params.type = query.type));
      if (query.before) (where.push("id < $before"), (params.before = query.before));
      const sql = `SELECT * FROM audit_events ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT $limit`;
      const rows = this.db.query<Row, [Record<string, string | number>]>(sql).all(params);
      const data = rows.slice(0, query.limit).map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
      return { data, has_more: rows.length > query.limit };
    });
  }
}
