// Population tests over the amounts of a scan (they say nothing about one transaction alone):
//  - round_amount_excess: amounts that are multiples of round_unit are over-represented
//    (binomial z-score against the share expected for amounts of that size);
//  - benford_deviation: first digits depart from Benford's law, by Nigrini's mean absolute
//    deviation (0.015 and above: nonconformity).
// Population anomalies carry transaction_id "*"; round_amount_excess lists the round
// transactions (up to a bound) so an analyst can drill down.
import { round4 } from "../../stats.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { Finding } from "../types.ts";

const BENFORD = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => Math.log10(1 + 1 / d));
const MAX_LISTED = 50;

/** PopulationTests' counts as plain data. */
export interface PopulationState {
  n: number;
  digits: number[];
  digitTotal: number;
  round: number;
  large: number;
  whole: number;
  roundIds: string[];
}

export class PopulationTests {
  private n = 0;
  private readonly digits = new Array<number>(9).fill(0);
  private digitTotal = 0;
  private round = 0;
  /** Amounts of at least one round unit, and how many of them are whole numbers. */
  private large = 0;
  private whole = 0;
  private readonly roundIds: string[] = [];

  constructor(private readonly config: ModulesConfig["anomaly_detection"]["population"]) {}

  /** The counts so far (plain data: a scan worker sends its part's). */
  state(): PopulationState {
    return { n: this.n, digits: [...this.digits], digitTotal: this.digitTotal, round: this.round, large: this.large, whole: this.whole, roundIds: [...this.roundIds] };
  }

  /** Adds the counts of the transactions that follow (a later part of a split scan): as if added one by one. */
  absorb(s: PopulationState) {
    this.n += s.n;
    for (let i = 0; i < 9; i++) this.digits[i]! += s.digits[i]!;
    this.digitTotal += s.digitTotal;
    this.round += s.round;
    this.large += s.large;
    this.whole += s.whole;
    for (const id of s.roundIds) if (this.roundIds.length < MAX_LISTED) this.roundIds.push(id);
  }

  add(transactionId: string, amount: number | undefined) {
    if (amount === undefined || amount === 0 || !Number.isFinite(amount)) return;
    const a = Math.abs(amount);
    this.n++;
    if (a >= 10) {
      const first = Number(a.toExponential().charAt(0));
      if (first >= 1 && first <= 9) {
        this.digits[first - 1]!++;
        this.digitTotal++;
      }
    }
    const unit = this.config.round_unit;
    if (a >= unit) {
      this.large++;
      if (Number.isInteger(a)) this.whole++;
      if (Math.abs(a / unit - Math.round(a / unit)) < 1e-9) {
        this.round++;
        if (this.roundIds.length < MAX_LISTED) this.roundIds.push(transactionId);
      }
    }
  }

  findings(): Finding[] {
    const out: Finding[] = [];
    if (this.n < this.config.min_size) return out;
    // A whole amount is a multiple of the unit by chance about once in `unit` (for unit ≥ 1):
    // the expectation adapts to sources that never carry cents.
    const unit = this.config.round_unit;
    const p = Math.min(1, (this.whole / Math.max(1, this.large)) * Math.min(1, 1 / unit));
    const sd = Math.sqrt(this.large * p * (1 - p)) || 1e-9;
    const z = (this.round - this.large * p) / sd;
    if (this.round > 0 && z > this.config.round_z) {
      out.push({
        code: "round_amount_excess",
        score: Math.min(1, 0.5 + 0.5 * Math.min(1, (z - this.config.round_z) / 10)),
        message: `${this.round} of ${this.large} amounts of at least ${this.config.round_unit} are multiples of ${this.config.round_unit}; about ${round4(this.large * p)} expected by chance`,
        field: "amount",
        expected: { round_amounts: round4(this.large * p) },
        actual: { round_amounts: this.round, z: round4(z), transactions: this.roundIds },
        amount_at_risk: 0,
      });
    }
    if (this.digitTotal >= this.config.min_size) {
      const observed = this.digits.map((c) => c / this.digitTotal);
      const mad = observed.reduce((s, o, i) => s + Math.abs(o - BENFORD[i]!), 0) / 9;
      if (mad > this.config.benford_mad) {
        out.push({
          code: "benford_deviation",
          score: Math.min(1, 0.5 + 0.5 * Math.min(1, (mad - this.config.benford_mad) / this.config.benford_mad)),
          message: `first digits of ${this.digitTotal} amounts deviate from Benford's law (MAD ${round4(mad)} > ${this.config.benford_mad})`,
          field: "amount",
          expected: { distribution: BENFORD.map(round4), mad_at_most: this.config.benford_mad },
          actual: { distribution: observed.map(round4), mad: round4(mad) },
          amount_at_risk: 0,
        });
      }
    }
    return out;
  }
}
