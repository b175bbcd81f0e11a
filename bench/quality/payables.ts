// A labelled general ledger of payables and receivables, shaped like a Xero/Sage "general ledger
// detail" export (one row per journal line: journal number, source code, account, contact,
// signed net, user), for measuring split_below_approval_limit. The columns are what a zero-config
// mapping gives: no transaction type mapped (every row the default "invoice"; the source codes stay an attribute), the contact as the
// counterparty, the journal number as the document.
//
// Planted (labelled "split"): purchases cut into two or three bills (or direct "spend money"
// payments) each just under an approval limit of 10,000, to an existing vendor whose bills are
// usually smaller, on one day or over up to three days, mostly by one user; the bills are then
// paid in the vendor's payment run like any other bill, and those payments are labelled too.
//
// Regular business that looks like it (labelled by kind, unlabelled as anomalies: hard negatives):
//  - daily_supplier: three suppliers delivering every working day, some days twice, at amounts
//    around 6,000 (many just under 10,000, some over);
//  - instalments: monthly instalments of two contracts just under 10,000;
//  - payment_run: vendors with bills of all sizes, paid in the weekly run several at once;
//  - recurring: rent of two sites billed as two identical bills the same day each month, and a
//    subscription just under 10,000;
//  - payroll: a monthly pay run, one journal of a line per employee (some paid over 8,000);
//  - retail_price: sales at list prices of 9,999, 4,999 and 2,499, some customers buying twice
//    in a few days;
//  - web_shop: a nightly import of the web shop's takings (one contact, every night).
import type { Transaction } from "../../src/domain/transaction.ts";
import { SeededRandom } from "../../src/analysis/random.ts";

export type PayablesKind = "ordinary" | "daily_supplier" | "instalments" | "payment_run" | "recurring" | "payroll" | "retail_price" | "web_shop";
export const PAYABLES_KINDS: readonly PayablesKind[] = ["ordinary", "daily_supplier", "instalments", "payment_run", "recurring", "payroll", "retail_price", "web_shop"];
export const PAYABLES_LIMIT = 10_000;

export interface Payables {
  transactions: Transaction[];
  /** Journal number → the kind of business it is. */
  kinds: Map<string, PayablesKind>;
  /** Journal numbers of the planted splits (bills, spend-money payments and the bills' payments). */
  splits: Set<string>;
  /** Transaction id → its journal number. */
  journalOf: Map<string, string>;
}

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const DAYS = 396; // 13 months
const VAT = 0.2;
const AP_USERS = ["k.ahmed", "l.brown", "m.chen"];

interface Line {
  account: string;
  amount: number;
}

export function generatePayables(seed: number): Payables {
  const rng = new SeededRandom(seed);
  const out: Payables = { transactions: [], kinds: new Map(), splits: new Set(), journalOf: new Map() };
  let journal = 0;
  let line = 0;
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const lognormal = (median: number, sigma: number) => median * Math.exp(sigma * rng.normal());
  const workday = (day: number) => {
    const w = new Date(START + day * DAY).getUTCDay();
    return w !== 0 && w !== 6;
  };
  const at = (day: number, hour: number) => new Date(START + day * DAY + hour * 3_600_000 + rng.int(0, 59) * 60_000).toISOString();
  const post = (kind: PayablesKind, source: string, contact: string, user: string, date: string, lines: Line[], split = false): string => {
    const no = `J${String(++journal).padStart(6, "0")}`;
    out.kinds.set(no, kind);
    if (split) out.splits.add(no);
    for (const l of lines) {
      const id = `L${++line}`;
      out.journalOf.set(id, no);
      out.transactions.push({ transaction_id: id, type: "invoice", date, customer_id: contact, currency: "GBP", amount: round2(l.amount), created_by: user, lines: [], attributes: { JournalNo: no, Source: source, Account: l.account } });
    }
    return no;
  };
  // A bill: expense and VAT debited, the payable credited with the gross.
  const billLines = (expense: string, gross: number): Line[] => {
    const net = round2(gross / (1 + VAT));
    return [
      { account: expense, amount: net },
      { account: "820", amount: round2(gross - net) },
      { account: "800", amount: -gross },
    ];
  };
  interface Open {
    contact: string;
    gross: number;
    kind: PayablesKind;
    split: boolean;
    day: number;
  }
  const open: Open[] = [];
  const bill = (kind: PayablesKind, contact: string, expense: string, gross: number, day: number, hour: number, user: string, split = false) => {
    post(kind, "ACCPAY", contact, user, at(day, hour), billLines(expense, gross), split);
    open.push({ contact, gross, kind, split, day });
  };

  // Ordinary vendors: bills of their own size, one to four a month.
  const vendors = Array.from({ length: 80 }, (_, i) => ({ name: `Vendor ${i + 1} Ltd`, median: Math.min(25_000, lognormal(1500, 0.9)), expense: String(400 + (i % 40)), perMonth: rng.uniform(0.7, 4) }));
  for (const v of vendors) {
    for (let d = 0; d < DAYS; d++) {
      if (!workday(d) || !rng.chance(v.perMonth / 21)) continue;
      bill("ordinary", v.name, v.expense, round2(Math.max(20, lognormal(v.median, 0.35))), d, rng.int(8, 17), pick(rng, AP_USERS));
    }
  }
  // Daily suppliers.
  for (let s = 0; s < 3; s++) {
    const name = `Daily Supplies ${s + 1}`;
    for (let d = 0; d < DAYS; d++) {
      if (!workday(d)) continue;
      const n = rng.chance(0.3) ? 2 : 1;
      for (let k = 0; k < n; k++) bill("daily_supplier", name, "310", round2(lognormal(6000, 0.35)), d, rng.int(7, 16), pick(rng, AP_USERS));
    }
  }
  // Instalments of two contracts.
  for (const [name, gross] of [
    ["Leasing Partners", 9400],
    ["Fleet Finance", 8750],
  ] as const) {
    for (let m = 0; m < 13; m++) bill("instalments", name, "480", gross, Math.min(DAYS - 1, m * 30 + 2), 9, "k.ahmed");
  }
  // Vendors of bills of all sizes, settled in the weekly run.
  for (let p = 0; p < 6; p++) {
    const name = `Wholesale ${p + 1}`;
    for (let d = 0; d < DAYS; d++) if (workday(d) && rng.chance(4.5 / 21)) bill("payment_run", name, "300", round2(lognormal(5000, 0.7)), d, rng.int(8, 17), pick(rng, AP_USERS));
  }
  // Rent of two sites, and a subscription.
  for (let m = 0; m < 13; m++) {
    const day = Math.min(DAYS - 1, m * 30);
    bill("recurring", "City Properties", "469", 8500, day, 9, "l.brown");
    bill("recurring", "City Properties", "469", 8500, day, 9, "l.brown");
    bill("recurring", "CloudSoft", "463", 9200, Math.min(DAYS - 1, m * 30 + 14), 10, "m.chen");
  }
  // Planted splits: 8 groups per ledger, to ordinary vendors whose bills are usually small.
  const small = vendors.filter((v) => v.median < 3000);
  for (let g = 0; g < 8; g++) {
    const v = small[rng.int(0, small.length - 1)]!;
    const pieces = rng.chance(0.7) ? 2 : 3;
    let day = rng.int(20, DAYS - 40);
    while (!workday(day)) day++;
    const user = pick(rng, AP_USERS);
    const spend = g % 4 === 3;
    for (let k = 0; k < pieces; k++) {
      // Just under the limit: round hundreds or odd amounts, 85–99.9 % of it.
      const gross = rng.chance(0.4) ? 100 * rng.int(86, 99) : round2(rng.uniform(0.85, 0.999) * PAYABLES_LIMIT);
      const d = rng.chance(0.5) ? day : day + rng.int(0, 3);
      const who = rng.chance(0.8) ? user : pick(rng, AP_USERS);
      if (spend) {
        const net = round2(gross / (1 + VAT));
        post("ordinary", "SPEND", v.name, who, at(d, rng.int(8, 18)), [{ account: v.expense, amount: net }, { account: "820", amount: round2(gross - net) }, { account: "090", amount: -gross }], true);
      } else bill("ordinary", v.name, v.expense, gross, d, rng.int(8, 18), who, true);
    }
  }
  // The weekly payment run (Fridays): every bill at least 14 days old, one journal per bill.
  open.sort((a, b) => a.day - b.day);
  for (let d = 0; d < DAYS; d++) {
    if (new Date(START + d * DAY).getUTCDay() !== 5) continue;
    while (open.length > 0 && open[0]!.day <= d - 14) {
      const o = open.shift()!;
      post(o.kind, "ACCPAYPAYMENT", o.contact, "p.okafor", at(d, 15), [{ account: "800", amount: o.gross }, { account: "090", amount: -o.gross }], o.split);
    }
  }
  // Payroll: one journal a month, a line per employee and the bank.
  const staff = Array.from({ length: 40 }, (_, i) => ({ name: `Employee ${i + 1}`, pay: round2(rng.uniform(2200, 9600)) }));
  for (let m = 0; m < 13; m++) {
    const day = Math.min(DAYS - 1, m * 30 + 25);
    const lines: Line[] = staff.map((e) => ({ account: "477", amount: e.pay }));
    lines.push({ account: "090", amount: -lines.reduce((s, l) => s + l.amount, 0) });
    const no = `J${String(++journal).padStart(6, "0")}`;
    out.kinds.set(no, "payroll");
    staff.forEach((e, i) => {
      const id = `L${++line}`;
      out.journalOf.set(id, no);
      out.transactions.push({ transaction_id: id, type: "invoice", date: at(day, 18), customer_id: e.name, currency: "GBP", amount: lines[i]!.amount, created_by: "payroll", lines: [], attributes: { JournalNo: no, Source: "PAYRUN", Account: "477" } });
    });
    const id = `L${++line}`;
    out.journalOf.set(id, no);
    out.transactions.push({ transaction_id: id, type: "invoice", date: at(day, 18), customer_id: "Payroll", currency: "GBP", amount: round2(lines[lines.length - 1]!.amount), created_by: "payroll", lines: [], attributes: { JournalNo: no, Source: "PAYRUN", Account: "090" } });
  }
  // Retail sales at list prices; some customers buy again within days.
  const prices = [9999, 4999, 2499];
  for (let c = 0; c < 300; c++) {
    const name = `Customer ${c + 1}`;
    const visits = rng.int(1, 6);
    for (let k = 0; k < visits; k++) {
      let day = rng.int(0, DAYS - 5);
      const again = rng.chance(0.25) ? 2 : 1;
      for (let r = 0; r < again; r++) {
        const gross = prices[rng.int(0, prices.length - 1)]!;
        const net = round2(gross / (1 + VAT));
        post("retail_price", "ACCREC", name, pick(rng, ["s.diaz", "t.evans"]), at(day, rng.int(9, 17)), [{ account: "200", amount: -net }, { account: "820", amount: -round2(gross - net) }, { account: "610", amount: gross }]);
        day += rng.int(0, 3);
      }
    }
  }
  // The web shop's nightly takings.
  for (let d = 0; d < DAYS; d++) {
    const gross = round2(lognormal(5000, 0.5));
    post("web_shop", "ACCREC", "Web Shop", "shop.import", at(d, 2), [{ account: "090", amount: gross }, { account: "200", amount: -gross }]);
  }
  out.transactions.sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0) || Number(out.journalOf.get(a.transaction_id)!.slice(1)) - Number(out.journalOf.get(b.transaction_id)!.slice(1)));
  return out;
}

function pick<T>(rng: SeededRandom, items: readonly T[]): T {
  return items[rng.int(0, items.length - 1)]!;
}
