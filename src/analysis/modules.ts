// Modules group detectors with weights. The catalog holds the default weights; the config's
// `modules.<module>.weights` overrides them; a weight of 0 switches a detector off in that module.
// A module runs exactly the detectors that report at least one of its codes, and keeps only
// findings with its codes.
import type { DetectorCode, ModuleId } from "./catalog.ts";
import { DETECTOR_BY_CODE, MODULE_BY_ID, MODULES } from "./catalog.ts";
import type { ModulesConfig } from "./config-schema.ts";
import { amountOutlierDetector } from "./detectors/anomaly/amount-outlier.ts";
import { calendarDetector } from "./detectors/anomaly/calendar.ts";
import { dormantUserDetector } from "./detectors/anomaly/dormant-user.ts";
import { habitAmountDetector } from "./detectors/anomaly/habit-amount.ts";
import { endedValueDetector } from "./detectors/anomaly/ended-value.ts";
import { offPeriodDetector } from "./detectors/anomaly/off-period.ts";
import { postingAfterEndDateDetector } from "./detectors/anomaly/after-end-date.ts";
import { otherPayeesBankAccountDetector } from "./detectors/anomaly/other-payees-account.ts";
import { payeeBankAccountChangedDetector } from "./detectors/anomaly/payee-account-change.ts";
import { latePostingDetector } from "./detectors/anomaly/late-posting.ts";
import { accrualNotReversedDetector } from "./detectors/anomaly/accrual-not-reversed.ts";
import { isolationForestDetector } from "./detectors/anomaly/isolation.ts";
import { lookalikeCounterpartyDetector } from "./detectors/anomaly/lookalike-counterparty.ts";
import { newCounterpartyDetector } from "./detectors/anomaly/new-counterparty.ts";
import { rareCombinationDetector } from "./detectors/anomaly/rare-combination.ts";
import { rareValueDetector } from "./detectors/anomaly/rare-value.ts";
import { splitBelowLimitDetector } from "./detectors/anomaly/split-below-limit.ts";
import { approvalLimitDetector } from "./detectors/compliance/approval-limit.ts";
import { selfApprovalDetector } from "./detectors/compliance/self-approval.ts";
import { grantTermsDetector } from "./detectors/compliance/grant-terms.ts";
import { restrictionReleaseDetector } from "./detectors/compliance/restriction-release.ts";
import { creditNoteDetector } from "./detectors/duplicates/credit-notes.ts";
import { duplicateDocumentDetector } from "./detectors/duplicates/duplicate-document.ts";
import { duplicateJournalDetector } from "./detectors/duplicates/duplicate-journal.ts";
import { accrualReversedTwiceDetector } from "./detectors/duplicates/accrual-reversed-twice.ts";
import { currencyMismatchDetector } from "./detectors/leakage/currency-mismatch.ts";
import { pricingDetector } from "./detectors/leakage/pricing.ts";
import { priceAboveContractDetector } from "./detectors/leakage/price-above-contract.ts";
import { minimumChargeDetector } from "./detectors/leakage/minimum-charge.ts";
import { taxDetector } from "./detectors/leakage/tax.ts";
import { unbilledShipmentDetector } from "./detectors/leakage/unbilled-shipment.ts";
import { unbilledRecurringDetector } from "./detectors/leakage/unbilled-recurring-detector.ts";
import { recurringBeyondServiceDetector } from "./detectors/leakage/recurring-beyond-service-detector.ts";
import { countAboveDeliveredDetector } from "./detectors/leakage/count-above-delivered.ts";
import { discountAfterTermsDetector } from "./detectors/leakage/discount-after-terms.ts";
import { deductionClaimsDetector } from "./detectors/leakage/deduction-claims.ts";
import { serviceHistoryDetector } from "./detectors/leakage/service-history-detector.ts";
import { percentChargeMissingDetector } from "./detectors/leakage/percent-charge-missing.ts";
import type { Detector } from "./detectors/types.ts";
import { type HistoryLevel, maxLevel } from "./history.ts";
import type { CompiledRule } from "./rules/compile.ts";

/** Every per-transaction detector, in the order their findings are listed. */
export const ALL_DETECTORS: readonly Detector[] = [
  pricingDetector,
  priceAboveContractDetector,
  minimumChargeDetector,
  unbilledShipmentDetector,
  unbilledRecurringDetector,
  recurringBeyondServiceDetector,
  countAboveDeliveredDetector,
  discountAfterTermsDetector,
  deductionClaimsDetector,
  serviceHistoryDetector,
  percentChargeMissingDetector,
  taxDetector,
  currencyMismatchDetector,
  duplicateDocumentDetector,
  duplicateJournalDetector,
  accrualReversedTwiceDetector,
  creditNoteDetector,
  amountOutlierDetector,
  habitAmountDetector,
  rareValueDetector,
  rareCombinationDetector,
  calendarDetector,
  newCounterpartyDetector,
  lookalikeCounterpartyDetector,
  dormantUserDetector,
  endedValueDetector,
  offPeriodDetector,
  postingAfterEndDateDetector,
  otherPayeesBankAccountDetector,
  payeeBankAccountChangedDetector,
  latePostingDetector,
  accrualNotReversedDetector,
  splitBelowLimitDetector,
  isolationForestDetector,
  selfApprovalDetector,
  approvalLimitDetector,
  grantTermsDetector,
  restrictionReleaseDetector,
];

export interface ResolvedModule {
  id: ModuleId;
  name: string;
  description: string;
  /** Effective weight of each of the module's codes (0 = off). */
  weights: ReadonlyMap<DetectorCode, number>;
  detectors: readonly Detector[];
  /** Whether the module runs the population tests in a scan. */
  population: { round: boolean; benford: boolean };
  /** What of the connector's history its detectors (and rules) read: all the context has to build for it. */
  history: HistoryLevel;
  /** The custom rules (`rules:`) that run in this module, in file order. */
  rules: readonly CompiledRule[];
}

/** `learned` (optional) replaces rule weights: `{ weights: { module: { "rule:<id>": w } } }`. */
export function resolveModules(config: ModulesConfig, allRules: readonly CompiledRule[] = [], learned?: { weights: Record<string, Record<string, number>> }): Map<string, ResolvedModule> {
  const out = new Map<string, ResolvedModule>();
  for (const info of MODULES) {
    const overrides = (config[info.id] as { weights: Record<string, number | undefined> }).weights;
    const weights = new Map<DetectorCode, number>();
    for (const [code, w] of Object.entries(info.weights) as [DetectorCode, number][]) weights.set(code, overrides[code] ?? w);
    const active = (code: DetectorCode) => (weights.get(code) ?? 0) > 0;
    const detectors = ALL_DETECTORS.filter((d) => d.codes.some(active));
    const learnedRules = learned?.weights[info.id] ?? {};
    const rules = allRules
      .filter((r) => r.modules.has(info.id))
      .map((r) => (learnedRules[r.code] === undefined ? r : { ...r, weight: learnedRules[r.code]! }));
    // A rule reading history aggregates needs the full profile; reference data is always built.
    const ruleHistory: HistoryLevel = rules.some((r) => r.reads.history) ? "full" : "none";
    out.set(info.id, {
      id: info.id,
      name: info.name,
      description: info.description,
      weights,
      detectors,
      population: { round: active("round_amount_excess"), benford: active("benford_deviation") },
      history: detectors.reduce<HistoryLevel>((level, d) => maxLevel(level, d.historyFor ? d.historyFor(config) : d.history), ruleHistory),
      rules,
    });
  }
  return out;
}

export function moduleIds(): string[] {
  return MODULES.map((m) => m.id);
}

/** GET /v1/modules: modules with their detectors and effective weights. */
export function describeModules(modules: Map<string, ResolvedModule>) {
  return [...modules.values()].map((m) => ({
    id: m.id,
    object: "module" as const,
    name: m.name,
    description: m.description,
    detectors: [...m.weights].map(([code, weight]) => {
      const info = DETECTOR_BY_CODE.get(code)!;
      return {
        code,
        name: info.name,
        description: info.description,
        area: info.area,
        scope: info.population ? ("population" as const) : "history_wide" in info && info.history_wide ? ("history" as const) : ("transaction" as const),
        weight,
        enabled: weight > 0,
      };
    }),
  }));
}

export function isModuleId(id: string): id is ModuleId {
  return MODULE_BY_ID.has(id);
}
