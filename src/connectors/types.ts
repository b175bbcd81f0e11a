// The connector contract: every built-in source (csv, sqlite, postgres, mysql, http, inline)
// implements this one interface, so the analysis engine and the API never see a source's kind.
import type { ReferenceData, ReferenceTable, Transaction } from "../domain/transaction.ts";
import type { DayOrder } from "../analysis/dates.ts";

export const CONNECTOR_TYPES = ["csv", "sqlite", "postgres", "mysql", "http", "inline"] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

export interface ScanOptions {
  /** Inclusive lower bound on the transaction date (ISO 8601). */
  from?: string;
  /** Inclusive upper bound on the transaction date (ISO 8601). */
  to?: string;
  /** Stop after this many transactions. */
  limit?: number;
  signal?: AbortSignal;
}

/** A part of a source for a scan worker: plain data (it is posted to a worker thread). */
export interface ScanPartition {
  type: ConnectorType;
  /** Transactions in the part (an upper bound). */
  transactions: number;
}

export interface ConnectorCapabilities {
  /** Can fetch one transaction by id. */
  lookup: boolean;
  /** Can stream its transactions. */
  scan: boolean;
  /** Reference tables it provides. */
  reference: ReferenceTable[];
}

export interface MappingReport {
  /** Source rows that could not be mapped into a canonical transaction since start. */
  rejected_rows: number;
  /** A few recent reasons, safe to show (no credentials, no raw secrets). */
  samples: { row: string; reason: string }[];
  /** Problems of the source's columns (a column the mapping names that a file or table lacks) and of a reference table's rows as a whole (contract rows that end before they start), when there are any. */
  warnings?: string[];
}

export interface Connector {
  readonly id: string;
  readonly type: ConnectorType;
  readonly name: string;
  readonly description: string;
  readonly capabilities: ConnectorCapabilities;
  /** Accounts allowed to use it; undefined = every account. */
  readonly accounts?: readonly string[];
  readonly enabled: boolean;

  /** One transaction by id, or null when the source does not have it. */
  getTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction | null>;
  /** Streams transactions grouped from source rows, never holding the whole source in memory. */
  scan(options?: ScanOptions): AsyncIterable<Transaction>;
  /** Reference tables (contracts, price list, shipments); empty arrays where not configured. */
  reference(signal?: AbortSignal): Promise<ReferenceData>;
  /**
   * Optional: the source cut into about `count` parts of plain data, in source order, for scan
   * workers (connectors/partitions.ts opens one in a worker); scanning the parts one after the
   * other yields exactly what scan() yields. With `upTo`, the parts share the first `upTo`
   * transactions and the last runs on to the end (for a pass that stops after `upTo`).
   * Undefined when the source cannot be cut.
   */
  partitions?(count: number, signal?: AbortSignal, upTo?: number): Promise<ScanPartition[] | undefined>;
  /**
   * Optional: a scan's signal — `outer`'s, and aborted with 504 connector_timeout past the
   * connector's scan_timeout_s (connectors/scan-deadline.ts). scan() applies it itself; a scan
   * split over workers from partitions() takes it for the workers' whole run.
   */
  scanDeadline?(outer?: AbortSignal): { signal: AbortSignal; clear: () => void };
  /**
   * Optional, with partitions(): a part of no rows, enough for a scan worker to read the source's
   * reference tables (connectors/partitions.ts), known before the source is cut: the workers read
   * them while partitions() builds the index, not between the two passes of a split scan.
   */
  referencePartition?(): ScanPartition;
  /**
   * Optional: whether a reference table has a column for a canonical field, read from its header
   * (not its rows) where the tables are not cached: a cheap question before a split scan.
   */
  referenceHasField?(table: ReferenceTable, field: string, signal?: AbortSignal): Promise<boolean>;
  /**
   * Optional: a token that changes when the source's data changes (files: their modification
   * times and sizes), so that what was derived from it (the reference tables, the analysis
   * context's history) is rebuilt at once instead of when its TTL runs out. Undefined for a
   * source that cannot tell cheaply (a database server, an HTTP API): the TTLs apply.
   */
  revision?(): string | undefined;
  /**
   * Optional: the order of day and month the source's configured date format states (a CSV
   * connector's `csv.date_format: MM/DD/YYYY` is month first), which its other dates — the
   * attributes keep the export's text — are written in as well; undefined where it states none
   * (ISO, a database's native dates).
   */
  dayOrder?(): DayOrder | undefined;
  /** Cheap liveness check of the source; throws a ConnectorError when it is not usable. */
  probe(signal?: AbortSignal): Promise<void>;
  mappingReport(): MappingReport;
  /** Optional: counts rows that scan workers rejected in parts of this source (its mapping report). */
  recordRejections?(rows: readonly [key: string, label: string, reason: string][]): void;
  close(): Promise<void>;
}
