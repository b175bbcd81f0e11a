// A connector over transactions held in memory: what the quality benchmark scans. (Production
// connectors stream from their sources; this one exists for measuring the engine alone.)
import type { Connector, ScanOptions } from "../../connectors/types.ts";
import type { ReferenceData, Transaction } from "../../domain/transaction.ts";

export function memoryConnector(id: string, transactions: readonly Transaction[], reference: ReferenceData): Connector {
  const byId = new Map(transactions.map((t) => [t.transaction_id, t]));
  return {
    id,
    type: "inline",
    name: id,
    description: "in-memory transactions",
    capabilities: { lookup: true, scan: true, reference: ["contracts", "price_list", "shipments"] },
    enabled: true,
    async getTransaction(transactionId: string) {
      return byId.get(transactionId) ?? null;
    },
    async *scan(options: ScanOptions = {}) {
      let n = 0;
      for (const t of transactions) {
        if (options.limit !== undefined && n >= options.limit) return;
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
