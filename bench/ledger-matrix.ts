// The ledger quality runs as one compact matrix (seeds × variants × lengths, zero-config and
// configured), one JSON line per run, plus the regular business flagged high with the finding
// that flagged it — to see what a change does on every seed and variant before the full
// `make bench-quality`, and why an entry is a false alarm.
// Usage: bun run bench/ledger-matrix.ts [--seeds 20261121,7,99] [--variants standard,wide,doc-currency]
//        [--lengths 100000] [--setups zero-config,configured] [--why] [--misses] [--no-audit] [--balanced] [--no-sku]
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { benchEngine } from "./quality/engine.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { averagePrecision, prf } from "./quality/metrics.ts";
import { generateLedger, LEDGER_ANOMALIES, LEDGER_FIELDS, type LedgerVariant, REGULAR_KINDS } from "./ledger.ts";

const { values: args } = parseArgs({
  options: {
    seeds: { type: "string", default: "20261121,7,99" },
    variants: { type: "string", default: "standard" },
    lengths: { type: "string", default: "100000" },
    setups: { type: "string", default: "zero-config" },
    why: { type: "boolean", default: false },
    misses: { type: "boolean", default: false },
    "no-audit": { type: "boolean", default: false },
    balanced: { type: "boolean", default: false },
    // The account only as an attribute (HKONT), no line SKU: a ledger mapped without putting the
    // account in `sku`, as a user mapping an export's columns by name would.
    "no-sku": { type: "boolean", default: false },
  },
});

for (const entries of args.lengths!.split(",").map(Number)) {
  for (const variant of args.variants!.split(",") as LedgerVariant[]) {
    for (const seed of args.seeds!.split(",").map(Number)) {
      const data = generateLedger({ seed, variant, entries, extra: true, audit: !args["no-audit"], balanced: args.balanced });
      if (args["no-sku"]) for (const t of data.transactions) t.lines = t.lines.map(({ sku: _, ...line }) => line);
      for (const setup of args.setups!.split(",")) {
        const connector = memoryConnector({ id: "ledger", transactions: data.transactions });
        const overrides = { anomaly_detection: setup === "configured" ? { categorical_fields: LEDGER_FIELDS } : {}, context: { history_limit: 1_000_000 } };
        const modules = Value.Default(ModulesSection, overrides) as ModulesConfig;
        const engine = benchEngine(connector, modules);
        const high = modules.scoring.risk_levels.high;
        const items: { score: number; positive: boolean }[] = [];
        let tp = 0, fp = 0, fn = 0;
        const found: Record<string, number> = {};
        const reg: Record<string, [number, number]> = {};
        const why: string[] = [];
        for await (const f of engine.scanFindings({ accountId: "bench", connector: "ledger", module: "anomaly_detection", limit: 1_000_000 })) {
          const id = f.transaction.transaction_id;
          const label = data.labels.get(id);
          items.push({ score: f.risk_score, positive: label !== undefined });
          const flagged = f.risk_score >= high;
          if (flagged && label) tp++;
          else if (flagged) fp++;
          else if (label) fn++;
          if (label && flagged) found[label] = (found[label] ?? 0) + 1;
          const kind = data.regular.get(id);
          if (kind) {
            const r = (reg[kind] ??= [0, 0]);
            r[1]++;
            if (flagged) r[0]++;
          }
          const a = f.transaction.attributes ?? {};
          const desc = () => `${id} ${a.BLART} ${a.HKONT} ${a.BSCHL} ${a.KTOSL} ${a.WAERS} ${f.transaction.created_by} ${f.transaction.amount} ${f.transaction.date} score ${f.risk_score}: ${f.anomalies.map((x) => `${x.code} ${x.message}`).join(" | ")}`;
          if (args.why && flagged && !label) why.push(`  FALSE ${kind ?? "ordinary"} ${desc()}`);
          if (args.misses && label && !flagged) why.push(`  MISS ${label} ${desc()}`);
        }
        const per = (k: string) => [...data.labels.values()].filter((l) => l === k).length;
        const p = prf(tp, fp, fn);
        const out = {
          entries,
          seed,
          variant,
          setup,
          n: data.transactions.length,
          anomalies: data.labels.size,
          f1: +p.f1.toFixed(3),
          p: +p.precision.toFixed(3),
          r: +p.recall.toFixed(3),
          auc: +averagePrecision(items).toFixed(3),
          recall: Object.fromEntries(LEDGER_ANOMALIES.map((k) => [k, `${found[k] ?? 0}/${per(k)}`])),
          falseHigh: Object.fromEntries(REGULAR_KINDS.filter((k) => reg[k]).map((k) => [k, `${reg[k]![0]}/${reg[k]![1]}`])),
        };
        console.log(JSON.stringify(out));
        for (const w of why) console.log(w);
      }
    }
  }
}
