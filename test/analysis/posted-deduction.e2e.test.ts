// An AR analyst posts today's deduction (POST /v1/analyze, inline data) to a connector whose
// history (a CSV export) holds the invoices and no deduction at all: the deduction is validated
// against the invoice it names (docs/analysis.md, "Deductions validated against their evidence").
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { anomalyCodes, type Server, startServer } from "../support/server.ts";

let srv: Server;

beforeAll(async () => {
  const dir = makeTempDir();
  mkdirSync(join(dir, "export"), { recursive: true });
  writeFileSync(
    join(dir, "export", "ar_items.csv"),
    [
      "Document No,Doc Type,Document Date,Payer,Invoice Ref,Currency,Document Amount,Item No,Cases,UOM,Rate,Line Amount",
      "940000101,INV,03/02/2026,100200,,USD,5000.00,410013,125,CS,40.00,5000.00",
      "940000102,INV,03/03/2026,100200,,USD,200.00,410014,10,CS,20.00,200.00",
      "940000103,INV,03/04/2026,100201,,USD,4000.00,410013,100,CS,40.00,4000.00",
    ].join("\n") + "\n",
  );
  writeFileSync(join(dir, "export", "agreements.csv"), "Agreement,Payer,Item No,UOM,Rate,Start Date\nA-100200,100200,410013,CS,40.00,01/01/2026\n");
  writeFileSync(join(dir, "export", "pod.csv"), "POD No,Invoice No,Item No,Cases Received,Delivered On\nPOD300001,940000101,410013,125,03/04/2026\n");
  srv = await startServer(
    `connectors:
  - id: ar
    type: csv
    transactions: ./export/ar_items.csv
    reference: { contracts: ./export/agreements.csv, shipments: ./export/pod.csv }
    csv: { delimiter: ",", date_format: MM/DD/YYYY }
    type_values: { INV: invoice, DED: credit_note }
    mapping:
      transaction_id: Document No
      type: Doc Type
      date: Document Date
      customer_id: Payer
      reference: Invoice Ref
      currency: Currency
      amount: Document Amount
      sku: Item No
      quantity: Cases
      unit: UOM
      unit_price: Rate
      line_amount: Line Amount
    reference_mapping:
      contracts: { contract_id: Agreement, customer_id: Payer, sku: Item No, unit: UOM, price: Rate, valid_from: Start Date }
      shipments: { shipment_id: POD No, transaction_id: Invoice No, sku: Item No, quantity: Cases Received, date: Delivered On }
`,
    { dir },
  );
});
afterAll(() => srv?.stop());

const deduction = (id: string, reason: string, cases: number, rate: number) => ({
  transaction_id: id, type: "credit_note", date: "2026-03-30T00:00:00Z", customer_id: "100200", currency: "USD", reference: "940000101",
  amount: -cases * rate, attributes: { "Reason Text": reason }, lines: [{ sku: "410013", unit: "CS", quantity: cases, unit_price: rate, amount: -cases * rate }],
});
const analyze = (data: object) => srv.call("POST", "/v1/analyze", { connector: "ar", module: "revenue_leakage", data }, { creds: srv.creds });

test("a shortage posted against an invoice the POD shows delivered complete is unsupported, though no deduction of the history names the invoice", async () => {
  expect(await anomalyCodes(await analyze(deduction("D-1", "Shortage", 10, 40)))).toContain("shortage_not_on_delivery");
});

test("a pricing deduction posted against an invoice billed at the contract price takes it below the contract", async () => {
  expect(await anomalyCodes(await analyze(deduction("D-2", "Pricing difference", 125, 2.4)))).toContain("price_below_contract");
});

test("a damage claim posted against the same invoice is not judged against the POD", async () => {
  const codes = await anomalyCodes(await analyze(deduction("D-3", "Damaged product", 4, 40)));
  expect(codes).not.toContain("shortage_not_on_delivery");
  expect(codes).not.toContain("price_below_contract");
});
