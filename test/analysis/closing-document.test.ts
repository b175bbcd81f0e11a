// A year-end closing document posts a year's balance once per account and department: several
// lines of one document to the same account (salaries of sales, of operations, of finance). The
// controller who runs it has no routine in that account — only this document there, and perhaps a
// posting or two at other moments (a capital contribution) — and the sweep rule (a routine of its
// own level explains the user's first posting in a context) must see it as the first document
// there, not as a routine of several postings that never reached this level before (a document's
// own lines are no level "reached before"). Found by the fourth independent ledger, a Business
// Central-style export (bench/quality/erp-ledger.ts, "Close Income Statement"); read through the
// real csv connector with the columns mapped by name, as its evaluation does.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateErpLedger, toCsv } from "../../bench/quality/erp-ledger.ts";
import { parseConfig } from "../../src/config/load.ts";
import { ConnectorRegistry } from "../../src/connectors/registry.ts";
import { systemClock } from "../../src/domain/clock.ts";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import { silentLogger } from "../../src/log.ts";
import { makeEngine } from "../support/engine.ts";

const CONFIG = (file: string) => `
connectors:
  - id: gl
    type: csv
    transactions: ${file}
    mapping: { transaction_id: Entry No., date: Created At, created_by: User ID, customer_id: Source No., currency: Currency Code, debit: Debit Amount, credit: Credit Amount }
`;

describe("a closing document's lines are the controller's first document in each account", () => {
  test("the year-end close of the Business Central-style ledger raises no amount alarm where the controller's closing routine is of its own level; planted extreme amounts are still found", async () => {
    const ledger = generateErpLedger({ seed: 4242 });
    const dir = mkdtempSync(join(tmpdir(), "closing-doc-"));
    try {
      writeFileSync(join(dir, "gl.csv"), toCsv(ledger));
      const config = parseConfig(CONFIG(join(dir, "gl.csv")), join(dir, "assay.yaml"), {});
      const registry = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
      const { engine } = makeEngine([registry.get("gl")!], config.modules);
      const docOf = new Map(ledger.rows.map((r) => [r[0]!, r[4]!]));
      const kindOf = new Map(ledger.documents.map((d) => [d.documentNo, d.anomaly ?? d.kind]));
      const alarmsByKind = new Map<string, Set<string>>();
      for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "gl", module: "anomaly_detection", limit: 1_000_000 }) as AsyncIterable<TransactionFinding>) {
        if (!f.anomalies.some((a) => a.code.startsWith("amount_outlier") && (a.severity === "high" || a.severity === "critical"))) continue;
        const doc = docOf.get(f.transaction.transaction_id)!;
        const kind = kindOf.get(doc)!;
        alarmsByKind.set(kind, (alarmsByKind.get(kind) ?? new Set()).add(doc));
      }
      await registry.close();
      // The parent's and the older subsidiary's closings (a year of business, 54 and 36 lines);
      // the subsidiary opened in September closes four months, too little to be a level of its own.
      const closings = [...(alarmsByKind.get("year_end_close") ?? [])];
      expect(closings.length).toBeLessThanOrEqual(1);
      expect(alarmsByKind.get("extreme_vendor_invoice")?.size ?? 0).toBeGreaterThanOrEqual(10);
      expect(alarmsByKind.get("extreme_account_journal")?.size ?? 0).toBeGreaterThanOrEqual(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
