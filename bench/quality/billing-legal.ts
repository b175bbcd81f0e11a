// An independent billing data set (the tenth, 2026-11-28): a law firm's time-and-expense billing
// over 24 months (October 2024 – September 2026) from a practice-management system (Elite 3E /
// Aderant / Clio style), exported as the billed time and cost detail: one row per time entry or
// cost entry, the bill's header on every row. Written from how law firms bill before reading the
// detectors: offices in New York (USD), London (GBP) and Frankfurt (EUR); ~70 timekeepers
// (partners, counsel, associates, trainees, paralegals) whose standard rates are in a rate book per
// currency, raised every 1 January per timekeeper, and raised mid-year when an associate is
// promoted; ~130 clients and ~400 matters billed monthly for the previous month's time (December's
// time billed in January at December's rates: the rate of the day the time was worked, as the
// system prices it), clients with negotiated rates (a percentage off standard each year, or a fixed
// rate card for the engagement's term, or a blended rate on a matter), fixed-fee matters (time
// recorded and listed at 0 beside the fee) and capped ones (time at rates, an adjustment down to
// the cap), write-downs approved by the billing partner (recorded per entry, 2–15 %) and a few
// larger ones approved by the management committee, courtesy discounts on a new client's first
// bill, no-charge time (NC, written down 100 %), costs passed through at cost (filing and court
// fees, travel, couriers, transcripts) and some marked up per policy (research databases, copies),
// retainers held in trust applied against bills, VAT as the offices charge it (UK 20 %, German
// 19 %; court fees are disbursements outside the scope of VAT; reverse charge for business clients
// in another EU country; US clients and clients outside the UK and EU outside the scope), UK
// clients billed in USD for a US deal with UK VAT on it, large one-off bills at trial or closing,
// a bill reversed by a credit note and re-issued, and two matters of one client billed the same
// fixed fee on the same day. Planted leaks carry their true amount at risk; every other bill is
// labelled with the kind of regular business it is (the hard negatives).
// Run: bun run bench/quality/billing-legal.ts --seed 1871 --out /tmp/legal
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "time_below_agreed_rate" | "old_rate_after_increase" | "write_down_beyond_limit" | "cost_not_billed"
  | "duplicate_bill" | "vat_missing";
export const LEAK_KINDS: LeakKind[] = ["time_below_agreed_rate", "old_rate_after_increase", "write_down_beyond_limit", "cost_not_billed", "duplicate_bill", "vat_missing"];

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Currency = "USD" | "GBP" | "EUR";
interface Timekeeper { id: string; name: string; title: string; office: string; base: number; raises: number[]; promoted?: { on: string; factor: number; title: string } }
interface Client { id: string; name: string; country: string; currency: Currency; office: string; vat: "SR" | "RC" | "OS"; vatRate: number; since: string }
interface Matter {
  id: string; client: Client; name: string; area: string; partner: Timekeeper; team: Timekeeper[]; currency: Currency;
  arrangement: "Hourly" | "Fixed Fee" | "Capped Fee" | "Blended Rate"; opened: string; closed: string; fee?: number; cap?: number;
}
interface Line { date: string; tk: string; code: string; desc: string; hours: number; std: number; rate: number; wdPct: number | null; amount: number; status: string }
interface Doc {
  no: string; trans: "Bill" | "Credit Note"; date: string; matter: Matter; through: string; lines: Line[]; tax: number; vatRate: number; vatCode: string;
  approver: string; trust: number; applied: Doc | null; narrative: string; regular: string; leak?: { kind: LeakKind; risk: number };
}

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const addMonths = (d: string, n: number) => { const t = new Date(d); t.setUTCMonth(t.getUTCMonth() + n); return t.toISOString().slice(0, 10); };
const monthEnd = (d: string) => addDays(addMonths(d.slice(0, 7) + "-01", 1), -1);
const weekday = (d: string) => new Date(d).getUTCDay();
const FIRST = "2024-10-01", LAST = "2026-09-30";
const FX: Record<Currency, number> = { USD: 1, GBP: 0.8, EUR: 0.92 };
const round5 = (v: number) => Math.round(v / 5) * 5;

// UTBMS task and activity codes as the firm's time entries carry them.
const TASKS = [["L110", "Fact investigation"], ["L120", "Analysis/strategy"], ["L210", "Pleadings"], ["L250", "Other written motions"], ["L310", "Written discovery"], ["L330", "Depositions"], ["L430", "Written motions and submissions"], ["L440", "Other trial preparation and support"], ["C100", "Fact gathering"], ["C200", "Researching law"], ["C300", "Analysis and advice"], ["B110", "Case administration"], ["P100", "Project administration"], ["P300", "Structure/strategy/analysis"], ["P400", "Initial document preparation/filing"], ["P500", "Negotiation/revision/responses"]] as const;
// Cost codes: disbursements passed through at cost, and the firm's recharges at its policy rates.
const COSTS = [
  { code: "E112", desc: "Court fees", vatable: false, atCost: true, lo: 50, hi: 2500 },
  { code: "E113", desc: "Filing fees (registry)", vatable: false, atCost: true, lo: 15, hi: 600 },
  { code: "E110", desc: "Out-of-town travel", vatable: true, atCost: true, lo: 150, hi: 3200 },
  { code: "E107", desc: "Delivery services/messengers", vatable: true, atCost: true, lo: 12, hi: 180 },
  { code: "E115", desc: "Deposition transcripts", vatable: true, atCost: true, lo: 300, hi: 2800 },
  { code: "E106", desc: "Online research (per policy, cost + 10 %)", vatable: true, atCost: false, lo: 20, hi: 900 },
  { code: "E101", desc: "Copying (per policy)", vatable: true, atCost: false, lo: 5, hi: 240 },
] as const;

export function generateLegal(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const dayIn = (from: string, to: string) => addDays(from, int(0, Math.round((Date.parse(to) - Date.parse(from)) / 86400000)));
  const workday = (d: string) => { while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, 1); return d; };

  // Timekeepers: each office's partners, counsel, associates, trainees and paralegals. Standard
  // rates in USD (the rate book's other currencies derived and rounded to 5), raised each
  // 1 January by 3–8 % per timekeeper; an associate promoted on 1 July moves up ~12 %.
  const TITLES: [string, number, number, number][] = [["Partner", 6, 950, 1450], ["Counsel", 3, 780, 980], ["Senior Associate", 5, 640, 820], ["Associate", 7, 420, 620], ["Trainee", 2, 300, 380], ["Paralegal", 3, 240, 340]];
  const timekeepers: Timekeeper[] = [];
  const surnames = ["Ashford", "Bauer", "Castell", "Dreyfus", "Ellery", "Fischer", "Gould", "Hartmann", "Ingram", "Jansen", "Keller", "Lindqvist", "Marsh", "Neumann", "Okafor", "Price", "Quinn", "Richter", "Shah", "Thorne", "Ueda", "Vogel", "Whitley", "Young", "Zimmer"];
  for (const office of ["NY", "LDN", "FRA"]) for (const [title, n, lo, hi] of TITLES) for (let i = 0; i < n; i++) {
    const tk: Timekeeper = { id: `${office === "NY" ? 1 : office === "LDN" ? 2 : 3}${String(timekeepers.length + 101).padStart(3, "0")}`, name: `${pick(["A.", "B.", "C.", "D.", "E.", "F.", "J.", "K.", "M.", "S."])} ${pick(surnames)}`, title, office, base: round5(uniform(lo, hi)), raises: [uniform(0.03, 0.08), uniform(0.03, 0.08)] };
    if (title === "Associate" && chance(0.35)) tk.promoted = { on: pick(["2025-07-01", "2026-07-01"]), factor: uniform(1.1, 1.15), title: "Senior Associate" };
    timekeepers.push(tk);
  }
  // The rate book: a row per timekeeper, currency and effective date.
  const rateDates = (tk: Timekeeper) => [...["2024-01-01", "2025-01-01", "2026-01-01"], ...(tk.promoted ? [tk.promoted.on] : [])].sort();
  const stdRate = (tk: Timekeeper, cur: Currency, d: string): number => {
    let usd = tk.base;
    if (d >= "2025-01-01") usd *= 1 + tk.raises[0]!;
    if (tk.promoted && tk.promoted.on <= d && tk.promoted.on < "2026-01-01") usd *= tk.promoted.factor;
    if (d >= "2026-01-01") usd *= 1 + tk.raises[1]!;
    if (tk.promoted && tk.promoted.on <= d && tk.promoted.on >= "2026-01-01") usd *= tk.promoted.factor;
    return round5(usd * FX[cur]);
  };
  const rateRows: { tk: string; cur: Currency; rate: number; from: string }[] = [];
  for (const tk of timekeepers) for (const from of rateDates(tk)) for (const cur of ["USD", "GBP", "EUR"] as Currency[]) rateRows.push({ tk: tk.id, cur, rate: stdRate(tk, cur, from), from });
  const byOffice = (o: string) => timekeepers.filter((t) => t.office === o);

  // Clients: where they are says the office, the currency and the VAT treatment.
  const clients: Client[] = [];
  const kinds: [string, Currency, string, "SR" | "RC" | "OS", number, number][] = [
    ["US", "USD", "NY", "OS", 0, 50], ["GB", "GBP", "LDN", "SR", 0.2, 32], ["DE", "EUR", "FRA", "SR", 0.19, 25], ["FR", "EUR", "FRA", "RC", 0, 8], ["NL", "EUR", "FRA", "RC", 0, 6],
    ["US", "GBP", "LDN", "OS", 0, 6], ["CH", "EUR", "FRA", "OS", 0, 4], ["GB", "USD", "LDN", "SR", 0.2, 5], ["IE", "EUR", "LDN", "OS", 0, 3],
  ];
  const names = ["Holdings", "Capital", "Pharma", "Logistics", "Bank", "Energy", "Software", "Insurance", "Retail Group", "Real Estate", "Foods", "Aerospace"];
  for (const [country, currency, office, vat, rate, n] of kinds) for (let i = 0; i < n; i++) {
    clients.push({ id: `C${String(10000 + clients.length * 17)}`, name: `${pick(["Atlas", "Northwind", "Meridian", "Blackstone", "Rhein", "Thames", "Hudson", "Alpen", "Corvid", "Lumen", "Orbis", "Vantage"])} ${pick(names)} ${country === "US" ? "Inc." : country === "GB" || country === "IE" ? "Ltd" : country === "DE" ? "GmbH" : country === "FR" ? "SAS" : country === "NL" ? "B.V." : "AG"}`, country, currency, office, vat, vatRate: rate, since: chance(0.3) ? dayIn(FIRST, "2026-03-31") : "2020-01-01" });
  }

  // Engagement terms: a client-wide discount off standard (per year, as the rate exception table
  // computes it), a fixed rate card for the engagement's term, a blended rate on a matter.
  const contractRows: { contract: string; client: string; tk: string; cur: Currency; rate: number; from: string; to: string }[] = [];
  const clientDiscount = new Map<Client, number>();
  const rateCard = new Map<Client, { from: string; to: string }>();
  for (const c of clients) {
    const x = rnd();
    if (x < 0.3) clientDiscount.set(c, pick([0.05, 0.1, 0.1, 0.12, 0.15, 0.2]));
    else if (x < 0.4) rateCard.set(c, { from: "2024-01-01", to: "2026-12-31" });
  }
  for (const [c, pct] of clientDiscount) for (const tk of byOffice(c.office)) for (const from of rateDates(tk)) {
    const to = addDays(rateDates(tk).find((d) => d > from) ?? "2027-01-01", -1);
    contractRows.push({ contract: `RX-${c.id}`, client: c.id, tk: tk.id, cur: c.currency, rate: round5(stdRate(tk, c.currency, from) * (1 - pct)), from, to });
  }
  for (const [c, term] of rateCard) for (const tk of byOffice(c.office)) {
    // The card's rate per title, fixed for the term (no 1 January increase).
    const rate = round5(stdRate(tk, c.currency, "2024-01-01") * 0.95);
    contractRows.push({ contract: `RC-${c.id}`, client: c.id, tk: tk.id, cur: c.currency, rate, from: term.from, to: term.to });
  }
  // The rate that governs a client's or matter's time on a day.
  // A matter's own agreement (a blended rate) governs its time; else the client's; else standard.
  const agreed = (m: Matter, tk: Timekeeper, d: string): number => {
    const rowsOf = (f: (r: (typeof contractRows)[number]) => boolean) => contractRows.filter((r) => f(r) && r.tk === tk.id && r.cur === m.currency && r.from <= d && d <= r.to);
    const own = rowsOf((r) => r.contract === m.id);
    const rows = own.length ? own : rowsOf((r) => r.client === m.client.id && !matterIds.has(r.contract));
    return rows.length ? Math.min(...rows.map((r) => r.rate)) : stdRate(tk, m.currency, d);
  };
  const matterIds = new Set<string>();

  // Matters: a partner, a team of the office's timekeepers, an arrangement.
  const matters: Matter[] = [];
  const AREAS = ["Litigation", "M&A", "Employment", "IP", "Finance", "Regulatory", "Real Estate", "Tax"];
  for (const c of clients) for (let k = 0, n = int(1, 5); k < n; k++) {
    const staff = byOffice(c.office);
    const partner = pick(staff.filter((t) => t.title === "Partner"));
    const team = [partner, ...new Set(Array.from({ length: int(2, 5) }, () => pick(staff.filter((t) => t.title !== "Partner"))))];
    const opened = c.since > "2020-01-01" && k === 0 ? c.since : dayIn("2024-03-01", "2026-06-30");
    const closed = addMonths(opened, int(3, 24));
    const area = pick(AREAS);
    const x = rnd();
    const arrangement = x < 0.12 ? "Fixed Fee" : x < 0.2 ? "Capped Fee" : x < 0.26 && !rateCard.has(c) ? "Blended Rate" : "Hourly";
    const m: Matter = { id: `${c.id.slice(1)}-${String(k + 1).padStart(4, "0")}`, client: c, name: `${area}: ${pick(["Project", "Matter", "Dispute", "Advice", "Transaction"])} ${pick(["Falcon", "Orion", "Cedar", "Harbor", "Summit", "Delta", "Aurora", "Granite"])}`, area, partner, team, currency: c.currency, arrangement, opened, closed };
    if (arrangement === "Fixed Fee") m.fee = round5(uniform(2000, 25000) * FX[c.currency]);
    if (arrangement === "Capped Fee") m.cap = round5(uniform(8000, 60000) * FX[c.currency]);
    if (arrangement === "Blended Rate") {
      const blended = round5(uniform(520, 760) * FX[c.currency]);
      matterIds.add(m.id);
      for (const tk of team) contractRows.push({ contract: m.id, client: c.id, tk: tk.id, cur: c.currency, rate: blended, from: opened, to: addMonths(closed, 2) });
    }
    matters.push(m);
  }
  // Two trademark filings of one client billed the same fixed fee: one matter each.
  for (const c of clients.filter(() => chance(0.08))) {
    const partner = pick(byOffice(c.office).filter((t) => t.title === "Partner"));
    const opened = dayIn("2024-09-01", "2026-03-31"), fee = round5(uniform(1500, 4000) * FX[c.currency]);
    for (let k = 0; k < 2; k++) matters.push({ id: `${c.id.slice(1)}-TM${k + 1}`, client: c, name: `IP: Trademark application ${pick(["EUTM", "UKTM", "USPTO"])} class ${int(1, 45)}`, area: "IP", partner, team: [partner, pick(byOffice(c.office).filter((t) => t.title === "Paralegal"))], currency: c.currency, arrangement: "Fixed Fee", opened, closed: addMonths(opened, 1), fee });
  }

  const docs: Doc[] = [];
  const billedCount = new Map<Client, number>();
  const vatOf = (d: Doc) => d.vatRate === 0 ? 0 : r2(d.lines.filter((l) => COSTS.find((c) => c.code === l.code)?.vatable !== false).reduce((s, l) => s + l.amount, 0) * d.vatRate);
  const newBill = (m: Matter, date: string, through: string, lines: Line[], regular: string, narrative = ""): Doc => {
    const c = m.client;
    const d: Doc = { no: "", trans: "Bill", date, matter: m, through, lines, tax: 0, vatRate: c.vatRate, vatCode: c.vat, approver: "", trust: 0, applied: null, narrative, regular };
    d.tax = vatOf(d);
    docs.push(d);
    return d;
  };
  const timeLine = (m: Matter, tk: Timekeeper, date: string, hours: number, rate: number, wd: number | null, status = "B"): Line => {
    const [code, desc] = pick(TASKS);
    const amount = status === "NC" ? 0 : r2(hours * rate * (1 - (wd ?? 0) / 100));
    return { date, tk: tk.id, code, desc, hours, std: stdRate(tk, m.currency, date), rate, wdPct: status === "NC" ? 100 : wd, amount, status };
  };
  const costLine = (m: Matter, date: string, cost = pick(COSTS)): Line => {
    const unit = r2(uniform(cost.lo, cost.hi) * FX[m.currency]);
    const [qty, price] = cost.code === "E101" ? [int(20, 800), r2(0.1 * FX[m.currency] * 1.0)] : [1, unit];
    const billed = cost.code === "E106" ? r2(price * 1.1) : price;
    return { date, tk: "", code: cost.code, desc: cost.desc, hours: qty, std: price, rate: billed, wdPct: null, amount: r2(qty * billed), status: "B" };
  };

  // Each matter's months: the previous month's time and costs, billed in the first half of the
  // next month at the rates of the days worked.
  for (const m of matters) {
    let first = true;
    let feeBilled = 0, capUsed = 0;
    for (let month = m.opened.slice(0, 7) + "-01"; month <= m.closed && month <= "2026-08-31"; month = addMonths(month, 1)) {
      const date = workday(addDays(addMonths(month, 1), int(3, 11)));
      if (date < FIRST || date > LAST) continue;
      const big = chance(0.03);
      const entries = m.arrangement === "Fixed Fee" ? int(1, 5) : big ? int(40, 80) : int(2, 14);
      const lines: Line[] = [];
      let regular = "hourly_bill";
      const writeDown = !first && chance(0.15) ? r2(uniform(2, 15)) : null;
      const courtesy = first && m.client.since > "2020-01-01" && chance(0.7) ? pick([5, 10]) : null;
      for (let e = 0; e < entries; e++) {
        const tk = pick(m.team);
        const day = workday(dayIn(month, monthEnd(month)));
        if (day > monthEnd(month)) continue;
        const hours = int(1, 40) / 10 * (big ? 2 : 1);
        // No time on a matter before it is opened (the system takes none; work before the
        // engagement is recorded on an intake matter): the opening month's entries start on its
        // day. Drawn and dropped, so that the other entries' draws stay as they were.
        const beforeOpening = day < m.opened;
        if (m.arrangement === "Fixed Fee") {
          const listed = { ...timeLine(m, tk, day, r2(hours), 0, null, "FF"), amount: 0 };
          if (!beforeOpening) lines.push(listed);
          continue;
        }
        const nc = chance(0.05);
        const wd = courtesy ?? writeDown;
        const line = timeLine(m, tk, day, r2(hours), agreed(m, tk, day), nc ? null : wd, nc ? "NC" : "B");
        if (!beforeOpening) lines.push(line);
      }
      for (let k = 0, n = chance(0.35) ? int(1, 3) : 0; k < n; k++) lines.push(costLine(m, workday(dayIn(month, monthEnd(month)))));
      if (lines.length === 0) continue;
      lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      if (m.arrangement === "Fixed Fee") {
        if (feeBilled >= 1) continue;
        // The fee at engagement, or in two instalments.
        const part = m.id.includes("-TM") || chance(0.5) ? 1 : 0.5;
        feeBilled += part;
        lines.unshift({ date: month, tk: "", code: "FEE", desc: `Fixed fee per engagement letter${part < 1 ? " (instalment)" : ""}`, hours: 1, std: r2(m.fee! * part), rate: r2(m.fee! * part), wdPct: null, amount: r2(m.fee! * part), status: "B" });
        regular = m.id.includes("-TM") ? "fixed_fee_same_fee_two_matters" : "fixed_fee";
      } else if (m.arrangement === "Capped Fee") {
        const fees = r2(lines.filter((l) => l.tk).reduce((s, l) => s + l.amount, 0));
        regular = "capped_fee";
        if (capUsed >= m.cap!) continue;
        if (capUsed + fees > m.cap!) { lines.push({ date: monthEnd(month), tk: "", code: "CAPADJ", desc: "Adjustment to agreed fee cap", hours: 1, std: 0, rate: r2(m.cap! - capUsed - fees), wdPct: null, amount: r2(m.cap! - capUsed - fees), status: "B" }); regular = "capped_fee_cap_reached"; capUsed = m.cap!; }
        else capUsed += fees;
      } else if (m.arrangement === "Blended Rate") regular = "blended_rate";
      else if (rateCard.has(m.client)) regular = "rate_card_client";
      else if (clientDiscount.has(m.client)) regular = "discounted_client";
      if (regular.startsWith("hourly") || regular === "discounted_client" || regular === "rate_card_client" || regular === "blended_rate") {
        if (courtesy) regular = "courtesy_discount_first_bill";
        else if (writeDown) regular = "write_down_approved";
        else if (big) regular = "large_bill_trial_or_closing";
        else if (month.slice(5, 7) === "12") regular = "december_time_billed_january";
        else if (m.team.some((t) => t.promoted && t.promoted.on.slice(0, 7) === month.slice(0, 7))) regular = "promotion_month";
        else if (lines.some((l) => l.status === "NC")) regular = "no_charge_time";
      }
      const d = newBill(m, date, monthEnd(month), lines, regular, big ? pick(["Trial preparation and trial", "Closing of the transaction"]) : "");
      d.approver = writeDown || courtesy ? m.partner.id : "";
      // A large write-down the management committee approved (beyond a partner's 15 %).
      if (writeDown && chance(0.08)) {
        const pct = r2(uniform(18, 30));
        for (const l of d.lines) if (l.tk && l.status === "B") { l.wdPct = pct; l.amount = r2(l.hours * l.rate * (1 - pct / 100)); }
        d.tax = vatOf(d); d.approver = "MGMT-COMMITTEE"; d.regular = "write_down_committee_approved";
      }
      // Retainers held in trust, applied against the bill.
      if (chance(0.12)) { d.trust = r2(Math.min(d.lines.reduce((s, l) => s + l.amount, 0) + d.tax, round5(uniform(1000, 20000) * FX[m.currency]))); if (d.regular === "hourly_bill") d.regular = "trust_applied"; }
      first = false;
      billedCount.set(m.client, (billedCount.get(m.client) ?? 0) + 1);
      // A bill reversed by a credit note (wrong entity on it) and re-issued unchanged.
      if (chance(0.02)) {
        const cn: Doc = { ...d, trans: "Credit Note", date: addDays(date, int(3, 15)), applied: d, lines: d.lines.map((l) => ({ ...l })), regular: "bill_reversed", narrative: "Reversal: bill issued to wrong entity" };
        docs.push(cn);
        docs.push({ ...d, date: addDays(cn.date, int(0, 2)), lines: d.lines.map((l) => ({ ...l })), regular: "bill_reissued", narrative: "Re-issued to correct billing entity", trust: 0 });
      }
    }
  }

  // Planted leaks: 30 of each kind, each its own new bill (or a copy), with its true amount at risk.
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.regular = ""; d.leak = { kind, risk: r2(risk) }; return d; };
  const hourly = matters.filter((m) => m.arrangement === "Hourly");
  const plantedBill = (m: Matter, month: string, n: number, rateOf: (tk: Timekeeper, day: string) => number, wd: number | null) => {
    const lines: Line[] = [];
    for (let e = 0; e < n; e++) {
      const tk = pick(m.team), day = workday(dayIn(month, addDays(monthEnd(month), -3)));
      lines.push(timeLine(m, tk, day, r2(int(5, 40) / 10), rateOf(tk, day), wd));
    }
    lines.sort((a, b) => (a.date < b.date ? -1 : 1));
    return newBill(m, workday(addDays(addMonths(month, 1), int(3, 11))), monthEnd(month), lines, "");
  };
  const monthIn = (from: string, to: string) => dayIn(from, to).slice(0, 7) + "-01";
  for (const kind of LEAK_KINDS) for (let n = 0; n < 30; n++) {
    if (kind === "time_below_agreed_rate") {
      // A timekeeper's time keyed at a rate below the client's agreed one (a rate typed by hand,
      // another client's card), no write-down recorded.
      const m = pick(hourly.filter((x) => clientDiscount.has(x.client) || rateCard.has(x.client)));
      const month = monthIn("2024-10-01", "2026-07-31");
      const cut = uniform(0.08, 0.25);
      const d = plantedBill(m, month, int(2, 6), (tk, day) => agreed(m, tk, day), null);
      const l = pick(d.lines);
      const due = l.amount;
      l.rate = round5(l.rate * (1 - cut)); l.amount = r2(l.hours * l.rate);
      d.tax = vatOf(d);
      plant(d, kind, due - l.amount);
    } else if (kind === "old_rate_after_increase") {
      // January–March time of a client at standard rates billed at last year's rate (the rate
      // book's new year not picked up for the matter); the client has no rate freeze.
      const m = pick(hourly.filter((x) => !clientDiscount.has(x.client) && !rateCard.has(x.client)));
      const month = pick(["2025-01-01", "2025-02-01", "2026-01-01", "2026-02-01", "2026-03-01"]);
      const d = plantedBill(m, month, int(2, 6), (tk) => stdRate(tk, m.currency, addDays(month.slice(0, 4) + "-01-01", -1)), null);
      let risk = 0;
      for (const l of d.lines) { const tk = timekeepers.find((t) => t.id === l.tk)!; l.std = stdRate(tk, m.currency, l.date); risk += r2(l.hours * l.std) - l.amount; }
      plant(d, kind, risk);
    } else if (kind === "write_down_beyond_limit") {
      // A write-down of 20–40 % approved by the billing partner alone (partners approve up to 15 %).
      const m = pick(hourly.filter((x) => !clientDiscount.has(x.client) && !rateCard.has(x.client)));
      const pct = r2(uniform(20, 40));
      const d = plantedBill(m, monthIn("2024-10-01", "2026-07-31"), int(2, 6), (tk, day) => agreed(m, tk, day), pct);
      d.approver = m.partner.id;
      // At risk: the write-down beyond the partner's 15 %.
      plant(d, kind, d.lines.reduce((s, l) => s + l.hours * l.rate * (pct - 15) / 100, 0));
    } else if (kind === "cost_not_billed") {
      // A disbursement the firm paid (a court fee, a transcript, travel) on the bill at 0, not
      // marked NC.
      const m = pick(hourly);
      const month = monthIn("2024-10-01", "2026-07-31");
      const d = plantedBill(m, month, int(1, 4), (tk, day) => agreed(m, tk, day), null);
      const c = costLine(m, workday(dayIn(month, addDays(monthEnd(month), -3))), pick(COSTS.filter((x) => x.atCost)));
      const risk = c.amount;
      c.amount = 0; c.rate = 0;
      d.lines.push(c);
      d.tax = vatOf(d);
      plant(d, kind, risk);
    } else if (kind === "duplicate_bill") {
      // The month's bill generated again under a new number a few days later.
      const src = pick(docs.filter((x) => x.trans === "Bill" && !x.leak && x.regular !== "bill_reissued" && x.date >= FIRST && x.date < "2026-09-20" && x.lines.length > 1));
      const copy: Doc = { ...src, date: addDays(src.date, int(1, 6)), lines: src.lines.map((l) => ({ ...l })) };
      docs.push(copy);
      plant(copy, kind, 0);
    } else {
      // VAT left off a taxable client's bill: the code and rate stated, the tax 0.
      const m = pick(matters.filter((x) => x.client.vat === "SR" && x.arrangement === "Hourly"));
      const d = plantedBill(m, monthIn("2024-10-01", "2026-07-31"), int(2, 6), (tk, day) => agreed(m, tk, day), null);
      plant(d, kind, d.tax);
      d.tax = 0;
    }
  }

  // Bill numbers in date order, as the system assigns them; credit notes their own series.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let billNo = 250000, cnNo = 9000;
  for (const d of docs) d.no = d.trans === "Bill" ? String(++billNo) : `CN${++cnNo}`;
  const labels: Label[] = docs.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: d.matter.currency, amount_at_risk: d.leak!.risk }));
  return { docs, rateRows, contractRows, labels, clients, matters, timekeepers };
}

// The practice-management system's billed time and cost detail: ISO dates, plain 1234.56
// amounts, "," between columns; the bill's header on every row.
// The activity an entry's task was (UTBMS A-codes), from its task: drafting, review, meetings.
const pick3 = (l: Line) => (/^(L2|L4|P4|P5)/.test(l.code) ? "A103" : /^(L3|C1)/.test(l.code) ? "A104" : /^(C2|C3|L1|P3)/.test(l.code) ? "A102" : "A106");
const num = (v: number | null) => (v === null ? "" : v.toFixed(2));
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeLegal(seed: number, out: string) {
  const g = generateLegal(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const tkName = new Map(g.timekeepers.map((t) => [t.id, t]));
  const header = ["Bill Number", "Bill Type", "Bill Date", "Client Number", "Client Name", "Client Country", "Matter Number", "Matter Name", "Practice Area", "Billing Arrangement", "Billing Partner", "Write-Down Approved By", "Bill Through", "Applied To Bill", "Currency", "Fees", "Costs", "Bill Total Excl. VAT", "VAT Code", "VAT Rate", "VAT Amount", "Trust Applied", "Balance Due", "Bill Narrative", "Entry Type", "Work Date", "Timekeeper", "Timekeeper Name", "Timekeeper Title", "Task Code", "Activity Code", "Cost Code", "Timekeeper / Cost Code", "Description", "Hours / Units", "Standard Rate", "Bill Rate", "Write-Down %", "Billed Amount", "Billing Status"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const fees = r2(d.lines.filter((l) => l.tk || l.code === "FEE" || l.code === "CAPADJ").reduce((s, l) => s + l.amount, 0));
    const costs = r2(d.lines.filter((l) => !l.tk && l.code !== "FEE" && l.code !== "CAPADJ").reduce((s, l) => s + l.amount, 0));
    const total = r2(fees + costs);
    for (const l of d.lines) {
      const tk = l.tk ? tkName.get(l.tk)! : undefined;
      const title = tk ? (tk.promoted && tk.promoted.on <= l.date ? tk.promoted.title : tk.title) : "";
      rows.push([
        d.no, d.trans, d.date, d.matter.client.id, d.matter.client.name, d.matter.client.country, d.matter.id, d.matter.name, d.matter.area, d.matter.arrangement, d.matter.partner.id, d.approver, d.through, d.applied?.no ?? "", d.matter.currency,
        num(fees), num(costs), num(total), d.vatCode, `${+(d.vatRate * 100).toFixed(2)}%`, num(d.tax), d.trust ? num(d.trust) : "", num(r2(total + d.tax - d.trust)), d.narrative,
        tk ? "Time" : l.code === "FEE" || l.code === "CAPADJ" ? "Fee" : "Cost", l.date, l.tk, tk?.name ?? "", title, tk ? l.code : "", tk ? pick3(l) : "", tk ? "" : l.code, tk ? l.tk : l.code, l.desc, String(l.hours), l.code === "CAPADJ" ? "" : num(l.std), num(l.rate), l.wdPct === null ? "" : String(l.wdPct), num(l.amount), l.status,
      ]);
    }
  }
  writeFileSync(join(out, "billed_time_and_costs.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "rate_book.csv"), csv(["Timekeeper", "Currency", "Standard Rate", "Effective Date"], g.rateRows.map((r) => [r.tk, r.cur, num(r.rate), r.from])));
  writeFileSync(join(out, "ref", "rate_exceptions.csv"), csv(["Rate Agreement", "Client Number", "Timekeeper", "Currency", "Agreed Rate", "Effective Date", "End Date"], g.contractRows.map((c) => [c.contract, c.client, c.tk, c.cur, num(c.rate), c.from, c.to])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.no] = d.regular;
  writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, clients: g.clients.length, matters: g.matters.length, timekeepers: g.timekeepers.length, rate_rows: g.rateRows.length, agreed_rate_rows: g.contractRows.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeLegal(Number(arg("--seed", "1871")), arg("--out", "/tmp/legal-1871"))));
}
