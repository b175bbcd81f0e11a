// The audit log on PostgreSQL: append-only, read newest first (as sqlite/audit.ts).
import type { AuditEventRecord, AuditQuery, AuditRepository } from "../types.ts";
import { insertOf, rows, type PgDatabase } from "./pool.ts";

const COLUMNS = ["id", "type", "account_id", "actor_type", "actor_id", "target", "ip", "details", "created_at"] as const;
type Row = Omit<AuditEventRecord, "details"> & { details: string };

export class PgAuditRepository implements AuditRepository {
  constructor(private readonly db: PgDatabase) {}

  insert(event: AuditEventRecord) {
    return this.db.run(async (sql) => {
      const q = insertOf("audit_events", COLUMNS, { ...event, details: JSON.stringify(event.details) });
      await sql.unsafe(q.text, q.params);
    });
  }

  list(query: AuditQuery) {
    return this.db.run(async (sql) => {
      const found = await rows<Row>(
        sql,
        `SELECT * FROM audit_events WHERE ($1::text IS NULL OR account_id = $1) AND ($2::text IS NULL OR type = $2) AND ($3::text IS NULL OR id < $3)
         ORDER BY id DESC LIMIT $4`,
        [query.account_id ?? null, query.type ?? null, query.before ?? null, query.limit + 1],
      );
      const data = found.slice(0, query.limit).map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
      return { data, has_more: found.length > query.limit };
    });
  }
}
