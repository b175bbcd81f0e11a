// Runs the online retailer's data set (billing-ecommerce.ts: a year of web-store, marketplace and
// B2B order billing across Black Friday / Cyber Monday) through the real product: writes the
// export and a configuration written from docs/connectors.md and docs/analysis.md as the
// retailer's analyst would (the price list with its mid-year change, the B2B contracts, the
// warehouse's shipments naming their invoices, the "Tax Exempt" Yes/No flag as a tax marker, a
// discount policy of 15 %: the loyalty tier or one coupon), starts `src/main.ts serve`, scans with
// revenue_leakage and duplicate_detection over signed HTTP, looks up each planted document for its
// amount at risk, and prints precision/recall per invoice at high, per kind, and the false alarms
// per kind of regular business (every false alarm with its codes in <out>/false-alarms.json).
// --calendar also gives the product the marketing team's campaign calendar, expanded per SKU into
// promotion rows (customer "*", the campaign price, its window) beside the B2B contracts; without
// it the product sees only what a plain order export and price list show. Not part of
// `make bench-quality`.
// Run: bun run bench/quality/billing-ecommerce-eval.ts --seed 2611 [--calendar] [--port 18393] [--verbose]
import { falseAlarmsByKind } from "./metrics.ts";
import { flaggedAtHigh, startServedBilling } from "./signed-call.ts";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { LEAK_KINDS, writeEcommerce, type Label } from "./billing-ecommerce.ts";

const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
const seed = Number(arg("--seed", "2611"));
const port = Number(arg("--port", "18393"));
const withCalendar = process.argv.includes("--calendar");
const dir = resolve(arg("--out", `/tmp/ecom-eval-${seed}${withCalendar ? "-cal" : ""}`));
const verbose = process.argv.includes("--verbose");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const sizes = writeEcommerce(seed, join(dir, "export"));

const config = `server: { host: 127.0.0.1, port: ${port}, access_log: false }
storage: { path: ./data/assay.db, synchronous: NORMAL }
security: { master_key_file: ./data/master.key }
reports: { dir: ./data/reports }
dashboard: { enabled: false }
modules:
  revenue_leakage:
    max_discount_pct: 15
    tax:
      rates: { EUR: 0.19, GBP: 0.2 }
      marker_fields: [tax_exempt]
      exempt_values: ["YES", "Y", "TRUE"]
connectors:
  - id: shop
    type: csv
    name: Web store invoice lines
    transactions: ./export/invoice_lines.csv
    reference:
      contracts: ./export/ref/${withCalendar ? "contracts_and_campaigns" : "contracts"}.csv
      price_list: ./export/ref/price_list.csv
      shipments: ./export/ref/shipments.csv
    type_values: { Invoice: invoice, Refund: credit_note }
    mapping:
      transaction_id: Invoice Number
      type: Document Type
      date: Invoice Date
      customer_id: Customer ID
      currency: Currency
      amount: Subtotal
      tax_amount: Tax
      tax_rate: Tax Rate
      reference: Original Invoice
      sku: SKU
      quantity: Quantity
      unit_price: Unit Price
      discount_pct: Discount %
      line_amount: Line Total
    reference_mapping:
      contracts: { contract_id: Contract, customer_id: Customer ID, sku: SKU, price: Price, currency: Currency, valid_from: Valid From, valid_to: Valid To }
      price_list: { sku: SKU, list_price: Price, currency: Currency, valid_from: Effective From }
      shipments: { shipment_id: Shipment, transaction_id: Invoice Number, sku: SKU, quantity: Quantity, date: Ship Date }
`;
const configFile = join(dir, "assay.yaml");
writeFileSync(configFile, config);
const repo = resolve(import.meta.dir, "../..");
const { call, server } = await startServedBilling({ repo, dir, configFile, port, accountName: "Online retailer" });
try {
  const labels = JSON.parse(readFileSync(join(dir, "export", "labels.json"), "utf8")) as { leaks: Label[]; regular: Record<string, string> };
  const cpu0 = process.cpuUsage();
  const flagged = await flaggedAtHigh(call, "shop");
  const status = await call("GET", "/v1/connectors/shop/status");
  const rejected = status.json.mapping?.rejected_rows ?? 0;
  // Per kind: planted documents found at high, and their amount at risk from a lookup.
  const leakDocs = new Set(labels.leaks.map((l) => l.document));
  // Lookups that did not answer 200 (their estimate counts as 0), and with --verbose each lookup.
  const lookupErrors = new Map<string, number>();
  const lookups: unknown[] = [];
  const perKind = new Map<string, { n: number; tp: number; truth: Record<string, number>; est: Record<string, number> }>();
  for (const l of labels.leaks) {
    const k = perKind.get(l.kind) ?? { n: 0, tp: 0, truth: {}, est: {} };
    k.n++;
    if (flagged.has(l.document)) k.tp++;
    let est = 0;
    for (const module of ["revenue_leakage", "duplicate_detection"]) {
      const r = await call("POST", "/v1/analyze", { connector: "shop", module, data: { transaction_id: l.document } });
      if (r.status !== 200) lookupErrors.set(`${r.status} ${r.json.code ?? ""}`, (lookupErrors.get(`${r.status} ${r.json.code ?? ""}`) ?? 0) + 1);
      if (verbose && module === "revenue_leakage") lookups.push({ document: l.document, kind: l.kind, truth: l.amount_at_risk, estimate: Number(r.json.amount_at_risk?.amount ?? 0), codes: (r.json.anomalies ?? []).map((a: { code: string }) => a.code) });
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
  console.log(`# Online retailer data set, seed ${seed}${withCalendar ? " (with the campaign calendar)" : ""}: ${JSON.stringify(sizes)}, rejected rows ${rejected}`);
  console.log(`\nat high: precision ${(tp / Math.max(1, tp + fp)).toFixed(3)}, recall ${(tp / labels.leaks.length).toFixed(3)} (TP ${tp}, FP ${fp}, FN ${labels.leaks.length - tp})\n`);
  console.log("| kind | planted | found at high | recall | amount at risk: planted → estimated (error) |\n|---|---:|---:|---:|---|");
  for (const kind of LEAK_KINDS) {
    const k = perKind.get(kind);
    if (!k) continue;
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
  if (lookupErrors.size > 0) console.log(`\nlookups not answered 200: ${[...lookupErrors].map(([k, n]) => `${k} × ${n}`).join(", ")}`);
  if (verbose) writeFileSync(join(dir, "lookups.json"), JSON.stringify(lookups, null, 1));
  writeFileSync(join(dir, "false-alarms.json"), JSON.stringify(Object.fromEntries(fpByKind), null, 1));
  if (verbose) for (const [kind, list] of fpByKind) console.log(`FP ${kind}: ${list.slice(0, 8).join(" | ")}`);
  console.log(`\nclient CPU ${(cpu.user / 1e6).toFixed(1)} s`);
} finally {
  server.kill();
  await server.exited;
}
