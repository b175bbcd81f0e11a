// The field that says what KIND of posting an entry is for its counterparty, when the
// counterparty's amounts depend on it: a payroll register's pay type (an employee's regular pay,
// ~the same every period, beside monthly commissions that vary widely, a yearly bonus several times
// the usual pay), a tenant's rent beside its service-charge settlements. A counterparty's usual
// amount is then its dominant kind's: a commission 6× a salesperson's semimonthly pay is far above
// the employee's usual, and ordinary for what that employee is paid in commissions. The amount
// detector reads the counterparty's (and every context's) amounts of the entry's kind as a routine
// of their own (amount-contexts.ts: kind routines), which explains an alarm the way a user's
// routine does.
// Profiled from the history's first entries (as the categorical fields are): among the
// categorical fields of few values that vary within counterparties, the one that explains most of
// the spread of a counterparty's log amounts — adjusted R² of log |amount| grouped by
// (counterparty, value) against grouped by counterparty alone, degrees of freedom counted so that
// a field splitting postings into ones and twos explains nothing by splitting alone. A field
// explaining less than MIN_EXPLAINED is no kind: where every kind of posting of a counterparty has
// the same level (a vendor's invoices and their payments), there is nothing to read.
import type { Transaction } from "../domain/transaction.ts";
import { fieldReader } from "./fields.ts";
import { isAccountName } from "./account-field.ts";

/** The share of the spread within counterparties a field must explain to be their postings' kind. */
export const MIN_EXPLAINED = 0.5;
/** A kind field has few values: a pay type, a document type (not an account, a cost centre). */
const MAX_KINDS = 32;
/** Fields that are not a kind of posting: the counterparty itself, who keyed or approved it (users
 *  are routines of their own), its currency (amounts are compared within one), what it refers to. */
const NOT_KINDS = new Set(["customer_id", "created_by", "approved_by", "currency", "reference", "contract_id", "sku"]);

/** The kind field of the sample among `fields` (categorical field names), or undefined. */
export function profileKindField(sample: readonly Transaction[], fields: readonly string[]): string | undefined {
  const logs: number[] = [];
  const counterparties: string[] = [];
  const rows: number[] = [];
  for (let k = 0; k < sample.length; k++) {
    const t = sample[k]!;
    const amount = Math.abs(t.amount ?? 0);
    if (!(amount > 0) || t.customer_id === undefined || t.customer_id === "") continue;
    logs.push(Math.log(amount));
    counterparties.push(t.customer_id);
    rows.push(k);
  }
  if (logs.length < 2) return undefined;
  const base = pooledVariance(logs, counterparties);
  if (!(base > 0)) return undefined;
  let best: { field: string; explained: number } | undefined;
  for (const field of fields) {
    if (NOT_KINDS.has(field) || (field.startsWith("attributes.") && isAccountName(field.slice("attributes.".length)))) continue;
    const read = fieldReader(field);
    const distinct = new Set<string>();
    const keys = rows.map((k) => {
      const v = read(sample[k]!);
      if (v !== undefined) distinct.add(v);
      return v;
    });
    if (distinct.size < 2 || distinct.size > MAX_KINDS) continue;
    const groups = counterparties.map((c, k) => `${c}\u0000${keys[k] ?? ""}`);
    const within = pooledVariance(logs, groups);
    const explained = 1 - within / base;
    if (explained >= MIN_EXPLAINED && (!best || explained > best.explained)) best = { field, explained };
  }
  return best?.field;
}

/** The pooled within-group variance of `values` grouped by `groups`: the sum of squared deviations
 *  from each group's mean over (rows − groups); NaN when no group has two rows. */
function pooledVariance(values: readonly number[], groups: readonly string[]): number {
  const sums = new Map<string, { n: number; sum: number; sq: number }>();
  for (let k = 0; k < values.length; k++) {
    const g = groups[k]!;
    let s = sums.get(g);
    if (!s) sums.set(g, (s = { n: 0, sum: 0, sq: 0 }));
    s.n++;
    s.sum += values[k]!;
    s.sq += values[k]! * values[k]!;
  }
  let ss = 0;
  let df = 0;
  for (const s of sums.values()) {
    if (s.n < 2) continue;
    ss += Math.max(0, s.sq - (s.sum * s.sum) / s.n);
    df += s.n - 1;
  }
  return df > 0 ? ss / df : Number.NaN;
}
