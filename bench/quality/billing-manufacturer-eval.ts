// Runs the manufacturer's data set (billing-manufacturer.ts) through the real product: writes the
// export and a configuration written from docs/connectors.md, starts `src/main.ts serve`, scans
// with revenue_leakage and duplicate_detection over signed HTTP, looks up each planted document
// for its amount at risk, and prints precision/recall per invoice at high, per kind, and the false
// alarms per kind of regular business. Not part of `make bench-quality` (its figures stay as they
// were). Run: bun run bench/quality/billing-manufacturer-eval.ts --seed 4711 [--port 18391]
import { falseAlarmsByKind } from "./metrics.ts";
import { flaggedAtHigh, startServedBilling } from "./signed-call.ts";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeManufacturer, type Label } from "./billing-manufacturer.ts";

const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
const seed = Number(arg("--seed", "4711"));
const port = Number(arg("--port", "18391"));
const dir = resolve(arg("--out", `/tmp/mfg-eval-${seed}`));
const verbose = process.argv.includes("--verbose");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const sizes = writeManufacturer(seed, join(dir, "export"));

const config = `server: { host: 127.0.0.1, port: ${port}, access_log: false }
storage: { path: ./data/assay.db, synchronous: NORMAL }
security: { master_key_file: ./data/master.key }
reports: { dir: ./data/reports }
dashboard: { enabled: false }
modules:
  revenue_leakage:
    max_discount_pct: 10
    tax:
      rates: { CHF: 0.081, EUR: 0.19, JPY: 0.10 }
      exempt_values: [E, AE, K, G, O, Z, EXEMPT, REVERSE_CHARGE, "REVERSE CHARGE", ZERO_RATED, EXPORT, "TRUE", "YES", "Y", V0-EXP]
connectors:
  - id: erp
    type: csv
    name: ERP saved search (invoice lines)
    transactions: ./export/invoice_lines.csv
    reference:
      contracts: ./export/ref/agreements.csv
      price_list: ./export/ref/price_list.csv
      shipments: ./export/ref/fulfillments.csv
    csv: { delimiter: ";", thousands: "'", date_format: DD.MM.YYYY }
    type_values: { Invoice: invoice, "Credit Memo": credit_note }
    mapping:
      transaction_id: Document Number
      date: Date
      customer_id: Customer
      amount: Subtotal
      tax_amount: Tax Total
      tax_rate: Tax Rate
      reference: Applied To
      sku: Item
      unit: UoM
      unit_price: Rate
      discount_pct: Discount %
      line_amount: Amount
    reference_mapping:
      contracts: { contract_id: Agreement, customer_id: Customer, sku: Item, price: Agreed Price, valid_from: Start Date, valid_to: End Date, max_discount_pct: Max Discount %, min_quantity: Min Qty }
      price_list: { sku: Item, list_price: Base Price, valid_from: Effective Date }
      shipments: { shipment_id: Fulfillment, transaction_id: Created From Invoice, sku: Item, quantity: Qty Shipped, date: Ship Date }
`;
const configFile = join(dir, "assay.yaml");
writeFileSync(configFile, config);
const repo = resolve(import.meta.dir, "../..");
const { call, server } = await startServedBilling({ repo, dir, configFile, port, accountName: "Manufacturer" });
try {
  const labels = JSON.parse(readFileSync(join(dir, "export", "labels.json"), "utf8")) as { leaks: Label[]; regular: Record<string, string> };
  const cpu0 = process.cpuUsage();
  const flagged = await flaggedAtHigh(call, "erp");
  const status = await call("GET", "/v1/connectors/erp/status");
  const rejected = status.json.mapping?.rejected_rows ?? 0;
  // Per kind: planted documents found at high, and their amount at risk from a lookup.
  const leakDocs = new Set(labels.leaks.map((l) => l.document));
  const perKind = new Map<string, { n: number; tp: number; truth: Record<string, number>; est: Record<string, number> }>();
  for (const l of labels.leaks) {
    const k = perKind.get(l.kind) ?? { n: 0, tp: 0, truth: {}, est: {} };
    k.n++;
    if (flagged.has(l.document)) k.tp++;
    let est = 0;
    for (const module of ["revenue_leakage", "duplicate_detection"]) {
      const r = await call("POST", "/v1/analyze", { connector: "erp", module, data: { transaction_id: l.document } });
      est = Math.max(est, Number(r.json.amount_at_risk?.amount ?? 0));
    }
    k.truth[l.currency] = (k.truth[l.currency] ?? 0) + l.amount_at_risk;
    k.est[l.currency] = (k.est[l.currency] ?? 0) + est;
    perKind.set(l.kind, k);
    if (verbose && !flagged.has(l.document)) console.log(`missed ${l.kind} ${l.document}`);
  }
  const fpByKind = falseAlarmsByKind(flagged, leakDocs, labels.regular);
  const cpu = process.cpuUsage(cpu0);
  const tp = [...perKind.values()].reduce((s, k) => s + k.tp, 0);
  const fp = [...fpByKind.values()].reduce((s, k) => s + k.length, 0);
  console.log(`# Manufacturer data set, seed ${seed}: ${JSON.stringify(sizes)}, rejected rows ${rejected}`);
  console.log(`\nat high: precision ${(tp / Math.max(1, tp + fp)).toFixed(3)}, recall ${(tp / labels.leaks.length).toFixed(3)} (TP ${tp}, FP ${fp}, FN ${labels.leaks.length - tp})\n`);
  console.log("| kind | planted | found at high | recall | amount at risk: planted → estimated (error) |\n|---|---:|---:|---:|---|");
  for (const [kind, k] of perKind) {
    const amounts = Object.entries(k.truth).map(([c, truth]) => {
      const est = k.est[c] ?? 0;
      return `${c} ${truth.toFixed(2)} → ${est.toFixed(2)}${truth ? ` (${(((est - truth) / truth) * 100).toFixed(1)} %)` : ""}`;
    }).join("; ");
    console.log(`| ${kind} | ${k.n} | ${k.tp} | ${(k.tp / k.n).toFixed(3)} | ${amounts} |`);
  }
  const regularCount = new Map<string, number>();
  for (const v of Object.values(labels.regular)) regularCount.set(v, (regularCount.get(v) ?? 0) + 1);
  console.log("\n| regular business | documents | flagged at high |\n|---|---:|---:|");
  for (const [kind, n] of [...regularCount].sort()) console.log(`| ${kind} | ${n} | ${fpByKind.get(kind)?.length ?? 0} |`);
  if (fpByKind.has("unlabelled")) console.log(`| unlabelled | – | ${fpByKind.get("unlabelled")!.length} |`);
  if (verbose) for (const [kind, list] of fpByKind) console.log(`FP ${kind}: ${list.slice(0, 8).join(" | ")}`);
  console.log(`\nclient CPU ${(cpu.user / 1e6).toFixed(1)} s`);
} finally {
  server.kill();
  await server.exited;
}
