// The judgements of each service's bills month by month (billed-components.ts), made once per
// context after the history pass: usage that stopped (usage-stopped.ts), a component missing
// from one bill (component-missing.ts), the days of an equipment rental no bill charges
// (rental-periods.ts), the estimates no document settles (estimate-true-up.ts) and the
// withdrawals refunded beyond their term's schedule (refund-schedule.ts) and the instalments of a
// term adding up short of its price (instalment-schedule.ts) or billed after the policy's
// cancellation was settled (instalment-after-cancellation.ts), handed to the invoices they go on.
import type { DayOrder } from "../../dates.ts";
import type { Finding } from "../types.ts";
import type { BilledComponents } from "./billed-components.ts";
import { componentsMissing } from "./component-missing.ts";
import { UsageSeasons, usageStopped } from "./usage-stopped.ts";
import { returnsBeyondBilled } from "./return-beyond-billed.ts";

export class ServiceHistoryFindings {
  static readonly empty = new ServiceHistoryFindings(new Map());

  constructor(private readonly byTransaction: ReadonlyMap<string, readonly Finding[]>) {}

  /** The findings by transaction, as plain data (to cross threads: parallel/split-scan.ts). */
  entries(): [string, readonly Finding[]][] {
    return [...this.byTransaction];
  }

  findingsFor(transactionId: string): readonly Finding[] {
    return this.byTransaction.get(transactionId) ?? NONE;
  }

  /** Judges every service of `billed`. `tolerance`: money that is rounding; `dayOrder`: the
   *  export's order of day and month (AnalysisContext.dayOrder), for its rentals' dates;
   *  `minimumSkus`: the minimum charges' codes (revenue_leakage.minimum_charge_skus), no component. */
  static of(billed: BilledComponents, tolerance: number, dayOrder?: DayOrder, minimumSkus: readonly string[] = []): ServiceHistoryFindings {
    const byTransaction = new Map<string, Finding[]>();
    const histories = [...billed.histories()];
    const seasons = new UsageSeasons(histories);
    for (const [id, found] of billed.rentals.judge(tolerance, dayOrder)) byTransaction.set(id, found);
    for (const [id, found] of [...billed.estimates.judge(), ...billed.refunds.judge(tolerance), ...billed.instalments.judge(tolerance), ...billed.cancelled.judge(dayOrder), ...returnsBeyondBilled(billed.cancelled.documents, tolerance)]) {
      const list = byTransaction.get(id);
      if (list) list.push(...found);
      else byTransaction.set(id, found);
    }
    for (const months of histories) {
      for (const f of [...usageStopped(months, billed.documents, seasons, tolerance), ...componentsMissing(months, billed.documents, tolerance, minimumSkus)]) {
        for (const doc of f.documents) {
          const id = billed.documents[doc]!;
          const list = byTransaction.get(id);
          if (list) list.push(f.finding);
          else byTransaction.set(id, [f.finding]);
        }
      }
    }
    return byTransaction.size === 0 ? ServiceHistoryFindings.empty : new ServiceHistoryFindings(byTransaction);
  }
}

const NONE: readonly Finding[] = [];
