// A connector over transactions held in memory: what the quality benchmark and the engine's unit
// tests scan. (Production connectors stream from their sources; this one exists for measuring
// and testing the engine alone.) It applies the scan options with the product's own rule
// (limitScan: inclusive inDateRange, then the limit), as every connector must.
import { limitScan } from "../../src/connectors/base.ts";
import type { Connector, ScanOptions } from "../../src/connectors/types.ts";
import type { ReferenceData, Transaction } from "../../src/domain/transaction.ts";

export interface MemoryConnectorOptions {
  id?: string;
  transactions?: readonly Transaction[];
  reference?: Partial<ReferenceData>;
  lookup?: boolean;
  scan?: boolean;
  accounts?: string[];
  enabled?: boolean;
}

/** The connector, and how many scans it has served. */
export type MemoryConnector = Connector & { readonly scans: number };

export function memoryConnector(o: MemoryConnectorOptions = {}): MemoryConnector {
  const transactions = o.transactions ?? [];
  const reference: ReferenceData = { contracts: [], price_list: [], shipments: [], ...o.reference };
  const byId = new Map(transactions.map((t) => [t.transaction_id, t]));
  let scans = 0;
  return {
    id: o.id ?? "memory",
    type: "inline",
    name: o.id ?? "memory",
    description: "in-memory transactions",
    capabilities: { lookup: o.lookup ?? true, scan: o.scan ?? true, reference: ["contracts", "price_list", "shipments"] },
    accounts: o.accounts,
    enabled: o.enabled ?? true,
    get scans() {
      return scans;
    },
    async getTransaction(transactionId: string) {
      return byId.get(transactionId) ?? null;
    },
    scan(options: ScanOptions = {}) {
      scans++;
      return limitScan(fromArray(transactions), options);
    },
    async reference() {
      return reference;
    },
    async probe() {},
    mappingReport: () => ({ rejected_rows: 0, samples: [] }),
    async close() {},
  };
}

async function* fromArray(transactions: readonly Transaction[]): AsyncGenerator<Transaction> {
  yield* transactions;
}
