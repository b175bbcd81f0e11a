// Learned models (versioned, one active per connector) and false-positive suppressions.
import type { Database } from "bun:sqlite";
import type { LearnedModelRecord, LearnedModelRepository, SuppressionRecord, SuppressionRepository } from "../types.ts";
import { guarded } from "./database.ts";

interface ModelRow extends Omit<LearnedModelRecord, "weights" | "metrics"> {
  weights: string;
  metrics: string;
}
const modelFromRow = (r: ModelRow): LearnedModelRecord => ({ ...r, weights: JSON.parse(r.weights), metrics: JSON.parse(r.metrics) });

export class SqliteLearnedModelRepository implements LearnedModelRepository {
  constructor(private readonly db: Database) {}

  activate(model: Omit<LearnedModelRecord, "version" | "status">) {
    return guarded(() =>
      this.db
        .transaction(() => {
          const last = this.db.query<{ v: number | null }, [string]>("SELECT max(version) AS v FROM learned_models WHERE connector = ?").get(model.connector);
          const version = (last?.v ?? 0) + 1;
          this.db.query("UPDATE learned_models SET status = 'retired' WHERE connector = ? AND status = 'active'").run(model.connector);
          const record: LearnedModelRecord = { ...model, version, status: "active" };
          this.db
            .query(
              `INSERT INTO learned_models (id, connector, version, status, threshold, weights, metrics, labels, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(record.id, record.connector, version, "active", record.threshold, JSON.stringify(record.weights), JSON.stringify(record.metrics), record.labels, record.created_at);
          return record;
        })
        .immediate(),
    );
  }

  active() {
    return guarded(() => this.db.query<ModelRow, []>("SELECT * FROM learned_models WHERE status = 'active' ORDER BY connector").all().map(modelFromRow));
  }

  list(connector: string) {
    return guarded(() => this.db.query<ModelRow, [string]>("SELECT * FROM learned_models WHERE connector = ? ORDER BY version DESC").all(connector).map(modelFromRow));
  }

  rollback(connector: string) {
    return guarded(() =>
      this.db
        .transaction(() => {
          const active = this.db.query<ModelRow, [string]>("SELECT * FROM learned_models WHERE connector = ? AND status = 'active'").get(connector);
          if (!active) throw new Error(`connector "${connector}" has no learned model to roll back`);
          this.db.query("UPDATE learned_models SET status = 'rolled_back' WHERE id = ?").run(active.id);
          const previous = this.db
            .query<ModelRow, [string, number]>("SELECT * FROM learned_models WHERE connector = ? AND status = 'retired' AND version < ? ORDER BY version DESC LIMIT 1")
            .get(connector, active.version);
          if (!previous) return null;
          this.db.query("UPDATE learned_models SET status = 'active' WHERE id = ?").run(previous.id);
          return modelFromRow({ ...previous, status: "active" });
        })
        .immediate(),
    );
  }
}

export class SqliteSuppressionRepository implements SuppressionRepository {
  constructor(private readonly db: Database) {}

  add(r: SuppressionRecord) {
    return guarded(() => {
      this.db
        .query(
          `INSERT INTO alert_suppressions (id, account_id, connector, codes, entity, alert_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (account_id, connector, codes, entity) DO NOTHING`,
        )
        .run(r.id, r.account_id, r.connector, r.codes, r.entity, r.alert_id, r.created_at);
    });
  }

  matches(accountId: string, connector: string, codes: string, entity: string) {
    return guarded(
      () =>
        this.db.query("SELECT 1 FROM alert_suppressions WHERE account_id = ? AND connector = ? AND codes = ? AND entity = ?").get(accountId, connector, codes, entity) !== null,
    );
  }

  removeForAlert(alertId: string) {
    return guarded(() => this.db.query("DELETE FROM alert_suppressions WHERE alert_id = ?").run(alertId).changes);
  }

  list(accountId: string, connector?: string) {
    return guarded(() =>
      this.db
        .query<SuppressionRecord, [string, string | null, string | null]>("SELECT * FROM alert_suppressions WHERE account_id = ? AND (? IS NULL OR connector = ?) ORDER BY created_at")
        .all(accountId, connector ?? null, connector ?? null),
    );
  }
}
