// A practice-management system's claim-line export writes each service line's adjustment reason
// codes (the payer's remittance, X12 835 CAS) in a column of its own, which differs from line to
// line of one claim. Mapped as the line's `adjustment_reason`, a line the payer bundled into
// another (allowed at 0, CO-97) is not a zero-price line; a line denied for missing information
// (CO-16) still is. Over real HTTP: a claim looked up in the export by id, and a line sent inline.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { anomalyCodes, json, type Server, startServer } from "../support/server.ts";

const dir = makeTempDir("assay-claim-reasons-");
let s: Server;

beforeAll(async () => {
  writeFileSync(
    join(dir, "claim_lines.csv"),
    [
      "Claim ID,Claim Date,Payer ID,Fee Schedule,CPT/HCPCS,Units,Allowed,Adj Reason Codes",
      // The reason of the second line is not the first's: an attribute (the claim's first row) would lose it.
      "CLM-1,06/11/2025,AET,FS-AET,20611,1,119.63,CO-45 PR-1",
      "CLM-1,06/11/2025,AET,FS-AET,76942,1,0.00,CO-97",
      "CLM-2,06/12/2025,AET,FS-AET,20611,1,119.63,CO-45 PR-1",
      "CLM-2,06/12/2025,AET,FS-AET,76942,2,0.00,CO-16",
      "",
    ].join("\n"),
  );
  writeFileSync(join(dir, "fee_schedules.csv"), ["Fee Schedule,Payer ID,CPT/HCPCS,Allowed", "FS-AET,AET,20611,119.63", "FS-AET,AET,76942,31.20", ""].join("\n"));
  s = await startServer(
    `connectors:
  - id: remits
    type: csv
    transactions: ./claim_lines.csv
    reference: { contracts: ./fee_schedules.csv }
    csv: { date_format: MM/DD/YYYY }
    mapping: { transaction_id: Claim ID, date: Claim Date, customer_id: Payer ID, contract_id: Fee Schedule, sku: CPT/HCPCS, quantity: Units, line_amount: Allowed, adjustment_reason: Adj Reason Codes }
    reference_mapping: { contracts: { contract_id: Fee Schedule, customer_id: Payer ID, sku: CPT/HCPCS, price: Allowed } }
  - id: inline
    type: inline
    reference: { contracts: ./fee_schedules.csv }
    reference_mapping: { contracts: { contract_id: Fee Schedule, customer_id: Payer ID, sku: CPT/HCPCS, price: Allowed } }
`,
    { dir },
  );
});
afterAll(async () => {
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

const byId = (id: string) => s.call("POST", "/v1/analyze", { connector: "remits", module: "revenue_leakage", data: { transaction_id: id } });
const inline = (adjustment_reason: unknown) =>
  s.call("POST", "/v1/analyze", {
    connector: "inline",
    module: "revenue_leakage",
    data: {
      transaction_id: "CLM-9",
      date: "2025-06-11",
      customer_id: "AET",
      contract_id: "FS-AET",
      currency: "USD",
      amount: 119.63,
      lines: [
        { sku: "20611", quantity: 1, amount: 119.63, adjustment_reason: "CO-45" },
        { sku: "76942", quantity: 1, amount: 0, adjustment_reason },
      ],
    },
  });

test("a line the payer bundled (CO-97) is no finding; a line denied for missing information (CO-16) is", async () => {
  expect(await anomalyCodes(await byId("CLM-1"))).toEqual([]);
  expect(await anomalyCodes(await byId("CLM-2"))).toEqual(["zero_price_line"]);
});

test("an inline line states its adjustment reason; one that is no string of at most 256 characters is refused with 422", async () => {
  expect(await anomalyCodes(await inline("CO-97"))).toEqual([]);
  expect(await anomalyCodes(await inline(null))).toEqual(["zero_price_line"]);
  for (const bad of [97, "C".repeat(257)]) {
    const res = await inline(bad);
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.code).toBe("validation_failed");
    expect(JSON.stringify(body)).toContain("/lines/1/adjustment_reason");
  }
});
