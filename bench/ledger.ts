// A harder journal-entry ledger for the quality benchmark, shaped like the SAP data set of
// Schreyer et al. (BUKRS company, BLART document type, WAERS document currency, KTOSL transaction
// key, PRCTR profit centre, BSCHL posting key, HKONT account, DMBTR local amount, WRBTR document
// amount, user, posting time), one row per line item, documents balanced (debit = credit).
//
// What makes it hard is the regular business a real ledger is full of, all of it unlabelled
// (hard negatives): batch users running scheduled jobs (month-end depreciation at night and on
// weekends, monthly payroll hundreds of times an ordinary amount, quarter-end accruals and their
// reversals, month-end allocation runs), period-end peaks with overtime and weekend work,
// accounts opened mid-year and then used normally, legitimately low-volume accounts, several
// company codes with their own currencies and foreign-currency habits, user roles.
// Anomalies (labelled apart, ~0.05 % of entries): global (a never-used value; an amount 100–1000×
// the account's usual) and local (an amount 25–80× the account's usual, inside the ledger's
// overall range; a pair of common values never seen together; three values whose every pair is
// common but never seen together).
// Variants change the shape, so that a detector tuned to one does not pass by accident:
// "standard", "wide" (wider per-account spreads, more foreign currency, more overtime) and
// "doc-currency" (the canonical currency is the document currency WAERS, not the company's).
import type { Transaction } from "../src/domain/transaction.ts";
import { SeededRandom } from "../src/analysis/random.ts";

export type LedgerAnomaly = "global_value" | "global_amount" | "local_amount" | "local_pair" | "local_triple";
export const LEDGER_ANOMALIES: readonly LedgerAnomaly[] = ["global_value", "global_amount", "local_amount", "local_pair", "local_triple"];
export type RegularKind = "payroll" | "depreciation" | "accrual" | "allocation" | "period_end_peak" | "overtime" | "foreign_currency" | "new_account" | "low_volume" | ExtraKind | AuditKind;
/** The further regular business of `extra: true` (real ledgers have it; the first generator did not). */
export type ExtraKind = "year_end_closing" | "intercompany" | "one_off_purchase" | "seasonal" | "fx_revaluation";
export const EXTRA_KINDS: readonly ExtraKind[] = ["year_end_closing", "intercompany", "one_off_purchase", "seasonal", "fx_revaluation"];
/** The regular business of `audit: true`: what an auditor knows a real ERP ledger holds and a
 *  naive detector flags (year-end bonuses, annual prepayments, quarterly tax payments,
 *  intercompany cash settlements, credit notes, rounding lines, a new large customer, a price
 *  increase at contract renewal). */
export type AuditKind = "year_end_bonus" | "annual_prepayment" | "quarterly_tax" | "ic_settlement" | "credit_note" | "rounding" | "new_customer" | "price_increase";
export const AUDIT_KINDS: readonly AuditKind[] = ["year_end_bonus", "annual_prepayment", "quarterly_tax", "ic_settlement", "credit_note", "rounding", "new_customer", "price_increase"];
export const REGULAR_KINDS: readonly RegularKind[] = ["payroll", "depreciation", "accrual", "allocation", "period_end_peak", "overtime", "foreign_currency", "new_account", "low_volume", ...EXTRA_KINDS, ...AUDIT_KINDS];
/** The scheduled (batch) kinds: the < 0.5 % flagged-high target applies to each. */
export const SCHEDULED_KINDS: readonly RegularKind[] = ["payroll", "depreciation", "accrual", "allocation"];
export type LedgerVariant = "standard" | "wide" | "doc-currency";

export interface LedgerOptions {
  seed: number;
  /** About this many line items (the year is generated in full, scaled to it). */
  entries?: number;
  variant?: LedgerVariant;
  anomalyRate?: number;
  /** Add the further regular business (EXTRA_KINDS), unlabelled, drawn from a separate random
   *  stream after the anomalies are planted: the rest of the ledger is the same as without it. */
  extra?: boolean;
  /** Add the auditor's regular business (AUDIT_KINDS), unlabelled, from a third random stream
   *  after everything else: the ledger without it is the same, line for line. */
  audit?: boolean;
  /** Planted amounts are posted on every line of their document, each line labelled (a real
   *  fraudulent entry balances); off by default: one line altered, as the first generator did. */
  balanced?: boolean;
}

export interface Ledger {
  transactions: Transaction[];
  labels: Map<string, LedgerAnomaly>;
  regular: Map<string, RegularKind>;
}

/** The ledger attributes, as `categorical_fields` (the "configured" run of the benchmark). */
export const LEDGER_FIELDS = ["currency", "created_by", "attributes.BUKRS", "attributes.BLART", "attributes.WAERS", "attributes.KTOSL", "attributes.PRCTR", "attributes.BSCHL", "attributes.HKONT"];

interface Company { code: string; currency: string; fx: number; size: number; pcs: string[]; foreign: { currency: string; share: number }[] }
type AccountType = "customer" | "vendor" | "revenue" | "expense" | "bank" | "salaries" | "depexp" | "accdep" | "accrual" | "allocation" | "asset" | "retained" | "fx" | "ic" | "prepaid" | "tax" | "rounding";
interface Account { hkont: string; type: AccountType; mu: number; sigma: number; weight: number; opens: number; lowVolume: boolean }
interface User { id: string; role: "ap" | "ar" | "gl" | "controller"; companies: Company[]; scale: number }
interface Line { account: Account; debit: boolean; amount: number; bschl: string; ktosl: string }

const KEYS: Record<AccountType, { debit: string; credit: string; ktosl: string[] }> = {
  customer: { debit: "01", credit: "15", ktosl: ["AGD"] },
  vendor: { debit: "25", credit: "31", ktosl: ["KBS"] },
  revenue: { debit: "40", credit: "50", ktosl: ["ERL"] },
  expense: { debit: "40", credit: "50", ktosl: ["WRX", "BSX", "GBB"] },
  bank: { debit: "40", credit: "50", ktosl: ["ZAH"] },
  salaries: { debit: "40", credit: "50", ktosl: ["LOH"] },
  depexp: { debit: "40", credit: "50", ktosl: ["AFA"] },
  accdep: { debit: "70", credit: "75", ktosl: ["AFA"] },
  accrual: { debit: "40", credit: "50", ktosl: ["ABG"] },
  allocation: { debit: "40", credit: "50", ktosl: ["UMB"] },
  asset: { debit: "70", credit: "75", ktosl: ["ANL"] },
  retained: { debit: "40", credit: "50", ktosl: ["GVT"] },
  fx: { debit: "40", credit: "50", ktosl: ["KDF"] },
  ic: { debit: "40", credit: "50", ktosl: ["IVA"] },
  prepaid: { debit: "40", credit: "50", ktosl: ["BSX"] },
  tax: { debit: "40", credit: "50", ktosl: ["MWS"] },
  rounding: { debit: "40", credit: "50", ktosl: ["RDF"] },
};

const DAY = 86_400_000;

export function generateLedger(options: LedgerOptions): Ledger {
  const rng = new SeededRandom(options.seed);
  const variant = options.variant ?? "standard";
  const wide = variant === "wide";
  const target = options.entries ?? 100_000;
  const anomalyRate = options.anomalyRate ?? 0.0005;
  const n = () => rng.normal();

  const companies: Company[] = [
    { code: "C1000", currency: "EUR", fx: 1, size: 0.34, pcs: ["P1010", "P1020", "P1030", "P1040"], foreign: [{ currency: "USD", share: 0.08 }, { currency: "GBP", share: 0.03 }] },
    { code: "C2000", currency: "EUR", fx: 1, size: 0.2, pcs: ["P2010", "P2020", "P2030"], foreign: [{ currency: "USD", share: 0.05 }] },
    { code: "C3000", currency: "USD", fx: 1.08, size: 0.22, pcs: ["P3010", "P3020", "P3030"], foreign: [{ currency: "EUR", share: 0.06 }, { currency: "CAD", share: 0.04 }] },
    { code: "C4000", currency: "GBP", fx: 0.85, size: 0.14, pcs: ["P4010", "P4020"], foreign: [{ currency: "EUR", share: 0.1 }] },
    { code: "C5000", currency: "JPY", fx: 160, size: 0.1, pcs: ["P5010", "P5020"], foreign: [{ currency: "USD", share: 0.1 }] },
  ];
  if (wide) for (const c of companies) for (const f of c.foreign) f.share *= 2;
  const rate = (from: string, to: string) => fxOf(from) / fxOf(to);
  const fxOf = (cur: string) => ({ EUR: 1, USD: 1.08, GBP: 0.85, JPY: 160, CAD: 1.47 })[cur] ?? 1;

  // The chart of accounts: each account has its own scale and spread (log-normal amounts).
  const accounts: Account[] = [];
  const add = (hkont: string, type: AccountType, mu: number, weight: number, extra: Partial<Account> = {}) => {
    const sigma = wide ? rng.uniform(0.7, 1.2) : rng.uniform(0.45, 0.95);
    accounts.push({ hkont, type, mu, sigma, weight, opens: 0, lowVolume: false, ...extra });
  };
  add("140000", "customer", 0, 1);
  add("160000", "vendor", 0, 1);
  add("113100", "bank", 0, 1);
  add("113200", "bank", 0, 0.4);
  for (let i = 0; i < 8; i++) add(String(400000 + i * 100), "revenue", rng.uniform(6, 9), 1 / (i + 1));
  for (let i = 0; i < 36; i++) add(String(600000 + i * 100), "expense", rng.uniform(4, 8.5), 1 / (1 + i * 0.3));
  // Opened mid-year, then used like any other; and accounts that are legitimately rare.
  for (let i = 0; i < 3; i++) add(String(608000 + i * 100), "expense", rng.uniform(4.5, 7.5), 0.8, { opens: rng.int(120, 240) });
  for (let i = 0; i < 4; i++) add(String(609000 + i * 100), "expense", rng.uniform(5, 8), 0.004, { lowVolume: true });
  add("640000", "salaries", 0, 0);
  add("175000", "salaries", 0, 0);
  for (let i = 0; i < 3; i++) add(String(650000 + i * 100), "depexp", 0, 0);
  for (let i = 0; i < 3; i++) add(String(21000 + i * 100).padStart(6, "0"), "accdep", 0, 0);
  add("190000", "accrual", 0, 0);
  add("690000", "allocation", 0, 0);
  const byType = (t: AccountType) => accounts.filter((a) => a.type === t);

  const users: User[] = [];
  const roles: [User["role"], number][] = [["ap", 9], ["ar", 6], ["gl", 5], ["controller", 2]];
  let uid = 1;
  for (const [role, count] of roles) {
    for (let i = 0; i < count; i++) {
      const home = rng.pick(companies);
      const cs = rng.chance(0.4) ? [home, rng.pick(companies.filter((c) => c !== home))] : [home];
      users.push({ id: `U${String(uid++).padStart(3, "0")}`, role, companies: role === "controller" ? companies : cs, scale: Math.exp(0.2 * n()) });
    }
  }

  const transactions: Transaction[] = [];
  const regular = new Map<string, RegularKind>();
  const labels = new Map<string, LedgerAnomaly>();
  let docNo = 0;

  const start = Date.UTC(2025, 0, 1);
  const days = 365;
  const isWeekend = (ms: number) => [0, 6].includes(new Date(ms).getUTCDay());
  const lastDayOf = (ms: number) => { const d = new Date(ms); return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0); };
  const businessDaysLeft = (ms: number) => { let k = 0; for (let d = ms + DAY; d <= lastDayOf(ms); d += DAY) if (!isWeekend(d)) k++; return k; };
  const clock = (ms: number, hourFrom: number, hourTo: number) => ms + Math.floor(rng.uniform(hourFrom, hourTo) * 3_600_000);

  const emit = (company: Company, user: string, blart: string, when: number, lines: Line[], docCurrency: string, kind?: RegularKind, pc?: string) => {
    docNo++;
    const profit = pc ?? rng.pick(company.pcs);
    const out: Transaction[] = [];
    lines.forEach((l, i) => {
      const dmbtr = Math.round(l.amount * 100) / 100;
      const wrbtr = Math.round(dmbtr * rate(docCurrency, company.currency) * 100) / 100;
      const t: Transaction = {
        transaction_id: `${company.code}-${String(docNo).padStart(7, "0")}-${i + 1}`,
        type: "journal_entry",
        date: new Date(when).toISOString().slice(0, 19) + "Z",
        currency: variant === "doc-currency" ? docCurrency : company.currency,
        amount: dmbtr,
        created_by: user,
        lines: [{ sku: l.account.hkont, quantity: 1, amount: dmbtr }],
        attributes: { BUKRS: company.code, BLART: blart, WAERS: docCurrency, KTOSL: l.ktosl, PRCTR: profit, BSCHL: l.bschl, HKONT: l.account.hkont, DMBTR: dmbtr, WRBTR: wrbtr },
      };
      out.push(t);
      transactions.push(t);
      const k = kind ?? (docCurrency !== company.currency ? "foreign_currency" : l.account.opens > 0 ? "new_account" : l.account.lowVolume ? "low_volume" : undefined);
      if (k) regular.set(t.transaction_id, k);
    });
    return out;
  };
  const line = (account: Account, debit: boolean, amount: number): Line => {
    const k = KEYS[account.type];
    return { account, debit, amount, bschl: debit ? k.debit : k.credit, ktosl: rng.pick(k.ktosl) };
  };
  const ordinary = (a: Account, c: Company, u: User, factor = 1) => Math.exp(a.mu + a.sigma * n()) * c.fx * u.scale * factor;
  const pickAccount = (type: AccountType, day: number) => {
    const open = byType(type).filter((a) => a.opens <= day);
    const total = open.reduce((s, a) => s + a.weight, 0);
    let r = rng.next() * total;
    for (const a of open) if ((r -= a.weight) < 0) return a;
    return open[open.length - 1]!;
  };

  // Human documents per business day, scaled so the year has about `target` lines.
  const docsPerDay = target / 2 / 262 / 1.25;
  const human: Transaction[][] = [];
  for (let d = 0; d < days; d++) {
    const day = start + d * DAY;
    const left = businessDaysLeft(day);
    const peak = left < 2 && !isWeekend(day);
    const weekendAtPeak = isWeekend(day) && businessDaysLeft(day) === 0 && day > lastDayOf(day) - 3 * DAY;
    if (isWeekend(day) && !weekendAtPeak) continue;
    const count = Math.round(docsPerDay * (peak ? 2.5 : weekendAtPeak ? 0.3 : 1) * Math.exp(0.15 * n()));
    for (let k = 0; k < count; k++) {
      const u = rng.pick(users);
      const c = rng.pick(u.companies);
      const overtime = rng.chance(peak || weekendAtPeak ? (wide ? 0.2 : 0.12) : wide ? 0.04 : 0.02);
      const when = overtime ? clock(day, 18.5, 22.5) : clock(day, 7.5, 18.5);
      const kind: RegularKind | undefined = weekendAtPeak || overtime ? "overtime" : peak ? "period_end_peak" : undefined;
      const foreign = c.foreign.find((f) => rng.chance(f.share));
      let lines: Line[];
      let blart: string;
      let docCurrency = c.currency;
      if (u.role === "ap") {
        const pay = rng.chance(0.35);
        const exp = pickAccount("expense", d);
        const amount = ordinary(exp, c, u);
        blart = pay ? "KZ" : "KR";
        lines = pay ? [line(byType("vendor")[0]!, true, amount), line(byType("bank")[0]!, false, amount)] : [line(exp, true, amount), line(byType("vendor")[0]!, false, amount)];
        if (foreign && !pay) docCurrency = foreign.currency;
      } else if (u.role === "ar") {
        const pay = rng.chance(0.4);
        const rev = pickAccount("revenue", d);
        const amount = ordinary(rev, c, u);
        blart = pay ? "DZ" : "DR";
        lines = pay ? [line(rng.pick(byType("bank")), true, amount), line(byType("customer")[0]!, false, amount)] : [line(byType("customer")[0]!, true, amount), line(rev, false, amount)];
      } else {
        // A reclassification between accounts of a similar scale (or against the bank).
        const a = pickAccount("expense", d);
        const near = byType("expense").filter((x) => x !== a && x.opens <= d && !x.lowVolume && Math.abs(x.mu - a.mu) < 0.6);
        const b = near.length > 0 && rng.chance(0.8) ? rng.pick(near) : a;
        const amount = ordinary(a, c, u, u.role === "controller" ? 3 : 1) * (peak ? 1.5 : 1);
        blart = "SA";
        lines = [line(a, true, amount), line(b === a ? byType("bank")[0]! : b, false, amount)];
      }
      human.push(emit(c, u.id, blart, when, lines, docCurrency, kind));
    }
  }

  // Scheduled business: batch users, fixed calendars, amounts far from the ordinary.
  const salaryBase = new Map(companies.flatMap((c) => c.pcs.map((pc) => [pc, Math.exp(rng.uniform(12.5, 14)) * c.fx * c.size * 3] as const)));
  const depBase = new Map(companies.flatMap((c) => byType("depexp").map((a) => [c.code + a.hkont, Math.exp(rng.uniform(8.5, 10.5)) * c.fx] as const)));
  const accrualAccounts = byType("expense").slice(0, 5);
  for (let m = 0; m < 12; m++) {
    const last = Date.UTC(2025, m + 1, 0);
    let lastBusiness = last;
    while (isWeekend(lastBusiness)) lastBusiness -= DAY;
    let payday = Date.UTC(2025, m, 27);
    while (isWeekend(payday)) payday -= DAY;
    for (const c of companies) {
      for (const pc of c.pcs) {
        const amount = salaryBase.get(pc)! * (1 + 0.03 * n()) * (m === 11 ? 1.6 : 1);
        emit(c, "BATCH_PAY", "PY", clock(payday, 22, 23.9), [line(byType("salaries")[0]!, true, amount), line(byType("bank")[0]!, false, amount)], c.currency, "payroll", pc);
      }
      // Depreciation runs on the calendar month end, weekend or not, at night.
      byType("depexp").forEach((a, i) => {
        const amount = depBase.get(c.code + a.hkont)! * (1 + 0.01 * n());
        emit(c, "BATCH_DEP", "AF", clock(last, 1, 3.5), [line(a, true, amount), line(byType("accdep")[i]!, false, amount)], c.currency, "depreciation");
      });
      // Monthly allocation of shared costs to the profit centres (the closing run).
      for (const pc of c.pcs) {
        const amount = Math.exp(rng.uniform(9, 10)) * c.fx * c.size * 4 * (1 + 0.2 * n());
        emit(c, "BATCH_CLO", "SB", clock(lastBusiness, 19, 21.5), [line(byType("allocation")[0]!, true, amount), line(byType("allocation")[0]!, false, amount)], c.currency, "allocation", pc);
      }
      // Quarter-end accruals, reversed on the first day of the next quarter.
      if (m % 3 === 2) {
        for (const a of accrualAccounts) {
          const amount = Math.exp(a.mu) * c.fx * rng.uniform(20, 100);
          emit(c, "BATCH_ACC", "AB", clock(last, 23, 23.9), [line(a, true, amount), line(byType("accrual")[0]!, false, amount)], c.currency, "accrual");
          if (m < 11) emit(c, "BATCH_ACC", "AB", clock(last + DAY, 0.2, 1.5), [line(byType("accrual")[0]!, true, amount), line(a, false, amount)], c.currency, "accrual");
        }
      }
    }
  }

  // Anomalies: one line of an ordinary human document (after the first month) is altered.
  const usable = rng.shuffle(human.filter((doc) => Date.parse(doc[0]!.date!) > start + 30 * DAY && !regular.has(doc[0]!.transaction_id)));
  const wanted = Math.max(LEDGER_ANOMALIES.length, Math.round(transactions.length * anomalyRate));
  const maxAmount = Math.max(...transactions.map((t) => t.amount ?? 0));
  const taken = new Set<Transaction[]>();
  const companyOf = (t: Transaction) => companies.find((c) => c.code === t.attributes!.BUKRS)!;
  const userOf = (t: Transaction) => users.find((u) => u.id === t.created_by)!;
  const driving = (t: Transaction) => ["expense", "revenue"].includes(accounts.find((x) => x.hkont === t.attributes!.HKONT)!.type);
  // A pure three-way anomaly: company × a foreign currency it books (on vendor invoices) × a
  // document type it issues but never in that currency, which another company issues in it as
  // its own currency; by a user who has that role and books that currency elsewhere, so that every
  // pair (user × currency too) is common. Each combination once: a real anomaly does not repeat.
  const tripleDocs = new Set(["DR", "DZ", "KZ", "SA"]);
  const usedTriples = new Set<string>();
  const tripleKey = (doc: Transaction[]) => `${doc[0]!.attributes!.BUKRS}|${doc[0]!.attributes!.BLART}`;
  const tripleOk = (doc: Transaction[]) => {
    const a = doc[0]!.attributes!;
    const c = companyOf(doc[0]!);
    return tripleDocs.has(String(a.BLART)) && !usedTriples.has(tripleKey(doc)) && userOf(doc[0]!).companies.some((x) => x.currency === c.foreign[0]!.currency);
  };
  let fresh = 0;
  const usedPairs = new Set<string>();
  for (let i = 0; i < wanted; i++) {
    const kind = LEDGER_ANOMALIES[i % LEDGER_ANOMALIES.length]!;
    const doc = usable.find((d) => !taken.has(d) && (kind === "local_triple" ? tripleOk(d) : kind.endsWith("amount") ? d.some(driving) : true));
    if (!doc) continue;
    taken.add(doc);
    if (kind === "local_triple") usedTriples.add(tripleKey(doc));
    const t = kind.endsWith("amount") ? doc.find(driving)! : kind === "local_triple" ? doc[0]! : rng.pick(doc);
    const a = t.attributes!;
    const account = accounts.find((x) => x.hkont === a.HKONT)!;
    const company = companyOf(t);
    const usual = Math.exp(account.mu) * company.fx * userOf(t).scale;
    const setAmount = (v: number) => {
      const dm = Math.round(v * 100) / 100;
      for (const u of options.balanced ? doc : [t]) {
        u.amount = dm;
        u.lines[0]!.amount = dm;
        u.attributes!.DMBTR = dm;
        u.attributes!.WRBTR = Math.round(dm * rate(String(u.attributes!.WAERS), company.currency) * 100) / 100;
        if (u !== t) {
          labels.set(u.transaction_id, kind);
          regular.delete(u.transaction_id);
        }
      }
    };
    if (kind === "global_value") {
      // A value the ledger never uses (each anomaly its own: they do not repeat either).
      const which = rng.int(0, 4);
      fresh++;
      if (which === 0) a.BSCHL = String(80 + fresh);
      else if (which === 1) {
        a.HKONT = String(990000 + fresh * 10);
        t.lines[0]!.sku = String(a.HKONT);
      } else if (which === 2) a.KTOSL = `Z${String.fromCharCode(64 + fresh)}${fresh % 10}`;
      else if (which === 3) a.BLART = `X${String.fromCharCode(64 + fresh)}`;
      else t.created_by = `TEMP${fresh}`;
    } else if (kind === "global_amount") setAmount(usual * rng.uniform(100, 1000));
    else if (kind === "local_amount") setAmount(Math.min(maxAmount * 0.5, usual * rng.uniform(25, 80)));
    else if (kind === "local_pair") {
      // Two common values never seen together (each such pair once).
      const foreignFree = ["JPY", "CAD"].filter((x) => x !== company.currency && !company.foreign.some((f) => f.currency === x));
      const options = rng.shuffle([0, 1, 2]);
      for (const which of options) {
        const value =
          which === 0 ? rng.pick(companies.filter((c) => c !== company).flatMap((c) => c.pcs)) : which === 1 ? rng.pick(["01", "15", "25", "31", "40", "50", "75"].filter((k) => k !== KEYS[account.type].debit && k !== KEYS[account.type].credit)) : rng.pick(foreignFree);
        const pair = `${which}|${which === 1 ? a.HKONT : a.BUKRS}|${value}`;
        if (usedPairs.has(pair)) continue;
        usedPairs.add(pair);
        if (which === 0) a.PRCTR = value;
        else if (which === 1) a.BSCHL = value;
        else {
          a.WAERS = value;
          if (variant === "doc-currency") t.currency = value;
        }
        break;
      }
    } else {
      a.WAERS = company.foreign[0]!.currency;
      if (variant === "doc-currency") t.currency = String(a.WAERS);
    }
    labels.set(t.transaction_id, kind);
    regular.delete(t.transaction_id);
  }

  if (options.extra) {
    // Further regular business (unlabelled hard negatives), from its own random stream.
    const rx = new SeededRandom(options.seed ^ 0x5eed);
    const acct = (hkont: string, type: AccountType): Account => ({ hkont, type, mu: 0, sigma: 0, weight: 0, opens: 0, lowVolume: false });
    const retained = acct("332000", "retained");
    const assets = acct("070000", "asset");
    const fxGain = acct("720000", "fx");
    const fxUnreal = acct("230000", "fx");
    const icReceivable = acct("150000", "ic");
    const icPayable = acct("250000", "ic");
    const icRevenue = acct("480000", "ic");
    const icExpense = acct("680000", "ic");
    const xline = (account: Account, debit: boolean, amount: number): Line => {
      const k = KEYS[account.type];
      return { account, debit, amount, bschl: debit ? k.debit : k.credit, ktosl: k.ktosl[0]! };
    };
    const pcOf = (c: Company) => c.pcs[rx.int(0, c.pcs.length - 1)]!;
    const lastOf = (m: number) => Date.UTC(2025, m + 1, 0);
    const xclock = (ms: number, from: number, to: number) => ms + Math.floor(rx.uniform(from, to) * 3_600_000);
    // Year-end closing: on 31 December each company's revenue and expense accounts are closed to
    // retained earnings, one posting per account of its balance for the year (a once-a-year
    // batch, amounts a year of postings large).
    const balance = new Map<string, number>();
    for (const t of transactions) {
      const a = t.attributes!;
      const type = accounts.find((x) => x.hkont === a.HKONT)?.type;
      if (type !== "revenue" && type !== "expense") continue;
      const key = `${a.BUKRS}|${a.HKONT}`;
      balance.set(key, (balance.get(key) ?? 0) + Math.abs(t.amount ?? 0));
    }
    for (const [key, amount] of balance) {
      const [code, hkont] = key.split("|") as [string, string];
      const c = companies.find((x) => x.code === code)!;
      const account = accounts.find((x) => x.hkont === hkont)!;
      const revenue = account.type === "revenue";
      emit(c, "BATCH_YE", "SA", xclock(lastOf(11), 20, 23), [xline(account, revenue, amount), xline(retained, !revenue, amount)], c.currency, "year_end_closing", pcOf(c));
    }
    // Intercompany: every month C1000 charges each other company a management fee, booked on both
    // sides (receivable/revenue in C1000 in euros, expense/payable in the other company in euros
    // too: a foreign-currency document there), by the controllers, with their own document type.
    const controllers = users.filter((u) => u.role === "controller");
    for (let m = 0; m < 12; m++) {
      for (const c of companies.slice(1)) {
        const fee = Math.exp(rx.uniform(9, 10.5)) * (1 + 0.02 * rx.normal());
        const u = rx.pick(controllers).id;
        const when = xclock(lastOf(m) - 2 * DAY, 9, 17);
        emit(companies[0]!, u, "IC", when, [xline(icReceivable, true, fee), xline(icRevenue, false, fee)], "EUR", "intercompany", pcOf(companies[0]!));
        emit(c, u, "IC", when + 600_000, [xline(icExpense, true, fee * rate("EUR", c.currency)), xline(icPayable, false, fee * rate("EUR", c.currency))], "EUR", "intercompany", pcOf(c));
      }
    }
    // One-off legitimate large purchases: a few times a year per company an asset bought from a
    // vendor never used before, 20–200× an ordinary invoice, by a clerk of that company.
    for (const c of companies) {
      const count = rx.int(2, 5);
      for (let k = 0; k < count; k++) {
        const own = users.filter((x) => x.role === "ap" && x.companies.includes(c));
        if (own.length === 0) break;
        const u = rx.pick(own);
        const amount = Math.exp(rx.uniform(6, 7.5)) * c.fx * rx.uniform(20, 200);
        const day = start + rx.int(20, 350) * DAY;
        if (isWeekend(day)) continue;
        emit(c, u.id, "KR", xclock(day, 9, 17), [xline(assets, true, amount), xline(byType("vendor")[0]!, false, amount)], c.currency, "one_off_purchase", pcOf(c));
      }
    }
    // A seasonal business: C4000's gift line sells only in November and December, on its own
    // revenue account, at several times the company's usual daily volume.
    const seasonal = acct("409000", "revenue");
    const arC4000 = users.filter((u) => u.role === "ar" && u.companies.some((c) => c.code === "C4000"));
    const sellers = arC4000.length > 0 ? arC4000 : users.filter((u) => u.role === "ar").slice(0, 1);
    const c4 = companies.find((c) => c.code === "C4000")!;
    for (let d = 304; d < 365; d++) {
      const day = start + d * DAY;
      if (isWeekend(day)) continue;
      const n = Math.round(docsPerDay * 0.15 * Math.exp(0.2 * rx.normal()));
      for (let k = 0; k < n; k++) {
        const amount = Math.exp(7 + 0.6 * rx.normal()) * c4.fx;
        emit(c4, rx.pick(sellers).id, "DR", xclock(day, 8, 18), [xline(byType("customer")[0]!, true, amount), xline(seasonal, false, amount)], c4.currency, "seasonal", pcOf(c4));
      }
    }
    // Currency revaluation: at every month end a batch revalues each company's open foreign-
    // currency items (unrealised gains and losses, small against the business), at night, as the
    // closing run's document type.
    for (let m = 0; m < 12; m++) {
      for (const c of companies) {
        for (const f of c.foreign) {
          const amount = Math.exp(rx.uniform(5, 8)) * c.fx;
          const gain = rx.chance(0.5);
          emit(c, "BATCH_FX", "SB", xclock(lastOf(m), 21, 23.5), [xline(fxUnreal, gain, amount), xline(fxGain, !gain, amount)], f.currency, "fx_revaluation", pcOf(c));
        }
      }
    }
  }

  if (options.audit) {
    // The auditor's regular business (unlabelled hard negatives), from its own random stream.
    const rz = new SeededRandom(options.seed ^ 0xa0d17);
    const acct = (hkont: string, type: AccountType): Account => ({ hkont, type, mu: 0, sigma: 0, weight: 0, opens: 0, lowVolume: false });
    const zline = (account: Account, debit: boolean, amount: number, ktosl?: string): Line => {
      const k = KEYS[account.type];
      return { account, debit, amount, bschl: debit ? k.debit : k.credit, ktosl: ktosl ?? k.ktosl[0]! };
    };
    const pcOf = (c: Company) => c.pcs[rz.int(0, c.pcs.length - 1)]!;
    const zclock = (ms: number, from: number, to: number) => ms + Math.floor(rz.uniform(from, to) * 3_600_000);
    const businessDay = (ms: number) => { let d = ms; while (isWeekend(d)) d += DAY; return d; };
    const bank = byType("bank")[0]!;
    const vendor = byType("vendor")[0]!;
    const customer = byType("customer")[0]!;
    const of = (c: Company, role: User["role"]) => { const own = users.filter((u) => u.role === role && u.companies.includes(c)); return own.length > 0 ? own : users.filter((u) => u.role === role); };
    // Year-end bonuses: with the March payroll, the payroll batch pays each profit centre's bonus
    // for the year (half to one and a half monthly salaries) to its own bonus account.
    const bonus = acct("641000", "salaries");
    for (const c of companies) {
      let payday = Date.UTC(2025, 2, 27);
      while (isWeekend(payday)) payday -= DAY;
      for (const pc of c.pcs) {
        const amount = salaryBase.get(pc)! * rz.uniform(0.5, 1.5);
        emit(c, "BATCH_PAY", "PY", zclock(payday, 22, 23.9), [zline(bonus, true, amount, "LOH"), zline(bank, false, amount, "ZAH")], c.currency, "year_end_bonus", pc);
      }
    }
    // Annual prepayments: in January a payables clerk of each company pays the year's insurance
    // and software licences (to a prepaid-expense account, from the usual vendor account), and a
    // batch releases a twelfth to the expense account every month end.
    const prepaid = acct("180000", "prepaid");
    const insurance = byType("expense")[rz.int(0, 9)]!;
    for (const c of companies) {
      for (let k = 0; k < 2; k++) {
        const u = rz.pick(of(c, "ap"));
        const amount = Math.exp(insurance.mu) * c.fx * 12 * rz.uniform(3, 15);
        const when = zclock(businessDay(start + rz.int(5, 25) * DAY), 9, 17);
        emit(c, u.id, "KR", when, [zline(prepaid, true, amount), zline(vendor, false, amount)], c.currency, "annual_prepayment", pcOf(c));
        for (let m = 0; m < 12; m++) emit(c, "BATCH_CLO", "SB", zclock(Date.UTC(2025, m + 1, 0), 19, 21.5), [zline(insurance, true, amount / 12, "WRX"), zline(prepaid, false, amount / 12)], c.currency, "annual_prepayment", pcOf(c));
      }
    }
    // Quarterly tax payments: a general-ledger clerk of each company pays the quarter's VAT on
    // the 10th of the month after the quarter (tax payable against the bank), a tenth of a
    // month's revenue or so; the month-end batch moves each month's output tax from the clearing account to it.
    const taxPayable = acct("175500", "tax");
    const vatClearing = acct("175400", "tax");
    for (const c of companies) {
      const u = rz.pick(of(c, "gl"));
      for (let q = 0; q < 4; q++) {
        const amount = Math.exp(rz.uniform(10, 11)) * c.fx * c.size * 3;
        for (let m = 0; m < 3; m++) emit(c, "BATCH_CLO", "SB", zclock(Date.UTC(2025, 3 * q + m + 1, 0), 19, 21.5), [zline(vatClearing, true, amount / 3), zline(taxPayable, false, amount / 3)], c.currency, "quarterly_tax", pcOf(c));
        if (q < 3) emit(c, u.id, "SA", zclock(businessDay(Date.UTC(2025, 3 * q + 3, 10)), 9, 17), [zline(taxPayable, true, amount), zline(bank, false, amount, "ZAH")], c.currency, "quarterly_tax", pcOf(c));
      }
    }
    // Intercompany settlements: at each quarter end the companies settle the quarter's
    // management fees in cash (three fees at once), by a controller, on both sides.
    const controllers = users.filter((u) => u.role === "controller");
    const icReceivable = acct("150000", "ic");
    const icPayable = acct("250000", "ic");
    for (let q = 0; q < 4; q++) {
      for (const c of companies.slice(1)) {
        const amount = Math.exp(rz.uniform(9, 10.5)) * 3;
        const u = rz.pick(controllers).id;
        const when = zclock(businessDay(Date.UTC(2025, 3 * q + 2, 20)), 9, 17);
        emit(companies[0]!, u, "IC", when, [zline(bank, true, amount, "ZAH"), zline(icReceivable, false, amount)], "EUR", "ic_settlement", pcOf(companies[0]!));
        emit(c, u, "IC", when + 600_000, [zline(icPayable, true, amount * rate("EUR", c.currency)), zline(bank, false, amount * rate("EUR", c.currency), "ZAH")], "EUR", "ic_settlement", pcOf(c));
      }
    }
    // Credit notes: receivables clerks credit part of an invoice now and then (returns, price
    // disputes): the revenue account debited, the customer credited, their own document type.
    const revenues = byType("revenue");
    const creditNotes = Math.round(docsPerDay * 262 * 0.01);
    const ar = users.filter((u) => u.role === "ar");
    const revenueWeight = revenues.reduce((sum, a) => sum + a.weight, 0);
    for (let k = 0; k < creditNotes; k++) {
      // A clerk credits an invoice of a company they invoice for, on a revenue account as often
      // as it is invoiced.
      const u = rz.pick(ar);
      const c = rz.pick(u.companies);
      let r = rz.next() * revenueWeight;
      const rev = revenues.find((a) => (r -= a.weight) < 0) ?? revenues[0]!;
      const amount = Math.exp(rev.mu + rev.sigma * rz.normal()) * c.fx * u.scale * rz.uniform(0.1, 1);
      emit(c, u.id, "DG", zclock(businessDay(start + rz.int(10, 360) * DAY), 8, 18), [zline(rev, true, amount, "ERL"), zline(customer, false, amount, "AGD")], c.currency, "credit_note", pcOf(c));
    }
    // Rounding lines: payment differences of a few cents to a few units written off by the
    // receivables clerks to the rounding account.
    const rounding = acct("699900", "rounding");
    for (let k = 0; k < Math.round(docsPerDay * 262 * 0.005); k++) {
      const u = rz.pick(ar);
      const c = rz.pick(u.companies);
      const amount = Math.max(0.01, Math.round(rz.uniform(0, 5) * c.fx * 100) / 100);
      emit(c, u.id, "DZ", zclock(businessDay(start + rz.int(10, 360) * DAY), 8, 18), [zline(rounding, true, amount), zline(customer, false, amount, "AGD")], c.currency, "rounding", pcOf(c));
    }
    // A new large customer: from July one company invoices a new key account every week, ten to
    // thirty times its usual invoice, to its main revenue account, and is paid a month later.
    const cBig = rz.pick(companies.slice(0, 3));
    const clerk = rz.pick(of(cBig, "ar"));
    const main = revenues[0]!;
    for (let d = 182; d < 365; d += 7) {
      const amount = Math.exp(main.mu) * cBig.fx * rz.uniform(10, 30);
      const day = businessDay(start + d * DAY);
      emit(cBig, clerk.id, "DR", zclock(day, 9, 17), [zline(customer, true, amount, "AGD"), zline(main, false, amount, "ERL")], cBig.currency, "new_customer", pcOf(cBig));
      if (d + 30 < 365) emit(cBig, clerk.id, "DZ", zclock(businessDay(day + 30 * DAY), 9, 17), [zline(bank, true, amount, "ZAH"), zline(customer, false, amount, "AGD")], cBig.currency, "new_customer", pcOf(cBig));
    }
    // A price increase at contract renewal: each company's monthly rent, paid by a payables clerk
    // to the same expense account, is 8–15 % higher from the renewal month on.
    for (const c of companies) {
      const rent = byType("expense")[rz.int(0, 9)]!;
      const u = rz.pick(of(c, "ap"));
      const base = Math.exp(rent.mu) * c.fx * rz.uniform(3, 8);
      const renewal = rz.int(3, 9);
      for (let m = 0; m < 12; m++) {
        const amount = base * (m >= renewal ? rz.uniform(1.08, 1.15) : 1);
        emit(c, u.id, "KR", zclock(businessDay(Date.UTC(2025, m, 1)), 9, 17), [zline(rent, true, amount, "WRX"), zline(vendor, false, amount)], c.currency, "price_increase", pcOf(c));
      }
    }
  }

  transactions.sort((x, y) => (x.date! < y.date! ? -1 : x.date! > y.date! ? 1 : 0));
  return { transactions, labels, regular };
}
