// An independent billing data set (the twenty-fifth, 2026-11-28): a digital publisher's advertising
// billing over the broadcast months January 2025 – October 2026, exported from its order
// management and billing system (Operative.One, Boostr, Salesforce Media Cloud style): one row per
// invoice line, the invoice's header on each — invoice number and type (Invoice, Credit Memo),
// invoice date, the broadcast month billed with its period (Monday to the month's last Sunday),
// the advertiser, the agency and who is billed, gross or net billing and the agency's commission,
// the insertion order (IO), the revision in force, campaign, billing basis (actuals capped at the
// IO, third-party counts, as booked), the third-party ad server, PO, related invoice and reason,
// account executive, billing user and approver, gross, commission and net; per line the item (the
// IO line's id, or the charge code of a volume discount or the agency commission), line type
// (Paid, Added Value, Make-Good, Volume Discount, Agency Commission), product, flight, booked
// units, the first-party (ad server) and third-party counts, billable units, rate type (CPM, CPC,
// Flat, %), rate and amount. Beside it the IO line schedule (each IO line's monthly breakout as the
// current revision has it: rate, booked units and budget, the month it runs), the delivery
// actuals (per IO line and broadcast month: the ad server's count, the third party's, the
// discrepancy, the billable units, billable Y/N, the invoice that billed it), and the rate card.
// Written from how ad sales are billed before reading the detectors. Regular business (hard
// negatives): over-delivery capped at the IO (the ad server delivers a pad, billed to the booked
// units); under-delivery billed on actuals; make-goods (free impressions the next month, billed
// at 0); added-value placements at 0; third-party counts within the 10 % tolerance (billed on the
// ad server's) and beyond it (billed on the lower count); agency commission 15 % off gross, and
// agencies billed net (net rates, no commission line); direct advertisers; volume discounts on
// large IOs; mid-flight rate changes by IO revision; IOs cancelled with 14 days' notice; flat
// monthly sponsorships (the same invoice month after month); credit and rebill for an agency's PO;
// broadcast months crossing calendar months; zero-dollar make-good invoices. Planted (labelled,
// with the amount at risk): over-delivery billed beyond the IO's booked units; make-good
// impressions billed; the agency commission deducted twice; the commission not deducted on a gross
// IO; a flight month never billed (the next month's invoice labelled); a month after a revision
// billed at the old rate; a month's invoice issued twice; third-party discrepancy beyond tolerance
// billed on the higher count.
// Run: bun run bench/quality/media-billing.ts --seed 2501 --out /tmp/media
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, num, numberText, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "over_delivery_billed_beyond_cap" | "make_good_billed" | "commission_deducted_twice" | "commission_not_deducted"
  | "flight_month_not_billed" | "old_rate_after_revision" | "duplicate_invoice" | "higher_count_billed";
export const LEAK_KINDS: LeakKind[] = ["over_delivery_billed_beyond_cap", "make_good_billed", "commission_deducted_twice", "commission_not_deducted", "flight_month_not_billed", "old_rate_after_revision", "duplicate_invoice", "higher_count_billed"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const EXPORT_END = "2026-11-10";
const COMMISSION = 15;
const TOLERANCE = 0.1;

/** A product of the rate card: its rate type and the card rate (CPM per thousand impressions, CPC per click, Flat per broadcast month). */
interface Product { code: string; name: string; type: "CPM" | "CPC" | "Flat"; card: number }
const PRODUCTS: Product[] = [
  { code: "DSP-ROS-300", name: "Run of site display 300x250", type: "CPM", card: 9 },
  { code: "DSP-ROS-728", name: "Run of site leaderboard 728x90", type: "CPM", card: 7.5 },
  { code: "DSP-HP-970", name: "Homepage billboard 970x250", type: "CPM", card: 24 },
  { code: "VID-PRE-15", name: "Pre-roll video :15", type: "CPM", card: 28 },
  { code: "VID-PRE-30", name: "Pre-roll video :30", type: "CPM", card: 35 },
  { code: "NAT-INFEED", name: "Native in-feed", type: "CPM", card: 16 },
  { code: "AUD-EXT", name: "Audience extension", type: "CPM", card: 6 },
  { code: "CPC-SRCH", name: "Sponsored search results", type: "CPC", card: 1.85 },
  { code: "CPC-NATIVE", name: "Native click campaign", type: "CPC", card: 2.4 },
  { code: "SPN-HP-TKO", name: "Homepage takeover (monthly)", type: "Flat", card: 45000 },
  { code: "SPN-NEWS", name: "Newsletter sponsorship (monthly)", type: "Flat", card: 8500 },
  { code: "SPN-SECTION", name: "Section sponsorship (monthly)", type: "Flat", card: 15000 },
];

/** The broadcast calendar: a month ends on its last Sunday and begins the Monday after the previous month's. */
const lastSunday = (y: number, m: number) => { const d = new Date(Date.UTC(y, m, 0)); d.setUTCDate(d.getUTCDate() - d.getUTCDay()); return d.toISOString().slice(0, 10); };
interface Month { key: string; label: string; start: string; end: string }
const MONTHS: Month[] = [];
for (let i = 0; i < 22; i++) {
  const y = 2025 + Math.floor(i / 12), m = (i % 12) + 1;
  const py = m === 1 ? y - 1 : y, pm = m === 1 ? 12 : m - 1;
  MONTHS.push({ key: `${y}-${String(m).padStart(2, "0")}`, label: `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]}-${y}`, start: addDays(lastSunday(py, pm), 1), end: lastSunday(y, m) });
}

interface Advertiser { id: string; name: string; agency: Agency | null; size: number }
interface Agency { id: string; name: string; net: boolean }
interface Schedule { month: number; rate: number; booked: number; revision: number; cancelledFrom?: string }
interface IoLine { id: string; product: Product; kind: "Paid" | "Added Value" | "Make-Good"; months: Map<number, Schedule>; makeGoodOf?: IoLine }
interface Io {
  no: string; advertiser: Advertiser; signed: string; first: number; last: number; lines: IoLine[]; gross: boolean; commission: number; basis: "Actuals capped at IO" | "Third-party counts" | "As booked";
  thirdParty: string; volumePct: number; revision: number; revisions: { no: number; from: number; date: string; reason: string }[]; campaign: string; ae: string; po: string; cancelled: { notice: string; effective: string } | null;
}
interface Delivery { id: string; io: Io; line: IoLine; month: number; firstParty: number; thirdParty: number | null; billable: number; isBillable: boolean; invoice: Invoice | null }
interface Line { item: string; type: string; product: string; desc: string; flight: [string, string]; booked: number | null; fp: number | null; tp: number | null; qty: number; unit: string; rate: number; amount: number }
interface Invoice {
  no: string; type: "Invoice" | "Credit Memo"; date: string; io: Io; month: number; revision: number; related: Invoice | null; reason: string; user: string; approver: string; po: string;
  lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}

const net = (i: Invoice) => r2(i.lines.reduce((s, l) => s + l.amount, 0));
const grossOf = (i: Invoice) => r2(i.lines.filter((l) => l.type !== "Agency Commission").reduce((s, l) => s + l.amount, 0));
const commissionOf = (i: Invoice) => r2(i.lines.filter((l) => l.type === "Agency Commission").reduce((s, l) => s + l.amount, 0));
const lineAmount = (unit: string, qty: number, rate: number) => r2(unit === "CPM" ? (qty * rate) / 1000 : qty * rate);

export function generateMedia(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const users = ["billing.jchen", "billing.mrossi", "billing.okafor", "billing.lnguyen"];
  const aes = ["AE Walsh", "AE Fontaine", "AE Brooks", "AE Sato", "AE Delgado", "AE Murphy", "AE Ivanova"];
  const brands = ["Harbor", "Summit", "Bluebird", "Evergreen", "Atlas", "Northstar", "Crescent", "Pinnacle", "Redwood", "Lumen", "Vantage", "Orchard", "Keystone", "Meridian", "Cascade"];
  const trades = ["Motors", "Bank", "Wireless", "Foods", "Insurance", "Airlines", "Pharma", "Outfitters", "Hotels", "Beverages", "Streaming", "Home", "Credit Union", "Health", "Energy"];
  const agencyNames = ["Mindshare", "OMD", "Starcom", "Carat", "Wavemaker", "Zenith", "Initiative", "Horizon Media", "PHD", "Spark Foundry", "Hearts & Science", "Essence"];
  const agencies: Agency[] = agencyNames.map((n, i) => ({ id: `AGY${String(101 + i)}`, name: n, net: i % 5 === 3 }));
  const advertisers: Advertiser[] = [];
  for (let i = 0; i < 260; i++) advertisers.push({ id: `ADV${String(10_001 + i)}`, name: `${pick(brands)} ${pick(trades)}${chance(0.3) ? " Group" : ""}`, agency: chance(0.7) ? pick(agencies) : null, size: logn(1, 0.6) });

  // Insertion orders: each advertiser's campaigns, 1–6 broadcast months, 1–5 placements, each a line with a monthly breakout.
  const ios: Io[] = [];
  let ioNo = 250_000, lineNo = 7_100_000;
  for (const a of advertisers) {
    let m = int(0, 5);
    for (;;) {
      m += Math.max(1, Math.round(logn(3.5 / a.size, 0.5)));
      if (m >= MONTHS.length) break;
      const len = Math.min(MONTHS.length - m, pick([1, 1, 2, 2, 3, 3, 3, 4, 6]));
      const first = m, last = m + len - 1;
      const io: Io = {
        no: `IO-${++ioNo}`, advertiser: a, signed: addDays(MONTHS[first]!.start, -int(7, 30)), first, last, lines: [], gross: !!a.agency && !a.agency.net, commission: a.agency && !a.agency.net ? COMMISSION : 0,
        basis: chance(0.3) ? "Third-party counts" : "Actuals capped at IO", thirdParty: "", volumePct: 0, revision: 1, revisions: [], campaign: `${a.name.split(" ")[0]} ${pick(["Spring", "Summer", "Back to School", "Holiday", "Always On", "Launch", "Q1", "Q3", "Brand", "Performance"])} ${MONTHS[first]!.key.slice(0, 4)}`,
        ae: pick(aes), po: a.agency ? `PO ${int(4_000_000, 4_999_999)}` : chance(0.5) ? `${int(100_000, 999_999)}` : "", cancelled: null,
      };
      if (io.basis === "Third-party counts") io.thirdParty = pick(["Google CM360", "Flashtalking", "Innovid", "Sizmek"]);
      const n = int(1, 5);
      const rateFactor = between(0.55, 0.95);
      for (let k = 0; k < n; k++) {
        const p = k === 0 && chance(0.18) ? pick(PRODUCTS.filter((x) => x.type === "Flat")) : pick(PRODUCTS.filter((x) => x.type !== "Flat"));
        // An agency billed net is quoted the rate less its commission.
        let rate = p.type === "Flat" ? Math.round((p.card * rateFactor) / 50) * 50 : r2(p.card * rateFactor * between(0.95, 1.05));
        if (a.agency?.net) rate = p.type === "Flat" ? r2(rate * 0.85) : r2(rate * 0.85);
        const line: IoLine = { id: String(++lineNo), product: p, kind: "Paid", months: new Map() };
        const budget = logn(18_000 * a.size, 0.6);
        for (let mm = first; mm <= last; mm++) {
          const booked = p.type === "Flat" ? 1 : p.type === "CPM" ? Math.max(50, Math.round(budget / rate)) * 1000 : Math.max(500, Math.round(budget / rate / 100) * 100);
          line.months.set(mm, { month: mm, rate, booked, revision: 1 });
        }
        io.lines.push(line);
      }
      if (chance(0.2)) {
        const p = pick(PRODUCTS.filter((x) => x.type === "CPM"));
        const line: IoLine = { id: String(++lineNo), product: p, kind: "Added Value", months: new Map() };
        for (let mm = first; mm <= last; mm++) line.months.set(mm, { month: mm, rate: 0, booked: Math.round(logn(400, 0.5)) * 1000, revision: 1 });
        io.lines.push(line);
      }
      // Volume discount on large IOs: 5 % from 150,000 booked, 7.5 % from 400,000.
      const total = io.lines.reduce((s, l) => s + [...l.months.values()].reduce((t, x) => t + lineAmount(l.product.type, x.booked, x.rate), 0), 0);
      io.volumePct = total >= 400_000 ? 7.5 : total >= 150_000 ? 5 : 0;
      // A rate change by IO revision from a later month (a renegotiated CPM, a new audience segment).
      if (len >= 2 && chance(0.22)) {
        const from = int(first + 1, last);
        const rev = { no: 2, from, date: addDays(MONTHS[from]!.start, -int(3, 12)), reason: pick(["Rate renegotiated", "Audience segment changed", "Added inventory"]) };
        io.revisions.push(rev);
        io.revision = 2;
        for (const l of io.lines) if (l.kind === "Paid" && l.product.type !== "Flat" && chance(0.7)) {
          const f = between(0.85, 1.15);
          for (const [mm, s] of l.months) if (mm >= from) { s.rate = r2(s.rate * f); s.revision = 2; s.booked = l.product.type === "CPM" ? Math.max(50, Math.round((s.booked * (1 / f)) / 1000)) * 1000 : s.booked; }
        }
      } else if (len >= 3 && chance(0.1)) {
        // Cancelled with 14 days' notice: the months after the notice ends are taken off the IO, the month it ends in runs to that day.
        const cm = int(first, last - 1);
        const notice = addDays(MONTHS[cm]!.start, int(0, 20));
        const effective = addDays(notice, 14);
        io.cancelled = { notice, effective };
        io.revisions.push({ no: 2, from: cm, date: notice, reason: "Cancelled with notice" });
        io.revision = 2;
        const endMonth = MONTHS.findIndex((x) => x.start <= effective && effective <= x.end);
        for (const l of io.lines) for (const mm of [...l.months.keys()]) {
          if (mm > endMonth) l.months.delete(mm);
          else if (mm === endMonth && effective < MONTHS[mm]!.end) { const s = l.months.get(mm)!; s.cancelledFrom = addDays(effective, 1); s.revision = 2; const frac = (Date.parse(effective) - Date.parse(MONTHS[mm]!.start)) / (Date.parse(MONTHS[mm]!.end) - Date.parse(MONTHS[mm]!.start) + 86400000); if (l.product.type !== "Flat") s.booked = Math.max(1000, Math.round((s.booked * frac) / 1000) * 1000); else s.rate = r2(s.rate * Math.max(0.1, frac)); }
        }
        io.last = Math.min(io.last, endMonth);
      }
      ios.push(io);
      m = last;
    }
  }

  // Delivery and billing: each IO's broadcast month actualized after it ends, invoiced 3–10 days after its last Sunday.
  const deliveries: Delivery[] = [];
  const invoices: Invoice[] = [];
  let actNo = 0;
  const descOf = (l: IoLine, mm: number) => `${l.product.name}${l.kind === "Added Value" ? " - added value, no charge" : l.kind === "Make-Good" ? ` - make-good for line ${l.makeGoodOf!.id}, no charge` : ""} ${MONTHS[mm]!.label}`;
  for (const io of ios) {
    for (let mm = io.first; mm <= Math.max(io.last, ...io.lines.flatMap((l) => [...l.months.keys()])); mm++) {
      const month = MONTHS[mm]!;
      const date = addDays(month.end, int(3, 10));
      if (date > EXPORT_END) break;
      const revision = Math.max(1, ...io.revisions.filter((r) => r.date <= date).map((r) => r.no));
      const inv: Invoice = { no: "", type: "Invoice", date, io, month: mm, revision, related: null, reason: "", user: pick(users), approver: "", po: io.po, lines: [], regular: "regular" };
      const kinds = new Set<string>();
      for (const l of io.lines) {
        const s = l.months.get(mm);
        if (!s) continue;
        const p = l.product;
        let fp: number, tp: number | null = null, billable: number;
        if (p.type === "Flat") { fp = 1; billable = 1; kinds.add("flat_sponsorship"); }
        else {
          const r = rnd();
          const f = l.kind !== "Paid" ? between(1, 1.06) : r < 0.55 ? between(1.0, 1.08) : r < 0.82 ? between(0.97, 1) : between(0.6, 0.94);
          fp = Math.round(s.booked * f);
          let count = fp;
          if (io.basis === "Third-party counts" && p.type === "CPM") {
            const d = chance(0.22) ? between(0.11, 0.25) : between(0.01, 0.08);
            tp = Math.round(fp * (1 - d));
            // Billed on the ad server's count when the two agree within 10 %, else on the lower.
            if (d > TOLERANCE) { count = tp; kinds.add("third_party_lower_count_billed"); } else kinds.add("third_party_within_tolerance");
          }
          billable = Math.min(count, s.booked);
          if (count > s.booked && l.kind === "Paid") kinds.add("over_delivery_capped");
          if (billable < 0.95 * s.booked && l.kind === "Paid") kinds.add("under_delivery_actuals");
          // Under-delivery of 10 % or more on a paid line: half the time a make-good the next month, free.
          if (l.kind === "Paid" && billable < 0.9 * s.booked && chance(0.5) && mm + 1 < MONTHS.length) {
            const mg: IoLine = { id: String(++lineNo), product: p, kind: "Make-Good", months: new Map([[mm + 1, { month: mm + 1, rate: 0, booked: Math.round((s.booked - billable) / 1000) * 1000 || 1000, revision: io.revision + 1 }]]), makeGoodOf: l };
            io.lines.push(mg);
            io.revisions.push({ no: io.revisions.length + 2, from: mm + 1, date: addDays(month.end, int(2, 6)), reason: `Make-good for line ${l.id}` });
          }
        }
        if (l.kind === "Added Value") kinds.add("added_value");
        if (l.kind === "Make-Good") kinds.add("make_good_delivered");
        if (s.revision > 1 && !s.cancelledFrom && io.revisions.some((r) => r.reason !== "Cancelled with notice" && !r.reason.startsWith("Make-good"))) kinds.add("rate_revision");
        if (s.cancelledFrom) kinds.add("cancelled_with_notice");
        const rate = l.kind === "Paid" ? s.rate : 0;
        const d: Delivery = { id: `ACT-${String(++actNo).padStart(7, "0")}`, io, line: l, month: mm, firstParty: fp, thirdParty: tp, billable, isBillable: l.kind === "Paid", invoice: inv };
        deliveries.push(d);
        const end = s.cancelledFrom ? addDays(s.cancelledFrom, -1) : month.end;
        inv.lines.push({ item: l.id, type: l.kind, product: p.code, desc: descOf(l, mm) + (s.cancelledFrom ? ` (cancelled effective ${usDate(io.cancelled!.effective)})` : ""), flight: [month.start, end], booked: s.booked, fp: p.type === "Flat" ? null : fp, tp, qty: billable, unit: p.type, rate, amount: lineAmount(p.type, billable, rate) });
      }
      if (inv.lines.length === 0) continue;
      addAdjustments(inv);
      if (io.volumePct) kinds.add("volume_discount");
      const a = io.advertiser;
      inv.regular = grossOf(inv) === 0 ? "zero_invoice_make_good" : kinds.has("third_party_lower_count_billed") ? "third_party_lower_count_billed" : kinds.has("make_good_delivered") ? "make_good_delivered" : kinds.has("cancelled_with_notice") ? "cancelled_with_notice"
        : kinds.has("rate_revision") ? "rate_revision" : kinds.has("over_delivery_capped") ? "over_delivery_capped" : kinds.has("under_delivery_actuals") ? "under_delivery_actuals" : kinds.has("added_value") ? "added_value"
        : kinds.has("volume_discount") ? "volume_discount" : kinds.has("flat_sponsorship") ? "flat_sponsorship" : kinds.has("third_party_within_tolerance") ? "third_party_within_tolerance"
        : a.agency?.net ? "agency_billed_net" : !a.agency ? "direct_advertiser" : "regular";
      invoices.push(inv);
    }
  }
  /** The volume discount (in % of the media) and the agency commission (in % of the media after the discount) of a bill. */
  function addAdjustments(inv: Invoice) {
    inv.lines = inv.lines.filter((l) => l.type !== "Volume Discount" && l.type !== "Agency Commission");
    const media = r2(inv.lines.reduce((s, l) => s + l.amount, 0));
    const month = MONTHS[inv.month]!;
    if (inv.io.volumePct && media > 0) inv.lines.push({ item: "VOL-DISC", type: "Volume Discount", product: "VOL-DISC", desc: `Volume discount ${inv.io.volumePct}%`, flight: [month.start, month.end], booked: null, fp: null, tp: null, qty: media, unit: "%", rate: inv.io.volumePct, amount: -r2((media * inv.io.volumePct) / 100) });
    const basis = r2(inv.lines.reduce((s, l) => s + l.amount, 0));
    if (inv.io.gross && basis > 0) inv.lines.push({ item: "AGY-COMM", type: "Agency Commission", product: "AGY-COMM", desc: `Agency commission ${inv.io.commission}% - ${inv.io.advertiser.agency!.name}`, flight: [month.start, month.end], booked: null, fp: null, tp: null, qty: basis, unit: "%", rate: inv.io.commission, amount: -r2((basis * inv.io.commission) / 100) });
  }

  // Credit and rebill: an agency rejects a bill (its PO missing or wrong); the bill is credited in full and issued again with the PO.
  const credits: Invoice[] = [];
  const rebills: Invoice[] = [];
  for (const inv of invoices) {
    if (!inv.io.advertiser.agency || !chance(0.03)) continue;
    const cm: Invoice = { ...inv, type: "Credit Memo", date: addDays(inv.date, int(5, 20)), related: inv, reason: "AGENCY PO REQUIRED", user: pick(users), approver: "billing.manager", lines: inv.lines.map((l) => ({ ...l, qty: -l.qty, amount: -l.amount })), regular: "credit_and_rebill" };
    const rb: Invoice = { ...inv, date: addDays(cm.date, int(0, 3)), related: inv, reason: "REBILL", user: cm.user, approver: "", lines: inv.lines.map((l) => ({ ...l })), regular: "credit_and_rebill" };
    inv.po = "";
    credits.push(cm);
    rebills.push(rb);
    for (const d of deliveries) if (d.invoice === inv) d.invoice = rb;
  }
  const rebilled = new Set(rebills.map((r) => r.related!));

  // Planting: 5 documents of each kind (≈ 0.5 %).
  const N = 5;
  const used = new Set<Invoice>();
  const dropped = new Set<Invoice>();
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plantSome = (pool: Invoice[], into: (i: Invoice) => boolean) => { let n = 0; for (const i of take(pool, pool.length)) { if (n >= N) break; if (!used.has(i) && !dropped.has(i) && into(i)) { used.add(i); n++; } } };
  const open = (i: Invoice) => i.type === "Invoice" && !rebilled.has(i) && i.date >= "2025-02-10" && i.date <= "2026-10-31" && grossOf(i) > 0;
  const deliveryOf = (inv: Invoice, l: Line) => deliveries.find((d) => d.invoice === inv && d.line.id === l.item)!;
  const rebill = (inv: Invoice, mutate: () => void, kind: LeakKind) => { const before = net(inv); mutate(); addAdjustments(inv); inv.leak = { kind, risk: r2(Math.abs(net(inv) - before)) }; };
  // 1. Over-delivery billed beyond the IO: the line's basis left "actuals, uncapped", the ad server's full count billed (and actualized).
  plantSome(invoices.filter((i) => open(i) && i.io.basis === "Actuals capped at IO"), (inv) => {
    const l = inv.lines.find((x) => x.type === "Paid" && x.unit !== "Flat" && x.fp !== null && x.fp > x.booked! * 1.02);
    if (!l) return false;
    rebill(inv, () => { l.qty = l.fp!; l.amount = lineAmount(l.unit, l.qty, l.rate); deliveryOf(inv, l).billable = l.qty; }, "over_delivery_billed_beyond_cap");
    return true;
  });
  // 2. Make-good impressions billed at the rate of the line they make good.
  plantSome(invoices.filter((i) => open(i)), (inv) => {
    const l = inv.lines.find((x) => x.type === "Make-Good");
    if (!l) return false;
    const of = inv.io.lines.find((x) => x.id === l.item)!.makeGoodOf!;
    const rate = [...of.months.values()].at(-1)!.rate;
    rebill(inv, () => { l.rate = rate; l.amount = lineAmount(l.unit, l.qty, rate); l.desc = l.desc.replace(", no charge", ""); }, "make_good_billed");
    return true;
  });
  // 3. The agency commission deducted twice (the line keyed again by hand).
  plantSome(invoices.filter((i) => open(i) && i.io.gross), (inv) => {
    const c = inv.lines.find((x) => x.type === "Agency Commission")!;
    const before = net(inv);
    inv.lines.push({ ...c });
    inv.leak = { kind: "commission_deducted_twice", risk: r2(before - net(inv)) };
    return true;
  });
  // 4. The commission not deducted on a gross IO (the agency billed the gross).
  plantSome(invoices.filter((i) => open(i) && i.io.gross), (inv) => {
    const c = inv.lines.find((x) => x.type === "Agency Commission")!;
    inv.lines = inv.lines.filter((x) => x !== c);
    inv.leak = { kind: "commission_not_deducted", risk: r2(-c.amount) };
    return true;
  });
  // 5. A flight month never billed: a middle month's invoice never issued; the next month's invoice labelled.
  plantSome(invoices.filter((i) => open(i) && i.month > i.io.first), (inv) => {
    const prev = invoices.find((x) => x.io === inv.io && x.month === inv.month - 1 && x.type === "Invoice");
    if (!prev || used.has(prev) || rebilled.has(prev) || grossOf(prev) <= 0 || invoices.some((x) => x.io === inv.io && (used.has(x) || dropped.has(x)))) return false;
    dropped.add(prev);
    for (const d of deliveries) if (d.invoice === prev) d.invoice = null;
    inv.leak = { kind: "flight_month_not_billed", risk: net(prev) };
    return true;
  });
  // 6. A month after a rate revision billed at the old rate.
  plantSome(invoices.filter((i) => open(i) && i.io.revisions.some((r) => r.reason !== "Cancelled with notice" && !r.reason.startsWith("Make-good") && r.from <= i.month)), (inv) => {
    const ch = inv.lines.filter((x) => x.type === "Paid" && inv.io.lines.find((l) => l.id === x.item)!.months.get(inv.month)!.revision === 2);
    if (!ch.length) return false;
    rebill(inv, () => { for (const l of ch) { const line = inv.io.lines.find((x) => x.id === l.item)!; const old = line.months.get(inv.io.first)!.rate; l.rate = old; l.amount = lineAmount(l.unit, l.qty, old); } }, "old_rate_after_revision");
    return inv.leak!.risk > 0;
  });
  // 7. A month's invoice issued twice (the billing run re-run): a copy under the next number.
  const copies: Invoice[] = [];
  for (const inv of take(invoices.filter((i) => open(i) && !used.has(i) && !dropped.has(i)), N)) {
    const copy: Invoice = { ...inv, date: addDays(inv.date, int(0, 4)), lines: inv.lines.map((l) => ({ ...l })), user: pick(users), leak: undefined };
    copy.leak = { kind: "duplicate_invoice", risk: net(inv) };
    copies.push(copy);
    used.add(inv);
  }
  // 8. A third-party discrepancy beyond the tolerance billed on the higher (the ad server's) count.
  plantSome(invoices.filter((i) => open(i) && i.io.basis === "Third-party counts"), (inv) => {
    const l = inv.lines.find((x) => x.type === "Paid" && x.tp !== null && x.fp !== null && x.tp < x.fp * (1 - TOLERANCE) && Math.min(x.fp, x.booked!) > x.qty * 1.03);
    if (!l) return false;
    rebill(inv, () => { l.qty = Math.min(l.fp!, l.booked!); l.amount = lineAmount(l.unit, l.qty, l.rate); deliveryOf(inv, l).billable = l.qty; }, "higher_count_billed");
    return true;
  });

  // Numbers in the order issued: invoices INV-, credit memos CM-.
  const all = [...invoices.filter((i) => !dropped.has(i)), ...rebills, ...credits, ...copies].filter((d) => d.date <= EXPORT_END).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.io.no < b.io.no ? -1 : a.io.no > b.io.no ? 1 : a.type < b.type ? -1 : 1));
  let invSeq = 0, cmSeq = 0;
  for (const d of all) d.no = d.type === "Credit Memo" ? `CM-${String(++cmSeq).padStart(6, "0")}` : `INV-${String(++invSeq).padStart(7, "0")}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, ios, deliveries: deliveries.filter((d) => addDays(MONTHS[d.month]!.end, 2) <= EXPORT_END), labels };
}

// The billing system's invoice detail export: MM/DD/YYYY, money "1,234.56", units as integers, "," between columns; the invoice's header on each row.
export function writeMedia(seed: number, out: string) {
  const g = generateMedia(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice Number", "Invoice Type", "Invoice Date", "Broadcast Month", "Period Start", "Period End", "Advertiser ID", "Advertiser", "Agency ID", "Agency", "Bill To", "Billing Type", "Agency Commission %",
    "IO Number", "IO Revision", "Campaign", "Billing Basis", "3P Ad Server", "PO Number", "Related Invoice", "Reason Code", "Account Executive", "Billed By", "Approved By", "Currency", "Gross Amount", "Commission Amount", "Net Amount",
    "Line No", "Item ID", "Line Type", "Product Code", "Description", "Flight Start", "Flight End", "Booked Units", "1P Delivered", "3P Delivered", "Billable Units", "Rate Type", "Rate", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const io = d.io, a = io.advertiser, m = MONTHS[d.month]!;
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), m.label, usDate(m.start), usDate(m.end), a.id, a.name, a.agency?.id ?? "", a.agency?.name ?? "", a.agency ? `${a.agency.name} obo ${a.name}` : a.name, a.agency ? (a.agency.net ? "Net" : "Gross") : "Direct", io.gross ? String(io.commission) : "0",
      io.no, String(d.revision), io.campaign, io.basis, io.thirdParty, d.po, d.related?.no ?? "", d.reason, io.ae, d.user, d.approver, "USD", num(grossOf(d)), num(-commissionOf(d)), num(net(d)),
      String(i + 1), l.item, l.type, l.product, l.desc, usDate(l.flight[0]), usDate(l.flight[1]), numberText(l.booked), numberText(l.fp), numberText(l.tp), numberText(l.qty), l.unit, numberText(l.rate), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "billing_detail.csv"), csv(header, rows));
  // The IO line schedule as the current revision has it: a row per IO line and broadcast month; an IO's commission and volume discount as rows of their own.
  const sched: string[][] = [];
  for (const io of g.ios) {
    const a = io.advertiser;
    for (const l of io.lines) for (const s of [...l.months.values()].sort((x, y) => x.month - y.month)) {
      const m = MONTHS[s.month]!;
      const end = s.cancelledFrom ? addDays(s.cancelledFrom, -1) : m.end;
      sched.push([io.no, String(s.revision), a.id, l.id, l.kind, l.product.code, l.product.name, m.label, usDate(m.start), usDate(end), l.product.type, "USD", numberText(l.kind === "Paid" ? s.rate : 0), String(s.booked), num(l.kind === "Paid" ? lineAmount(l.product.type, s.booked, s.rate) : 0), "Monthly", "Arrears", s.cancelledFrom ? "Cancelled" : "Active"]);
    }
    const from = MONTHS[io.first]!.start, to = MONTHS[Math.max(io.last, ...io.lines.flatMap((l) => [...l.months.keys()]))]!.end;
    if (io.volumePct) sched.push([io.no, String(io.revision), a.id, "VOL-DISC", "Volume Discount", "VOL-DISC", "Volume discount", "", usDate(from), usDate(to), "%", "USD", String(io.volumePct), "", "", "Per Invoice", "Arrears", "Active"]);
    if (io.gross) sched.push([io.no, String(io.revision), a.id, "AGY-COMM", "Agency Commission", "AGY-COMM", `Agency commission - ${a.agency!.name}`, "", usDate(from), usDate(to), "%", "USD", String(io.commission), "", "", "Per Invoice", "Arrears", "Active"]);
  }
  writeFileSync(join(out, "ref", "io_line_schedule.csv"), csv(["IO Number", "IO Revision", "Advertiser ID", "Item ID", "Line Type", "Product Code", "Product", "Broadcast Month", "Start Date", "End Date", "Rate Type", "Currency", "Rate", "Booked Units", "Booked Amount", "Billing Frequency", "Billing Timing", "Line Status"], sched));
  // The IO revisions (the header of each change), for the record.
  const revs: string[][] = g.ios.flatMap((io) => io.revisions.map((r) => [io.no, String(r.no), usDate(r.date), MONTHS[r.from]!.label, r.reason]));
  writeFileSync(join(out, "ref", "io_revisions.csv"), csv(["IO Number", "Revision", "Revision Date", "Effective Month", "Reason"], revs));
  // The delivery actuals: per IO line and broadcast month, the ad server's and the third party's counts and what was billable.
  const act: string[][] = g.deliveries.map((d) => {
    const m = MONTHS[d.month]!;
    const disc = d.thirdParty === null ? "" : (((d.firstParty - d.thirdParty) / d.firstParty) * 100).toFixed(1);
    return [d.id, d.io.no, d.io.advertiser.id, d.line.id, d.line.product.code, m.label, usDate(m.start), usDate(m.end), d.line.product.type, String(d.firstParty), d.thirdParty === null ? "" : String(d.thirdParty), d.io.thirdParty, disc, String(d.billable), d.isBillable ? "Y" : "N", d.invoice && d.invoice.date <= EXPORT_END ? d.invoice.no : ""];
  });
  writeFileSync(join(out, "ref", "delivery_actuals.csv"), csv(["Actualization ID", "IO Number", "Advertiser ID", "Item ID", "Product Code", "Broadcast Month", "Period Start", "Period End", "Rate Type", "1P Delivered", "3P Delivered", "3P Ad Server", "Discrepancy %", "Billable Units", "Billable", "Invoice Number"], act));
  // The rate card.
  writeFileSync(join(out, "ref", "rate_card.csv"), csv(["Product Code", "Product", "Rate Type", "Currency", "Card Rate", "Effective Date"], PRODUCTS.map((p) => [p.code, p.name, p.type, "USD", numberText(p.card), "01/01/2025"])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, ios: g.ios.length, schedule_rows: sched.length, actuals: act.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeMedia(Number(arg("--seed", "2501")), arg("--out", "/tmp/media-2501"))));
}
