// Measures overbilling in the served billing runners' data sets before any detector judges it:
// for each out dir a runner left (bench/quality/*-eval.ts --out D: D/assay.yaml, D/export with
// its labels.json), the product's own line pricing (line-facts.ts, the facts price_below_contract
// reads) is asked of every invoice line, and the documents with a line priced ABOVE the terms in
// force (or above list where no terms are) by more than rounding are counted by what the labels
// say they are: a planted leak (its kind) or regular business (its kind; "ordinary" when the
// labels name none). Also counted: a line of a recurring charge (its code's contract rows have a
// billing_frequency) billed when every row of it ended before the priced day — billed after the
// contract's end. It judges nothing itself and changes nothing: the figures decide whether a
// finding would have few false alarms. Run: bun run bench/overbilling-measure.ts DIR... [--lines]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../src/config/load.ts";
import { connectorSettings } from "../src/connectors/settings.ts";
import { buildConnector } from "../src/connectors/descriptors.ts";
import { systemClock } from "../src/domain/clock.ts";
import { buildContext } from "../src/analysis/context.ts";
import { Input } from "../src/analysis/evaluate.ts";
import { documentRules, PRICING_RULES, proratedLine } from "../src/analysis/detectors/leakage/pricing.ts";
import { lateFeeLine } from "../src/analysis/detectors/leakage/capped-charge.ts";
import { isBelowOnLine } from "../src/analysis/detectors/types.ts";
import type { LineFacts } from "../src/analysis/detectors/leakage/line-facts.ts";
import { DETECTOR_BY_CODE } from "../src/analysis/catalog.ts";
import { ALL_DETECTORS } from "../src/analysis/modules.ts";

// Where the tree has it, what price_above_contract reports (its documents, by severity with its
// default weight): the measure of the finding itself.
const aboveDetector = DETECTOR_BY_CODE.has("price_above_contract") ? ALL_DETECTORS.find((d) => (d.codes as readonly string[]).includes("price_above_contract")) : undefined;

const dirs = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const showLines = process.argv.includes("--lines");

interface Hit {
  doc: string;
  label: string;
  what: "above_contract" | "above_list" | "after_end" | "finding";
  /** Why a detector priced as billed would not judge it, if it would not. */
  excluded?: string;
  ratio: number;
  over: number;
  text: string;
}

for (const dir of dirs) {
  const labels = JSON.parse(readFileSync(join(dir, "export", "labels.json"), "utf8")) as { leaks: { document: string; kind: string }[]; regular: Record<string, string> };
  const leakKind = new Map<string, string>();
  for (const l of labels.leaks) leakKind.set(l.document, leakKind.has(l.document) ? `${leakKind.get(l.document)}+${l.kind}` : l.kind);
  const labelOf = (id: string) => (leakKind.has(id) ? `LEAK ${leakKind.get(id)}` : `regular ${labels.regular[id] ?? "ordinary"}`);
  const config = loadConfig(join(dir, "assay.yaml"));
  const cfg = config.modules;
  const tol = cfg.revenue_leakage.tolerance;
  const hits: Hit[] = [];
  const docsByLabel = new Map<string, number>();
  let invoices = 0;
  let lines = 0;
  for (const settings of connectorSettings(config)) {
    const connector = buildConnector(settings, { clock: systemClock });
    if (!connector.capabilities.scan) continue;
    const ctx = await buildContext(connector, cfg, Date.now(), undefined, "full");
    for await (const txn of connector.scan({})) {
      if (txn.type !== "invoice") continue;
      invoices++;
      docsByLabel.set(labelOf(txn.transaction_id), (docsByLabel.get(labelOf(txn.transaction_id)) ?? 0) + 1);
      const rules = documentRules(txn, ctx, cfg.revenue_leakage);
      const docExcluded = rules === undefined ? "free of charge" : rules !== PRICING_RULES ? "document not priced as billed" : undefined;
      const input = new Input(txn, ctx, cfg);
      for (const finding of aboveDetector?.detect(input) ?? []) {
        const level = finding.score * 0.6 * 100 >= 30 ? "medium" : "low";
        hits.push({ doc: txn.transaction_id, label: labelOf(txn.transaction_id), what: "finding", excluded: level === "low" ? "low" : undefined, ratio: 0, over: finding.amount_at_risk, text: `${settings.id} ${txn.transaction_id} ${level} ${finding.message}` });
      }
      for (const f of input.lines()) {
        lines++;
        if (f.net === undefined || f.quantity <= 0) continue;
        const excluded = docExcluded ?? (proratedLine(f.line) ? "prorated line" : lateFeeLine(f.line) ? "late fee" : f.pricingSku !== f.sku ? "priced by its base code" : undefined);
        const base = { doc: txn.transaction_id, label: labelOf(txn.transaction_id), excluded };
        const text = `${settings.id} ${txn.transaction_id} ${txn.date?.slice(0, 10)} ${txn.customer_id} ${f.sku}${f.line.unit ? ` [${f.line.unit}]` : ""} ${f.quantity} × ${round(f.net)}`;
        if (f.terms) {
          // Above the terms by more than rounding: the mirror of price_below_contract's test.
          if (isBelowOnLine(f.terms.price, f.net, f.quantity, tol)) {
            hits.push({ ...base, what: "above_contract", ratio: f.net / f.terms.price, over: (f.net - f.terms.price) * f.quantity, text: `${text} > ${f.terms.contract_id} ${round(f.terms.price)}${f.terms.customer_id === "*" ? " (promotion)" : ""}${f.line.description ? ` "${f.line.description}"` : ""}` });
          }
          continue;
        }
        if (f.net > 0 && afterEnd(f)) {
          const last = f.outOfWindow.reduce((a, c) => ((c.valid_to ?? "") > (a.valid_to ?? "") ? c : a));
          hits.push({ ...base, what: "after_end", ratio: 0, over: f.net * f.quantity, text: `${text} after ${last.contract_id} ended ${last.valid_to} (${last.billing_frequency ?? "no cadence"})` });
          continue;
        }
        if (f.list !== undefined && f.list > 0 && !f.otherUnitTerms && !f.foreignTerms && isBelowOnLine(f.list, f.net, f.quantity, tol)) {
          hits.push({ ...base, what: "above_list", ratio: f.net / f.list, over: (f.net - f.list) * f.quantity, text: `${text} > list ${round(f.list)}${f.line.description ? ` "${f.line.description}"` : ""}` });
        }
      }
    }
    await connector.close();
  }
  report(dir, invoices, lines, docsByLabel, hits);
}

/**
 * A line billed after its agreement ended: no terms in force, and every row of the customer's
 * contracts for its code (same currency: outOfWindow) ended before the priced day — none begins
 * later, so it is no gap before a renewal — and one of them bills on a cadence (a recurring charge).
 * Asked of a charge only (a credit after its grant ended is contract_price_outside_validity's).
 */
function afterEnd(f: LineFacts): boolean {
  if (f.outOfWindow.length === 0 || !f.pricedDay) return false;
  const day = f.pricedDay;
  if (!f.outOfWindow.every((c) => c.valid_to !== undefined && c.valid_to.slice(0, 10) < day)) return false;
  return f.outOfWindow.some((c) => c.billing_frequency !== undefined);
}

function report(dir: string, invoices: number, lines: number, docsByLabel: Map<string, number>, hits: Hit[]) {
  console.log(`\n## ${dir}: ${invoices} invoices, ${lines} priced lines`);
  for (const what of ["above_contract", "above_list", "after_end", ...(aboveDetector ? ["finding" as const] : [])] as const) {
    const mine = hits.filter((h) => h.what === what);
    // Documents per label, judged (no exclusion) and in all.
    const docs = new Map<string, { all: Set<string>; judged: Set<string>; ratios: number[] }>();
    for (const h of mine) {
      const d = docs.get(h.label) ?? { all: new Set(), judged: new Set(), ratios: [] };
      d.all.add(h.doc);
      if (!h.excluded) {
        d.judged.add(h.doc);
        d.ratios.push(h.ratio);
      }
      docs.set(h.label, d);
    }
    if (docs.size === 0) {
      console.log(`${what}: none`);
      continue;
    }
    console.log(`${what}: ${new Set(mine.map((h) => h.doc)).size} documents (${new Set(mine.filter((h) => !h.excluded).map((h) => h.doc)).size} that the pricing rules would judge)`);
    for (const [label, d] of [...docs].sort()) {
      const r = d.ratios.sort((a, b) => a - b);
      const spread = r.length ? ` ratio ${round(r[0]!)}–${round(r[r.length - 1]!)}` : "";
      console.log(`  ${label}: ${d.all.size} of ${docsByLabel.get(label) ?? "?"} documents, ${what === "finding" ? "medium" : "judged"} ${d.judged.size}${what === "after_end" || what === "finding" ? "" : spread}`);
    }
    const excludedWhy = new Map<string, number>();
    for (const h of mine) if (h.excluded) excludedWhy.set(h.excluded, (excludedWhy.get(h.excluded) ?? 0) + 1);
    if (excludedWhy.size) console.log(`  lines excluded: ${[...excludedWhy].map(([k, n]) => `${k} × ${n}`).join(", ")}`);
    if (showLines) for (const h of mine.slice(0, 400)) console.log(`    ${h.label} | ${h.excluded ?? "judged"} | ${h.text} | over ${round(h.over)}`);
  }
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}
