import type { AnalysisQuery, AnalysisRecord, AnalysisRepository } from "../types.ts";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import { recordedResultJson } from "../../domain/analysis-json.ts";
import { markClaim } from "./idempotency.ts";
import { insertOf, one, rows, type PgDatabase, type Sql } from "./pool.ts";

interface Row extends Omit<AnalysisRecord, "anomaly_codes" | "result"> {
  anomaly_codes: string;
  result: string;
}

const COLUMNS = [
  "id", "account_id", "connector", "module", "transaction_id", "customer_id", "risk_score", "risk_level", "amount_at_risk",
  "currency", "anomaly_codes", "transactions_analyzed", "alert_id", "created_at", "result",
] as const;
const PAGE = 500;

const fromRow = (row: Row): AnalysisRecord => ({ ...row, anomaly_codes: JSON.parse(row.anomaly_codes), result: JSON.parse(row.result) });

/** Inserts one analysis row; shared with the alerts repository, which records an analysis with the alert it opened. */
export async function insertAnalysis(sql: Sql, r: AnalysisRecord, alertId?: string) {
  // With alertId: the analysis is stored as opening (or finding) that alert.
  const row = { ...r, alert_id: alertId ?? r.alert_id, anomaly_codes: JSON.stringify(r.anomaly_codes), result: recordedResultJson(r.result, alertId) };
  const q = insertOf("analyses", COLUMNS, row);
  await sql.unsafe(q.text, q.params);
}

export class PgAnalysisRepository implements AnalysisRepository {
  constructor(private readonly db: PgDatabase) {}

  insert(r: AnalysisRecord, claim?: IdempotencyRef) {
    if (!claim) return this.db.run((sql) => insertAnalysis(sql, r));
    return this.db.tx(async (tx) => {
      await insertAnalysis(tx, r);
      await markClaim(tx, claim, `analysis:${r.id}`);
    });
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
