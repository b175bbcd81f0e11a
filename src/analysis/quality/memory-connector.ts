// A connector over transactions held in memory: what the quality benchmark and the engine's unit
// tests scan. (Production connectors stream from their sources; this one exists for measuring
// and testing the engine alone.) It honours the scan options as every connector must.
import type { Connector, ScanOptions } from "../../connectors/types.ts";
import type { ReferenceData, Transaction } from "../../domain/transaction.ts";

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
    async *scan(options: ScanOptions = {}) {
      scans++;
      let n = 0;
      for (const t of transactions) {
        if (options.limit !== undefined && n >= options.limit) return;
        if (options.from && (t.date ?? "") < options.from) continue;
        if (options.to && (t.date ?? "") > options.to) continue;
        n++;
        yield t;
      }
    },
    async reference() {
      return reference;
    },
    async probe() {},
    mappingReport: () => ({ rejected_rows: 0, samples: [] }),
    async close() {},
  };
}
