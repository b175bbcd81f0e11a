// Benchmark: what the largest transactions a client may send cost the event loop, shape by shape
// (docs/reliability.md, "Hostile input"). A signed client may send 10,000 lines and attributes up
// to the body's limit; a detector that compares each line with every other line, or scans every
// attribute once per line, turns one such request into seconds of a blocked server (a document of
// 10,000 lines given away at 100 % took 2.1 s before the pricing detector asked once per document
// whether it records its discounts). Each shape is analysed in process by every module against a
// connector holding the sample data's history; the worst of three runs is printed, and a shape
// over `--limit-ms` (default 250) is marked. Not a unit test: it times, and timings belong here.
// Usage: bun run bench/hostile-shapes.ts [--lines 10000] [--limit-ms 250] [--json]
import { parseArgs } from "node:util";
import { AssayAnalysisEngine } from "../src/analysis/engine.ts";
import { connectorAccess } from "../src/connectors/access.ts";
import { silentLogger } from "../src/log.ts";
import { generateDataset } from "../src/sampledata/generate.ts";
import { fixedClock, memoryConnector, modulesConfig } from "../test/support/engine.ts";

const { values } = parseArgs({ options: { lines: { type: "string", default: "10000" }, "limit-ms": { type: "string", default: "250" }, json: { type: "boolean", default: false } } });
const n = Number(values.lines);
const limitMs = Number(values["limit-ms"]);

const data = generateDataset({ seed: 7, invoices: 2000 });
const known = data.transactions[data.transactions.length >> 1]!;
const customer = known.customer_id ?? "C-1";
const sku = known.lines[0]?.sku ?? "SKU-1";
const knownSkus = [...new Set(data.transactions.flatMap((t) => t.lines.map((l) => l.sku ?? "")))].filter(Boolean);
const engine = new AssayAnalysisEngine({
  modules: modulesConfig(),
  rules: [],
  autoThreshold: 70,
  connectors: connectorAccess([memoryConnector({ transactions: data.transactions, reference: data.reference }), memoryConnector({ id: "kits", ...kitHistory() })]),
  analyses: { insert: async () => {}, iterate: async function* () {} },
  clock: fixedClock,
  log: silentLogger,
  alerts: () => ({ openFromAnalysis: async () => "alrt_BENCH" }),
});

/** A history whose invoices bill a kit with two of a component at 0 (kit-components.ts learns it). */
function kitHistory() {
  const transactions = Array.from({ length: 400 }, (_, i) => ({
    transaction_id: `K-${i}`,
    type: "invoice" as const,
    date: `2025-0${1 + (i % 5)}-1${i % 9}T10:00:00Z`,
    customer_id: `C-${i % 40}`,
    currency: "USD",
    amount: 100,
    lines: [{ sku: "KIT-A", quantity: 1, unit_price: 100, amount: 100 }, { sku: "COMP-X", quantity: 2, unit_price: 0, amount: 0 }],
  }));
  return { transactions, reference: { contracts: [], price_list: [{ sku: "KIT-A", list_price: 100 }, { sku: "COMP-X", list_price: 5 }], shipments: [] } };
}

type Line = Record<string, unknown>;
const many = (make: (i: number) => Line) => Array.from({ length: n }, (_, i) => make(i));
const doc = (id: string, lines: Line[], extra: Record<string, unknown> = {}) => ({
  transaction_id: id,
  type: "invoice",
  date: "2025-06-11T10:00:00Z",
  customer_id: customer,
  currency: known.currency ?? "USD",
  amount: lines.reduce((s, l) => s + Number(l.amount ?? 0), 0),
  lines,
  ...extra,
});
const words = "prorated remaining time unused free of charge intercompany sample warranty replacement quote ".repeat(9000);

/** Shapes analysed against the sample data, or against the connector named after them (kits). */
const shapes: Record<string, () => Record<string, unknown>> = {
  "a kit and 9,999 of its components at 0 (kits)": () => ({
    ...doc("H-KITS", [{ sku: "KIT-A", quantity: 5000, unit_price: 100, amount: 500_000 }, ...many(() => ({ sku: "COMP-X", quantity: 1, unit_price: 0, amount: 0 })).slice(1)]),
    customer_id: "C-1",
  }),
  "lines given away at 100 %": () => doc("H-FREE", many((i) => ({ sku: `S-${i % 50}`, quantity: 1, unit_price: 0, list_price: 100, discount_pct: 100, amount: 0 }))),
  "the history's SKUs at 0": () => doc("H-KNOWN0", many((i) => ({ sku: knownSkus[i % knownSkus.length], quantity: 1, unit_price: 0, amount: 0 }))),
  "lines at 0 without a price": () => doc("H-ZERO", many((i) => ({ sku: `S-${i % 50}`, quantity: 1, unit_price: 0, amount: 0 }))),
  "a known SKU at 10,000 prices": () => doc("H-PRICES", many((i) => ({ sku, quantity: 1, unit_price: 1 + i, amount: 1 + i }))),
  "10,000 distinct SKUs cut 50 %": () => doc("H-DISTINCT", many((i) => ({ sku: `NEW-${i}`, quantity: 1, unit_price: 50, list_price: 100, discount_pct: 50, amount: 50 }))),
  "kits and components at 0": () => doc("H-KIT", many((i) => ({ sku: `KIT-${i >> 1}`, quantity: 1 + (i % 7), unit_price: i % 2 ? 0 : 10, amount: i % 2 ? 0 : 10 * (1 + (i % 7)) }))),
  "units of measure on every line": () => doc("H-UNITS", many((i) => ({ sku, unit: ["EA", "CS", "KG", "HR", "%", "MO"][i % 6], quantity: 1 + i, unit_price: 3, amount: 3 * (1 + i) }))),
  "a credit note of 10,000 lines": () => doc("H-CREDIT", many(() => ({ sku, quantity: 1, unit_price: 100, amount: 100 })), { type: "credit_note", reference: known.transaction_id }),
  "a 900 kB attribute of marker words": () => doc("H-WORDS", many(() => ({ sku, quantity: 1, unit_price: 10, amount: 10 })).slice(0, 10), { attributes: { memo: words } }),
  "5,000 attributes (the most a request may carry)": () => doc("H-ATTRS", [{ sku, quantity: 1, unit_price: 10, amount: 10 }], { attributes: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`field_${i}`, `value ${i}`])) }),
  "a 256-character look-alike name": () => doc("H-NAME", [{ sku, quantity: 1, unit_price: 10, amount: 10 }], { customer_id: `${customer} `.repeat(40).slice(0, 256) }),
};

const modules = ["revenue_leakage", "anomaly_detection", "duplicate_detection", "compliance"];
// Each module's context (the history pass) is built by its first analysis: not a shape's cost.
for (const connector of ["mem", "kits"]) for (const module of modules) await engine.analyze({ accountId: "bench", connector, module, data: known as unknown as Record<string, unknown> });
const rows: { shape: string; module: string; worst_ms: number; anomalies: number }[] = [];
for (const [shape, make] of Object.entries(shapes)) {
  const body = make();
  for (const module of modules) {
    let worst = 0;
    let anomalies = 0;
    for (let r = 0; r < 3; r++) {
      const data = structuredClone(body);
      const started = performance.now();
      const result = await engine.analyze({ accountId: "bench", connector: shape.endsWith("(kits)") ? "kits" : "mem", module, data });
      worst = Math.max(worst, performance.now() - started);
      anomalies = result.anomalies_total ?? result.anomalies.length;
    }
    rows.push({ shape, module, worst_ms: Math.round(worst), anomalies });
  }
}
if (values.json) console.log(JSON.stringify({ lines: n, limit_ms: limitMs, rows }));
else {
  console.log(`| shape (${n.toLocaleString("en-US")} lines where lines) | module | worst of 3, ms | anomalies |\n| --- | --- | --- | --- |`);
  for (const r of rows) console.log(`| ${r.shape} | ${r.module} | ${r.worst_ms}${r.worst_ms > limitMs ? " **over**" : ""} | ${r.anomalies} |`);
}
