// Which of a scan worker's functions JavaScriptCore may not compile with its top tier (FTL).
//
// Why: a scan worker's VM lives for one report and compiles again everything it runs, beside the
// main thread's VM and the other worker's (three VMs, one JIT). The report's JIT compiler threads
// took ~3 s of its ~10 s of CPU (1,000,000 lines, two workers), most of it FTL compiles of large
// functions that run once per transaction: the detectors' detect(), the pricing rules' check(),
// the evaluation around them, the ledger pass's batch writer and the learners' observations, each
// 10–20 KB of FTL code, some compiled two or three times per VM after a deoptimisation (and the
// large helpers they call once per invoice, compiled on their own once their callers stay below:
// duplicate_invoice's twinFinding, 17 KB a compile, the largest left on 2026-11-29). Run once
// per transaction, they gain little from the FTL over the DFG tier below it; the reader's and the
// mapping's loops, run per byte, row or field, keep it (below it, the mapping cost the workers
// what it saved the JIT). Measured (docs/benchmarks.md, "Inside the scan workers"): the JIT
// threads 3.1–3.5 → 1.7–2.0 s, the workers' own CPU the same within the spread. JavaScript's
// results do not depend on the tier a function runs in, so the findings do not change; the main
// thread's VM (the server's, long-lived) is not touched.
import { noFTL } from "bun:jsc";
import { kitObservation } from "../detectors/leakage/kit-components.ts";
import { twinFinding } from "../detectors/duplicates/duplicate-document.ts";
import { lineFacts, referencedDay, reissuedMs } from "../detectors/leakage/line-facts.ts";
import { pricingRuleChecks } from "../detectors/leakage/pricing.ts";
import { promotionObservation } from "../detectors/leakage/promotion-habits.ts";
import { taxObservation } from "../detectors/leakage/tax-habits.ts";
import { evaluateTransaction, Input, scoreFindings } from "../evaluate.ts";
import { documentTwins, fingerprint } from "../history.ts";
import { LedgerBatchWriter } from "../ledger-merge.ts";
import { AmountContextsBuilder, packReservoirs } from "../amount-contexts.ts";
import type { ResolvedModule } from "../modules.ts";

// biome-ignore lint/suspicious/noExplicitAny: noFTL takes any function.
export type AnyFunction = (...args: any[]) => any;

/** The scan pass's once-per-transaction functions with `module`: its detectors and what they share. */
export function scanFunctions(module: ResolvedModule): AnyFunction[] {
  const input = Input.prototype;
  return [...module.detectors.map((d) => d.detect), ...pricingRuleChecks(), evaluateTransaction, scoreFindings, lineFacts, referencedDay, reissuedMs, twinFinding, documentTwins, input.twins, input.lines];
}

/** The ledger pass's once-per-transaction functions: the batch writer's and the learners' observations. */
export function ledgerFunctions(): AnyFunction[] {
  const writer = LedgerBatchWriter.prototype as unknown as Record<string, AnyFunction>;
  return [writer.add!, writer.observeTax!, writer.observeKit!, writer.observePromotion!, fingerprint, taxObservation, kitObservation, promotionObservation];
}

/**
 * The amount contexts' build (amount-offload.ts) on a worker, a VM that lives for one context
 * build: its summaries, run once at the build's end — packReservoirs was compiled twice by the FTL
 * in most scans (OSR entry into its loop over ~20,000 samples, 3–5 KB each) while the main thread
 * waited for the result. Its per-entry functions keep the FTL: below it, in 6 alternating pairs,
 * the worker took 765 → 595 ms of CPU with them at the top tier (lower in 6 of 6), the JIT's thread
 * 675 → 715 (docs/benchmarks.md, 2026-11-29 afternoon).
 */
export function amountFunctions(): AnyFunction[] {
  const builder = AmountContextsBuilder.prototype as unknown as Record<string, AnyFunction>;
  return [packReservoirs, builder.finishParts!, builder.topRoutines!];
}

/** Keeps these functions at the DFG tier in this VM (a scan worker's: never the main thread's). */
export function belowTopTier(functions: readonly AnyFunction[], mark: (f: AnyFunction) => void = noFTL): void {
  for (const f of functions) mark(f);
}
