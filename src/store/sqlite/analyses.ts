import type { Database, Statement } from "bun:sqlite";
import type { AnalysisQuery, AnalysisRecord, AnalysisRepository, AnalysisRetention } from "../types.ts";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import { asStorageError, guarded } from "./database.ts";
import { recordedResultJson } from "../../domain/analysis-json.ts";
import { markClaim } from "./idempotency.ts";
import type { GroupCommit } from "./group-commit.ts";

interface Row extends Omit<AnalysisRecord, "anomaly_codes" | "result"> {
  anomaly_codes: string;
  result: string;
}

const PAGE = 500;

/**
 * One keyset page of an account's analyses, in id order, through analyses_account_id; the time
 * range, connector and module filter that walk (test/store/migrations.test.ts checks the plan).
 */
export const ANALYSES_PAGE_SQL = `SELECT * FROM analyses WHERE account_id = $account AND id > $after
   AND ($from IS NULL OR created_at >= $from) AND ($to IS NULL OR created_at <= $to)
   AND ($connector IS NULL OR connector = $connector) AND ($module IS NULL OR module = $module)
 ORDER BY id LIMIT ${PAGE}`;

const fromRow = (row: Row): AnalysisRecord => ({ ...row, anomaly_codes: JSON.parse(row.anomaly_codes), result: JSON.parse(row.result) });

const INSERT_SQL = `INSERT INTO analyses (id, account_id, connector, module, transaction_id, customer_id, risk_score, risk_level,
       amount_at_risk, currency, anomaly_codes, transactions_analyzed, alert_id, created_at, result)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * The insert, prepared once per database: every recorded analysis runs it, and finding it again in
 * bun:sqlite's query cache (a search of the cached texts by length, then a compare) cost about
 * 1 µs a call here. Kept with the database (a reopened file gets its own).
 */
const inserts = new WeakMap<Database, Statement>();
function insertStatement(db: Database): Statement {
  let statement = inserts.get(db);
  if (statement === undefined) inserts.set(db, (statement = db.prepare(INSERT_SQL)));
  return statement;
}

/**
 * Inserts one analysis row; shared with the alerts repository, which records an analysis with the
 * alert it opened or found (alertId: stored with that alert_id, in the row and in its result).
 */
export function insertAnalysis(db: Database, r: AnalysisRecord, alertId?: string) {
  insertStatement(db).run(
    r.id,
    r.account_id,
    r.connector,
    r.module,
    r.transaction_id,
    r.customer_id,
    r.risk_score,
    r.risk_level,
    r.amount_at_risk,
    r.currency,
    JSON.stringify(r.anomaly_codes),
    r.transactions_analyzed,
    alertId ?? r.alert_id,
    r.created_at,
    recordedResultJson(r.result, alertId),
  );
}

export class SqliteAnalysisRepository implements AnalysisRepository, AnalysisRetention {
  constructor(
    private readonly db: Database,
    private readonly writes: GroupCommit,
  ) {}

  insert(r: AnalysisRecord, claim?: IdempotencyRef) {
    return this.writes.run(() => {
      insertAnalysis(this.db, r);
      markClaim(this.db, claim, `analysis:${r.id}`);
    });
  }

  purgeBefore(beforeId: string, limit: number) {
    // Through the group commit, as every write: one batch is one short transaction.
    return this.writes.run(() => this.db.query("DELETE FROM analyses WHERE id IN (SELECT id FROM analyses WHERE id < ? ORDER BY id LIMIT ?)").run(beforeId, limit).changes);
  }

  get(accountId: string, id: string) {
    return guarded(() => {
      const row = this.db.query<Row, [string, string]>("SELECT * FROM analyses WHERE id = ? AND account_id = ?").get(id, accountId);
      return row ? fromRow(row) : null;
    });
  }

  async *iterate(accountId: string, q: AnalysisQuery = {}): AsyncIterable<AnalysisRecord> {
    // Keyset pagination: bounded memory however many analyses there are.
    let after = "";
    for (;;) {
      let rows: Row[];
      try {
        rows = this.db
          .query<Row, Record<string, string | null>>(ANALYSES_PAGE_SQL)
          .all({
            account: accountId,
            after,
            from: q.from ?? null,
            to: q.to ?? null,
            connector: q.connector ?? null,
            module: q.module ?? null,
          });
      } catch (e) {
        throw asStorageError(e);
      }
      for (const row of rows) yield fromRow(row);
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.id;
    }
  }
}
