// Leakage hidden inside regular business (bench/quality.ts, billing with `business`): the
// markers and learned habits that keep regular business quiet must not hide real leakage in the
// same documents. Seeded; each case is one kind of leakage planted into one kind of regular
// business, after plant() (whose labels stay as they are), and counted found when its code is
// reported on that transaction by revenue_leakage.
import type { Transaction } from "../../src/domain/transaction.ts";
import { roundMoney } from "../../src/domain/rounding.ts";
import { SeededRandom } from "../../src/analysis/random.ts";

export interface HiddenCase {
  name: string;
  code: string;
  ids: string[];
}

/** Plants the cases into `txns` (in place); returns them. */
export function plantHidden(txns: Transaction[], business: ReadonlyMap<string, string>, labelled: ReadonlySet<string>, seed: number, per = 50): HiddenCase[] {
  const rng = new SeededRandom(seed ^ 0x41dd);
  const used = new Set<string>();
  const pick = (filter: (t: Transaction) => boolean) => {
    const out = rng.shuffle(txns.filter((t) => t.type === "invoice" && !used.has(t.transaction_id) && !labelled.has(t.transaction_id) && filter(t))).slice(0, per);
    for (const t of out) used.add(t.transaction_id);
    return out;
  };
  const kind = (k: string) => (t: Transaction) => business.get(t.transaction_id) === k;
  const cases: HiddenCase[] = [];
  const add = (name: string, code: string, ts: Transaction[], change: (t: Transaction) => void) => {
    for (const t of ts) change(t);
    cases.push({ name, code, ids: ts.map((t) => t.transaction_id) });
  };
  // Tax cut by 2-10 % of the net on invoices with reduced-rate SKUs, or rounded per line.
  add("tax cut on a reduced-rate invoice", "tax_below_rate", pick(kind("reduced_rate")), (t) => {
    t.tax_amount = roundMoney(t.tax_amount! - t.amount! * rng.uniform(0.02, 0.1));
  });
  add("tax cut on a per-line-rounding invoice", "tax_below_rate", pick(kind("line_rounding")), (t) => {
    t.tax_amount = roundMoney(t.tax_amount! - t.amount! * rng.uniform(0.02, 0.1));
  });
  // No tax at all on an ordinary customer's invoice (the customer is taxed otherwise).
  add("no tax for a taxed customer", "tax_below_rate", pick((t) => !business.has(t.transaction_id) && (t.tax_amount ?? 0) > 0), (t) => {
    t.tax_amount = 0;
  });
  // A list-priced line cut 20-35 % on an invoice billed from the old price list.
  const listLine = (t: Transaction) => t.lines.find((l) => (l.discount_pct ?? 0) <= 10 && (l.quantity ?? 0) > 0 && (l.unit_price ?? 0) > 0 && Math.abs((l.list_price ?? 0) * (1 - (l.discount_pct ?? 0) / 100) - l.unit_price!) < 0.02);
  add("price cut before a price list change", "price_below_list", pick((t) => kind("price_change")(t) && listLine(t) !== undefined && !t.contract_id), (t) => {
    const l = listLine(t)!;
    l.unit_price = roundMoney(l.list_price! * (1 - rng.uniform(0.2, 0.35)));
    l.discount_pct = 0;
    l.amount = roundMoney(l.unit_price * l.quantity!);
    t.amount = roundMoney(t.lines.reduce((s, x) => s + (x.amount ?? 0), 0));
  });
  // A priced line at 0 (price missing) beside a free sample line.
  add("zero-price line beside a free line", "zero_price_line", pick((t) => kind("free_line")(t) && t.lines.some((l) => (l.amount ?? 0) > 0)), (t) => {
    const l = t.lines.find((x) => (x.amount ?? 0) > 0)!;
    l.unit_price = 0;
    l.discount_pct = 0;
    l.amount = 0;
    t.amount = roundMoney(t.lines.reduce((s, x) => s + (x.amount ?? 0), 0));
  });
  return cases;
}

/** A copy of a re-issued invoice two days later: a duplicate of the re-issue. */
export function duplicateReissues(txns: Transaction[], business: ReadonlyMap<string, string>, seed: number, per = 50): HiddenCase {
  const rng = new SeededRandom(seed ^ 0x2e15);
  const reissues = rng.shuffle(txns.filter((t) => t.type === "invoice" && t.transaction_id.endsWith("-R") && business.get(t.transaction_id) === "reissue")).slice(0, per);
  const copies = reissues.map((t) => ({ ...structuredClone(t), transaction_id: `${t.transaction_id}-COPY`, date: new Date(Date.parse(t.date!) + 2 * 86_400_000).toISOString().slice(0, 19) + "Z" }));
  txns.push(...copies);
  txns.sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0));
  return { name: "copy of a re-issued invoice", code: "duplicate_invoice", ids: copies.map((t) => t.transaction_id) };
}
