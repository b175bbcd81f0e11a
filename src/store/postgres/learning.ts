// Learned models (versioned, one active per connector) and false-positive suppressions, on
// PostgreSQL. Activation and rollback serialise per connector (advisory lock, row locks) as
// SQLite's IMMEDIATE transactions do.
import type { LearnedModelRecord, LearnedModelRepository, SuppressionRecord, SuppressionRepository } from "../types.ts";
import { changes, one, rows, type PgDatabase, type Sql } from "./pool.ts";

interface ModelRow extends Omit<LearnedModelRecord, "weights" | "metrics"> {
  weights: string;
  metrics: string;
}
const modelFromRow = (r: ModelRow): LearnedModelRecord => ({ ...r, weights: JSON.parse(r.weights), metrics: JSON.parse(r.metrics) });
const lockConnector = (tx: Sql, connector: string) => tx.unsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`learned:${connector}`]);

export class PgLearnedModelRepository implements LearnedModelRepository {
  constructor(private readonly db: PgDatabase) {}

  activate(model: Omit<LearnedModelRecord, "version" | "status">) {
    return this.db.tx(async (tx) => {
      await lockConnector(tx, model.connector);
      const last = await one<{ v: number | null }>(tx, "SELECT max(version) AS v FROM learned_models WHERE connector = $1", [model.connector]);
      const version = (last?.v ?? 0) + 1;
      await tx.unsafe("UPDATE learned_models SET status = 'retired' WHERE connector = $1 AND status = 'active'", [model.connector]);
      const record: LearnedModelRecord = { ...model, version, status: "active" };
      await tx.unsafe(
        `INSERT INTO learned_models (id, connector, version, status, threshold, weights, metrics, labels, created_at)
         VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $8)`,
        [record.id, record.connector, version, record.threshold, JSON.stringify(record.weights), JSON.stringify(record.metrics), record.labels, record.created_at],
      );
      return record;
    });
  }

  active() {
    return this.db.run(async (sql) => (await rows<ModelRow>(sql, "SELECT * FROM learned_models WHERE status = 'active' ORDER BY connector")).map(modelFromRow));
  }

  list(connector: string) {
    return this.db.run(async (sql) =>
      (await rows<ModelRow>(sql, "SELECT * FROM learned_models WHERE connector = $1 ORDER BY version DESC", [connector])).map(modelFromRow),
    );
  }

  rollback(connector: string) {
    return this.db.tx(async (tx) => {
      await lockConnector(tx, connector);
      const active = await one<ModelRow>(tx, "SELECT * FROM learned_models WHERE connector = $1 AND status = 'active'", [connector]);
      if (!active) throw new Error(`connector "${connector}" has no learned model to roll back`);
      await tx.unsafe("UPDATE learned_models SET status = 'rolled_back' WHERE id = $1", [active.id]);
      const previous = await one<ModelRow>(
        tx,
        "SELECT * FROM learned_models WHERE connector = $1 AND status = 'retired' AND version < $2 ORDER BY version DESC LIMIT 1",
        [connector, active.version],
      );
      if (!previous) return null;
      await tx.unsafe("UPDATE learned_models SET status = 'active' WHERE id = $1", [previous.id]);
      return modelFromRow({ ...previous, status: "active" });
    });
  }
}

export class PgSuppressionRepository implements SuppressionRepository {
  constructor(private readonly db: PgDatabase) {}

  add(r: SuppressionRecord) {
    return this.db.run(async (sql) => {
      await sql.unsafe(
        `INSERT INTO alert_suppressions (id, account_id, connector, codes, entity, alert_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (account_id, connector, codes, entity) DO NOTHING`,
        [r.id, r.account_id, r.connector, r.codes, r.entity, r.alert_id, r.created_at],
      );
    });
  }

  matches(accountId: string, connector: string, codes: string, entity: string) {
    return this.db.run(
      async (sql) =>
        (await one(sql, "SELECT 1 AS x FROM alert_suppressions WHERE account_id = $1 AND connector = $2 AND codes = $3 AND entity = $4", [
          accountId,
          connector,
          codes,
          entity,
        ])) !== null,
    );
  }

  removeForAlert(alertId: string) {
    return this.db.run((sql) => changes(sql, "DELETE FROM alert_suppressions WHERE alert_id = $1", [alertId]));
  }

  list(accountId: string, connector?: string) {
    return this.db.run((sql) =>
      rows<SuppressionRecord>(sql, "SELECT * FROM alert_suppressions WHERE account_id = $1 AND ($2::text IS NULL OR connector = $2) ORDER BY created_at", [
        accountId,
        connector ?? null,
      ]),
    );
  }
}
