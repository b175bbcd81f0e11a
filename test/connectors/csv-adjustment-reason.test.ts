// A claim-line export states each service line's adjustment reasons (the payer's remittance,
// `CO-45 PR-1`, `CO-97`): mapped as `adjustment_reason`, every line keeps its own, where an
// attribute keeps the claim's first row's only. Read where `mapping` names it or a column has
// exactly its name, never from a loose match: a freight
// bill's document-level "Adjustment Reason" (REWEIGH 800 TO 1100 LB) stays the attribute it was.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-adjustment-reason-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function connector(file: string, header: string, rows: string[], mapping: string): CsvConnector {
  writeFileSync(join(dir, file), `${[header, ...rows].join("\n")}\n`);
  const yaml = `connectors:\n  - { id: c, type: csv, transactions: ./${file}, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

test("each line keeps its own adjustment reasons; a line without any has none", async () => {
  const c = connector(
    "claims.csv",
    "Claim ID,CPT/HCPCS,Units,Allowed,Adj Reason Codes",
    ["CLM-1,20611,1,119.63,CO-45 PR-1", "CLM-1,76942,1,0.00,CO-97", "CLM-1,J3301,4,8.64,"],
    "transaction_id: Claim ID, sku: CPT/HCPCS, quantity: Units, line_amount: Allowed, adjustment_reason: Adj Reason Codes",
  );
  const [claim] = await collect(c.scan());
  expect(claim!.lines).toEqual([
    { sku: "20611", quantity: 1, amount: 119.63, adjustment_reason: "CO-45 PR-1" },
    { sku: "76942", quantity: 1, amount: 0, adjustment_reason: "CO-97" },
    { sku: "J3301", quantity: 4, amount: 8.64 },
  ]);
  expect(claim!.attributes ?? {}).not.toHaveProperty("Adj Reason Codes");
});

test("a column named like the field is not read as it unless mapped", async () => {
  const c = connector(
    "freight.csv",
    "Pro Number,Adjustment Reason,Charge Code,Charge Amount",
    ["PRO-1,REWEIGH 800 TO 1100 LB,LH,28.53", "PRO-1,REWEIGH 800 TO 1100 LB,FSC,8.10"],
    "transaction_id: Pro Number, sku: Charge Code, line_amount: Charge Amount",
  );
  const [bill] = await collect(c.scan());
  expect(bill!.lines).toEqual([{ sku: "LH", amount: 28.53 }, { sku: "FSC", amount: 8.1 }]);
  expect(bill!.attributes).toMatchObject({ "Adjustment Reason": "REWEIGH 800 TO 1100 LB" });
});

test("a source in the canonical layout names the fields as they are called: adjustment_reason and base_sku are read", async () => {
  const c = connector(
    "canonical.csv",
    "transaction_id,sku,base_sku,quantity,line_amount,adjustment_reason",
    ["CLM-1,73721-26-76,73721,1,62.00,CO-45", "CLM-1,76942,76942,1,0.00,CO-97"],
    "transaction_id: transaction_id",
  );
  const [claim] = await collect(c.scan());
  expect(claim!.lines).toEqual([
    { sku: "73721-26-76", base_sku: "73721", quantity: 1, amount: 62, adjustment_reason: "CO-45" },
    // A base code that is the sku itself is no fallback.
    { sku: "76942", quantity: 1, amount: 0, adjustment_reason: "CO-97" },
  ]);
});
