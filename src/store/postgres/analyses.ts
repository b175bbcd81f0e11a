import type { AlertProbe, AnalysisQuery, AnalysisRecord, AnalysisRepository, AnalysisRetention } from "../types.ts";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import { recordedResultJson } from "../../domain/analysis-json.ts";
import { markClaim } from "./idempotency.ts";
import { changes, insertOf, one, rows, type PgDatabase, type Sql, typedParams, valuesOf } from "./pool.ts";

interface Row extends Omit<AnalysisRecord, "anomaly_codes" | "result"> {
  anomaly_codes: string;
  result: string;
}

export const ANALYSIS_COLUMNS = [
  "id", "account_id", "connector", "module", "transaction_id", "customer_id", "risk_score", "risk_level", "amount_at_risk",
  "currency", "anomaly_codes", "transactions_analyzed", "alert_id", "created_at", "result",
] as const;
const PAGE = 500;

const fromRow = (row: Row): AnalysisRecord => ({ ...row, anomaly_codes: JSON.parse(row.anomaly_codes), result: JSON.parse(row.result) });

/** The analysis as its row stores it; with alertId, as opening (or finding) that alert. */
export function storedRow(r: AnalysisRecord, alertId?: string) {
  return { ...r, alert_id: alertId ?? r.alert_id, anomaly_codes: JSON.stringify(r.anomaly_codes), result: recordedResultJson(r.result, alertId) };
}

/** Inserts one analysis row; shared with the alerts repository, which records an analysis with the alert it opened. */
export async function insertAnalysis(sql: Sql, r: AnalysisRecord, alertId?: string) {
  const q = insertOf("analyses", ANALYSIS_COLUMNS, storedRow(r, alertId));
  await sql.unsafe(q.text, q.params);
}

/** Each column's type, for parameters that no column gives a type to (INSERT … SELECT). */
export const ANALYSIS_COLUMN_TYPES: Record<(typeof ANALYSIS_COLUMNS)[number], string> = {
  id: "text", account_id: "text", connector: "text", module: "text", transaction_id: "text", customer_id: "text",
  risk_score: "double precision", risk_level: "text", amount_at_risk: "double precision", currency: "text", anomaly_codes: "text",
  transactions_analyzed: "integer", alert_id: "text", created_at: "text", result: "text",
};
const AFTER_COLUMNS = ANALYSIS_COLUMNS.length; // the probe's parameters follow the row's
/**
 * Inserts the analysis on the alert only while the alert is active and still as probed (the same
 * analysis, score and anomalies), share-locking it as it reads it: a change committed in between
 * (or being committed: the lock waits for it, then sees the new row) inserts nothing.
 */
const INSERT_ON_ALERT_SQL = `INSERT INTO analyses (${ANALYSIS_COLUMNS.join(", ")})
  SELECT ${typedParams(ANALYSIS_COLUMNS, ANALYSIS_COLUMN_TYPES, 1)} FROM alerts
   WHERE id = $${AFTER_COLUMNS + 1} AND status IN ('open', 'acknowledged') AND analysis_id IS NOT DISTINCT FROM $${AFTER_COLUMNS + 2}::text
     AND risk_score IS NOT DISTINCT FROM $${AFTER_COLUMNS + 3}::double precision AND anomalies = $${AFTER_COLUMNS + 4}::text
  FOR SHARE`;

/**
 * Records an analysis on the active alert `probe` read (anomalies: their stored text) in one
 * statement, its own transaction; false, with nothing written, when the alert has changed since.
 */
export async function insertAnalysisOnAlert(sql: Sql, r: AnalysisRecord, probe: AlertProbe, anomaliesText: string): Promise<boolean> {
  const params = [...valuesOf(ANALYSIS_COLUMNS, storedRow(r, probe.id)), probe.id, probe.analysis_id, probe.risk_score, anomaliesText];
  return (await changes(sql, INSERT_ON_ALERT_SQL, params)) === 1;
}

export class PgAnalysisRepository implements AnalysisRepository, AnalysisRetention {
  constructor(private readonly db: PgDatabase) {}

  insert(r: AnalysisRecord, claim?: IdempotencyRef) {
    if (!claim) return this.db.run((sql) => insertAnalysis(sql, r));
    return this.db.tx(async (tx) => {
      await insertAnalysis(tx, r);
      await markClaim(tx, claim, `analysis:${r.id}`);
    });
  }

  purgeBefore(beforeId: string, limit: number) {
    return this.db.run((sql) => changes(sql, "DELETE FROM analyses WHERE id IN (SELECT id FROM analyses WHERE id < $1 ORDER BY id LIMIT $2)", [beforeId, limit]));
  }

  get(accountId: string, id: string) {
    return this.db.run(async (sql) => {
      const row = await one<Row>(sql, "SELECT * FROM analyses WHERE id = $1 AND account_id = $2", [id, accountId]);
      return row ? fromRow(row) : null;
    });
  }

  async *iterate(accountId: string, q: AnalysisQuery = {}): AsyncIterable<AnalysisRecord> {
    // Keyset pagination: bounded memory however many analyses there are.
    let after = "";
    for (;;) {
      const page = await this.db.run((sql) =>
        rows<Row>(
          sql,
          `SELECT * FROM analyses WHERE account_id = $1 AND id > $2
             AND ($3::text IS NULL OR created_at >= $3) AND ($4::text IS NULL OR created_at <= $4)
             AND ($5::text IS NULL OR connector = $5) AND ($6::text IS NULL OR module = $6)
           ORDER BY id LIMIT ${PAGE}`,
          [accountId, after, q.from ?? null, q.to ?? null, q.connector ?? null, q.module ?? null],
        ),
      );
      for (const row of page) yield fromRow(row);
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
}
