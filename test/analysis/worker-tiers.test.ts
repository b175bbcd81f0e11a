// The functions a scan worker keeps below the FTL tier (src/analysis/parallel/worker-tiers.ts):
// every detector of the module and every pricing rule is among them, and each entry is a function
// (a renamed method would otherwise be an undefined that noFTL silently ignores).
import { describe, expect, test } from "bun:test";
import { PRICING_RULES } from "../../src/analysis/detectors/leakage/pricing.ts";
import { resolveModules } from "../../src/analysis/modules.ts";
import { amountFunctions, belowTopTier, ledgerFunctions, scanFunctions } from "../../src/analysis/parallel/worker-tiers.ts";
import { modulesConfig } from "../support/engine.ts";

describe("worker tiers", () => {
  const modules = resolveModules(modulesConfig());

  test("the scan's list holds every detector's detect and every pricing rule's check, each once", () => {
    for (const id of ["revenue_leakage", "anomaly_detection", "compliance"]) {
      const module = modules.get(id);
      if (!module) continue;
      const functions = scanFunctions(module);
      for (const d of module.detectors) expect(functions).toContain(d.detect);
      expect(new Set(functions).size).toBe(functions.length);
    }
    const leakage = scanFunctions(modules.get("revenue_leakage")!);
    for (const rule of PRICING_RULES) expect(leakage).toContain(rule.check);
  });

  test("every listed function is a function (a renamed method fails here, not silently in the worker)", () => {
    const all = [...ledgerFunctions(), ...scanFunctions(modules.get("revenue_leakage")!), ...amountFunctions()];
    for (const f of all) expect(typeof f).toBe("function");
    expect(ledgerFunctions().length).toBe(8);
    expect(new Set(amountFunctions()).size).toBe(3);
  });

  test("belowTopTier marks each function it is given", () => {
    const marked: unknown[] = [];
    const functions = ledgerFunctions();
    belowTopTier(functions, (f) => marked.push(f));
    expect(marked).toEqual(functions);
  });
});
