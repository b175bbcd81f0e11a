// The `inline` connector: there is no transaction source; the transaction arrives whole in the
// analyze request. It may still carry reference tables (CSV files) as context, so that an inline
// transaction can be checked against contracts and the price list.
import type { Clock } from "../../domain/clock.ts";
import type { ReferenceTable, Transaction } from "../../domain/transaction.ts";
import { BaseConnector, type SourceTable } from "../base.ts";
import { readCsvTable } from "../csv/connector.ts";
import { connectorUnavailable } from "../errors.ts";
import type { ConnectorSettings } from "../settings.ts";
import type { ConnectorCapabilities } from "../types.ts";
import { stat } from "../fs-async.ts";

export class InlineConnector extends BaseConnector {
  readonly capabilities: ConnectorCapabilities;

  constructor(settings: ConnectorSettings, clock: Clock) {
    super(settings, clock, "text");
    this.capabilities = this.baseCapabilities(false, false);
  }

  /** Nothing is stored: a transaction is only ever what the request sends. */
  async getTransaction(): Promise<Transaction | null> {
    return null;
  }

  async *scan(): AsyncGenerator<Transaction> {}

  async probe(): Promise<void> {
    for (const table of this.referenceTables) {
      const st = await stat(this.settings.reference![table]!).catch(() => undefined);
      if (!st?.isFile()) throw connectorUnavailable(this.id, `the reference file for ${table} does not exist`);
    }
  }

  protected readReferenceTable(table: ReferenceTable, source: string, signal?: AbortSignal): Promise<SourceTable> {
    return readCsvTable(this.id, table, source, this.settings.csv, signal);
  }
}
