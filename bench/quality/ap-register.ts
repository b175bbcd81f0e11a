// An independent data set (the seventeenth, 2026-11-28): a mid-market company's accounts-payable
// invoice register and payment register over 22 months (January 2025 – October 2026), with the
// vendor master beside them. Written from how AP systems export (NetSuite's vendor bill register
// and bill payment register, SAP's FBL1N vendor line items, Oracle Payables' invoice register),
// before reading the detectors:
//
// - `ap_invoices.csv`, one row per AP document: the internal document number and type (Bill, Bill
//   Credit, Accrual, Accrual Reversal), subsidiary, vendor id and name, the **vendor's own invoice
//   number**, invoice, posting and due dates, payment terms, currency, net, tax and gross, PO
//   number, GL account, memo, status (Paid In Full, Partially Paid, Open, Cancelled, Applied,
//   Fully Applied), for a credit the document it was applied to and the vendor invoice number it
//   credits, who entered it and when, and who approved it.
// - `ap_payments.csv`, one row per application of a payment (a payment run's ACH to a courier pays
//   five daily invoices: five rows of one payment): payment number, method (Check, ACH, Wire), the
//   check or ACH trace number, payment date, vendor, the bank account paid into (ACH and wire), the
//   payment's total and currency, the document applied and its vendor invoice number, the amount
//   applied and the discount taken, status (Cleared, Issued, Voided) and void date, entered by,
//   payment batch.
// - `vendor_master.csv`: vendor id, name, tax id, bank routing and account, address, currency,
//   terms, vendor type, created on, status.
//
// Regular business (the hard negatives, each document labelled with its kind): monthly rent,
// lease and SaaS invoices of one amount with sequential numbers; utilities on budget billing (equal
// amounts); equipment instalments (8841-1, 8841-2 … of one amount); a bookkeeper and contractors
// whose invoice numbers are 1, 2, 3… restarting every year (a retainer of one amount: "3" in March
// of both years); two vendors using the same number format, some numbers equal; partial payments
// and payments on account; voided checks reissued (the void and the reissue both present); credit
// memos applied at payment; a credit memo and its corrected re-bill (INV-5512 cancelled,
// INV-5512-R billed, often for the same amount); a courier's $18.50 every working day and a
// freight carrier's zone rates, paid weekly in one ACH; employees' monthly expense
// reimbursements (mileage of one amount); prepayments applied to the final invoice; intercompany
// management fees; year-end accruals and their reversals; vendors in EUR, GBP and CAD with VAT or
// HST; factored vendors paid into their factor's account; a vendor's legitimate bank change.
//
// Planted (~0.5 % of documents, labelled): the same vendor invoice entered twice under a
// near-identical number (INV-10234 vs INV10234, leading zeros, O/0 and l/1, two digits
// transposed, a trailing "A", "-1" or space), same amount, paid twice; the same invoice under a
// duplicate vendor master record (same tax id or bank account, name spelled differently); the
// same invoice number and vendor with its amount typed with two digits transposed, paid; an
// invoice paid by check and again by ACH; a vendor credit memo never applied while its invoice
// was paid in full. The payments of the duplicated invoices are labelled too (the money lost).
// Run: bun run bench/quality/ap-register.ts --seed 1701 --out /tmp/ap-1701
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export const LEAK_KINDS = [
  "invoice_number_variant", "duplicate_vendor_record", "amount_typo_duplicate", "paid_by_check_and_ach",
  "credit_memo_not_applied", "payment_of_duplicate_invoice",
] as const;
export type LeakKind = (typeof LEAK_KINDS)[number];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Cur = "USD" | "EUR" | "GBP" | "CAD";
type Method = "Check" | "ACH" | "Wire";
type Profile = "supplies" | "services" | "rent" | "saas" | "utility_budget" | "utility" | "courier" | "freight" | "contractor" | "employee" | "intercompany" | "foreign" | "instalment" | "factored";
interface Vendor {
  id: string; name: string; taxId: string; routing: string; account: string; address: string; city: string; country: string;
  cur: Cur; terms: string; type: string; created: string; status: string; method: Method; profile: Profile;
  /** The vendor's invoice number for its n-th invoice to us dated `date`. */
  numberOf: (n: number, date: string) => string; seq: number; yearSeq: Record<string, number>;
  fixed: number; median: number; sigma: number; taxRate: number; perMonth: number;
}
interface Bill {
  doc: string; type: "Bill" | "Bill Credit" | "Accrual" | "Accrual Reversal"; vendor: Vendor; invNo: string; invDate: string; postDate: string; due: string;
  net: number; tax: number; gross: number; po: string; gl: string; memo: string; status: string; appliedTo: string; origInvNo: string;
  enteredBy: string; enteredOn: string; approvedBy: string; kind: string; leak?: { kind: LeakKind; risk: number };
}
interface Application { doc: string; invNo: string; applied: number; discount: number }
interface Payment {
  no: string; method: Method; ref: string; date: string; vendor: Vendor; bank: string; amount: number; apps: Application[];
  status: "Cleared" | "Issued" | "Voided"; voidDate: string; enteredBy: string; batch: string; memo: string; kind: string; leak?: { kind: LeakKind; risk: number };
}

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(d.slice(0, 10)) + n * DAY).toISOString().slice(0, 10);
const dow = (d: string) => new Date(Date.parse(d)).getUTCDay();
const FIRST = "2025-01-01", LAST = "2026-10-31";
const TERMS: Record<string, number> = { "Net 30": 30, "Net 45": 45, "Net 15": 15, "2/10 Net 30": 30, "Due on receipt": 0, "Net 60": 60 };
const CLERKS = ["jmartinez", "kchen", "apatel", "rwilliams"];
const APPROVERS = ["mthompson", "lnguyen"];
const PAYERS = ["kchen", "dbrooks"];
const WORDS = ["Acme", "Summit", "Pioneer", "Harbor", "Granite", "Keystone", "Liberty", "Evergreen", "Atlas", "Beacon", "Cascade", "Frontier", "Horizon", "Ironwood", "Lakeside", "Meridian", "Northstar", "Oakridge", "Pinnacle", "Redwood", "Silverline", "Tri-County", "Valley", "Westfield", "Bluewater", "Crestview", "Delta", "Eagle", "Falcon", "Gateway"];
const TRADES: Record<Profile, string[]> = {
  supplies: ["Industrial Supply", "Office Products", "Packaging", "Fasteners", "Electrical Supply", "Safety Products", "Janitorial Supply", "Plastics", "Steel & Metal", "Lab Supplies"],
  services: ["Consulting Group", "Staffing", "Engineering", "Marketing Partners", "IT Services", "Legal LLP", "Security Services", "Facility Services"],
  rent: ["Properties LLC", "Realty Trust", "Business Park LP"], saas: ["Software Inc", "Cloud Systems", "Analytics Inc", "CRM Inc"],
  utility_budget: ["Electric Cooperative", "Gas Company", "Water District"], utility: ["Power & Light", "Telecom", "Waste Services"],
  courier: ["Courier Express", "Same Day Delivery"], freight: ["Freight Lines", "Logistics", "Trucking"],
  contractor: ["Bookkeeping", "Maintenance", "Landscaping", "Cleaning"], employee: [], intercompany: [], foreign: ["GmbH", "Ltd", "S.A.S.", "Inc."],
  instalment: ["Equipment Finance", "Machinery Leasing"], factored: ["Manufacturing", "Components"],
};
const FIRSTNAMES = ["Maria", "James", "Linda", "Robert", "Susan", "Michael", "Karen", "David", "Nancy", "Daniel", "Laura", "Kevin", "Angela", "Brian", "Emily", "Jason"];
const LASTNAMES = ["Garcia", "Smith", "Johnson", "Lee", "Brown", "Davis", "Miller", "Wilson", "Moore", "Taylor", "Anderson", "Thomas", "Jackson", "White", "Harris", "Clark"];

export function generateApRegister(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const vendors: Vendor[] = [];
  const bills: Bill[] = [];
  const payments: Payment[] = [];
  const labels: Label[] = [];
  let docSeq = 100_000, credSeq = 20_000, jeSeq = 5_000, paySeq = 60_000, checkSeq = 10_400, achSeq = 880_000;
  const digits = (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join("");
  const pad = (n: number, w: number) => String(n).padStart(w, "0");
  const used = new Set<string>();

  // The vendor master. Number formats are the vendor's own: a few share one (two vendors' INV-1xxxx).
  const formats: ((v: Vendor, n: number, date: string) => string)[] = [
    (v, n) => `INV-${v.seq + n}`, (v, n) => pad(v.seq + n, 7), (v, n) => `SI${pad(v.seq + n, 6)}`, (v, n) => `${v.seq + n}`,
    (v, n) => `A-${v.seq + n}`, (v, n) => `${pad(v.seq + n, 8)}`, (v, n) => `IN${v.seq + n}`,
  ];
  const sharedStart = 10_000 + int(0, 400);
  function addVendor(profile: Profile, o: Partial<Vendor> = {}): Vendor {
    let name = "";
    do {
      name = profile === "employee" ? `${pick(FIRSTNAMES)} ${pick(LASTNAMES)}` : profile === "intercompany" ? `Northwind Holdings ${pick(["UK Ltd", "GmbH", "Canada Inc"])}` : `${pick(WORDS)} ${pick(TRADES[profile])}`;
    } while (used.has(name));
    used.add(name);
    const cur: Cur = o.cur ?? "USD";
    const fmt = pick(formats);
    const v: Vendor = {
      id: `V${pad(vendors.length + 1001, 5)}`, name, taxId: cur === "USD" ? `${digits(2)}-${digits(7)}` : cur === "EUR" ? `DE${digits(9)}` : cur === "GBP" ? `GB${digits(9)}` : `${digits(9)}RT0001`,
      routing: cur === "USD" ? pick(["021000021", "026009593", "121000248", "011000138", "071000013", "111000025"]) : "", account: cur === "USD" ? digits(10) : cur === "EUR" ? `DE${digits(20)}` : cur === "GBP" ? `GB${digits(2)}NWBK${digits(14)}` : digits(12),
      address: `${int(10, 9999)} ${pick(["Main St", "Industrial Pkwy", "Commerce Dr", "Oak Ave", "Market St", "Park Blvd"])}`, city: pick(["Columbus", "Dallas", "Denver", "Atlanta", "Phoenix", "Charlotte", "Indianapolis"]),
      country: cur === "USD" ? "US" : cur === "EUR" ? "DE" : cur === "GBP" ? "GB" : "CA", cur, terms: pick(["Net 30", "Net 30", "Net 45", "2/10 Net 30", "Net 15"]), type: "Supplier",
      created: addDays("2019-01-01", int(0, 2000)), status: "Active", method: pick(["ACH", "ACH", "Check"]), profile, seq: int(1000, 90_000), yearSeq: {},
      numberOf: (n, date) => fmt(v, n, date), fixed: 0, median: 800, sigma: 0.9, taxRate: 0, perMonth: 3, ...o,
    };
    vendors.push(v);
    return v;
  }
  for (let i = 0; i < 70; i++) addVendor("supplies", { median: r2(logn(700, 0.6)), sigma: between(0.6, 1.1), perMonth: between(0.5, 7), taxRate: pick([0, 0, 0.0725, 0.08, 0.0825]) });
  // Two supplies vendors whose invoices use the same format and range (an invoicing package's default).
  for (let i = 0; i < 4; i++) {
    const v = vendors[i * 2]!;
    v.seq = sharedStart;
    v.numberOf = (n) => `INV-${v.seq + n}`;
  }
  for (let i = 0; i < 40; i++) addVendor("services", { median: r2(logn(3200, 0.6)), sigma: between(0.4, 0.8), perMonth: between(0.4, 2.5), method: pick(["ACH", "Check"]) });
  for (let i = 0; i < 5; i++) addVendor("rent", { fixed: r2(int(40, 260) * 100), terms: "Due on receipt", method: "ACH", type: "Landlord", numberOf: (_n, d) => `RENT-${d.slice(0, 7)}` });
  for (let i = 0; i < 9; i++) addVendor("saas", { fixed: pick([499, 1250, 2400, 3999, 899, 1875.5]), terms: "Net 30", method: "ACH", seq: int(3000, 9000) });
  for (let i = 0; i < 3; i++) { const acct = digits(7); addVendor("utility_budget", { fixed: r2(int(300, 2400) + pick([0, 0.5, 0.25])), terms: "Net 15", type: "Utility", numberOf: (_n, d) => `${acct}-${d.slice(5, 7)}${d.slice(2, 4)}` }); }
  for (let i = 0; i < 3; i++) { const acct = digits(8); addVendor("utility", { median: int(400, 3000), sigma: 0.2, terms: "Net 15", type: "Utility", numberOf: (_n, d) => `${acct}${d.slice(2, 4)}${d.slice(5, 7)}` }); }
  addVendor("courier", { fixed: 18.5, method: "ACH", terms: "Net 15", seq: int(200_000, 400_000) });
  addVendor("courier", { fixed: 24.75, method: "ACH", terms: "Net 15", seq: int(50_000, 90_000) });
  for (let i = 0; i < 4; i++) { const v = addVendor("freight", { method: "ACH", terms: "Net 30", seq: int(100_000_000, 900_000_000) }); v.numberOf = () => String(v.seq); }
  for (let i = 0; i < 6; i++) {
    addVendor("contractor", { fixed: i < 3 ? pick([850, 1200, 1500, 2250]) : 0, median: int(400, 2500), sigma: 0.5, method: "Check", terms: "Net 15", type: "Supplier" });
    const v = vendors.at(-1)!;
    v.numberOf = (_n, d) => { const y = d.slice(0, 4); v.yearSeq[y] = (v.yearSeq[y] ?? 0) + 1; return String(v.yearSeq[y]); };
  }
  for (let i = 0; i < 14; i++) { const v = addVendor("employee", { id: `EMP-${pad(4100 + i * 7, 5)}`, fixed: pick([45, 62.5, 80, 120]), median: 240, sigma: 0.7, method: "ACH", terms: "Due on receipt", type: "Employee", perMonth: 1 }); v.numberOf = (_n, d) => `ER-${v.id.slice(4)}-${d.slice(0, 7).replace("-", "")}`; }
  for (const cur of ["GBP", "EUR", "CAD"] as const) addVendor("intercompany", { cur, fixed: int(8, 40) * 1000, method: "Wire", terms: "Net 30", type: "Intercompany", numberOf: (_n, d) => `IC-${d.slice(0, 7)}-${cur}` });
  for (let i = 0; i < 12; i++) { const cur = pick(["EUR", "GBP", "CAD"] as const); addVendor("foreign", { cur, median: r2(logn(2500, 0.6)), sigma: 0.7, method: "Wire", perMonth: between(0.4, 2), taxRate: cur === "EUR" ? 0.19 : cur === "GBP" ? 0.2 : 0.13 }); }
  for (let i = 0; i < 3; i++) addVendor("instalment", { fixed: r2(int(12, 90) * 100 + pick([0, 0.4, 0.75])), method: "ACH", terms: "Net 30", seq: int(2000, 9000) });
  const factor = { routing: "121000248", account: digits(10) };
  for (let i = 0; i < 2; i++) addVendor("factored", { median: int(2000, 9000), sigma: 0.5, perMonth: between(1, 3), method: "ACH", routing: factor.routing, account: factor.account });
  const bankOf = (v: Vendor) => (v.method === "Check" ? "" : v.routing ? `${v.routing}-${v.account}` : v.account);

  const clerk = () => (rnd() < 0.3 ? "ap_import" : pick(CLERKS));
  const stamp = (d: string) => `${d} ${pad(int(7, 18), 2)}:${pad(int(0, 59), 2)}:${pad(int(0, 59), 2)}`;
  const gl = (p: Profile) => ({ supplies: "5100", services: "6200", rent: "6500", saas: "6420", utility_budget: "6600", utility: "6600", courier: "5400", freight: "5410", contractor: "6250", employee: "6800", intercompany: "6900", foreign: "5100", instalment: "1550", factored: "5100" })[p];
  function bill(v: Vendor, invDate: string, net: number, o: Partial<Bill> = {}): Bill {
    const postDate = o.postDate ?? addDays(invDate, v.profile === "courier" || v.profile === "rent" ? int(0, 2) : int(1, 14));
    const tax = r2(net * v.taxRate);
    const gross = r2(net + tax);
    const b: Bill = {
      doc: `VB${++docSeq}`, type: "Bill", vendor: v, invNo: o.invNo ?? v.numberOf(0, invDate), invDate, postDate, due: addDays(invDate, TERMS[v.terms] ?? 30),
      net: r2(net), tax, gross, po: ["supplies", "foreign", "factored", "instalment"].includes(v.profile) && rnd() < 0.8 ? `PO${pad(int(40_000, 49_999), 6)}` : "",
      gl: gl(v.profile), memo: "", status: "Open", appliedTo: "", origInvNo: "", enteredBy: clerk(), enteredOn: "", approvedBy: "", kind: "ordinary", ...o,
    };
    b.enteredOn = o.enteredOn ?? stamp(b.postDate);
    if (!o.approvedBy && b.gross >= 5000) b.approvedBy = pick(APPROVERS);
    bills.push(b);
    return b;
  }
  const nextNumber = (v: Vendor, date: string) => { v.seq += v.profile === "saas" ? int(1, 40) : v.profile === "freight" ? int(1, 30) : v.profile === "courier" ? int(1, 12) : int(1, 25); return v.numberOf(0, date); };
  // A payment run every Thursday pays what falls due by the next one.
  const payRun = (due: string) => { let d = addDays(due, -int(0, 3)); while (dow(d) !== 4) d = addDays(d, 1); return d; };
  function pay(v: Vendor, date: string, apps: Application[], o: Partial<Payment> = {}): Payment {
    const method = o.method ?? v.method;
    const p: Payment = {
      no: `PAY${++paySeq}`, method, ref: method === "Check" ? String(++checkSeq) : method === "ACH" ? `ACH${++achSeq}` : `WT${++achSeq}`, date, vendor: v,
      bank: method === "Check" ? "" : bankOf({ ...v, method }), amount: r2(apps.reduce((s, a) => s + a.applied - a.discount, 0)), apps,
      status: "Cleared", voidDate: "", enteredBy: pick(PAYERS), batch: `PR-${date}`, memo: "", kind: "ordinary", ...o,
    };
    payments.push(p);
    return p;
  }
  const appOf = (b: Bill, amount = b.gross, discount = 0): Application => ({ doc: b.doc, invNo: b.invNo, applied: r2(amount), discount: r2(discount) });
  function payInFull(b: Bill, o: Partial<Payment> = {}): Payment | null {
    // Paid in the run before it falls due, never before it was entered.
    const due = b.vendor.profile === "rent" || b.vendor.profile === "employee" ? addDays(b.postDate, int(1, 4)) : payRun(b.due);
    const date = due > b.postDate ? due : payRun(addDays(b.postDate, 2));
    if (date > LAST) return null;
    const disc = b.vendor.terms === "2/10 Net 30" && rnd() < 0.7 ? r2(b.gross * 0.02) : 0;
    const p = pay(b.vendor, disc ? payRun(addDays(b.invDate, 7)) : date, [appOf(b, b.gross, disc)], o);
    b.status = "Paid In Full";
    return p;
  }

  // The months' business.
  const months: string[] = [];
  for (let d = FIRST; d <= LAST; d = new Date(Date.UTC(+d.slice(0, 4), +d.slice(5, 7), 1)).toISOString().slice(0, 10)) months.push(d);
  const ordinary: Bill[] = [];
  for (const v of vendors) {
    let instalmentPlan = 0, instalment = 0;
    for (const m of months) {
      const dim = new Date(Date.UTC(+m.slice(0, 4), +m.slice(5, 7), 0)).getUTCDate();
      const day = (n: number) => `${m.slice(0, 8)}${pad(Math.min(dim, n), 2)}`;
      switch (v.profile) {
        case "rent": { const b = bill(v, day(1), v.fixed, { postDate: addDays(day(1), -int(0, 3) + 3), kind: "recurring_fixed", memo: "Monthly rent" }); payInFull(b); break; }
        case "saas": { const b = bill(v, day(int(1, 3)), v.fixed, { invNo: nextNumber(v, day(1)), kind: "recurring_fixed", memo: "Subscription" }); payInFull(b); break; }
        case "utility_budget": { const b = bill(v, day(int(8, 12)), v.fixed, { kind: "utility_budget_billing", memo: "Budget billing" }); payInFull(b); break; }
        case "utility": { const b = bill(v, day(int(8, 12)), logn(v.median, v.sigma), { kind: "utility", memo: "Service" }); payInFull(b); break; }
        case "intercompany": { const b = bill(v, day(dim), v.fixed, { kind: "intercompany", memo: "Management fee", enteredBy: "gl_interface" }); payInFull(b); break; }
        case "employee": { if (rnd() < 0.85) { const b = bill(v, day(dim), rnd() < 0.5 ? v.fixed : r2(logn(v.median, v.sigma)), { kind: "expense_reimbursement", memo: "Expense report", enteredBy: "expense_import" }); payInFull(b); } break; }
        case "contractor": {
          const b = bill(v, day(int(25, 28)), v.fixed || r2(logn(v.median, v.sigma)), { kind: "short_number_sequence", memo: v.fixed ? "Monthly retainer" : "Services" });
          if (rnd() < 0.05 && b.gross > 200) { // a payment on account before the bill, the rest later
            const onAcct = r2(Math.floor(b.gross / 2 / 50) * 50);
            if (onAcct > 0) { pay(v, addDays(b.invDate, -int(3, 10)), [{ doc: "", invNo: "", applied: onAcct, discount: 0 }], { kind: "payment_on_account", memo: "On account" }); const d = payRun(b.due); if (d <= LAST) { pay(v, d, [appOf(b, b.gross - onAcct)], { kind: "payment_on_account" }); b.status = "Paid In Full"; } }
          } else payInFull(b);
          break;
        }
        case "instalment": {
          // A purchase invoiced in 6–12 equal monthly instalments under one number: 8841-1, 8841-2…
          if (instalmentPlan === 0 && rnd() < 0.25) instalmentPlan = int(6, 12), instalment = 0, v.seq += int(10, 60);
          if (instalmentPlan > 0) { instalment++; instalmentPlan--; const b = bill(v, day(5), v.fixed, { invNo: `${v.seq}-${instalment}`, kind: "instalment", memo: `Instalment ${instalment}` }); payInFull(b); }
          break;
        }
        case "courier": {
          // Every working day's delivery billed on its own; paid weekly in one ACH.
          const week: Bill[] = [];
          for (let dd = 1; dd <= dim; dd++) {
            const d = day(dd);
            if (dow(d) === 0 || dow(d) === 6) continue;
            week.push(bill(v, d, v.fixed === 24.75 && rnd() < 0.15 ? 37.25 : v.fixed, { invNo: nextNumber(v, d), postDate: addDays(d, 1), kind: "small_repeated", enteredBy: "ap_import" }));
            if (dow(d) === 5 || dd === dim) { flushWeekly(v, week); week.length = 0; }
          }
          break;
        }
        case "freight": {
          const n = int(6, 18), week: Bill[] = [];
          for (let i = 0; i < n; i++) { const d = day(int(1, dim)); week.push(bill(v, d, pick([145, 185, 210, 210, 265, 98.5]), { invNo: nextNumber(v, d), kind: "small_repeated", memo: "Freight" })); }
          week.sort((a, b) => a.invDate.localeCompare(b.invDate));
          for (let i = 0; i < week.length; i += 5) flushWeekly(v, week.slice(i, i + 5));
          break;
        }
        default: { // supplies, services, foreign, factored
          let n = 0; const lam = v.perMonth * (m.slice(5, 7) === "12" ? 1.3 : 1);
          for (let L = Math.exp(-lam), p = rnd(); p > L; p *= rnd()) n++;
          for (let i = 0; i < n; i++) {
            const d = day(int(1, dim));
            const b = bill(v, d, r2(logn(v.median, v.sigma)), { invNo: nextNumber(v, d), kind: v.profile === "foreign" ? "foreign_currency" : v.profile === "factored" ? "factored_vendor" : "ordinary" });
            ordinary.push(b);
          }
        }
      }
    }
  }
  function flushWeekly(v: Vendor, week: Bill[]) {
    if (week.length === 0) return;
    const date = payRun(addDays(week.at(-1)!.due, 0));
    if (date > LAST) return;
    pay(v, date, week.map((b) => appOf(b)), { kind: "small_repeated" });
    for (const b of week) b.status = "Paid In Full";
  }

  // The ordinary bills' payments, with the regular exceptions among them.
  for (const b of ordinary) {
    const r = rnd();
    if (r < 0.03 && b.vendor.profile !== "foreign") { // a credit memo applied at payment
      const c = credit(b, r2(b.net * between(0.05, 0.3)), "credit_applied");
      c.appliedTo = b.doc; c.status = "Fully Applied";
      const date = payRun(b.due);
      if (date <= LAST) { pay(b.vendor, date, [appOf(b), { doc: c.doc, invNo: c.invNo, applied: -c.gross, discount: 0 }], { kind: "credit_applied" }); b.status = "Paid In Full"; }
      b.kind = "credit_applied";
    } else if (r < 0.04) { // a credit memo cancelling the bill, a corrected re-bill
      const c = credit(b, b.net, "credit_rebill");
      c.appliedTo = b.doc; c.status = "Fully Applied"; b.status = "Paid In Full"; b.kind = "credit_rebill_original";
      const rebill = bill(b.vendor, rnd() < 0.5 ? b.invDate : addDays(b.invDate, int(1, 10)), rnd() < 0.6 ? b.net : r2(b.net * between(0.85, 1.1)), { invNo: `${b.invNo}${pick(["-R", "R", "-REV", "-C"])}`, po: b.po, kind: "credit_rebill", postDate: addDays(c.postDate, int(0, 5)), memo: "Corrected invoice" });
      payInFull(rebill);
    } else if (r < 0.06 && b.gross > 1000 && b.vendor.profile === "services") { // partial payments
      const first = r2(b.gross * pick([0.5, 0.4, 0.3]));
      const d1 = payRun(b.due);
      if (d1 <= LAST) { pay(b.vendor, d1, [appOf(b, first)], { kind: "partial_payment" }); b.status = "Partially Paid"; const d2 = payRun(addDays(b.due, int(20, 45))); if (d2 <= LAST) { pay(b.vendor, d2, [appOf(b, b.gross - first)], { kind: "partial_payment" }); b.status = "Paid In Full"; } }
      b.kind = "partial_payment";
    } else if (r < 0.075 && b.gross > 3000 && b.vendor.profile !== "foreign") { // a prepayment (deposit with the PO), applied to the final bill
      const dep = r2(Math.round(b.gross * 0.3));
      pay(b.vendor, addDays(b.invDate, -int(15, 40)), [{ doc: "", invNo: "", applied: dep, discount: 0 }], { kind: "prepayment", memo: `Prepayment ${b.po || "deposit"}` });
      const date = payRun(b.due);
      if (date <= LAST) { pay(b.vendor, date, [appOf(b, b.gross - dep)], { kind: "prepayment_applied", memo: "Prepayment applied" }); b.status = "Paid In Full"; }
      b.kind = "prepayment_applied";
    } else {
      const p = payInFull(b);
      if (p && p.method === "Check" && rnd() < 0.04) { // a check lost in the mail: voided, reissued
        p.status = "Voided"; p.voidDate = addDays(p.date, int(10, 25)); p.kind = "voided_check";
        pay(b.vendor, addDays(p.voidDate, int(0, 3)), [appOf(b, p.apps[0]!.applied, p.apps[0]!.discount)], { kind: "reissued_check", memo: `Reissue of check ${p.ref}` });
        b.kind = "void_reissue";
      }
    }
  }
  // A supplier's repeat order: the same goods ordered again within the week, billed alike under
  // the next invoice number and another PO.
  for (const b of ordinary.filter((x) => x.vendor.profile === "supplies" && x.kind === "ordinary" && x.invDate < "2026-09-01")) {
    if (rnd() >= 0.03) continue;
    const d = addDays(b.invDate, int(1, 6));
    const twin = bill(b.vendor, d, b.net, { invNo: nextNumber(b.vendor, d), kind: "repeat_order", po: b.po ? `PO${pad(int(40_000, 49_999), 6)}` : "" });
    b.kind = "repeat_order";
    payInFull(twin);
  }
  // Credits received in the last weeks, not yet applied: they wait for the vendor's next bill.
  for (const b of ordinary.filter((x) => x.invDate > addDays(LAST, -60) && x.kind === "ordinary")) {
    if (rnd() >= 0.05) continue;
    const c = credit(b, r2(b.net * between(0.05, 0.3)), "credit_open_recent");
    c.status = "Open";
  }
  function credit(b: Bill, net: number, kind: string): Bill {
    const c = bill(b.vendor, addDays(b.invDate, int(3, 30)), -net, { type: "Bill Credit", invNo: `CM-${b.invNo.replace(/^\D+/, "")}`, origInvNo: b.invNo, po: b.po, kind, memo: kind === "credit_rebill" ? "Cancel invoice, re-billed" : "Credit: returned goods / price adjustment" });
    c.doc = `VC${++credSeq}`; docSeq--;
    c.due = c.invDate; c.approvedBy = "";
    return c;
  }
  // A vendor's legitimate bank change mid-way (the new account on the payments after it).
  for (const v of vendors.filter((x) => x.method === "ACH" && x.profile === "supplies").slice(0, 3)) {
    const change = addDays("2025-06-01", int(0, 400)), newAcct = digits(10);
    for (const p of payments) if (p.vendor === v && p.date >= change) { p.bank = `${v.routing}-${newAcct}`; if (p.kind === "ordinary") p.kind = "vendor_bank_change"; }
  }
  // Year-end accruals (31 December 2025) for services received and not yet billed, reversed on 1 January.
  for (const v of vendors.filter((x) => x.profile === "services").slice(0, 20)) {
    const amt = r2(Math.round(logn(v.median, 0.3) / 10) * 10);
    const a = bill(v, "2025-12-31", amt, { type: "Accrual", invNo: `ACCR-2025-${v.id}`, kind: "accrual", enteredBy: "controller1", memo: "Year-end accrual" });
    a.doc = `JE${++jeSeq}`; docSeq--; a.status = ""; a.tax = 0; a.gross = amt;
    const rv = bill(v, "2026-01-01", -amt, { type: "Accrual Reversal", invNo: `ACCR-2025-${v.id}`, kind: "accrual_reversal", enteredBy: "controller1", memo: "Reversal of year-end accrual", postDate: "2026-01-01" });
    rv.doc = `JE${++jeSeq}`; docSeq--; rv.status = ""; rv.tax = 0; rv.gross = -amt;
  }

  // Planted duplicates.
  const variants: ((s: string) => string | null)[] = [
    (s) => (s.includes("-") ? s.replace("-", "") : null),
    (s) => (/^\d+$/.test(s) ? (s.startsWith("0") ? s.replace(/^0+/, "") : `00${s}`) : s.replace(/(\D)(\d)/, "$10$2")),
    (s) => (s.includes("0") ? s.replace(/0(?!.*0)/, "O") : null),
    (s) => (s.includes("1") ? s.replace("1", pick(["l", "I"])) : null),
    (s) => { const m = [...s.matchAll(/\d(?=\d)/g)].map((x) => x.index!).filter((i) => s[i] !== s[i + 1]); if (!m.length) return null; const i = pick(m); return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2); },
    (s) => `${s}${pick(["A", "-1", " "])}`,
  ];
  const candidates = ordinary.filter((b) => b.status === "Paid In Full" && b.kind === "ordinary" && b.gross > 150 && b.vendor.profile !== "factored" && b.invDate < "2026-08-01");
  const taken = new Set<Bill>();
  const choose = (f: (b: Bill) => boolean) => { for (let i = 0; i < 5000; i++) { const b = pick(candidates); if (!taken.has(b) && f(b)) { taken.add(b); return b; } } throw new Error("no candidate"); };
  function duplicate(orig: Bill, kind: LeakKind, o: Partial<Bill>) {
    // Keyed from the second copy received: most keep the paper's invoice date, some take the date
    // it arrived or a statement's date.
    const invDate = rnd() < 0.4 ? addDays(orig.invDate, int(3, 25)) : orig.invDate;
    const d = bill(o.vendor ?? orig.vendor, invDate, o.net ?? orig.net, { invNo: orig.invNo, po: orig.po, memo: orig.memo, postDate: addDays(orig.postDate > invDate ? orig.postDate : invDate, int(3, 45)), kind: "", ...o });
    // Paid in a run after the original's payment (entered after it, it is released after it).
    const first = payments.find((x) => x.apps.some((a) => a.doc === orig.doc));
    const p = payInFull(d);
    if (p && first && p.date <= first.date) { p.date = payRun(addDays(first.date, 4)); p.batch = `PR-${p.date}`; }
    if (p && p.date > LAST) { payments.splice(payments.indexOf(p), 1); d.status = "Open"; }
    d.leak = { kind, risk: d.gross };
    if (p && p.date <= LAST) p.leak = { kind: "payment_of_duplicate_invoice", risk: p.amount };
    return d;
  }
  for (let i = 0; i < 14; i++) {
    const orig = choose(() => true);
    let v: string | null = null;
    for (let t = 0; t < 20 && (v === null || v === orig.invNo); t++) v = pick(variants)(orig.invNo);
    if (v === null || v === orig.invNo) v = `${orig.invNo}A`;
    duplicate(orig, "invoice_number_variant", { invNo: v, enteredBy: pick(CLERKS) });
  }
  for (let i = 0; i < 9; i++) {
    const orig = choose((b) => b.vendor.profile !== "foreign");
    const ov = orig.vendor;
    const dupName = pick([(n: string) => n.toUpperCase().replace(/ (\w+)$/, ", $1"), (n: string) => `${n} Inc.`, (n: string) => n.replace(/(\w)(\w*)$/, "$1$2s"), (n: string) => n.replace(/ /, "  ").replace(/and/i, "&"), (n: string) => `${n.split(" ")[0]} ${n.split(" ").slice(1).map((w) => w[0] + ".").join(" ")}`])(ov.name);
    const sameTax = rnd() < 0.6, sameBank = !sameTax || rnd() < 0.5;
    const dv = addVendor(ov.profile, { ...ov, id: "", name: dupName, taxId: sameTax ? ov.taxId : `${digits(2)}-${digits(7)}`, account: sameBank ? ov.account : digits(10), method: "ACH", created: addDays(orig.postDate, int(1, 20)) });
    dv.id = `V${pad(vendors.length + 1000, 5)}`; dv.name = dupName; used.add(dupName);
    // The duplicate record is used for some of the vendor's later bills too, then for the duplicate.
    for (let k = 0; k < int(0, 2); k++) { const d = addDays(orig.invDate, int(20, 120)); if (d >= LAST) continue; const b = bill(dv, d, r2(logn(ov.median, ov.sigma)), { invNo: nextNumber(ov, d), kind: "duplicate_vendor_record_other_bill" }); const p = payInFull(b); if (p) p.kind = "duplicate_vendor_record_other_bill"; }
    duplicate(orig, "duplicate_vendor_record", { vendor: dv, invNo: rnd() < 0.6 ? orig.invNo : (variants[0]!(orig.invNo) ?? `${orig.invNo} `), enteredBy: pick(CLERKS) });
  }
  for (let i = 0; i < 9; i++) {
    // Two adjacent digits of the net amount swapped (not making a leading zero).
    const swaps = (s: string) => [...s].map((_c, k) => k).filter((k) => /\d/.test(s[k]!) && /\d/.test(s[k + 1] ?? "") && s[k] !== s[k + 1] && !(k === 0 && s[k + 1] === "0"));
    const orig = choose((b) => swaps(b.net.toFixed(2)).length > 0);
    const s = orig.net.toFixed(2);
    const k = pick(swaps(s));
    const typo = Number(s.slice(0, k) + s[k + 1] + s[k] + s.slice(k + 2));
    duplicate(orig, "amount_typo_duplicate", { net: typo, enteredBy: pick(CLERKS) });
  }
  for (let i = 0; i < 9; i++) {
    const orig = choose((b) => b.vendor.method === "Check" && b.vendor.profile !== "foreign");
    const first = payments.find((p) => p.apps.some((a) => a.doc === orig.doc))!;
    const date = addDays(first.date, int(8, 30));
    if (date > LAST) { i--; continue; }
    const p = pay(orig.vendor, date, [appOf(orig)], { method: "ACH", enteredBy: pick(PAYERS), memo: "Vendor called: invoice not received" });
    p.leak = { kind: "paid_by_check_and_ach", risk: p.amount };
  }
  for (let i = 0; i < 9; i++) {
    const orig = choose((b) => b.vendor.profile !== "foreign");
    const c = credit(orig, r2(orig.net * between(0.08, 0.4)), "");
    c.status = "Open";
    const p = payments.find((x) => x.apps.some((a) => a.doc === orig.doc))!;
    if (p.date < c.postDate) { p.date = payRun(addDays(c.postDate, 1)); p.batch = `PR-${p.date}`; }
    p.kind = "planted_case_payment_in_full";
    c.leak = { kind: "credit_memo_not_applied", risk: -c.gross };
  }
  // A payment of a bill of some regular kind (a factored vendor's, a rent's) is of that kind too.
  const kindOf = new Map(bills.map((b) => [b.doc, b.kind]));
  for (const p of payments) { const k = kindOf.get(p.apps[0]?.doc ?? ""); if (p.kind === "ordinary" && k && k !== "ordinary") p.kind = k; }
  for (const b of bills) if (b.leak) labels.push({ document: b.doc, kind: b.leak.kind, currency: b.vendor.cur, amount_at_risk: r2(b.leak.risk) });
  for (const p of payments) if (p.leak) labels.push({ document: p.no, kind: p.leak.kind, currency: p.vendor.cur, amount_at_risk: r2(p.leak.risk) });
  bills.sort((a, b) => a.postDate.localeCompare(b.postDate) || a.doc.localeCompare(b.doc));
  payments.sort((a, b) => a.date.localeCompare(b.date) || a.no.localeCompare(b.no));
  return { vendors, bills, payments, labels };
}

const num = (v: number) => v.toFixed(2);
const cell = (v: string) => (/[,"\n]|^ | $/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeApRegister(seed: number, out: string) {
  const g = generateApRegister(seed);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "ap_invoices.csv"), csv(
    ["Document Number", "Document Type", "Subsidiary", "Vendor ID", "Vendor Name", "Vendor Invoice No", "Invoice Date", "Posting Date", "Due Date", "Payment Terms", "Currency", "Net Amount", "Tax Amount", "Gross Amount", "PO Number", "GL Account", "Memo", "Status", "Applied To", "Original Invoice No", "Entered By", "Entered On", "Approved By"],
    g.bills.map((b) => [b.doc, b.type, "US01", b.vendor.id, b.vendor.name, b.invNo, b.invDate, b.postDate, b.due, b.vendor.terms, b.vendor.cur, num(b.net), num(b.tax), num(b.gross), b.po, b.gl, b.memo, b.status, b.appliedTo, b.origInvNo, b.enteredBy, b.enteredOn, b.approvedBy]),
  ));
  const rows: string[][] = [];
  for (const p of g.payments) for (const a of p.apps.length ? p.apps : [{ doc: "", invNo: "", applied: p.amount, discount: 0 }]) rows.push([
    p.no, p.method, p.ref, p.date, p.vendor.id, p.vendor.name, p.bank, p.vendor.cur, num(p.amount), a.doc, a.invNo, num(a.applied), num(a.discount), p.status, p.voidDate, p.memo, p.enteredBy, p.batch,
  ]);
  writeFileSync(join(out, "ap_payments.csv"), csv(["Payment Number", "Payment Method", "Check/Trace Number", "Payment Date", "Vendor ID", "Vendor Name", "Payee Bank Account", "Currency", "Payment Amount", "Applied To Document", "Vendor Invoice No", "Amount Applied", "Discount Taken", "Status", "Void Date", "Memo", "Entered By", "Payment Batch"], rows));
  writeFileSync(join(out, "vendor_master.csv"), csv(
    ["Vendor ID", "Vendor Name", "Tax ID", "Bank Routing", "Bank Account", "Address", "City", "Country", "Currency", "Payment Terms", "Vendor Type", "Preferred Method", "Created On", "Status"],
    g.vendors.map((v) => [v.id, v.name, v.taxId, v.routing, v.account, v.address, v.city, v.country, v.cur, v.terms, v.type, v.method, v.created, v.status]),
  ));
  const regular: Record<string, string> = {};
  for (const b of g.bills) if (!b.leak) regular[b.doc] = b.kind;
  for (const p of g.payments) if (!p.leak) regular[p.no] = p.kind;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { bills: g.bills.length, payments: g.payments.length, payment_rows: rows.length, vendors: g.vendors.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeApRegister(Number(arg("--seed", "1701")), arg("--out", "/tmp/ap-1701"))));
}
