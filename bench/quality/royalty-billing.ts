// An independent billing data set (the twentieth, 2026-11-28): a franchisor's royalty billing over
// January 2025 – October 2026, exported as a franchise management system's royalty module (FranConnect
// Royalty / FRANdata / Naranga style) and the franchisor's ERP write it: one row per invoice line,
// the invoice's header on each (invoice number and type, invoice and due date, the franchisee — the
// legal entity, a multi-unit owner's one id for all its units — and the location, the franchise
// agreement, the reporting frequency, the period, the sales report it bills with its status, the
// gross sales reported beside what the POS poll shows — net sales, gift cards sold, employee meals,
// the days polled —, the related invoice, reason, user and approver, subtotal); per line the fee
// code, its description, the sales basis (or 1 for a flat fee), the unit (% or MO), the rate and the
// amount. Beside it the franchise agreements (dated fee rows per location: royalty % of gross
// sales, brand fund %, the flat technology fee, the monthly minimum royalty, the late-report fee, a
// new unit's abated royalty for its first months, a renewal's or transfer's new rates) and the
// franchisor's standard fee schedule (the current FDD), and the POS poll per location and business
// day.
// Written from how a franchisor bills before reading the detectors. Regular business (hard
// negatives): legacy agreements at 5 % beside current ones at 6 %; weekly reporters (royalty and
// brand fund drafted every week, the technology fee billed monthly in advance on its own invoice)
// and monthly reporters (one invoice a month with every fee); a new unit's royalty abated (0 % for
// three months or 3 % for six) and the abatement ending mid-period (two royalty lines, each naming
// its days); the monthly minimum royalty as a top-up line; a renewal stepping the rates up; a
// transfer to a new franchisee mid-month (two invoices for the month under two agreements, the
// technology fee prorated); a closure mid-month (a final partial period); reports filed late billed
// on an estimate (the prior month's sales) with a late-report fee, then trued up by an invoice or a
// credit memo naming the estimate; sales restated down (a credit memo); approved royalty relief
// during a remodel; audit invoices for sales kept off the POS (catering, third-party delivery);
// gift cards and employee meals in the POS but outside gross sales; POS polls missing days; units
// without a POS integration. Planted (labelled, with the amount at risk): royalty and brand fund
// computed on sales below what the POS shows; an abatement continued past its end; the brand fund
// or the technology fee missing; the minimum royalty not applied; the renewal's rate step not
// applied; an estimate never trued up; an invoice issued twice.
// Run: bun run bench/quality/royalty-billing.ts --seed 2001 --out /tmp/royalty
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, r2, short, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "royalty_below_pos_sales" | "abatement_past_end" | "brand_fund_not_billed" | "tech_fee_not_billed"
  | "minimum_royalty_not_applied" | "renewal_step_not_applied" | "estimate_never_trued_up" | "invoice_issued_twice";
export const LEAK_KINDS: LeakKind[] = ["royalty_below_pos_sales", "abatement_past_end", "brand_fund_not_billed", "tech_fee_not_billed", "minimum_royalty_not_applied", "renewal_step_not_applied", "estimate_never_trued_up", "invoice_issued_twice"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_DAY = "2025-01-01", LAST_DAY = "2026-10-31", EXPORT_END = "2026-11-20";
const monthEnd = (m: string) => addDays(addMonths(m, 1), -1);
const monthOf = (d: string) => `${d.slice(0, 7)}-01`;
/** The money an export of this kind writes: plain, two decimals (an Excel-ready CSV). */
const money = (v: number | null) => (v === null ? "" : v.toFixed(2));
const qtyText = (v: number) => String(v);

/** The current FDD's fees: royalty and brand fund in % of gross sales, the flat fees per month or per report. */
const STANDARD = { royalty: 6, fund: 2, tech: [299, 325] as [number, number], late: 100 };
const TECH_STEP = "2026-01-01";

interface Agreement {
  no: string; franchisee: string; from: string; to: string; royalty: number; fund: number; minimum: number | null; minimumFrom: string;
  /** A new unit's abated royalty and the last day of it. */
  abated: { rate: number; until: string } | null;
  kind: "legacy" | "current" | "renewal" | "transfer";
}
interface Unit {
  id: string; name: string; opened: string; closed: string | null; weekly: boolean; pos: boolean; weeklySales: number; agreements: Agreement[];
  daily: Map<string, { net: number; gift: number; meals: number; polled: boolean; offPos: number }>;
}
interface Line { code: string; desc: string; basis: number; uom: string; rate: number; amount: number }
interface Doc {
  no: string; type: "Invoice" | "Credit Memo"; date: string; due: string; unit: Unit; agreement: Agreement; from: string; to: string; report: string; status: string;
  reported: number | null; pos: { net: number; gift: number; meals: number; polled: number } | null; related: Doc | null; reason: string; user: string; approver: string;
  lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number }; estimate?: { actual: number; trueUp: Doc | null };
}
const subtotal = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
const pct = (basis: number, rate: number) => r2((basis * rate) / 100);

export function generateRoyalty(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const billers = ["mhernandez", "tbrooks", "jlee-roy", "royalty.batch"];
  const approvers = ["vp-franchise-ops", "cfo-office"];
  const cities = ["Plano", "Frisco", "Tulsa", "Wichita", "Omaha", "Des Moines", "Boise", "Reno", "Tucson", "Mesa", "Fresno", "Bakersfield", "Spokane", "Tacoma", "Lubbock", "Amarillo", "El Paso", "Laredo", "Shreveport", "Baton Rouge", "Mobile", "Knoxville", "Chattanooga", "Lexington", "Dayton", "Toledo", "Akron", "Fort Wayne", "Madison", "Rochester"];
  const owners = ["Lone Star Grill Group LLC", "Heartland Restaurant Partners", "Sunbelt QSR Holdings", "Mountain West Foods Inc", "Riverbend Hospitality", "Great Plains Eateries", "Pacific Crest Restaurants", "Bayou Brands LLC", "Keystone Franchise Co", "Prairie Fire Holdings", "Coastal Bites Inc", "Summit Street Foods"];
  const agreementNo = (() => { let n = 4100; return () => `FA-${++n}`; })();

  // Franchisees: a dozen multi-unit owners (3–9 units each), the rest single-unit operators.
  const franchisees: { id: string; name: string }[] = owners.map((name, i) => ({ id: `F${String(201 + i)}`, name }));
  let fNo = 300;
  const singleOwner = () => { const f = { id: `F${++fNo}`, name: `${pick(["J.", "M.", "R.", "S.", "A.", "D."])} ${pick(["Patel", "Nguyen", "Garcia", "Smith", "Kim", "Johnson", "Okafor", "Rossi", "Haddad", "Martinez"])} Enterprises LLC` }; franchisees.push(f); return f; };

  const units: Unit[] = [];
  for (let i = 0; i < 140; i++) {
    const isNew = i >= 128; // twelve units opened during the export, on an abated royalty
    const opened = isNew ? addDays("2025-01-06", int(0, 440)) : addDays("2008-01-01", int(0, 5800));
    const owner = i < 60 ? franchisees[i % owners.length]! : singleOwner();
    const legacy = !isNew && opened < "2017-01-01";
    const signed = opened;
    const small = chance(0.12);
    const u: Unit = {
      id: `L${String(1001 + i)}`, name: `${pick(cities)} #${String(1001 + i).slice(1)}`, opened, closed: null, weekly: chance(0.3), pos: chance(0.9),
      weeklySales: small ? logn(3900, 0.2) : logn(21000, 0.35), agreements: [], daily: new Map(),
    };
    const first: Agreement = {
      no: agreementNo(), franchisee: owner.id, from: signed, to: "", royalty: legacy ? 5 : 6, fund: 2, minimum: !legacy && !u.weekly && signed >= "2019-01-01" ? pick([1000, 1200, 1500]) : null,
      minimumFrom: addMonths(monthOf(opened), 12), abated: null, kind: legacy ? "legacy" : "current",
    };
    if (isNew) first.abated = chance(0.5) ? { rate: 0, until: addDays(addMonths(opened, 3), -1) } : { rate: 3, until: addDays(addMonths(opened, 6), -1) };
    u.agreements.push(first);
    // A ten-year term: legacy agreements signed 2015–2016 renew in the export, on the first of a month, at the current rates.
    const renewal = monthOf(addMonths(signed, 120));
    if (legacy && renewal > "2025-01-31" && renewal <= "2026-09-01") {
      first.to = addDays(renewal, -1);
      u.agreements.push({ ...first, no: agreementNo(), from: renewal, to: "", royalty: 6, fund: 2.5, abated: null, kind: "renewal", minimum: null });
    }
    units.push(u);
  }
  // Legacy units whose term ends in the export: make sure there are a dozen renewals (the term's start moved).
  for (const u of units.filter((x) => x.agreements.length === 1 && x.agreements[0]!.kind === "legacy").slice(0, Math.max(0, 12 - units.filter((x) => x.agreements.some((a) => a.kind === "renewal")).length))) {
    const a = u.agreements[0]!;
    const renewal = addMonths(FIRST_DAY, int(1, 19));
    a.from = addMonths(renewal, -120); u.opened = a.from; a.to = addDays(renewal, -1);
    u.agreements.push({ ...a, no: agreementNo(), from: renewal, to: "", royalty: 6, fund: 2.5, abated: null, kind: "renewal", minimum: null });
  }
  // Transfers mid-month to a new franchisee (a new agreement at the current rates); closures mid-month.
  const settled = units.filter((u) => u.agreements.length === 1 && u.opened < "2024-01-01");
  for (const u of settled.splice(0, 7)) {
    const day = addDays(addMonths(FIRST_DAY, int(2, 19)), int(4, 24));
    const a = u.agreements[0]!;
    a.to = addDays(day, -1);
    u.agreements.push({ no: agreementNo(), franchisee: singleOwner().id, from: day, to: "", royalty: 6, fund: 2, minimum: u.weekly ? null : 1200, minimumFrom: addMonths(monthOf(day), 1), abated: null, kind: "transfer" });
  }
  // A closure terminates the unit's agreement on its last day of business.
  for (const u of settled.splice(0, 4)) { u.closed = addDays(addMonths(FIRST_DAY, int(3, 19)), int(3, 25)); u.agreements[0]!.to = u.closed; }
  // A few current, monthly units that sell little: their royalty often falls below the minimum.
  for (const u of units.filter((x) => !x.weekly && x.agreements[0]!.minimum && x.opened < "2024-01-01").slice(0, 8)) u.weeklySales = logn(4300, 0.12);

  const agreementOn = (u: Unit, day: string) => u.agreements.find((a) => a.from <= day && (!a.to || day <= a.to)) ?? null;
  const royaltyRate = (a: Agreement, day: string) => (a.abated && day <= a.abated.until ? a.abated.rate : a.royalty);
  const techFee = (day: string) => (day >= TECH_STEP ? STANDARD.tech[1] : STANDARD.tech[0]);

  // The POS poll: each business day's net sales, gift cards sold and employee meals (both outside gross
  // sales), the sales kept off the POS (catering, third-party delivery: in gross sales, not in the poll).
  for (const u of units) {
    for (let d = FIRST_DAY; d <= LAST_DAY; d = addDays(d, 1)) {
      if (d < u.opened || (u.closed && d > u.closed)) continue;
      const dow = new Date(d).getUTCDay();
      const mo = Number(d.slice(5, 7));
      const season = [0, 0.88, 0.9, 1.0, 1.02, 1.06, 1.1, 1.1, 1.05, 0.98, 0.97, 1.0, 1.08][mo]!;
      const ramp = days(u.opened, d) < 120 ? 0.75 + days(u.opened, d) / 480 : 1;
      const net = r2((u.weeklySales / 7) * season * ramp * (dow === 5 || dow === 6 ? 1.3 : dow === 1 ? 0.8 : 0.93) * logn(1, 0.12));
      const gift = r2(net * (mo === 12 ? between(0.05, 0.1) : between(0.005, 0.025)));
      const meals = r2(net * between(0.003, 0.01));
      u.daily.set(d, { net, gift, meals, polled: !(u.pos && chance(0.006)), offPos: chance(0.03) ? r2(net * between(0.1, 0.4)) : 0 });
    }
  }
  const sales = (u: Unit, from: string, to: string) => {
    let gross = 0, net = 0, gift = 0, meals = 0, polled = 0;
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const x = u.daily.get(d);
      if (!x) continue;
      gross += x.net - x.gift - x.meals + x.offPos;
      if (x.polled) { net += x.net; gift += x.gift; meals += x.meals; polled++; }
    }
    return { gross: r2(gross), pos: u.pos ? { net: r2(net), gift: r2(gift), meals: r2(meals), polled } : null };
  };

  const docs: Doc[] = [];
  let reportNo = 77_000;
  // The royalty and brand-fund lines of a period at an agreement: a royalty rate change inside it (an
  // abatement's end) splits the royalty line by days, each naming its days.
  const feeLines = (u: Unit, a: Agreement, from: string, to: string, gross: number, daily: (x: string, y: string) => number): Line[] => {
    const lines: Line[] = [];
    const change = a.abated && a.abated.until >= from && a.abated.until < to ? a.abated.until : null;
    if (change) {
      const g1 = r2(daily(from, change)), g2 = r2(gross - g1);
      lines.push({ code: "ROYALTY", desc: `Royalty ${a.abated!.rate.toFixed(2)}% of gross sales ${short(from)}-${short(change)} (new unit abatement)`, basis: g1, uom: "%", rate: a.abated!.rate, amount: pct(g1, a.abated!.rate) });
      lines.push({ code: "ROYALTY", desc: `Royalty ${a.royalty.toFixed(2)}% of gross sales ${short(addDays(change, 1))}-${short(to)}`, basis: g2, uom: "%", rate: a.royalty, amount: pct(g2, a.royalty) });
    } else {
      const r = royaltyRate(a, from);
      lines.push({ code: "ROYALTY", desc: `Royalty ${r.toFixed(2)}% of gross sales${a.abated && from <= a.abated.until ? ` (new unit abatement through ${usDate(a.abated.until)})` : ""}`, basis: gross, uom: "%", rate: r, amount: pct(gross, r) });
    }
    lines.push({ code: "BRAND-FUND", desc: `Brand fund contribution ${a.fund.toFixed(2)}% of gross sales`, basis: gross, uom: "%", rate: a.fund, amount: pct(gross, a.fund) });
    void u;
    return lines;
  };
  const techLine = (from: string, to: string, m: string): Line => {
    const md = days(m, addMonths(m, 1)), n = days(from, to) + 1;
    const rate = techFee(m);
    if (n >= md) return { code: "TECH-FEE", desc: `Technology fee ${m.slice(5, 7)}/${m.slice(0, 4)}`, basis: 1, uom: "MO", rate, amount: rate };
    const q = Math.round((n / md) * 10000) / 10000;
    return { code: "TECH-FEE", desc: `Technology fee ${m.slice(5, 7)}/${m.slice(0, 4)} (prorated ${n} of ${md} days)`, basis: q, uom: "MO", rate, amount: r2(q * rate) };
  };
  const newDoc = (o: Partial<Doc> & Pick<Doc, "unit" | "agreement" | "from" | "to" | "date" | "lines" | "regular">): Doc => {
    const d: Doc = { no: "", type: "Invoice", due: addDays(o.date, 10), report: "", status: "Submitted", reported: null, pos: null, related: null, reason: "", user: pick(billers), approver: "", ...o };
    docs.push(d);
    return d;
  };

  // Each unit's periods: weeks (Monday–Sunday) for weekly reporters, months for the rest; a period
  // split where an agreement ends (a transfer) or the unit closes.
  for (const u of units) {
    const periods: { from: string; to: string }[] = [];
    if (u.weekly) {
      let d = FIRST_DAY; while (new Date(d).getUTCDay() !== 1) d = addDays(d, 1);
      for (; d <= LAST_DAY; d = addDays(d, 7)) periods.push({ from: d, to: addDays(d, 6) });
    } else for (let m = FIRST_DAY; m <= LAST_DAY; m = addMonths(m, 1)) periods.push({ from: m, to: monthEnd(m) });
    let lastGross = 0;
    for (const p of periods) {
      // The period cut at the unit's opening, closing and at a transfer.
      const cuts: { from: string; to: string; a: Agreement }[] = [];
      for (const a of u.agreements) {
        const from = [p.from, a.from, u.opened].sort().at(-1)!;
        const to = [p.to, a.to || "9999-12-31", u.closed ?? "9999-12-31"].sort()[0]!;
        if (from <= to) cuts.push({ from, to, a });
      }
      for (const c of cuts) {
        const { gross, pos } = sales(u, c.from, c.to);
        if (gross <= 0) continue;
        const a = c.a;
        const dueDay = u.weekly ? addDays(p.to, 2) : addDays(p.to, 10);
        const partial = c.from !== p.from || c.to !== p.to;
        let regular = u.weekly ? "weekly_report" : "monthly_report";
        if (a.kind === "legacy") regular = u.weekly ? "weekly_report_legacy_rate" : "monthly_report_legacy_rate";
        if (a.abated && c.from <= a.abated.until) regular = a.abated.until < c.to ? "abatement_ends_mid_period" : "new_unit_abatement";
        if (a.kind === "renewal" && days(a.from, c.from) < 90) regular = "renewal_rate_step";
        if (partial && u.agreements.some((x) => x.kind === "transfer") && (c.to === a.to || c.from === a.from)) regular = "transfer_mid_period";
        if (u.closed && c.to === u.closed) regular = "closure_final_period";
        if (c.from === u.opened && partial) regular = a.abated ? regular : "opening_partial_period";
        const lines = feeLines(u, a, c.from, c.to, gross, (x, y) => sales(u, x, y).gross);
        // A monthly reporter's invoice carries the technology fee (prorated in a partial month) and the minimum royalty.
        if (!u.weekly) {
          lines.push(techLine(c.from, c.to, monthOf(c.from)));
          const royalty = r2(lines.filter((l) => l.code === "ROYALTY").reduce((s, l) => s + l.amount, 0));
          if (a.minimum && c.from >= a.minimumFrom && !partial && royalty < a.minimum) {
            lines.push({ code: "MIN-ROYALTY", desc: `Minimum royalty adjustment (minimum ${a.minimum.toFixed(2)}, royalty ${royalty.toFixed(2)})`, basis: 1, uom: "MO", rate: r2(a.minimum - royalty), amount: r2(a.minimum - royalty) });
            regular = "minimum_royalty_topup";
          }
        }
        if (regular.startsWith("weekly_report") || regular.startsWith("monthly_report")) {
          if (!u.pos) regular = "no_pos_integration";
          else if (pos && pos.polled < days(c.from, c.to) + 1) regular = "pos_poll_missing_days";
          else if (pos && pos.net - pos.gift - pos.meals < gross - 1) regular = "sales_off_pos";
          else if (pos && pos.gift > 0.04 * pos.net) regular = "gift_card_season";
        }
        const late = !u.weekly && !partial && chance(0.04) && lastGross > 0;
        const report = `SR-${++reportNo}`;
        if (late) {
          // Not reported by the 10th: billed on an estimate (the prior month's sales) with the late-report fee; trued up when the report comes in.
          const est = lastGross;
          const estLines = feeLines(u, a, c.from, c.to, est, (x, y) => (sales(u, x, y).gross / Math.max(1, gross)) * est).map((l) => ({ ...l, desc: `${l.desc} (estimated)` }));
          estLines.push(...lines.filter((l) => l.code === "TECH-FEE"));
          const estRoyalty = r2(estLines.filter((l) => l.code === "ROYALTY").reduce((s, l) => s + l.amount, 0));
          if (a.minimum && c.from >= a.minimumFrom && estRoyalty < a.minimum) estLines.push({ code: "MIN-ROYALTY", desc: `Minimum royalty adjustment (minimum ${a.minimum.toFixed(2)}, royalty ${estRoyalty.toFixed(2)})`, basis: 1, uom: "MO", rate: r2(a.minimum - estRoyalty), amount: r2(a.minimum - estRoyalty) });
          estLines.push({ code: "LATE-RPT", desc: "Late sales report fee", basis: 1, uom: "EA", rate: STANDARD.late, amount: STANDARD.late });
          const estimate = newDoc({ unit: u, agreement: a, from: c.from, to: c.to, date: addDays(p.to, 15), due: addDays(p.to, 25), status: "Estimated", lines: estLines, regular: "estimated_late_report", user: "royalty.batch" });
          const diff = r2(gross - est);
          const filed = addDays(p.to, int(20, 45));
          estimate.estimate = { actual: gross, trueUp: null };
          if (Math.abs(diff) >= 0.01) {
            const sign = diff > 0 ? 1 : -1;
            const tl = feeLines(u, a, c.from, c.to, diff, (x, y) => ((sales(u, x, y).gross - (sales(u, x, y).gross / Math.max(1, gross)) * est)))
              .map((l) => ({ ...l, desc: `${l.desc} - true-up of estimate: reported ${gross.toFixed(2)}, estimated ${est.toFixed(2)}` }));
            const royaltyNow = r2(lines.filter((l) => l.code === "ROYALTY").reduce((s, l) => s + l.amount, 0));
            // The minimum royalty follows the true sales: a top-up billed on the estimate that the report no longer needs is credited, one it needs is added.
            const minNow = a.minimum && c.from >= a.minimumFrom ? Math.max(0, r2(a.minimum - royaltyNow)) : 0;
            const minEst = estLines.find((l) => l.code === "MIN-ROYALTY")?.amount ?? 0;
            if (r2(minNow - minEst) !== 0) tl.push({ code: "MIN-ROYALTY", desc: `Minimum royalty adjustment on true-up (minimum ${a.minimum!.toFixed(2)}, royalty ${royaltyNow.toFixed(2)})`, basis: 1, uom: "MO", rate: r2(minNow - minEst), amount: r2(minNow - minEst) });
            const t = newDoc({ unit: u, agreement: a, from: c.from, to: c.to, date: filed, type: sign > 0 ? "Invoice" : "Credit Memo", report, reported: gross, pos, related: estimate, reason: "TRUEUP", lines: tl, regular: sign > 0 ? "estimate_true_up_invoice" : "estimate_true_up_credit" });
            estimate.estimate.trueUp = t;
          }
          lastGross = gross;
          continue;
        }
        lastGross = gross;
        newDoc({ unit: u, agreement: a, from: c.from, to: c.to, date: addDays(dueDay, u.weekly ? 0 : -int(0, 4)), due: addDays(dueDay, u.weekly ? 1 : 5), report, reported: gross, pos, lines, regular });
      }
    }
    // A weekly reporter's technology fee: billed monthly in advance on its own invoice (prorated in the opening, closing or transfer month).
    if (u.weekly) {
      for (let m = FIRST_DAY; m <= LAST_DAY; m = addMonths(m, 1)) {
        for (const a of u.agreements) {
          const from = [m, a.from, u.opened].sort().at(-1)!;
          const to = [monthEnd(m), a.to || "9999-12-31", u.closed ?? "9999-12-31"].sort()[0]!;
          if (from > to) continue;
          const line = techLine(from, to, m);
          newDoc({ unit: u, agreement: a, from, to, date: addDays(m, -int(3, 6)) < from ? addDays(from, -int(0, 2)) : addDays(m, -int(3, 6)), lines: [{ ...line, desc: `${line.desc} (billed in advance)` }], regular: line.basis < 1 ? "tech_fee_prorated" : "tech_fee_in_advance", user: "royalty.batch", status: "" });
        }
      }
    }
  }

  // Credits: sales restated down within a month; approved royalty relief during a remodel (a share of the royalty).
  const royaltyInvoices = docs.filter((d) => d.type === "Invoice" && d.reported !== null && d.status === "Submitted" && !d.related);
  for (const inv of royaltyInvoices) {
    if (chance(0.015)) {
      const cut = r2(-(inv.reported! * between(0.01, 0.05)));
      const lines = feeLines(inv.unit, inv.agreement, inv.from, inv.to, cut, (x, y) => (sales(inv.unit, x, y).gross / inv.reported!) * cut).map((l) => ({ ...l, desc: `${l.desc} - sales restated (${cut.toFixed(2)})` }));
      newDoc({ unit: inv.unit, agreement: inv.agreement, from: inv.from, to: inv.to, type: "Credit Memo", date: addDays(inv.date, int(5, 30)), report: inv.report, status: "Restated", reported: r2(inv.reported! + cut), pos: inv.pos, related: inv, reason: "RESTATE", lines, regular: "sales_restated_credit" });
    } else if (chance(0.006)) {
      const share = pick([0.25, 0.5, 1]);
      const roy = inv.lines.filter((l) => l.code === "ROYALTY" && l.rate > 0);
      if (!roy.length) continue;
      newDoc({ unit: inv.unit, agreement: inv.agreement, from: inv.from, to: inv.to, type: "Credit Memo", date: addDays(inv.date, int(3, 20)), related: inv, reason: "RELIEF", approver: pick(approvers), status: "", lines: roy.map((l) => ({ ...l, desc: `Royalty relief ${share * 100}% (remodel, approved)`, basis: r2(-l.basis * share), amount: pct(r2(-l.basis * share), l.rate) })), regular: "royalty_relief_credit" });
    }
  }
  // Audits: sales kept off the POS over a quarter and not reported (catering, third-party delivery), billed with the audit's cost and interest.
  for (const u of units.filter((x) => !x.closed).slice(20, 27)) {
    const q = addMonths(FIRST_DAY, int(0, 15));
    const last = docs.filter((d) => d.unit === u && d.reported !== null && d.from >= q && d.to <= monthEnd(addMonths(q, 2)) && d.type === "Invoice").at(-1);
    if (!last) continue;
    const under = r2(sales(u, q, monthEnd(addMonths(q, 2))).gross * between(0.02, 0.06));
    const a = agreementOn(u, monthEnd(addMonths(q, 2)))!;
    const lines = feeLines(u, a, q, monthEnd(addMonths(q, 2)), under, () => under).map((l) => ({ ...l, desc: `${l.desc} - audit ${usDate(q)}-${usDate(monthEnd(addMonths(q, 2)))}: unreported sales` }));
    // The audit's cost is the franchisee's where the understatement exceeds 2 % (the agreement's audit clause).
    const cost = r2(between(2500, 6000));
    if (under > 0.02 * sales(u, q, monthEnd(addMonths(q, 2))).gross) lines.push({ code: "AUDIT-FEE", desc: "Audit cost (understatement above 2%)", basis: 1, uom: "EA", rate: cost, amount: cost });
    const owed = r2(lines.filter((l) => l.uom === "%").reduce((s, l) => s + l.amount, 0));
    lines.push({ code: "INTEREST", desc: "Interest 1.5% per month on royalties underpaid", basis: owed, uom: "%", rate: 9, amount: pct(owed, 9) });
    newDoc({ unit: u, agreement: a, from: q, to: monthEnd(addMonths(q, 2)), date: addDays(monthEnd(addMonths(q, 2)), int(120, 200)), related: last, reason: "AUDIT", approver: pick(approvers), status: "Audited", lines, regular: "audit_adjustment" });
  }

  // Planting: 5 documents of each kind, on ordinary business of its kind.
  const used = new Set<Doc>();
  const take = (xs: Doc[], n: number) => { const out: Doc[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  const N = 5;
  const plain = docs.filter((d) => d.type === "Invoice" && d.reported !== null && d.status === "Submitted" && !d.related && d.from >= "2025-02-01" && d.date <= "2026-10-31" && !docs.some((x) => x.related === d));
  const ordinary = plain.filter((d) => /^(weekly|monthly)_report/.test(d.regular) || d.regular === "gift_card_season");
  const refee = (d: Doc, gross: number) => {
    const keep = d.lines.filter((l) => l.code !== "ROYALTY" && l.code !== "BRAND-FUND");
    d.lines = [...feeLines(d.unit, d.agreement, d.from, d.to, gross, (x, y) => (sales(d.unit, x, y).gross / d.reported!) * gross), ...keep];
  };
  // 1. Royalty and brand fund on sales below what the POS shows: the report understated by 8–20 %.
  for (const d of take(ordinary.filter((x) => x.pos && x.pos.polled === days(x.from, x.to) + 1 && !x.lines.some((l) => l.code === "MIN-ROYALTY")), N)) {
    const before = subtotal(d);
    const gross = r2(d.reported! * (1 - between(0.08, 0.2)));
    refee(d, gross); d.reported = gross;
    plant(d, "royalty_below_pos_sales", before - subtotal(d));
  }
  // 2. An abatement continued past its end: the first period after it still at the abated rate.
  {
    const seen = new Set<Unit>();
    for (const d of plain.filter((x) => !used.has(x) && x.agreement.abated && x.from > x.agreement.abated.until && days(x.agreement.abated.until, x.from) < 45)) {
      if (seen.size >= N || seen.has(d.unit)) continue;
      seen.add(d.unit);
      const l = d.lines.find((x) => x.code === "ROYALTY")!;
      const before = l.amount, rate = d.agreement.abated!.rate;
      l.rate = rate; l.amount = pct(l.basis, rate); l.desc = `Royalty ${rate.toFixed(2)}% of gross sales (new unit abatement)`;
      d.lines = d.lines.filter((x) => x.code !== "MIN-ROYALTY");
      plant(d, "abatement_past_end", before - l.amount);
    }
  }
  // 3. The brand fund missing from a report's invoice.
  for (const d of take(ordinary.filter((x) => !used.has(x)), N)) {
    const l = d.lines.find((x) => x.code === "BRAND-FUND")!;
    d.lines = d.lines.filter((x) => x !== l);
    plant(d, "brand_fund_not_billed", l.amount);
  }
  // 4. The technology fee missing from a monthly reporter's invoice.
  for (const d of take(ordinary.filter((x) => !used.has(x) && !x.unit.weekly), N)) {
    const l = d.lines.find((x) => x.code === "TECH-FEE")!;
    d.lines = d.lines.filter((x) => x !== l);
    plant(d, "tech_fee_not_billed", l.amount);
  }
  // 5. The minimum royalty not applied: the top-up line missing.
  for (const d of take(plain.filter((x) => !used.has(x) && x.regular === "minimum_royalty_topup"), N)) {
    const l = d.lines.find((x) => x.code === "MIN-ROYALTY")!;
    d.lines = d.lines.filter((x) => x !== l);
    d.regular = "monthly_report";
    plant(d, "minimum_royalty_not_applied", l.amount);
  }
  // 6. The renewal's rate step not applied: a period after the renewal billed at the old agreement's rates.
  {
    const seen = new Set<Unit>();
    for (const d of take(plain.filter((x) => !used.has(x) && x.agreement.kind === "renewal" && days(x.agreement.from, x.from) >= 0 && days(x.agreement.from, x.from) < 100), 400)) {
      if (seen.size >= N || seen.has(d.unit)) continue;
      seen.add(d.unit);
      const old = d.unit.agreements[d.unit.agreements.indexOf(d.agreement) - 1]!;
      const before = subtotal(d);
      for (const l of d.lines) {
        if (l.code === "ROYALTY") { l.rate = old.royalty; l.amount = pct(l.basis, l.rate); l.desc = `Royalty ${l.rate.toFixed(2)}% of gross sales`; }
        if (l.code === "BRAND-FUND") { l.rate = old.fund; l.amount = pct(l.basis, l.rate); l.desc = `Brand fund contribution ${l.rate.toFixed(2)}% of gross sales`; }
      }
      plant(d, "renewal_step_not_applied", before - subtotal(d));
    }
  }
  // 7. An estimate never trued up: the report came in above it, and no true-up invoice was issued.
  const dropped = new Set<Doc>();
  for (const d of take(docs.filter((x) => x.estimate?.trueUp && x.estimate.trueUp.type === "Invoice" && x.date <= "2026-09-30"), N)) {
    dropped.add(d.estimate!.trueUp!);
    plant(d, "estimate_never_trued_up", r2(d.estimate!.trueUp!.lines.filter((l) => l.code !== "MIN-ROYALTY").reduce((s, l) => s + l.amount, 0)));
  }
  // 8. An invoice issued twice: the billing run re-run, a second number for the same report.
  const copies: Doc[] = [];
  for (const d of take(ordinary.filter((x) => !used.has(x)), N)) {
    const copy: Doc = { ...d, no: "", date: addDays(d.date, int(0, 2)), lines: d.lines.map((l) => ({ ...l })), leak: undefined };
    copies.push(copy);
    plant(copy, "invoice_issued_twice", subtotal(d));
  }

  const all = [...docs.filter((d) => !dropped.has(d)), ...copies].filter((d) => d.date <= EXPORT_END).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.unit.id < b.unit.id ? -1 : 1));
  let inv = 0, cm = 0;
  for (const d of all) d.no = d.type === "Invoice" ? `RI-${String(3_100_000 + ++inv)}` : `RC-${String(52_000 + ++cm)}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, units, franchisees, labels };
}

// The royalty module's invoice detail: MM/DD/YYYY, plain numbers, "," between columns; the invoice's header on each row.
export function writeRoyalty(seed: number, out: string) {
  const g = generateRoyalty(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const owner = new Map(g.franchisees.map((f) => [f.id, f.name]));
  const header = ["Invoice No", "Invoice Type", "Invoice Date", "Due Date", "Franchisee ID", "Franchisee Name", "Location ID", "Location Name", "Agreement No", "Reporting Frequency",
    "Period Start", "Period End", "Sales Report ID", "Report Status", "Reported Gross Sales", "POS Net Sales", "POS Gift Card Sales", "POS Employee Meals", "POS Days Polled",
    "Related Invoice", "Reason Code", "Created By", "Approved By", "Currency", "Invoice Subtotal", "Tax", "Invoice Total", "Line No", "Fee Code", "Fee Description", "Sales Basis", "UOM", "Rate", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const sub = subtotal(d);
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), usDate(d.due), d.agreement.franchisee, owner.get(d.agreement.franchisee) ?? "", d.unit.id, d.unit.name, d.agreement.no, d.unit.weekly ? "Weekly" : "Monthly",
      usDate(d.from), usDate(d.to), d.report, d.status, money(d.reported), money(d.pos?.net ?? null), money(d.pos?.gift ?? null), money(d.pos?.meals ?? null), d.pos ? String(d.pos.polled) : "",
      d.related?.no ?? "", d.reason, d.user, d.approver, "USD", money(sub), money(0), money(sub), String(i + 1), l.code, l.desc, qtyText(l.basis), l.uom, qtyText(l.rate), money(l.amount),
    ]));
  }
  writeFileSync(join(out, "royalty_invoice_detail.csv"), csv(header, rows));
  // The franchise agreements' fee schedule: a dated row per location, agreement and fee.
  const agr: string[][] = [];
  for (const u of g.units) for (const a of u.agreements) {
    // A monthly fee is billed with a monthly reporter's sales report (in arrears), on the 1st for a weekly reporter (in advance).
    // The minimum royalty applies to the royalty alone (the fee it is the minimum of).
    const row = (code: string, desc: string, rate: number, uom: string, freq: string, from: string, to: string) => agr.push([a.no, u.id, a.franchisee, code, desc, qtyText(rate), uom, freq, freq === "Monthly" ? (u.weekly ? "Advance" : "Arrears") : "", code === "MIN-ROYALTY" ? "ROYALTY" : "", usDate(from), usDate(to)]);
    if (a.abated) { row("ROYALTY", "Royalty (new unit abatement)", a.abated.rate, "%", "Per Report", a.from, a.abated.until); row("ROYALTY", "Royalty", a.royalty, "%", "Per Report", addDays(a.abated.until, 1), a.to); }
    else row("ROYALTY", "Royalty", a.royalty, "%", "Per Report", a.from, a.to);
    row("BRAND-FUND", "Brand fund contribution", a.fund, "%", "Per Report", a.from, a.to);
    if (a.from < TECH_STEP) { row("TECH-FEE", "Technology fee", STANDARD.tech[0], "MO", "Monthly", a.from, a.to && a.to < TECH_STEP ? a.to : addDays(TECH_STEP, -1)); }
    if (!a.to || a.to >= TECH_STEP) row("TECH-FEE", "Technology fee", STANDARD.tech[1], "MO", "Monthly", a.from > TECH_STEP ? a.from : TECH_STEP, a.to);
    if (a.minimum) row("MIN-ROYALTY", "Minimum monthly royalty", a.minimum, "MO", "Monthly", a.minimumFrom > a.from ? a.minimumFrom : a.from, a.to);
    row("LATE-RPT", "Late sales report fee", STANDARD.late, "EA", "Per Occurrence", a.from, a.to);
  }
  writeFileSync(join(out, "ref", "franchise_agreements.csv"), csv(["Agreement No", "Location ID", "Franchisee ID", "Fee Code", "Fee Description", "Rate", "UOM", "Billing Frequency", "Billing Timing", "Applies To", "Effective From", "Effective To"], agr));
  // The franchisor's standard fee schedule (the current FDD), dated.
  const std: string[][] = [
    ["ROYALTY", "Royalty", String(STANDARD.royalty), "%", usDate("2018-01-01")],
    ["BRAND-FUND", "Brand fund contribution", String(STANDARD.fund), "%", usDate("2018-01-01")],
    ["TECH-FEE", "Technology fee", String(STANDARD.tech[0]), "MO", usDate("2024-01-01")],
    ["TECH-FEE", "Technology fee", String(STANDARD.tech[1]), "MO", usDate(TECH_STEP)],
    ["LATE-RPT", "Late sales report fee", String(STANDARD.late), "EA", usDate("2018-01-01")],
  ];
  writeFileSync(join(out, "ref", "fee_schedule.csv"), csv(["Fee Code", "Description", "Rate", "UOM", "Effective Date"], std));
  // The POS poll per location and business day.
  const pos: string[][] = [];
  for (const u of g.units) if (u.pos) for (const [d, x] of u.daily) if (x.polled) pos.push([u.id, usDate(d), money(x.net), money(x.gift), money(x.meals)]);
  writeFileSync(join(out, "ref", "pos_daily_sales.csv"), csv(["Location ID", "Business Date", "Net Sales", "Gift Card Sales", "Employee Meals"], pos));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, agreement_rows: agr.length, pos_rows: pos.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeRoyalty(Number(arg("--seed", "2001")), arg("--out", "/tmp/royalty-2001"))));
}
