// return_beyond_billed: a cancelled policy's term returned more than it ever billed. Whatever the
// method — flat (cancelled on the term's first day: nothing earned, everything returned), pro rata,
// short rate — the return premium is the premium billed less the premium earned, and the earned
// premium is never below nothing: the term's documents, from its first instalment on, net to at
// least zero. A return figured from the term's premium instead of the premium billed (a flat
// cancellation of an instalment plan crediting the whole year when only the down payment was
// billed) nets the term below zero by what was returned beyond it: money paid out that was never
// collected.
//
// Judged over the documents instalment-after-cancellation.ts collects (those stating the policy's
// cancellation date, the status cancelled where there is one), by policy and cancellation date,
// in date order; only where the term's first instalment (the down payment) is among them, so that
// its billing begins in the history. The finding goes on the credit note after which the term's
// net falls below zero (beyond rounding); at risk that net, at most the credit note's amount.
import { roundMoney } from "../../../domain/rounding.ts";
import type { Finding } from "../types.ts";
import { money } from "../types.ts";
import type { CancelledPolicyDocument } from "./instalment-after-cancellation.ts";

export const RETURN_BEYOND_BILLED_CODE = "return_beyond_billed" as const;

/** Findings by transaction id. `tolerance`: money that is rounding. */
export function returnsBeyondBilled(documents: readonly CancelledPolicyDocument[], tolerance: number): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  const byTerm = new Map<string, CancelledPolicyDocument[]>();
  for (const d of documents) {
    const key = `${d.policy}\u0000${d.cancellation}`;
    const list = byTerm.get(key);
    if (list) list.push(d);
    else byTerm.set(key, [d]);
  }
  for (const docs of byTerm.values()) {
    if (!docs.some((d) => d.firstInstalment) || docs.some((d) => d.signed === undefined)) continue;
    const ordered = [...docs].sort((a, b) => a.day - b.day || (a.signed! >= 0 ? -1 : 1));
    let net = 0, billed = 0;
    for (const d of ordered) {
      net += d.signed!;
      if (d.signed! > 0) billed += d.signed!;
      if (d.signed! >= 0 || net >= -tolerance) continue;
      const atRisk = roundMoney(Math.min(-net, -d.signed!));
      out.set(d.id, [
        {
          code: RETURN_BEYOND_BILLED_CODE,
          score: 0.9,
          message: `returns ${money(-d.signed!)} on policy ${d.policy} (cancelled ${d.cancellation}) whose documents billed ${money(billed)} in all: ${money(atRisk)} returned beyond what the term billed (a return figured on the term's premium, not the premium billed?)`,
          field: "amount",
          expected: { billed_in_term: roundMoney(billed), net_at_least: 0 },
          actual: { returned: roundMoney(-d.signed!), net_after: roundMoney(net) },
          amount_at_risk: atRisk,
          risk_key: `return-beyond-billed:${d.id}`,
        },
      ]);
      // The term is judged once: later documents (a reinstatement reversing the return) are its own story.
      break;
    }
  }
  return out;
}
