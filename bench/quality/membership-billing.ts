// An independent billing data set (the fortieth, 2026-11-29): a multi-club fitness chain's
// membership dues billing over 22 months (January 2025 – October 2026), exported from its club
// management system (ABC Glofox / ClubReady / Club Automation style) as the billing transaction
// detail: one row per invoice line, the invoice's header on each (invoice number and type, date,
// the member — or the employer for a corporate wellness invoice —, the membership agreement, home
// club, membership type, member status, billing day, corporate account, the billing period's first
// and last day, the original invoice a credit names, user and approver, payment status and
// attempts, total), per line the item code and the club whose rate it is, the description, the
// quantity, unit, unit price and amount. Beside it the club rate table (each membership type's and
// add-on's rate per club, with its effective date: the chain raised dues on 1 January 2026) and the
// member agreements (each agreement's dues, add-ons, freeze, enhancement fee and initiation fee
// rows, with the rate, quantity, start and end and billing frequency; a corporate agreement a row
// per enrolled employee), and the clubs' visit counts per member and month (not read: no field of
// the product takes them). Written from how a gym chain bills before reading the detectors.
// Regular business (hard negatives): legacy members on grandfathered rates (rate lock, no
// increase); staff memberships and complimentary ones at 0; new members' promotional months at a
// reduced rate stepping up to the club's rate; the first month prorated from the join day to the
// billing day; the initiation fee (waived on promotion); members frozen (medical, travel) billed only
// the monthly freeze fee; corporate wellness members billed on their employer's monthly invoice
// (no personal invoice); a mid-month plan upgrade prorated (a credit for the old plan's unused days,
// a charge for the new one's); cancellations with 30 days' notice (one final month billed); transfers
// to another club at its rate; the 1 January 2026 increase on every member not grandfathered; the
// annual enhancement fee every June; paid-in-full annual members (one invoice a year, the
// enhancement fee waived, a $0 line); failed payments retried (the invoice exists once; some
// followed by a declined-payment fee); add-ons (personal training packs, towel service, family
// add-on members, kids club) starting and ending on billing days.
// Planted (labelled, with the amount at risk): an add-on still in the agreement (and used) not
// billed; a freeze never ended (the member checks in, billed the freeze fee past its end); the
// enhancement fee skipped; a promotion never stepped up; the price increase missed for a member
// not grandfathered; a cancelled member still billed (overbilling); a dues invoice billed twice in
// a month; a transferred member billed the old club's lower rate.
// Run: bun run bench/quality/membership-billing.ts --seed 1951 --out /tmp/membership
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, num, numberText, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "addon_not_billed" | "freeze_never_ended" | "annual_fee_skipped" | "promo_never_stepped_up"
  | "price_increase_missed" | "cancelled_still_billed" | "dues_billed_twice" | "transfer_old_club_rate";
export const LEAK_KINDS: LeakKind[] = ["addon_not_billed", "freeze_never_ended", "annual_fee_skipped", "promo_never_stepped_up", "price_increase_missed", "cancelled_still_billed", "dues_billed_twice", "transfer_old_club_rate"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const START = "2025-01-01", END = "2026-10-31", INCREASE = "2026-01-01";
interface Club { id: string; name: string; basic: number; premium: number }
const CLUBS: Club[] = [
  { id: "C101", name: "Summit Fitness Downtown", basic: 44.99, premium: 64.99 },
  { id: "C102", name: "Summit Fitness Westlake", basic: 39.99, premium: 59.99 },
  { id: "C103", name: "Summit Fitness Riverside", basic: 34.99, premium: 54.99 },
  { id: "C104", name: "Summit Fitness Northgate", basic: 29.99, premium: 49.99 },
  { id: "C105", name: "Summit Fitness Harbor Point", basic: 49.99, premium: 69.99 },
  { id: "C106", name: "Summit Fitness Cedar Park", basic: 32.99, premium: 52.99 },
];
const RAISE = { BAS: 5, PRM: 7 };
type Plan = "BAS" | "PRM";
const planItem = (p: Plan) => (p === "BAS" ? "DUES-BAS" : "DUES-PRM");
const planName = (p: Plan) => (p === "BAS" ? "Basic Single Club" : "Premium All Access");
const clubRate = (club: Club, p: Plan, day: string) => r2((p === "BAS" ? club.basic : club.premium) + (day >= INCREASE ? RAISE[p] : 0));
const ADDONS = [
  { item: "PT-4", desc: "Personal Training 4 Sessions/Month", rate: 199 },
  { item: "PT-8", desc: "Personal Training 8 Sessions/Month", rate: 359 },
  { item: "TOWEL", desc: "Towel Service", rate: 9.99 },
  { item: "FAMILY", desc: "Family Add-On Member", rate: 24.99 },
  { item: "KIDS", desc: "Kids Club", rate: 14.99 },
];
const FREEZE_FEE = 10, AEF = 49.99, ENROLL = 99, NSF = 15;
const CORPS = [
  { id: "CORP-8001", name: "Lakeside Health System", rate: 24.99 },
  { id: "CORP-8002", name: "Vantage Logistics LLC", rate: 19.99 },
  { id: "CORP-8003", name: "City of Riverton", rate: 29.99 },
];

/** An agreement row: what the member's agreement says is billed, at what rate, from and to. */
interface Row { agreement: string; member: string; club: string; item: string; desc: string; qty: number; rate: number; from: string; to: string; freq: "Monthly" | "Annual" | "One-time"; lock: string; note: string }
interface Line { item: string; club: string; desc: string; qty: number; unit: string; rate: number; amount: number }
interface Doc {
  no: string; type: "Invoice" | "Credit Memo"; date: string; customer: string; billTo: string; agreement: string; club: string; mtype: string; status: string; billDay: number | null; corp: string;
  from: string; to: string; original: Doc | null; user: string; approver: string; payStatus: string; attempts: number; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Member {
  id: string; name: string; agreement: string; club: Club; plan: Plan | "STAFF" | "COMP" | "PIF"; pifPlan: Plan; billDay: number; joined: string; lock: boolean;
  corp: string; promo: number; cancelNotice: string; rows: Row[];
}

const total = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
/** The member's billing day in the month of `iso`. */
const billDate = (iso: string, day: number) => `${iso.slice(0, 8)}${String(day).padStart(2, "0")}`;

export function generateMembership(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const firsts = ["Alex", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Avery", "Jamie", "Priya", "Wei", "Carlos", "Fatima", "Liam", "Sofia", "Noah", "Emma", "Mateo", "Aisha", "Ethan", "Mia", "Olivia", "Lucas", "Chloe", "Diego"];
  const lasts = ["Smith", "Garcia", "Nguyen", "Patel", "Johnson", "Kim", "Brown", "Lopez", "Williams", "Chen", "Okafor", "Davis", "Martinez", "Singh", "Miller", "Wilson", "Anderson", "Hernandez", "Reyes", "Cohen"];
  const frontDesk = ["jlee", "mramos", "tbaker", "kpatel", "dnguyen", "srivera"];
  const managers = ["GM-C101", "GM-C102", "GM-C103", "GM-C104", "GM-C105", "GM-C106"];
  let mno = 20_000;
  const members: Member[] = [];
  const row = (m: Member, r: Omit<Row, "agreement" | "member" | "lock"> & { lock?: string }) => { const x: Row = { agreement: m.agreement, member: m.id, lock: "", ...r }; m.rows.push(x); return x; };

  // Members: the book at January 2025 (joined 2018–2024) and 30 joins a month since.
  const newMember = (joined: string, existing: boolean): Member => {
    const id = `M${++mno}`;
    const p = rnd();
    const corp = p < 0.07 ? pick(CORPS).id : "";
    const plan: Member["plan"] = corp ? "BAS" : p < 0.1 ? "STAFF" : p < 0.115 ? "COMP" : p < 0.165 ? "PIF" : p < 0.6 ? "BAS" : "PRM";
    const billDay = existing ? pick([1, 1, 15]) : pick([1, 15]);
    return {
      id, name: `${pick(lasts)}, ${pick(firsts)}`, agreement: corp ? corp.replace("CORP", "CA") : `AG${id.slice(1)}`, club: pick(CLUBS), plan, pifPlan: chance(0.6) ? "BAS" : "PRM", billDay, joined,
      lock: existing && joined < "2022-01-01" && (plan === "BAS" || plan === "PRM") && !corp && chance(0.55), corp, promo: !existing && !corp && (plan === "BAS" || plan === "PRM") && chance(0.35) ? 3 : 0, cancelNotice: "", rows: [],
    };
  };
  for (let i = 0; i < 700; i++) members.push(newMember(addDays("2018-01-01", int(0, 2550)), true));
  for (let mi = 0; mi < 22; mi++) {
    const month = addMonths(START, mi);
    for (let i = 0; i < 30; i++) members.push(newMember(addDays(month, int(0, 27)), false));
  }

  const docs: Doc[] = [];
  const regularDoc = (d: Omit<Doc, "no">) => { const x = { ...d, no: "" } as Doc; docs.push(x); return x; };
  const corpMembers: Member[] = [];

  for (const m of members) {
    if (m.corp) { corpMembers.push(m); continue; }
    const existing = m.joined < START;
    // Billing days from the first on or after the join (or the export's start).
    const firstBill = (() => { const b = billDate(m.joined, m.billDay); return b >= m.joined ? b : billDate(addMonths(b, 1), m.billDay); })();
    // Cancellation: 1.4 % a month of the book gives notice; 30 days' notice, one final month billed.
    let finalBill = "";
    for (let mi = 0; mi < 22; mi++) {
      const month = addMonths(START, mi);
      if (month < m.joined || m.plan === "PIF" || m.plan === "STAFF") continue;
      if (chance(0.014)) {
        const notice = addDays(month, int(0, 27));
        if (notice <= m.joined || notice > "2026-09-20") break;
        m.cancelNotice = notice;
        // The billing day within the 30 days' notice bills the final month.
        let b = billDate(notice, m.billDay);
        if (b <= notice) b = billDate(addMonths(b, 1), m.billDay);
        finalBill = b;
        break;
      }
    }
    const endOf = (b: string) => addDays(billDate(addMonths(b, 1), m.billDay), -1);
    const agreementEnd = finalBill ? endOf(finalBill) : "";
    const club0 = m.club;
    if (m.plan === "STAFF" || m.plan === "COMP") {
      const item = m.plan === "STAFF" ? "DUES-STF" : "DUES-PRM";
      row(m, { club: club0.id, item, desc: m.plan === "STAFF" ? "Staff Membership" : "Premium All Access - complimentary (GM approved)", qty: 1, rate: 0, from: m.joined, to: agreementEnd, freq: "Monthly", note: m.plan === "STAFF" ? "Employee" : "Complimentary" });
    } else if (m.plan === "PIF") {
      // Paid in full: a year's dues at ten months' rate on each anniversary; enhancement fee waived.
      const anniv = (y: number) => `${y}${m.joined.slice(4, 10) === "-02-29" ? "-02-28" : m.joined.slice(4, 10)}`;
      const a2026 = anniv(2026);
      const item = m.pifPlan === "BAS" ? "ANN-BAS" : "ANN-PRM";
      const oldRate = r2(clubRate(club0, m.pifPlan, "2025-06-01") * 10), newRate = r2(clubRate(club0, m.pifPlan, INCREASE) * 10);
      row(m, { club: club0.id, item, desc: `Annual Paid in Full - ${planName(m.pifPlan)}`, qty: 1, rate: oldRate, from: m.joined, to: addDays(a2026, -1), freq: "Annual", note: "" });
      row(m, { club: club0.id, item, desc: `Annual Paid in Full - ${planName(m.pifPlan)}`, qty: 1, rate: newRate, from: a2026, to: "", freq: "Annual", note: "Renewal at 2026 rate" });
      row(m, { club: club0.id, item: "AEF", desc: "Annual Enhancement Fee", qty: 1, rate: 0, from: m.joined, to: "", freq: "Annual", note: "Waived - paid in full" });
      continue;
    } else {
      const plan = m.plan as Plan;
      // Events on billing days: a promotion's end, a freeze, a transfer, a plan upgrade mid-month.
      const promoEnd = m.promo ? billDate(addMonths(firstBill, m.promo), m.billDay) : "";
      const promoRate = m.promo ? r2(Math.round(clubRate(club0, plan, m.joined) * 0.5) - 0.01) : 0;
      const lastDay = agreementEnd || END;
      const billDays: string[] = [];
      for (let b = firstBill; b <= lastDay; b = billDate(addMonths(b, 1), m.billDay)) if (b >= billDate(START, m.billDay)) billDays.push(b);
      const mid = billDays.filter((b) => b > addMonths(firstBill, 1) && (!promoEnd || b > promoEnd) && b < addMonths(lastDay, -1));
      // At most one of: freeze, transfer, upgrade.
      const ev = rnd();
      let freeze: { from: string; to: string; reason: string } | null = null, transfer: { on: string; to: Club } | null = null, upgrade = "";
      if (mid.length > 4 && ev < 0.1) {
        const from = pick(mid.slice(0, -3));
        const n = int(1, 3);
        freeze = { from, to: addDays(billDate(addMonths(from, n), m.billDay), -1), reason: pick(["Medical", "Travel", "Travel"]) };
      } else if (mid.length > 4 && ev < 0.15) {
        transfer = { on: pick(mid.slice(0, -2)), to: pick(CLUBS.filter((c) => c !== club0)) };
      } else if (mid.length > 4 && ev < 0.19 && plan === "BAS") {
        const b = pick(mid.slice(0, -2));
        upgrade = addDays(b, int(4, 24));
      }
      // The dues rows: split at the promotion's end, the increase (unless locked), a freeze, a transfer, an upgrade.
      const cuts = new Set<string>([m.joined]);
      if (promoEnd) cuts.add(promoEnd);
      if (!m.lock && INCREASE > m.joined) cuts.add(INCREASE);
      if (freeze) { cuts.add(freeze.from); cuts.add(addDays(freeze.to, 1)); }
      if (transfer) cuts.add(transfer.on);
      if (upgrade) cuts.add(upgrade);
      const bounds = [...cuts].filter((c) => !agreementEnd || c <= agreementEnd).sort();
      const legacy = m.lock ? r2(clubRate(club0, plan, "2020-01-01") - pick([5, 7, 10])) : 0;
      for (let i = 0; i < bounds.length; i++) {
        const from = bounds[i]!, to = i + 1 < bounds.length ? addDays(bounds[i + 1]!, -1) : agreementEnd;
        const club = transfer && from >= transfer.on ? transfer.to : club0;
        const p: Plan = upgrade && from >= upgrade ? "PRM" : plan;
        if (freeze && from >= freeze.from && from <= freeze.to) {
          row(m, { club: club.id, item: "FREEZE", desc: `Membership Freeze - ${freeze.reason}`, qty: 1, rate: FREEZE_FEE, from, to, freq: "Monthly", note: `${freeze.reason} freeze` });
          continue;
        }
        const rate = m.lock ? legacy : promoEnd && from < promoEnd ? promoRate : clubRate(club, p, from);
        row(m, { club: club.id, item: planItem(p), desc: `Monthly Dues - ${planName(p)}`, qty: 1, rate, from, to, freq: "Monthly", lock: m.lock ? "Y" : "", note: m.lock ? "Grandfathered rate" : promoEnd && from < promoEnd ? `Promo ${m.promo} months half price` : transfer && from >= transfer.on ? `Transferred from ${club0.id}` : "" } as Row);
      }
      // Add-ons from and to billing days.
      const addOnPool = billDays.filter((b) => b >= addMonths(firstBill, 1) && (!freeze || b < freeze.from || b > freeze.to));
      if (addOnPool.length > 4 && chance(0.3) && !freeze) {
        const a = pick(chance(0.12) ? ADDONS.slice(0, 2) : ADDONS.slice(2));
        const startIdx = int(0, Math.max(0, addOnPool.length - 4));
        const from = addOnPool[startIdx]!;
        const ends = chance(0.4) ? addOnPool[Math.min(addOnPool.length - 1, startIdx + int(3, 9))]! : "";
        const qty = a.item === "FAMILY" ? int(1, 3) : 1;
        row(m, { club: (transfer && from >= transfer.on ? transfer.to : club0).id, item: a.item, desc: a.desc, qty, rate: a.rate, from, to: ends ? addDays(ends, -1) : agreementEnd, freq: "Monthly", note: "" });
      }
      // The enhancement fee every June, from the first June at least two months after the join.
      const firstJune = m.joined <= `${m.joined.slice(0, 4)}-04-01` ? `${m.joined.slice(0, 4)}-06-01` : `${Number(m.joined.slice(0, 4)) + 1}-06-01`;
      if (!agreementEnd || agreementEnd >= firstJune) row(m, { club: club0.id, item: "AEF", desc: "Annual Enhancement Fee", qty: 1, rate: AEF, from: firstJune < "2024-06-01" ? "2024-06-01" : firstJune, to: agreementEnd, freq: "Annual", note: "" });
      if (!existing) row(m, { club: club0.id, item: "ENROLL", desc: "Initiation Fee", qty: 1, rate: m.promo ? 0 : ENROLL, from: m.joined, to: m.joined, freq: "One-time", note: m.promo ? "Waived - promotion" : "" });
      (m as Member & { ev?: unknown }).ev = { freeze, transfer, upgrade, finalBill, billDays, promoEnd };
    }
    // Billing: each billing day, every monthly row in force that day; June adds the enhancement fee.
    const ev = (m as Member & { ev?: { freeze: { from: string; to: string; reason: string } | null; transfer: { on: string; to: Club } | null; upgrade: string; finalBill: string; billDays: string[]; promoEnd: string } }).ev;
    const billDays = ev?.billDays ?? (() => { const out: string[] = []; for (let b = firstBill; b <= (agreementEnd || END); b = billDate(addMonths(b, 1), m.billDay)) if (b >= billDate(START, m.billDay)) out.push(b); return out; })();
    const inForce = (r: Row, d: string) => r.from <= d && (!r.to || d <= r.to);
    const clubAt = (d: string) => (ev?.transfer && d >= ev.transfer.on ? ev.transfer.to : club0);
    // The join invoice: the initiation fee and the first month prorated from the join day to the billing day.
    if (!existing) {
      const dues = m.rows.find((r) => r.freq === "Monthly" && r.item.startsWith("DUES") && inForce(r, m.joined))!;
      const lines: Line[] = [];
      const enroll = m.rows.find((r) => r.item === "ENROLL");
      if (enroll) lines.push({ item: "ENROLL", club: club0.id, desc: enroll.rate ? "Initiation Fee" : "Initiation Fee - waived (promotion)", qty: 1, unit: "EA", rate: enroll.rate, amount: enroll.rate });
      if (m.joined !== firstBill) {
        const periodDays = days(billDate(addMonths(firstBill, -1), m.billDay), firstBill), n = days(m.joined, firstBill);
        lines.push({ item: dues.item, club: club0.id, desc: `${dues.desc} - prorated ${usDate(m.joined).slice(0, 5)}-${usDate(addDays(firstBill, -1)).slice(0, 5)} (${n} days)`, qty: 1, unit: "MO", rate: r2((dues.rate * n) / periodDays), amount: r2((dues.rate * n) / periodDays) });
      }
      if (lines.length) regularDoc({ type: "Invoice", date: m.joined, customer: m.id, billTo: m.name, agreement: m.agreement, club: club0.id, mtype: m.plan === "BAS" || m.plan === "PRM" ? planItem(m.plan) : m.plan, status: "Active", billDay: m.billDay, corp: "", from: m.joined, to: addDays(firstBill, -1), original: null, user: pick(frontDesk), approver: m.plan === "COMP" ? managers[CLUBS.indexOf(club0)]! : "", payStatus: "Paid", attempts: 1, lines, regular: m.joined !== firstBill ? "prorated_first_month" : m.promo ? "initiation_waived_promo" : "join_invoice" });
    }
    for (const b of billDays) {
      const club = clubAt(b);
      const rows = m.rows.filter((r) => r.freq === "Monthly" && inForce(r, b));
      const aef = b.slice(5, 7) === "06" ? m.rows.find((r) => r.item === "AEF" && inForce(r, b)) : undefined;
      if (rows.length === 0 && !aef) continue;
      const lines: Line[] = rows.map((r) => ({ item: r.item, club: r.club, desc: r.item.startsWith("DUES") && ev?.finalBill === b ? `${r.desc} - final month (30-day notice)` : r.note.startsWith("Promo") ? `${r.desc} - promotional rate` : r.desc, qty: r.qty, unit: "MO", rate: r.rate, amount: r2(r.qty * r.rate) }));
      if (aef) lines.push({ item: "AEF", club: aef.club, desc: `Annual Enhancement Fee ${b.slice(0, 4)}`, qty: 1, unit: "YR", rate: aef.rate, amount: aef.rate });
      const frozen = rows.some((r) => r.item === "FREEZE");
      const due = rows.find((r) => r.item.startsWith("DUES"));
      const failed = chance(0.04) && total({ lines } as Doc) > 0;
      const regular = frozen ? "freeze_fee_only" : m.plan === "STAFF" ? "staff_membership_zero" : m.plan === "COMP" ? "comp_membership_zero" : ev?.finalBill === b ? "final_month_after_notice" : aef ? "annual_fee_june"
        : due?.note.startsWith("Promo") ? "promo_month" : ev?.promoEnd && b >= ev.promoEnd && b < addMonths(ev.promoEnd, 2) ? "promo_stepped_up" : ev?.transfer && b >= ev.transfer.on ? "transferred_new_club_rate" : failed ? "failed_payment_retried" : rows.length > 1 ? "dues_with_add_on"
        : m.lock ? "grandfathered_rate" : b >= INCREASE && b < "2026-03-01" ? "price_increase_applied" : "monthly_dues";
      const d = regularDoc({ type: "Invoice", date: b, customer: m.id, billTo: m.name, agreement: m.agreement, club: club.id, mtype: due ? due.item : m.plan === "STAFF" ? "DUES-STF" : rows[0]?.item ?? "", status: frozen ? "Frozen" : ev?.finalBill === b ? "Cancel Pending" : "Active", billDay: m.billDay, corp: "", from: b, to: addDays(billDate(addMonths(b, 1), m.billDay), -1), original: null, user: "BILLING-RUN", approver: "", payStatus: failed ? "Declined - Retried - Paid" : "Paid", attempts: failed ? int(2, 3) : 1, lines, regular });
      if (failed && chance(0.5)) regularDoc({ ...d, date: addDays(b, int(3, 6)), lines: [{ item: "NSF", club: club.id, desc: "Declined Payment Fee", qty: 1, unit: "EA", rate: NSF, amount: NSF }], payStatus: "Paid", attempts: 1, regular: "declined_payment_fee", from: "", to: "" });
    }
    // A mid-month upgrade: the old plan's unused days credited, the new plan's charged, on the change day.
    if (ev?.upgrade) {
      const prev = billDays.filter((b) => b < ev.upgrade).pop()!, next = billDate(addMonths(prev, 1), m.billDay);
      const periodDays = days(prev, next), n = days(ev.upgrade, next);
      const oldRow = m.rows.find((r) => r.item === "DUES-BAS" && inForce(r, prev))!, newRow = m.rows.find((r) => r.item === "DUES-PRM" && inForce(r, ev.upgrade))!;
      const span = `${usDate(ev.upgrade).slice(0, 5)}-${usDate(addDays(next, -1)).slice(0, 5)} (${n} days)`;
      regularDoc({ type: "Invoice", date: ev.upgrade, customer: m.id, billTo: m.name, agreement: m.agreement, club: clubAt(ev.upgrade).id, mtype: "DUES-PRM", status: "Active", billDay: m.billDay, corp: "", from: ev.upgrade, to: addDays(next, -1), original: null, user: pick(frontDesk), approver: "", payStatus: "Paid", attempts: 1, regular: "plan_change_prorated",
        lines: [
          { item: "DUES-BAS", club: oldRow.club, desc: `Plan change credit - ${planName("BAS")} unused ${span}`, qty: -1, unit: "MO", rate: r2((oldRow.rate * n) / periodDays), amount: -r2((oldRow.rate * n) / periodDays) },
          { item: "DUES-PRM", club: newRow.club, desc: `Plan change - ${planName("PRM")} prorated ${span}`, qty: 1, unit: "MO", rate: r2((newRow.rate * n) / periodDays), amount: r2((newRow.rate * n) / periodDays) },
        ] });
    }
  }
  // Paid-in-full members: the year's invoice on each anniversary; a $0 June invoice waiving the enhancement fee.
  for (const m of members.filter((x) => x.plan === "PIF")) {
    for (let y = 2025; y <= 2026; y++) {
      const a = `${y}${m.joined.slice(4, 10) === "-02-29" ? "-02-28" : m.joined.slice(4, 10)}`;
      if (a < START || a > END || a < m.joined) continue;
      const r = m.rows.find((x) => x.item.startsWith("ANN") && x.from <= a && (!x.to || a <= x.to))!;
      regularDoc({ type: "Invoice", date: a, customer: m.id, billTo: m.name, agreement: m.agreement, club: m.club.id, mtype: r.item, status: "Active", billDay: null, corp: "", from: a, to: addDays(`${y + 1}${a.slice(4)}`, -1), original: null, user: "BILLING-RUN", approver: "", payStatus: "Paid", attempts: 1, regular: y === 2026 ? "pif_renewal_new_rate" : "pif_annual_invoice",
        lines: [{ item: r.item, club: m.club.id, desc: `${r.desc} ${usDate(a)}-${usDate(addDays(`${y + 1}${a.slice(4)}`, -1))}`, qty: 1, unit: "YR", rate: r.rate, amount: r.rate }] });
    }
    for (const june of ["2025-06-01", "2026-06-01"]) if (m.joined < june) regularDoc({ type: "Invoice", date: june, customer: m.id, billTo: m.name, agreement: m.agreement, club: m.club.id, mtype: m.rows[0]!.item, status: "Active", billDay: null, corp: "", from: june, to: addDays(addMonths(june, 12), -1), original: null, user: "BILLING-RUN", approver: "", payStatus: "Paid", attempts: 1, regular: "pif_annual_fee_waived",
      lines: [{ item: "AEF", club: m.club.id, desc: `Annual Enhancement Fee ${june.slice(0, 4)} - waived (paid in full)`, qty: 1, unit: "YR", rate: 0, amount: 0 }] });
  }
  // Corporate wellness: the employer's agreement, a row per enrolled employee from the 1st after enrolment; one invoice a month to the employer, a line per employee.
  const corpRows: Row[] = [];
  for (const m of corpMembers) {
    const c = CORPS.find((x) => x.id === m.corp)!;
    const from = m.joined.slice(8) === "01" ? m.joined : addMonths(`${m.joined.slice(0, 7)}-01`, 1);
    const leaves = chance(0.15) ? addDays(addMonths(from, int(3, 18)), -1) : "";
    const r: Row = { agreement: m.agreement, member: m.id, club: m.club.id, item: "CORPWELL", desc: `Corporate Wellness Membership - ${c.name}`, qty: 1, rate: c.rate, from, to: leaves, freq: "Monthly", lock: "", note: `Employee ${m.id}` };
    m.rows.push(r);
    corpRows.push(r);
  }
  for (let mi = 0; mi < 22; mi++) {
    const first = addMonths(START, mi);
    for (const c of CORPS) {
      const enrolled = corpRows.filter((r) => r.agreement === c.id.replace("CORP", "CA") && r.from <= first && (!r.to || first <= r.to));
      if (!enrolled.length) continue;
      regularDoc({ type: "Invoice", date: first, customer: c.id, billTo: c.name, agreement: c.id.replace("CORP", "CA"), club: "", mtype: "CORPWELL", status: "Active", billDay: 1, corp: c.id, from: first, to: addDays(addMonths(first, 1), -1), original: null, user: "BILLING-RUN", approver: "", payStatus: "Paid", attempts: 1, regular: "corporate_wellness_invoice",
        lines: enrolled.map((r) => ({ item: "CORPWELL", club: r.club, desc: `Corporate wellness dues - ${r.member} ${members.find((x) => x.id === r.member)!.name}`, qty: 1, unit: "MO", rate: r.rate, amount: r.rate })) });
    }
  }

  // Planting: six of each kind (≈ 0.3 % of the invoices), on ordinary business of its kind.
  const used = new Set<string>(); // members
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d.customer); };
  const N = 6;
  const byMember = new Map<string, Doc[]>();
  for (const d of docs) if (d.user === "BILLING-RUN") byMember.set(d.customer, [...(byMember.get(d.customer) ?? []), d]);
  const mem = (id: string) => members.find((m) => m.id === id)!;
  const plain = (d: Doc) => d.type === "Invoice" && d.lines.length >= 1 && !d.corp && !d.leak && d.user === "BILLING-RUN" && d.date > "2025-02-28" && d.date < "2026-09-01";
  // 1. An add-on in force (and used) dropped from one or two bills.
  for (const m of take(members.filter((x) => !used.has(x.id) && x.rows.some((r) => ADDONS.some((a) => a.item === r.item))), N)) {
    const r = m.rows.find((x) => ADDONS.some((a) => a.item === x.item))!;
    const bills = (byMember.get(m.id) ?? []).filter((d) => plain(d) && d.lines.some((l) => l.item === r.item) && d.date > addMonths(r.from, 1) && (!r.to || d.date < addMonths(r.to, -1)));
    if (bills.length < 3) continue;
    const i = int(0, bills.length - 3), n = int(1, 2);
    for (const d of bills.slice(i, i + n)) { const l = d.lines.find((x) => x.item === r.item)!; d.lines = d.lines.filter((x) => x !== l); plant(d, "addon_not_billed", l.amount); }
  }
  // 2. A freeze never ended: the freeze fee billed one or two months past the freeze's end; the member checks in.
  const visitsExtra = new Map<string, number>(); // member|month → visits while "frozen"
  for (const m of take(members.filter((x) => !used.has(x.id) && x.rows.some((r) => r.item === "FREEZE")), N)) {
    const fr = m.rows.filter((r) => r.item === "FREEZE").pop()!;
    const after = (byMember.get(m.id) ?? []).filter((d) => plain(d) && d.date > fr.to && d.lines.some((l) => l.item.startsWith("DUES")));
    for (const d of after.slice(0, int(1, 2))) {
      const dues = d.lines.find((l) => l.item.startsWith("DUES"))!;
      d.lines = [{ item: "FREEZE", club: dues.club, desc: `Membership Freeze - ${fr.note.replace(" freeze", "")}`, qty: 1, unit: "MO", rate: FREEZE_FEE, amount: FREEZE_FEE }, ...d.lines.filter((l) => l !== dues)];
      d.status = "Frozen";
      visitsExtra.set(`${m.id}|${d.date.slice(0, 7)}`, int(6, 14));
      plant(d, "freeze_never_ended", dues.amount - FREEZE_FEE);
    }
  }
  // 3. The enhancement fee skipped on a member's June 2025 bill.
  for (const d of take(docs.filter((d) => plain(d) && d.date.startsWith("2025-06") && !used.has(d.customer) && d.lines.some((l) => l.item === "AEF" && l.amount > 0) && d.status === "Active" && mem(d.customer).rows.some((r) => r.item === "AEF" && !r.to)), N)) {
    const l = d.lines.find((x) => x.item === "AEF")!;
    d.lines = d.lines.filter((x) => x !== l);
    plant(d, "annual_fee_skipped", l.amount);
  }
  // 4. A promotion never stepped up: one to three bills after its end at the promotional rate.
  for (const m of take(members.filter((x) => !used.has(x.id) && x.promo && x.rows.filter((r) => r.item.startsWith("DUES")).length >= 2), N)) {
    const promo = m.rows.find((r) => r.note.startsWith("Promo"))!;
    const after = (byMember.get(m.id) ?? []).filter((d) => plain(d) && d.date > promo.to && d.lines.some((l) => l.item === promo.item && l.rate > promo.rate));
    for (const d of after.slice(0, int(1, 3))) {
      const l = d.lines.find((x) => x.item === promo.item)!;
      const risk = l.amount - promo.rate;
      l.rate = promo.rate; l.amount = promo.rate; l.desc = `${promo.desc} - promotional rate`;
      plant(d, "promo_never_stepped_up", risk);
    }
  }
  // 5. The January 2026 increase missed for a member not grandfathered: one to three bills at the old rate.
  for (const m of take(members.filter((x) => !used.has(x.id) && !x.lock && !x.promo && !x.corp && (x.plan === "BAS" || x.plan === "PRM") && x.joined < "2025-06-01" && x.rows.filter((r) => r.item.startsWith("DUES")).length === 2 && x.rows.some((r) => r.item.startsWith("DUES") && r.from === INCREASE)), N)) {
    const old = m.rows.find((r) => r.item.startsWith("DUES") && r.to === addDays(INCREASE, -1))!;
    const after = (byMember.get(m.id) ?? []).filter((d) => plain(d) && d.date >= INCREASE && d.lines.some((l) => l.item === old.item));
    for (const d of after.slice(0, int(1, 3))) {
      const l = d.lines.find((x) => x.item === old.item)!;
      const risk = l.amount - old.rate;
      if (risk <= 0) continue;
      l.rate = old.rate; l.amount = old.rate;
      d.regular = "monthly_dues";
      plant(d, "price_increase_missed", risk);
    }
  }
  // 6. A cancelled member still billed: one or two dues invoices after the agreement ended.
  const extra: Doc[] = [];
  for (const m of take(members.filter((x) => !used.has(x.id) && x.cancelNotice && (x.plan === "BAS" || x.plan === "PRM") && x.cancelNotice < "2026-07-01" && x.cancelNotice > "2025-03-01"), N)) {
    const last = (byMember.get(m.id) ?? []).filter((d) => d.lines.some((l) => l.item.startsWith("DUES"))).pop();
    if (!last) continue;
    for (let k = 1; k <= int(1, 2); k++) {
      const b = billDate(addMonths(last.date, k), m.billDay);
      if (b > END) break;
      const dues = last.lines.find((l) => l.item.startsWith("DUES"))!;
      const d: Doc = { ...last, date: b, from: b, to: addDays(billDate(addMonths(b, 1), m.billDay), -1), status: "Active", lines: [{ ...dues, desc: dues.desc.replace(" - final month (30-day notice)", "") }], leak: undefined };
      extra.push(d);
      plant(d, "cancelled_still_billed", dues.amount);
    }
  }
  // 7. A dues invoice billed twice in one month: the billing run repeated for a member.
  for (const d of take(docs.filter((d) => plain(d) && !used.has(d.customer) && d.regular === "monthly_dues" && total(d) > 0), N)) {
    const copy: Doc = { ...d, date: addDays(d.date, int(0, 2)), lines: d.lines.map((l) => ({ ...l })), leak: undefined };
    extra.push(copy);
    plant(copy, "dues_billed_twice", total(d));
  }
  // 8. A member transferred to a dearer club billed the old club's rate for one to three bills.
  let transfers = 0;
  for (const m of take(members.filter((x) => !used.has(x.id) && x.rows.some((r) => r.note.startsWith("Transferred from")) && !x.lock), 40)) {
    if (transfers >= N) break;
    const nw = m.rows.find((r) => r.note.startsWith("Transferred from"))!;
    const old = m.rows.filter((r) => r.item.startsWith("DUES") && r.to && r.to < nw.from).pop();
    if (!old || old.rate >= nw.rate) continue;
    const after = (byMember.get(m.id) ?? []).filter((d) => plain(d) && d.date >= nw.from && d.lines.some((l) => l.item === nw.item && l.rate === nw.rate));
    for (const d of after.slice(0, int(1, 3))) {
      const l = d.lines.find((x) => x.item === nw.item)!;
      const risk = l.amount - old.rate;
      l.rate = old.rate; l.amount = old.rate;
      plant(d, "transfer_old_club_rate", risk);
    }
    if (after.length) transfers++;
  }

  // Invoice numbers in date order.
  const all = [...docs, ...extra].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let n = 0;
  for (const d of all) d.no = `INV${String(5_000_000 + ++n)}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  // Visits per member and month (the door's check-ins): members in good standing visit; a frozen member does not, unless the freeze never ended.
  const visits: string[][] = [];
  for (const d of all) if (d.customer.startsWith("M") && d.user === "BILLING-RUN") {
    const v = visitsExtra.get(`${d.customer}|${d.date.slice(0, 7)}`) ?? (d.status === "Frozen" ? 0 : int(0, 16));
    visits.push([d.customer, d.club, d.date.slice(0, 7), String(v)]);
  }
  void between;
  return { docs: all, members, labels, visits };
}

// The billing transaction detail: MM/DD/YYYY, "1,234.56", "," between columns; the invoice's header on each row.
export function writeMembership(seed: number, out: string) {
  const g = generateMembership(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice Number", "Transaction Type", "Invoice Date", "Member ID", "Bill To Name", "Agreement Number", "Home Club", "Membership Type", "Member Status", "Billing Day", "Corporate Account",
    "Billing Period Start", "Billing Period End", "Original Invoice", "Created By", "Approved By", "Payment Status", "Payment Attempts", "Currency", "Invoice Total",
    "Line No", "Item Code", "Club", "Description", "Quantity", "Unit", "Unit Price", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), d.customer, d.billTo, d.agreement, d.club, d.mtype, d.status, numberText(d.billDay), d.corp,
      usDate(d.from), usDate(d.to), d.original?.no ?? "", d.user, d.approver, d.payStatus, String(d.attempts), "USD", num(total(d)),
      String(i + 1), l.item, l.club, l.desc, numberText(l.qty), l.unit, num(l.rate), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "billing_detail.csv"), csv(header, rows));
  // The club rate table: each membership type and add-on per club, effective 1 January 2024 and 1 January 2026.
  const rates: string[][] = [];
  for (const c of CLUBS) {
    for (const eff of ["2024-01-01", INCREASE]) {
      for (const p of ["BAS", "PRM"] as Plan[]) {
        rates.push([planItem(p), c.id, `Monthly Dues - ${planName(p)}`, "MO", "USD", num(clubRate(c, p, eff)), usDate(eff)]);
        rates.push([p === "BAS" ? "ANN-BAS" : "ANN-PRM", c.id, `Annual Paid in Full - ${planName(p)}`, "YR", "USD", num(r2(clubRate(c, p, eff) * 10)), usDate(eff)]);
      }
    }
    rates.push(["DUES-STF", c.id, "Staff Membership", "MO", "USD", num(0), usDate("2024-01-01")]);
    for (const a of ADDONS) rates.push([a.item, c.id, a.desc, "MO", "USD", num(a.rate), usDate("2024-01-01")]);
    rates.push(["FREEZE", c.id, "Membership Freeze (per month)", "MO", "USD", num(FREEZE_FEE), usDate("2024-01-01")]);
    rates.push(["AEF", c.id, "Annual Enhancement Fee", "YR", "USD", num(AEF), usDate("2024-01-01")]);
    rates.push(["ENROLL", c.id, "Initiation Fee", "EA", "USD", num(ENROLL), usDate("2024-01-01")]);
    rates.push(["NSF", c.id, "Declined Payment Fee", "EA", "USD", num(NSF), usDate("2024-01-01")]);
  }
  writeFileSync(join(out, "ref", "club_rates.csv"), csv(["Item Code", "Club", "Description", "Unit", "Currency", "Rate", "Effective Date"], rates));
  const agr: string[][] = [];
  for (const m of g.members) for (const r of m.rows) agr.push([r.agreement, r.member, m.corp || m.id, r.club, r.item, r.desc, numberText(r.qty), r.freq === "Annual" ? "YR" : r.freq === "One-time" ? "EA" : "MO", num(r.rate), usDate(r.from), usDate(r.to), r.freq, r.lock, r.note]);
  writeFileSync(join(out, "ref", "member_agreements.csv"), csv(["Agreement Number", "Member ID", "Bill To", "Club", "Item Code", "Description", "Quantity", "Unit", "Rate", "Start Date", "End Date", "Frequency", "Rate Lock", "Notes"], agr));
  writeFileSync(join(out, "ref", "club_visits.csv"), csv(["Member ID", "Home Club", "Month", "Visits"], g.visits));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { invoices: g.docs.length, lines: rows.length, members: g.members.length, agreement_rows: agr.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeMembership(Number(arg("--seed", "1951")), arg("--out", "/tmp/membership-1951"))));
}
