// A line's adjustment reasons (`adjustment_reason`): why its amount differs from its price, as the
// source codes it — a payer's remittance per service line writes the X12 835's adjustment group
// and reason codes (`CO-45 PR-1 CO-253`, `CO-97`). Some say the line's price is no price the
// payer cut: CO-97 ("the benefit for this service is included in the payment/allowance for
// another service", an NCCI-bundled line allowed at 0) and CO-234 ("this procedure is not paid
// separately"). `revenue_leakage.accepted_adjustment_reasons` lists such codes; a line carrying
// one is not priced (pricing.ts), as a kit's component at 0 is not. Reasons that explain nothing
// about a price (CO-45, the charge above the fee schedule, on nearly every line; a denial's CO-16)
// leave the line judged. A billing system whose charges are waived only with a reason (a
// hauler's contamination fee waived "FIRST OCCURRENCE - EDUCATION", a delivery waived for a new
// account) states that reason on the waived line: `*` in the list accepts every stated reason.
import type { TransactionLine } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";

/** The X12 claim adjustment group codes: contractual, other, payer-initiated, patient responsibility, correction. */
const GROUP_CODES = ["CO", "OA", "PI", "PR", "CR"];

/** A code as compared: upper case, letters and digits only ("co-97" and "CO97" are one code). */
const codeKey = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The accepted codes as keys: a code without its group (`97`) is accepted in every group. */
const keysOf = new WeakMap<readonly string[], ReadonlySet<string>>();
function acceptedKeys(reasons: readonly string[]): ReadonlySet<string> {
  let keys = keysOf.get(reasons);
  if (keys === undefined) {
    const set = new Set<string>();
    for (const r of reasons) {
      const k = codeKey(r);
      if (k === "") continue;
      set.add(k);
      // A bare reason (digits, or a letter and digits: CARC 97, B15) stands for itself in any group.
      if (/^[A-Z]?\d+$/.test(k)) for (const g of GROUP_CODES) set.add(g + k);
    }
    keysOf.set(reasons, (keys = set));
  }
  return keys;
}

/**
 * The first of the line's adjustment reasons (as the source wrote it) that the analyst accepts as
 * explaining its price, or undefined. The reasons are a list separated by spaces, commas,
 * semicolons or bars; a group written apart from its reason (`CO 97`) leaves the reason alone,
 * which a bare accepted code matches.
 */
export function acceptedAdjustmentReason(line: TransactionLine, cfg: Pick<ModulesConfig["revenue_leakage"], "accepted_adjustment_reasons">): string | undefined {
  const reasons = line.adjustment_reason;
  if (reasons === undefined || cfg.accepted_adjustment_reasons.length === 0) return undefined;
  // `*`: every stated reason (the line's whole text) explains its price.
  if (cfg.accepted_adjustment_reasons.includes("*")) return reasons.trim() === "" ? undefined : reasons.trim();
  const keys = acceptedKeys(cfg.accepted_adjustment_reasons);
  for (const reason of reasons.split(/[\s,;|]+/)) if (reason !== "" && keys.has(codeKey(reason))) return reason;
  return undefined;
}
