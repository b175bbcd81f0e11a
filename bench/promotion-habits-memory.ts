// Heap of the promotions learner (src/analysis/detectors/leakage/promotion-habits.ts) over a
// catalogue of many distinct SKUs: every invoice bills two SKUs (one at a 5 % discount) and a
// shipping line, free on a third of them. The learner's state grows with SKUs, SKU-days and
// discounted SKU-days, and is held for as long as a connector's history is.
// Usage: bun run bench/promotion-habits-memory.ts [--invoices 300000]
import { heapStats } from "bun:jsc";
import { PromotionHabitsBuilder } from "../src/analysis/detectors/leakage/promotion-habits.ts";

const i = process.argv.indexOf("--invoices");
const n = i > 0 ? Number(process.argv[i + 1]) : 300_000;
const builder = new PromotionHabitsBuilder();
Bun.gc(true);
const before = heapStats().heapSize;
for (let k = 0; k < n; k++) {
  const skus = [`SKU-${k}`, `SKU-${(k * 7) % n}`, "SHIP"];
  builder.observe(`C${k % 5000}`, "USD", 20_000 + (k % 365), skus, [0, 5, 0], [100 + (k % 50), 30, k % 3 ? 7.95 : 0], 3, []);
}
Bun.gc(true);
const mb = (heapStats().heapSize - before) / 1e6;
// Used after the measurement, so that the learner is alive when it is taken.
const learned = builder.finish().parts.freeOver.size;
console.log(`${n.toLocaleString("en")} invoices, ${n.toLocaleString("en")} distinct SKUs: the learner's heap ${Math.round(mb)} MB (${Math.round((mb * 1e6) / n)} bytes a SKU; ${learned} free-over thresholds learned)`);
