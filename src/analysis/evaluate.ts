// Analyses one transaction with one module: runs the module's detectors against the context,
// keeps the findings of the module's codes, and scores them. Pure and deterministic: the same
// transaction, context and config give the same result.
import type { Anomaly } from "../domain/analysis.ts";
import type { Transaction } from "../domain/transaction.ts";
import type { DetectorCode } from "./catalog.ts";
import type { ModulesConfig } from "./config-schema.ts";
import type { AnalysisContext } from "./context.ts";
import { keyedAt, type Moment, parseMoment } from "./dates.ts";
import { restatedByAccountChange } from "./detectors/anomaly/payee-account-change.ts";
import { lineFacts, type LineFacts } from "./detectors/leakage/line-facts.ts";
import type { DetectorInput, Finding } from "./detectors/types.ts";
import { type CodedValues, type CountedCodes, documentTwins, type HistoryEntry } from "./history.ts";
import type { ResolvedModule } from "./modules.ts";
import { applyRules } from "./rules/apply.ts";
import { riskLevel, riskScore, totalAtRisk, WEAK_CODES } from "./scoring.ts";
import type { RiskLevel } from "../domain/analysis.ts";
import { round4 } from "./stats.ts";
import { cutText, MAX_MESSAGE_CHARS } from "./message-length.ts";

export interface Evaluation {
  anomalies: Anomaly[];
  risk_score: number;
  risk_level: RiskLevel;
  amount_at_risk: number;
}

/** What the detectors read of one transaction; the derived facts computed on first use. A class
 *  rather than an object of closures: a scan makes one per entry. Exported for its methods only
 *  (parallel/worker-tiers.ts). */
export class Input implements DetectorInput {
  readonly self: HistoryEntry | undefined;
  private facts: LineFacts[] | undefined;
  private when: Moment | null | undefined;
  private keyed: Moment | null | undefined;
  private coded: CodedValues | undefined;
  private twinsOf: readonly HistoryEntry[] | undefined | null = null;

  constructor(
    readonly txn: Transaction,
    readonly ctx: AnalysisContext,
    readonly config: ModulesConfig,
    /** `txn` is the `countedAt`-th transaction the context's history pass read and counted these
     *  codes of (a scan over the kept source: scan.ts); else its codes are looked up. */
    private readonly counted?: CountedCodes,
    private readonly countedAt = -1,
  ) {
    this.self = ctx.history.entry(txn.transaction_id);
  }

  moment(): Moment | null {
    if (this.when === undefined) this.when = parseMoment(this.txn.date, this.config.anomaly_detection.calendar.utc_offset_minutes);
    return this.when;
  }

  keyedMoment(): Moment | null {
    if (this.keyed === undefined) {
      const at = keyedAt(this.txn);
      this.keyed = at === this.txn.date ? this.moment() : (parseMoment(at, this.config.anomaly_detection.calendar.utc_offset_minutes) ?? this.moment());
    }
    return this.keyed;
  }

  lines(): LineFacts[] {
    return (this.facts ??= lineFacts(this.txn, this.ctx, this.config, this.self, this));
  }

  twins(): readonly HistoryEntry[] | undefined {
    if (this.twinsOf === null) this.twinsOf = documentTwins(this.ctx.history, this.txn, this.self);
    return this.twinsOf;
  }

  categorical(): CodedValues {
    if (this.coded === undefined) {
      const counted = this.counted;
      this.coded = counted !== undefined && this.countedAt >= 0 && this.countedAt < counted.size ? counted.coded(this.countedAt) : this.ctx.history.coded(this.txn);
    }
    return this.coded;
  }
}

/** `counted`, `countedAt`: see Input. */
export function evaluateTransaction(txn: Transaction, ctx: AnalysisContext, module: ResolvedModule, config: ModulesConfig, counted?: CountedCodes, countedAt = -1): Evaluation {
  const input = new Input(txn, ctx, config, counted, countedAt);
  let findings: Finding[] = [];
  for (const detector of module.detectors) {
    for (const f of detector.detect(input)) if ((module.weights.get(f.code as DetectorCode) ?? 0) > 0) findings.push(f);
  }
  findings = restatedByAccountChange(findings);
  if (findings.length > 0 && input.self !== undefined) findings = judgedAsClose(findings, input);
  // Custom rules sit between the detectors and scoring: they see the findings and may add or remove some.
  if (module.rules.length > 0) findings = applyRules(module.rules, txn, ctx, findings, (f) => weightOf(module, f));
  return scoreFindings(findings, txn.transaction_id, module, config);
}

/**
 * The codes that score an entry against the ordinary entries: how rare its values and pairings,
 * how large for its account or user, when posted and entered. A year-end close (closing-entries.ts:
 * the journal that zeroes the income-statement accounts) is none — the one journal a year that
 * debits revenue with the year's total, keyed after the year's end — and is judged as a close
 * instead (that it zeroes the balances). What is kept judges who posted it (a user silent for
 * months, or gone, or keying at an hour they never work) and, in the other modules, whether it was
 * posted twice or approved by its own author.
 */
const SCORED_AS_ORDINARY: ReadonlySet<string> = new Set([
  "amount_outlier_customer",
  "amount_outlier_sku",
  "amount_outlier_attribute",
  "amount_outlier_habit",
  "rare_combination",
  "rare_value",
  "weekend_posting",
  "out_of_hours_posting",
  "period_end_posting",
  "new_counterparty_large_amount",
  "posting_to_ended_value",
  "off_period_posting",
  "late_posting",
  "split_below_approval_limit",
  "isolation_forest",
]);

/** A line of a year-end close keeps no finding that scores it as an ordinary entry. */
function judgedAsClose(findings: Finding[], input: Input): Finding[] {
  if (input.ctx.history.journalCopies.closes.at(input.self!.seq) === undefined) return findings;
  return findings.filter((f) => !SCORED_AS_ORDINARY.has(f.code));
}

/** Turns findings into anomalies with severities, plus the ensemble score and money at risk. */
export function scoreFindings(findings: readonly Finding[], transactionId: string, module: ResolvedModule, config: ModulesConfig): Evaluation {
  // Most transactions of a scan have no finding: the same answer, without the bookkeeping.
  if (findings.length === 0) return { anomalies: [], risk_score: 0, risk_level: riskLevel(0, config.scoring.risk_levels), amount_at_risk: 0 };
  return scoreSome(findings, transactionId, module, config);
}

/**
 * scoreFindings of one finding or more: a function of its own, as amount_outlier's alarm path is.
 * Run for a few hundred entries of a 100,000-entry scan, it was still run often enough for the JIT
 * to compile it inside scoreFindings, which runs for every entry: 12 KB of the top tier's (FTL)
 * code, sometimes compiled twice (27 KB), among the largest of a journal scan's compiles.
 */
function scoreSome(findings: readonly Finding[], transactionId: string, module: ResolvedModule, config: ModulesConfig): Evaluation {
  const levels = config.scoring.risk_levels;
  const contributions = findings.map((f) => ({ weight: weightOf(module, f), score: f.score, group: WEAK_CODES.has(f.code) ? ("weak" as const) : undefined }));
  const risk_score = riskScore(contributions);
  const anomalies: Anomaly[] = findings.map((f, i) => ({
    code: f.code,
    severity: f.severity ?? riskLevel(contributions[i]!.weight * f.score * 100, levels),
    score: round4(f.score),
    // A detector may quote the data (a rare attribute's value): bounded like a rule's message.
    message: cutText(f.message, MAX_MESSAGE_CHARS),
    transaction_id: transactionId,
    field: f.field,
    expected: f.expected,
    actual: f.actual,
    amount_at_risk: f.amount_at_risk,
  }));
  return { anomalies, risk_score, risk_level: riskLevel(risk_score, levels), amount_at_risk: totalAtRisk(findings) };
}

/** A detector's weight in the module, or the weight a rule finding carries itself. */
function weightOf(module: ResolvedModule, f: Finding): number {
  return f.weight ?? module.weights.get(f.code as DetectorCode) ?? 0;
}
