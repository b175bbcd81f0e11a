// Opening a part of a source (Connector.partitions) inside a scan worker: a connector of the
// part's settings that reads its reference tables and streams the part's transactions.
import type { Clock } from "../domain/clock.ts";
import type { ReferenceData, Transaction } from "../domain/transaction.ts";
import { CsvConnector } from "./csv/connector.ts";
import type { CsvPartition } from "./csv/partition.ts";
import type { ScanOptions, ScanPartition } from "./types.ts";

export interface PartitionSource {
  reference(signal?: AbortSignal): Promise<ReferenceData>;
  /** The part's transactions, in source order, within the options' dates and limit. */
  scan(options?: ScanOptions): AsyncIterable<Transaction>;
  /** Rows rejected while scanning, since the last call: [key, label, reason] (Connector.recordRejections). */
  takeRejections(): [string, string, string][];
}

export function openPartition(part: ScanPartition, clock: Clock): PartitionSource {
  if (part.type === "csv") {
    const csv = part as CsvPartition;
    const connector = CsvConnector.forPartition(csv, clock);
    return {
      reference: (signal) => connector.reference(signal),
      scan: (options) => connector.scanPartition(csv, options),
      takeRejections: () => connector.takeRejections(),
    };
  }
  throw new Error(`a ${part.type} source cannot be scanned in parts`);
}

/** What the reference tables read through a part depend on: parts with the same key read the same tables. */
export function referenceKey(part: ScanPartition): string {
  if (part.type === "csv") return JSON.stringify((part as CsvPartition).settings);
  throw new Error(`a ${part.type} source cannot be scanned in parts`);
}
