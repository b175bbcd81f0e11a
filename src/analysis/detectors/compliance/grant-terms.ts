// grant_unallowable_cost, grant_cost_outside_period: a cost charged to a restricted grant against
// the terms of its award, as the organisation configured them from its award letters
// (modules.compliance.grants): an account no award may be charged (2 CFR 200 Subpart E —
// alcohol, entertainment — on a federal award; a foundation's excluded costs), an account outside
// the award's approved budget lines, a cost dated after the period of performance ended (or
// before it began: a pre-award cost nobody approved). These are the questioned costs of a Single
// Audit or a grantor's monitoring visit: the grantor takes them back.
//
// A cost is a debit (a positive amount: debit − credit) on a cost account (`cost_accounts`,
// every account when none is listed): the same account credited is the correction that moves a
// cost off the grant, and the grant's receivable debited by a drawdown, or credited when the
// grantor pays weeks after the end, is no cost. Nothing is judged without a configuration: the
// ledger alone does not say which costs a grantor allows, nor when an award ends (a renewal
// under the same code looks the same as spending after the end).
import { DAY_MS, parseDateMs } from "../../dates.ts";
import { attributeNameMatcher } from "../leakage/markers.ts";
import { money, type Detector, type Finding } from "../types.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import { accountOf, codeMatches, matchesAny, text } from "./ledger-codes.ts";

type GrantsConfig = ModulesConfig["compliance"]["grants"];
type Award = GrantsConfig["awards"][number];

/** Column names (compared without case or separators) of a line's grant or award. */
export const GRANT_FIELDS = [
  "grant", "grant_id", "grant_code", "grant_no", "grant_number", "grant_name", "award", "award_id", "award_no", "award_number",
  "award_code", "federal_award", "federal_award_id", "fain", "restricted_grant", "grant_award",
] as const;
const grantField = attributeNameMatcher(GRANT_FIELDS);

export const grantTermsDetector: Detector = {
  codes: ["grant_unallowable_cost", "grant_cost_outside_period"],
  history: "none",
  detect({ txn, config }) {
    const cfg = config.compliance.grants;
    if (cfg.awards.length === 0 && cfg.unallowable_accounts.length === 0) return [];
    const amount = txn.amount ?? 0;
    if (!(amount > 0)) return [];
    const grant = grantOf(txn, cfg.field);
    if (grant === "") return [];
    const account = accountOf(txn, cfg.account_field);
    if (cfg.cost_accounts.length > 0 && (account === "" || !matchesAny(account, cfg.cost_accounts))) return [];
    const award = cfg.awards.find((a) => codeMatches(grant, a.id));
    const out: Finding[] = [];
    const unallowable = account === "" ? undefined : unallowableBy(account, cfg, award);
    if (unallowable) {
      out.push({
        code: "grant_unallowable_cost",
        score: 1,
        message: `${money(amount)} on account ${account} charged to grant ${grant}: ${unallowable}`,
        field: "attributes",
        expected: { account_not: account, on_grant: grant },
        actual: { account, grant, questioned_cost: amount },
        amount_at_risk: 0,
      });
    }
    const outside = award ? outsidePeriod(txn, award) : undefined;
    if (outside) {
      out.push({
        code: "grant_cost_outside_period",
        score: 1,
        message: `${money(amount)} charged to grant ${grant} dated ${txn.date!.slice(0, 10)}, ${outside.text}`,
        field: "date",
        expected: { from: award!.start ?? null, to: award!.end ?? null },
        actual: { date: txn.date, grant, days_outside: outside.days, questioned_cost: amount },
        amount_at_risk: 0,
      });
    }
    return out;
  },
};

/** The grant a line names: the configured field's value, else the first filled grant column. */
function grantOf(t: Transaction, field: string): string {
  if (field === "contract_id" || field === "reference") return text(t[field]);
  if (field !== "auto") return text(t.attributes?.[field.slice("attributes.".length)]);
  const attrs = t.attributes;
  if (!attrs) return "";
  for (const name in attrs) {
    if (grantField(name) === null) continue;
    const v = text(attrs[name]);
    if (v !== "") return v;
  }
  return "";
}

/** Why the account may not be charged to the grant, or undefined when it may. */
function unallowableBy(account: string, cfg: GrantsConfig, award: Award | undefined): string | undefined {
  if (matchesAny(account, cfg.unallowable_accounts)) return "an account no award may be charged";
  if (award?.unallowable_accounts && matchesAny(account, award.unallowable_accounts)) return `an account award ${award.id} may not be charged`;
  if (award?.allowed_accounts && !matchesAny(account, award.allowed_accounts)) return `not one of award ${award.id}'s budget lines (${award.allowed_accounts.join(", ")})`;
  return undefined;
}

/** How far outside the award's period the line is dated, or undefined when within it (or undated). */
function outsidePeriod(t: Transaction, award: Award): { days: number; text: string } | undefined {
  if (!t.date) return undefined;
  const ms = parseDateMs(t.date.slice(0, 10));
  if (Number.isNaN(ms)) return undefined;
  if (award.end) {
    const end = parseDateMs(award.end);
    const days = Math.floor((ms - end) / DAY_MS);
    if (days > 0) return { days, text: `${days} days after award ${award.id}'s period ended on ${award.end}` };
  }
  if (award.start) {
    const start = parseDateMs(award.start);
    const days = Math.floor((start - ms) / DAY_MS);
    if (days > 0) return { days, text: `${days} days before award ${award.id}'s period began on ${award.start}` };
  }
  return undefined;
}
