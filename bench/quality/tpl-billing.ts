// An independent billing data set (the nineteenth, 2026-11-28): a third-party logistics (3PL)
// warehouse's client billing over 22 monthly cycles (January 2025 – October 2026), exported from
// the billing module of its warehouse management system (Extensiv / 3PL Central, Manhattan,
// Deposco style): one row per invoice line, the invoice's header on each (invoice number and type,
// invoice date, billing period, the bill-to account and the client account a line is for, the
// facility, the rate sheet, the related invoice of a credit memo, reason, disputed charge and
// amount, work order, user and approver, subtotal); per line the charge category and code, its
// description, quantity, unit, rate and amount. Beside it the clients' rate sheets (dated contract
// rows: storage per pallet or per cubic foot per month or per pallet per week, receiving per pallet
// or carton, pick-and-pack per order and per additional unit with a volume tier past 10,000 units,
// kitting, labeling, returns, accessorials — overtime dock, shrink-wrap, special projects by the
// hour — and a monthly minimum), the standard rate sheet, and the billable-activity log (the daily
// activity of each client — orders shipped, additional units picked, pallets and cartons received,
// returns processed, kits built, labels applied, accessorials logged — and the month-end storage
// snapshot per receipt lot, each row with the invoice the WMS attached it to, whether it is billable
// and why not).
// Written from how a 3PL bills before reading the detectors. Regular business (hard negatives):
// clients with negotiated rates far below the standard sheet; a graduated volume tier (the
// additional-unit pick rate drops past 10,000 units in the month: two lines); free storage for the
// first 30 days of a receipt (the lot is in the snapshot, not billable); a peak-season surcharge in
// November–December (a percentage of the handling charges); a new client's first partial month
// (the monthly minimum prorated); orders shipped after the cut-off on a month's last day billed in
// the next cycle; re-ships of damaged orders at no charge (in the log, not billable); consolidated
// billing of two client accounts of one parent; credits for mis-picks; a client moving to its
// renewed rate sheet mid-month (the month's activity in two lines per code, each at its sheet's
// rate); the monthly minimum as a top-up line where the activity fell short; disputes credited in
// full or in part; special-project work orders of equal hours. Planted (labelled, with the amount at
// risk): orders shipped but pick/pack never billed; storage billed on fewer pallets than the
// snapshot; a renewal's rate increase not applied; the monthly minimum not applied to a small
// client's month; an overtime-dock accessorial logged but not billed; an invoice issued twice; a
// credit larger than the disputed charge.
// Run: bun run bench/quality/tpl-billing.ts --seed 1901 --out /tmp/tpl
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, num, numberText, r2, short, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "pick_pack_not_billed" | "storage_short_of_snapshot" | "renewal_increase_not_applied" | "monthly_minimum_not_applied"
  | "overtime_dock_not_billed" | "invoice_issued_twice" | "credit_above_disputed_charge";
export const LEAK_KINDS: LeakKind[] = ["pick_pack_not_billed", "storage_short_of_snapshot", "renewal_increase_not_applied", "monthly_minimum_not_applied", "overtime_dock_not_billed", "invoice_issued_twice", "credit_above_disputed_charge"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_MONTH = "2025-01-01", LAST_MONTH = "2026-10-01", EXPORT_END = "2026-11-05";
const monthEnd = (m: string) => addDays(addMonths(m, 1), -1);
const monthDays = (m: string) => days(m, addMonths(m, 1));
const isWeekend = (d: string) => { const w = new Date(d).getUTCDay(); return w === 0 || w === 6; };

/** The standard rate sheet: a code's list price from 1 January 2025 and from 1 January 2026. */
interface Code { code: string; category: string; desc: string; uom: string; std: [number, number] }
const CODES: Code[] = [
  { code: "STOR-PLT-MO", category: "Storage", desc: "Storage per pallet per month", uom: "PLT", std: [18, 18.75] },
  { code: "STOR-CUFT-MO", category: "Storage", desc: "Storage per cubic foot per month", uom: "CUFT", std: [0.55, 0.58] },
  { code: "STOR-PLT-WK", category: "Storage", desc: "Storage per pallet per week", uom: "PLTWK", std: [4.5, 4.7] },
  { code: "RCV-PLT", category: "Receiving", desc: "Receiving per pallet", uom: "PLT", std: [9.5, 9.9] },
  { code: "RCV-CTN", category: "Receiving", desc: "Receiving per carton", uom: "CTN", std: [1.1, 1.15] },
  { code: "PICK-ORDER", category: "Outbound", desc: "Pick and pack per order", uom: "ORD", std: [2.75, 2.85] },
  { code: "PICK-ADDL", category: "Outbound", desc: "Pick per additional unit", uom: "UNIT", std: [0.45, 0.47] },
  { code: "KIT", category: "Value-added", desc: "Kitting per kit", uom: "KIT", std: [1.25, 1.3] },
  { code: "LABEL", category: "Value-added", desc: "Labeling per unit", uom: "UNIT", std: [0.18, 0.19] },
  { code: "RET", category: "Returns", desc: "Returns processing per return", uom: "RET", std: [4.5, 4.75] },
  { code: "ACC-OT-DOCK", category: "Accessorial", desc: "Overtime dock labor per hour", uom: "HR", std: [85, 88] },
  { code: "ACC-SHRINK", category: "Accessorial", desc: "Shrink-wrap per pallet", uom: "PLT", std: [6, 6.25] },
  { code: "ACC-PROJ", category: "Accessorial", desc: "Special project labor per hour", uom: "HR", std: [55, 57] },
];
const CODE = new Map(CODES.map((c) => [c.code, c]));
const PEAK_PCT = 6, TIER_UNITS = 10_000, TIER_FACTOR = 0.75, FREE_DAYS = 30;

interface Sheet { id: string; from: string; to: string; prices: Map<string, number>; tier: number | null; minimum: number | null }
interface Client {
  account: string; name: string; facility: string; billTo: string; parentOf: Client[] | null; start: string; storage: "STOR-PLT-MO" | "STOR-CUFT-MO" | "STOR-PLT-WK";
  receiving: "RCV-PLT" | "RCV-CTN"; orders: number; unitsPerOrder: number; kits: boolean; labels: boolean; returns: number; freeStorage: boolean; pallets: number; cuftPerPallet: number;
  sheets: Sheet[]; low: boolean; lots: { received: string; pallets: number; ref: string }[];
}
interface Line { account: string; code: string; desc: string; qty: number; uom: string; rate: number; amount: number }
interface Activity { id: string; date: string; time: string; account: string; billTo: string; code: string; qty: number; uom: string; ref: string; billable: boolean; reason: string; invoice: Invoice | null; received?: string }
interface Invoice {
  no: string; type: "Invoice" | "Credit Memo"; date: string; billTo: string; clients: Client[]; periodFrom: string; periodTo: string; sheet: string; related: Invoice | null;
  reason: string; disputedCode: string; disputedAmount: number | null; workOrder: string; user: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}

const subtotal = (i: Invoice) => r2(i.lines.reduce((s, l) => s + l.amount, 0));

export function generateTpl(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const billers = ["jmorales", "kchen", "apatel", "rjohnson", "lnguyen"];
  const managers = ["dwright-ops", "sgarcia-fin"];
  const facilities = ["ATL1", "DFW2", "RNO1"];
  const words = ["Summit", "Blue Ridge", "Coastal", "Evergreen", "Northstar", "Harbor", "Pinnacle", "Redwood", "Lakeside", "Ironwood", "Bright", "Urban", "Prairie", "Golden", "Silver", "Cedar", "Maple", "Atlas", "Nova", "Vista"];
  const things = ["Outfitters", "Naturals", "Home Goods", "Apparel", "Supplements", "Pet Supply", "Beauty", "Electronics", "Toys", "Coffee Co", "Candles", "Fitness", "Kitchenware", "Books", "Cycles"];
  let acct = 10_400;

  // Clients: small e-commerce brands to large shippers; a few parents with two accounts billed on one invoice.
  const clients: Client[] = [];
  const newClient = (billTo?: string): Client => {
    const size = rnd();
    const small = size < 0.35, large = size > 0.82;
    const account = `C${++acct}`;
    const start = chance(0.14) ? addDays("2025-02-01", int(0, 540)) : addDays("2021-01-01", int(0, 1400));
    const c: Client = {
      account, name: `${pick(words)} ${pick(things)}`, facility: pick(facilities), billTo: billTo ?? account, parentOf: null, start,
      storage: chance(0.6) ? "STOR-PLT-MO" : chance(0.5) ? "STOR-CUFT-MO" : "STOR-PLT-WK", receiving: chance(0.6) ? "RCV-PLT" : "RCV-CTN",
      orders: small ? logn(160, 0.5) : large ? logn(9000, 0.4) : logn(1400, 0.5), unitsPerOrder: between(1.2, 2.6), kits: chance(0.15), labels: chance(0.2), returns: between(0.01, 0.06),
      freeStorage: chance(0.4), pallets: small ? logn(25, 0.5) : large ? logn(900, 0.4) : logn(180, 0.5), cuftPerPallet: between(50, 70), sheets: [], low: false, lots: [],
    };
    return c;
  };
  for (let i = 0; i < 236; i++) clients.push(newClient());
  // Six parents with two client accounts each, billed to the parent.
  const parents: Client[] = [];
  for (let i = 0; i < 6; i++) {
    const p = newClient();
    p.account = `P${String(7100 + i)}`; p.billTo = p.account; p.start = addDays("2022-01-01", int(0, 700));
    p.parentOf = [newClient(p.account), newClient(p.account)];
    for (const ch of p.parentOf) ch.start = p.start;
    parents.push(p);
  }
  // Rate sheets: the bill-to account's, renewed yearly on the anniversary (a few mid-month), +3–6 %.
  const billToClients = [...clients, ...parents];
  for (const c of billToClients) {
    c.low = chance(0.12);
    const f = c.low ? between(0.45, 0.6) : between(0.82, 1.0);
    const small = c.orders < 300 && !c.parentOf;
    const minimum = small || chance(0.1) ? pick([750, 1000, 1250, 1500, 2000, 2500]) : null;
    const tier = !c.parentOf && c.orders * (c.unitsPerOrder - 1) > 7000 && chance(0.7) ? TIER_UNITS : null;
    const anniversaryDay = chance(0.3) ? int(8, 24) : 1;
    let from = c.start;
    let prices = new Map(CODES.map((k) => [k.code, r2(k.std[0] * f * between(0.95, 1.05) * (k.code === "ACC-OT-DOCK" || k.code === "ACC-PROJ" ? 1 : 1))]));
    let year = Number(c.start.slice(0, 4));
    for (;;) {
      const nextYear = year + 1;
      let to = `${nextYear}${c.start.slice(4, 8)}${String(anniversaryDay).padStart(2, "0")}`;
      if (to <= from) to = addMonths(to, 12);
      c.sheets.push({ id: `RS-${c.account}-${year}`, from, to: addDays(to, -1), prices, tier, minimum });
      if (to > EXPORT_END) { c.sheets[c.sheets.length - 1]!.to = ""; break; }
      const up = 1 + between(0.03, 0.06);
      prices = new Map([...prices].map(([k, v]) => [k, r2(v * up)]));
      from = to; year = Number(to.slice(0, 4));
    }
  }
  const sheetOn = (c: Client, day: string) => c.sheets.find((s) => s.from <= day && (!s.to || day <= s.to)) ?? null;

  const invoices: Invoice[] = [];
  const activity: Activity[] = [];
  let actNo = 0;
  const act = (a: Omit<Activity, "id">) => { const x = { ...a, id: `ACT${String(++actNo).padStart(8, "0")}` }; activity.push(x); return x; };

  // Each bill-to account's month: activity per working day, the month-end storage snapshot, the invoice.
  const carry = new Map<Client, Activity[]>(); // orders shipped after the cut-off on the month's last day
  for (const bt of billToClients) {
    const accounts = bt.parentOf ?? [bt];
    for (const c of accounts) { c.lots = [{ received: addDays(bt.start, -60), pallets: Math.round(c.pallets), ref: "OPENING" }]; }
    for (let m = FIRST_MONTH; m <= LAST_MONTH; m = addMonths(m, 1)) {
      const end = monthEnd(m);
      if (bt.start > end) continue;
      const from = bt.start > m ? bt.start : m;
      const inv: Invoice = { no: "", type: "Invoice", date: addDays(addMonths(m, 1), int(1, 4)), billTo: bt.billTo, clients: accounts, periodFrom: m, periodTo: end, sheet: "", related: null, reason: "", disputedCode: "", disputedAmount: null, workOrder: "", user: pick(billers), approver: "", lines: [], regular: "regular" };
      const peak = m.slice(5, 7) === "11" || m.slice(5, 7) === "12";
      const seasonal = m.slice(5, 7) === "11" ? 1.6 : m.slice(5, 7) === "12" ? 1.9 : m.slice(5, 7) === "01" ? 0.8 : 1;
      const rows: Activity[] = [];
      for (const c of accounts) {
        const prior = carry.get(c) ?? [];
        for (const a of prior) { a.invoice = inv; rows.push(a); }
        carry.set(c, []);
        for (let d = from; d <= end; d = addDays(d, 1)) {
          if (isWeekend(d)) continue;
          const orders = Math.max(0, Math.round((c.orders / 21.5) * seasonal * logn(1, 0.25)));
          if (orders > 0) {
            const units = Math.max(0, Math.round(orders * (c.unitsPerOrder - 1) * logn(1, 0.15)));
            // Past the cut-off on the month's last day: shipped today, billed in the next cycle.
            const late = d === end && chance(0.6) ? Math.round(orders * between(0.15, 0.4)) : 0;
            const lateUnits = Math.round((units * late) / orders);
            const wave = `WAVE-${d.replace(/-/g, "")}-${c.account.slice(1)}`;
            rows.push(act({ date: d, time: "16:30", account: c.account, billTo: bt.billTo, code: "PICK-ORDER", qty: orders - late, uom: "ORD", ref: wave, billable: true, reason: "", invoice: inv }));
            if (units - lateUnits > 0) rows.push(act({ date: d, time: "16:30", account: c.account, billTo: bt.billTo, code: "PICK-ADDL", qty: units - lateUnits, uom: "UNIT", ref: wave, billable: true, reason: "", invoice: inv }));
            if (late > 0) {
              const nextWave = `${wave}-2`;
              carry.get(c)!.push(act({ date: d, time: "19:45", account: c.account, billTo: bt.billTo, code: "PICK-ORDER", qty: late, uom: "ORD", ref: nextWave, billable: true, reason: "", invoice: null }));
              if (lateUnits > 0) carry.get(c)!.push(act({ date: d, time: "19:45", account: c.account, billTo: bt.billTo, code: "PICK-ADDL", qty: lateUnits, uom: "UNIT", ref: nextWave, billable: true, reason: "", invoice: null }));
            }
            if (c.kits && chance(0.4)) rows.push(act({ date: d, time: "14:00", account: c.account, billTo: bt.billTo, code: "KIT", qty: Math.max(1, Math.round(orders * between(0.1, 0.5))), uom: "KIT", ref: `WO-KIT-${d.replace(/-/g, "")}`, billable: true, reason: "", invoice: inv }));
            if (c.labels && chance(0.3)) rows.push(act({ date: d, time: "13:00", account: c.account, billTo: bt.billTo, code: "LABEL", qty: Math.max(1, Math.round(orders * between(0.5, 2))), uom: "UNIT", ref: `WO-LBL-${d.replace(/-/g, "")}`, billable: true, reason: "", invoice: inv }));
            const rets = Math.round(orders * c.returns * logn(1, 0.3));
            if (rets > 0) rows.push(act({ date: d, time: "15:00", account: c.account, billTo: bt.billTo, code: "RET", qty: rets, uom: "RET", ref: `RMA-${d.replace(/-/g, "")}-${c.account.slice(1)}`, billable: true, reason: "", invoice: inv }));
            // A damaged order re-shipped at no charge (the carrier's claim, not the client's cost).
            if (chance(0.04)) rows.push(act({ date: d, time: "11:00", account: c.account, billTo: bt.billTo, code: "PICK-ORDER", qty: int(1, 3), uom: "ORD", ref: `RESHIP-${d.replace(/-/g, "")}`, billable: false, reason: "RESHIP-DAMAGED", invoice: inv }));
          }
          // Receipts: a few a month, by pallet or carton.
          if (chance(4 / 21.5)) {
            const pallets = Math.max(1, Math.round((c.pallets / 5) * logn(1, 0.4) * (peak ? 1.1 : 1)));
            const ref = `RCPT-${d.replace(/-/g, "")}-${c.account.slice(1)}`;
            c.lots.push({ received: d, pallets, ref });
            const qty = c.receiving === "RCV-PLT" ? pallets : Math.round(pallets * between(30, 60));
            rows.push(act({ date: d, time: "10:00", account: c.account, billTo: bt.billTo, code: c.receiving, qty, uom: CODE.get(c.receiving)!.uom, ref, billable: true, reason: "", invoice: inv }));
            if (chance(0.25)) rows.push(act({ date: d, time: "10:30", account: c.account, billTo: bt.billTo, code: "ACC-SHRINK", qty: Math.max(1, Math.round(pallets * between(0.2, 0.8))), uom: "PLT", ref, billable: true, reason: "", invoice: inv }));
            if (chance(0.12)) rows.push(act({ date: d, time: "20:15", account: c.account, billTo: bt.billTo, code: "ACC-OT-DOCK", qty: pick([1, 1.5, 2, 2.5, 3, 4]), uom: "HR", ref, billable: true, reason: "", invoice: inv }));
          }
        }
        // Shipments deplete the oldest lots (pallets out ~ a fifth a month), the snapshot at month end.
        let out = Math.round(c.pallets / 5 * seasonal * logn(1, 0.2));
        for (const lot of c.lots) { const t = Math.min(lot.pallets, out); lot.pallets -= t; out -= t; if (out <= 0) break; }
        c.lots = c.lots.filter((l) => l.pallets > 0);
        const snapshots = c.storage === "STOR-PLT-WK" ? Array.from({ length: 5 }, (_, k) => addDays(m, 6 + 7 * k)).filter((d) => d <= end && d >= from) : [end];
        for (const snap of snapshots) {
          for (const lot of c.lots) {
            if (lot.received > snap) continue;
            const free = c.freeStorage && days(lot.received, snap) < FREE_DAYS && lot.ref !== "OPENING";
            const qty = c.storage === "STOR-CUFT-MO" ? Math.round(lot.pallets * c.cuftPerPallet) : lot.pallets;
            rows.push({ ...act({ date: snap, time: "23:59", account: c.account, billTo: bt.billTo, code: c.storage, qty, uom: CODE.get(c.storage)!.uom, ref: lot.ref === "OPENING" ? "AGED-INVENTORY" : lot.ref, billable: !free, reason: free ? "FREE-STORAGE-30D" : "", invoice: inv, received: lot.received }) });
          }
        }
      }
      // The invoice: billable activity summed per account and code, at the rate sheet in force on the day.
      const sheetEnd = sheetOn(bt, end)!;
      inv.sheet = sheetEnd.id;
      const change = bt.sheets.find((s) => s.from > from && s.from <= end);
      let regular = "regular";
      for (const c of accounts) {
        const mine = rows.filter((a) => a.account === c.account && a.billable);
        const codes = [...new Set(mine.map((a) => a.code))].sort((a, b) => CODES.findIndex((k) => k.code === a) - CODES.findIndex((k) => k.code === b));
        const prefix = bt.parentOf ? `Acct ${c.account} ${c.name} - ` : "";
        for (const code of codes) {
          const k = CODE.get(code)!;
          const parts = change && !code.startsWith("STOR") ? [{ s: sheetOn(bt, from)!, a: from, b: addDays(change.from, -1) }, { s: change, a: change.from, b: end }] : [{ s: code.startsWith("STOR") ? sheetEnd : sheetOn(bt, from)!, a: from, b: end }];
          if (change && !code.startsWith("STOR")) regular = "rate_sheet_change_mid_month";
          for (const part of parts) {
            const qty = r2(mine.filter((a) => a.code === code && ((a.date >= part.a && a.date <= part.b) || (part === parts[0] && a.date < part.a))).reduce((s, a) => s + a.qty, 0));
            if (qty <= 0) continue;
            const note = parts.length > 1 ? ` ${short(part.a)}-${short(part.b)} (rate sheet ${part.s.id})` : "";
            const price = part.s.prices.get(code)!;
            if (code === "PICK-ADDL" && part.s.tier && qty > part.s.tier) {
              inv.lines.push({ account: c.account, code, desc: `${prefix}${k.desc} - units 1-${part.s.tier.toLocaleString("en-US")}${note}`, qty: part.s.tier, uom: k.uom, rate: price, amount: r2(part.s.tier * price) });
              const p2 = r2(price * TIER_FACTOR);
              inv.lines.push({ account: c.account, code, desc: `${prefix}${k.desc} - units over ${part.s.tier.toLocaleString("en-US")}${note}`, qty: r2(qty - part.s.tier), uom: k.uom, rate: p2, amount: r2((qty - part.s.tier) * p2) });
              if (regular === "regular") regular = "volume_tier_pick";
              continue;
            }
            inv.lines.push({ account: c.account, code, desc: `${prefix}${k.desc}${note}`, qty, uom: k.uom, rate: price, amount: r2(qty * price) });
          }
        }
        if (regular === "regular" && rows.some((a) => a.account === c.account && a.reason === "FREE-STORAGE-30D")) regular = "free_storage_first_30_days";
        if (regular === "regular" && rows.some((a) => a.account === c.account && a.reason === "RESHIP-DAMAGED")) regular = "reship_no_charge";
      }
      if (peak) {
        const handling = r2(inv.lines.filter((l) => l.code === "PICK-ORDER" || l.code === "PICK-ADDL").reduce((s, l) => s + l.amount, 0));
        if (handling > 0) { inv.lines.push({ account: bt.account, code: "PEAK-SURCH", desc: `Peak season surcharge ${PEAK_PCT}% of outbound handling`, qty: handling, uom: "%", rate: PEAK_PCT, amount: r2((handling * PEAK_PCT) / 100) }); regular = "peak_season_surcharge"; }
      }
      // The monthly minimum: a top-up line where the month's charges fell short (prorated in a first partial month).
      const minimum = sheetEnd.minimum;
      if (minimum) {
        const owed = bt.start > m ? r2((minimum * (days(bt.start, end) + 1)) / monthDays(m)) : minimum;
        const sum = subtotal(inv);
        if (sum < owed) {
          inv.lines.push({ account: bt.account, code: "MIN-MONTHLY", desc: `Monthly minimum charge adjustment (minimum ${num(owed)}${owed < minimum ? ` prorated ${days(bt.start, end) + 1} of ${monthDays(m)} days` : ""}, activity ${num(sum)})`, qty: 1, uom: "MO", rate: r2(owed - sum), amount: r2(owed - sum) });
          regular = bt.start > m ? "first_month_prorated" : "minimum_charge_line";
        }
      }
      if (bt.start > m && regular !== "first_month_prorated") regular = "first_month_prorated";
      if (bt.parentOf) regular = "consolidated_parent_billing";
      if (bt.low && regular === "regular") regular = "negotiated_low_rates";
      if (regular === "regular" && rows.some((a) => a.time === "19:45")) regular = "cutoff_next_cycle";
      inv.regular = regular;
      if (inv.lines.length === 0) continue;
      invoices.push(inv);
    }
  }

  // Credit memos: mis-picks (the orders' handling and the goods' value), disputes credited in full or in part.
  const credits: Invoice[] = [];
  const credit = (of: Invoice, o: Partial<Invoice> & { lines: Line[]; reason: string; regular: string }): Invoice => {
    const c: Invoice = { ...of, no: "", type: "Credit Memo", date: addDays(of.date, int(5, 40)), related: of, disputedCode: "", disputedAmount: null, workOrder: "", user: pick(billers), approver: "", ...o };
    credits.push(c);
    return c;
  };
  for (const inv of invoices) {
    const pickLine = inv.lines.find((l) => l.code === "PICK-ORDER");
    if (pickLine && chance(0.05)) {
      const n = Math.min(pickLine.qty, int(1, 6));
      const goods = r2(n * between(8, 45));
      credit(inv, { reason: "MISPICK", regular: "mispick_credit", approver: goods > 150 ? pick(managers) : "", lines: [
        { account: pickLine.account, code: "PICK-ORDER", desc: `Credit: mis-picked orders (${n})`, qty: -n, uom: "ORD", rate: pickLine.rate, amount: r2(-n * pickLine.rate) },
        { account: pickLine.account, code: "MISPICK-REIMB", desc: "Credit: reimbursement of mis-shipped goods at cost", qty: 1, uom: "EA", rate: -goods, amount: -goods },
      ] });
    }
    const acc = inv.lines.filter((l) => l.code.startsWith("ACC-") || l.code === "PEAK-SURCH" || l.code === "LABEL");
    if (acc.length && chance(0.06)) {
      const l = pick(acc);
      const full = chance(0.5);
      const amt = full ? l.amount : r2(l.amount * between(0.3, 0.8));
      credit(inv, { reason: "DISPUTE", regular: "dispute_credit", disputedCode: l.code, disputedAmount: l.amount, approver: amt > 250 ? pick(managers) : "", lines: [
        { account: l.account, code: l.code, desc: `Credit: disputed ${CODE.get(l.code)?.desc.toLowerCase() ?? "charge"}${full ? "" : " (partial)"}`, qty: l.uom === "%" ? -l.qty : full ? -l.qty : r2(-l.qty * (amt / l.amount)), uom: l.uom, rate: l.rate, amount: -amt },
      ] });
    }
  }
  // Special-project work orders, billed on their own invoices (several of equal hours for one client).
  const projects: Invoice[] = [];
  for (const bt of billToClients) {
    if (!chance(0.3)) continue;
    for (let k = int(1, 6); k > 0; k--) {
      const day = addDays(bt.start > FIRST_MONTH ? bt.start : FIRST_MONTH, int(10, 600));
      if (day > "2026-10-25") continue;
      const hours = pick([4, 8, 8, 12, 16, 24]);
      const sheet = sheetOn(bt, day)!;
      const rate = sheet.prices.get("ACC-PROJ")!;
      const wo = `WO-${day.replace(/-/g, "").slice(2)}-${int(100, 999)}`;
      const twin = chance(0.3);
      for (const w of twin ? [wo, `${wo.slice(0, -3)}${int(100, 999)}`] : [wo]) {
        projects.push({ no: "", type: "Invoice", date: addDays(day, twin && w !== wo ? int(0, 3) : 0), billTo: bt.billTo, clients: [bt], periodFrom: day, periodTo: day, sheet: sheet.id, related: null, reason: "", disputedCode: "", disputedAmount: null, workOrder: w, user: pick(billers), approver: "", regular: twin ? "project_work_orders_equal_hours" : "special_project",
          lines: [{ account: bt.account, code: "ACC-PROJ", desc: `Special project ${w}: ${pick(["relabel inbound", "rework cartons", "inventory count", "kit assembly", "repack damaged", "returns sort"])}`, qty: hours, uom: "HR", rate, amount: r2(hours * rate) }] });
      }
    }
  }

  // Planting: 5 documents of each kind (≈ 0.5 %), on ordinary business of its kind.
  const used = new Set<Invoice>();
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Invoice, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  const N = 5;
  const plainInv = invoices.filter((i) => i.periodFrom >= "2025-02-01" && i.periodFrom <= "2026-09-01" && i.clients.length === 1);
  const reprice = (inv: Invoice) => {
    const peakLine = inv.lines.find((l) => l.code === "PEAK-SURCH");
    if (peakLine) { peakLine.qty = r2(inv.lines.filter((l) => l.code === "PICK-ORDER" || l.code === "PICK-ADDL").reduce((s, l) => s + l.amount, 0)); peakLine.amount = r2((peakLine.qty * PEAK_PCT) / 100); }
  };
  // 1. Orders shipped but pick/pack never billed: a few days' waves dropped from the invoice's lines.
  for (const inv of take(plainInv.filter((i) => !i.lines.some((l) => l.code === "MIN-MONTHLY" || l.desc.includes(" over ")) && i.lines.filter((l) => l.code === "PICK-ORDER").length === 1 && (i.lines.find((l) => l.code === "PICK-ORDER")?.qty ?? 0) > 40), N)) {
    const before = subtotal(inv);
    const f = between(0.08, 0.25);
    for (const l of inv.lines) if (l.code === "PICK-ORDER" || (l.code === "PICK-ADDL" && !l.desc.includes("over"))) { l.qty = Math.round(l.qty * (1 - f)); l.amount = r2(l.qty * l.rate); }
    reprice(inv);
    plant(inv, "pick_pack_not_billed", before - subtotal(inv));
  }
  // 2. Storage billed on fewer pallets than the month-end snapshot.
  for (const inv of take(plainInv.filter((i) => !used.has(i) && !i.lines.some((l) => l.code === "MIN-MONTHLY") && i.lines.some((l) => l.code.startsWith("STOR") && l.qty >= 20)), N)) {
    const l = inv.lines.find((x) => x.code.startsWith("STOR"))!;
    const before = l.amount;
    l.qty = Math.round(l.qty * (1 - between(0.1, 0.4))); l.amount = r2(l.qty * l.rate);
    plant(inv, "storage_short_of_snapshot", before - l.amount);
  }
  // 3. A renewal's rate increase not applied: the month after the renewal billed at the previous sheet.
  {
    let n = 0;
    for (const inv of take(plainInv.filter((i) => !used.has(i) && !i.lines.some((l) => l.code === "MIN-MONTHLY")), 4000)) {
      if (n >= N) break;
      const bt = inv.clients[0]!;
      const k = bt.sheets.findIndex((s) => s.id === inv.sheet);
      if (k < 1 || bt.sheets[k]!.from > inv.periodFrom || days(bt.sheets[k]!.from, inv.periodFrom) > 45) continue;
      const old = bt.sheets[k - 1]!;
      const before = subtotal(inv);
      for (const l of inv.lines) if (old.prices.has(l.code)) { l.rate = l.desc.includes("over") ? r2(old.prices.get(l.code)! * TIER_FACTOR) : old.prices.get(l.code)!; l.amount = r2(l.qty * l.rate); }
      reprice(inv);
      inv.sheet = old.id;
      plant(inv, "renewal_increase_not_applied", before - subtotal(inv)); n++;
    }
  }
  // 4. The monthly minimum not applied to a small client's month: the top-up line missing.
  for (const inv of take(plainInv.filter((i) => !used.has(i) && i.regular === "minimum_charge_line" && i.lines.length >= 3), N)) {
    const l = inv.lines.find((x) => x.code === "MIN-MONTHLY")!;
    inv.lines = inv.lines.filter((x) => x !== l);
    inv.regular = "regular";
    plant(inv, "monthly_minimum_not_applied", l.amount);
  }
  // 5. Overtime dock labor logged (the activity attached to the invoice) but not billed.
  for (const inv of take(plainInv.filter((i) => !used.has(i) && !i.lines.some((l) => l.code === "MIN-MONTHLY") && i.lines.some((l) => l.code === "ACC-OT-DOCK")), N)) {
    const l = inv.lines.find((x) => x.code === "ACC-OT-DOCK")!;
    inv.lines = inv.lines.filter((x) => x !== l);
    plant(inv, "overtime_dock_not_billed", l.amount);
  }
  // 6. An invoice issued twice: the billing run re-run, a second number for the same period.
  const copies: Invoice[] = [];
  for (const inv of take(plainInv.filter((i) => !used.has(i)), N)) {
    const copy: Invoice = { ...inv, no: "", date: addDays(inv.date, int(0, 3)), lines: inv.lines.map((l) => ({ ...l })), leak: undefined, regular: inv.regular };
    copies.push(copy);
    plant(copy, "invoice_issued_twice", subtotal(inv));
  }
  // 7. A credit larger than the disputed charge (the disputed hours or pallets credited several times over).
  for (const inv of take(plainInv.filter((i) => !used.has(i) && i.lines.some((l) => l.code === "ACC-OT-DOCK" || l.code === "ACC-SHRINK")), N)) {
    const l = inv.lines.find((x) => x.code === "ACC-OT-DOCK" || x.code === "ACC-SHRINK")!;
    const f = between(1.5, 4);
    const q = r2(l.qty * f);
    plant(credit(inv, { reason: "DISPUTE", regular: "dispute_credit", disputedCode: l.code, disputedAmount: l.amount, approver: "", lines: [
      { account: l.account, code: l.code, desc: `Credit: disputed ${CODE.get(l.code)!.desc.toLowerCase()}`, qty: -q, uom: l.uom, rate: l.rate, amount: r2(-q * l.rate) },
    ] }), "credit_above_disputed_charge", r2(q * l.rate) - l.amount);
  }

  // Numbers in date order.
  const all = [...invoices, ...copies, ...credits, ...projects].filter((d) => d.date <= EXPORT_END).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let inv = 0, cm = 0;
  for (const d of all) d.no = d.type === "Invoice" ? `INV-${String(250_000 + ++inv)}` : `CM-${String(41_000 + ++cm)}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, clients: billToClients, activity, labels };
}

// The WMS billing module's invoice detail export: MM/DD/YYYY, "1,234.56", "," between columns; the invoice's header on each row.
export function writeTpl(seed: number, out: string) {
  const g = generateTpl(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice Number", "Invoice Type", "Invoice Date", "Bill-To Account", "Bill-To Name", "Facility", "Billing Period Start", "Billing Period End", "Rate Sheet", "Related Invoice", "Reason Code",
    "Disputed Charge Code", "Disputed Amount", "Work Order", "Created By", "Approved By", "Currency", "Invoice Subtotal", "Tax", "Invoice Total",
    "Line No", "Client Account", "Charge Category", "Charge Code", "Charge Description", "Quantity", "UOM", "Rate", "Line Amount"];
  const rows: string[][] = [];
  const nameOf = new Map<string, string>();
  for (const c of g.clients) { nameOf.set(c.account, c.name); for (const ch of c.parentOf ?? []) nameOf.set(ch.account, ch.name); }
  for (const d of g.docs) {
    const sub = subtotal(d);
    const bt = d.clients[0]!.billTo;
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), bt, nameOf.get(bt) ?? "", d.clients[0]!.facility, usDate(d.periodFrom), usDate(d.periodTo), d.sheet, d.related?.no ?? "", d.reason,
      d.disputedCode, d.disputedAmount === null ? "" : num(d.disputedAmount), d.workOrder, d.user, d.approver, "USD", num(sub), num(0), num(sub),
      String(i + 1), l.account, CODE.get(l.code)?.category ?? (l.code === "PEAK-SURCH" ? "Surcharge" : l.code === "MIN-MONTHLY" ? "Minimum" : "Credit"), l.code, l.desc, numberText(l.qty), l.uom, numberText(l.rate), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "invoice_detail.csv"), csv(header, rows));
  // The rate sheets: a row per bill-to account, sheet and charge code (a tier as a second row with its minimum quantity; the monthly minimum as its own code).
  const sheets: string[][] = [];
  for (const c of g.clients) for (const s of c.sheets) {
    for (const [code, price] of s.prices) {
      if (code === "STOR-PLT-MO" || code === "STOR-CUFT-MO" || code === "STOR-PLT-WK") { if (code !== (c.parentOf?.[0] ?? c).storage && !(c.parentOf ?? []).some((x) => x.storage === code)) continue; }
      const frequency = code === "STOR-PLT-WK" ? "Weekly" : code.startsWith("STOR") ? "Monthly" : "Per Activity";
      sheets.push([s.id, c.account, code, CODE.get(code)!.desc, CODE.get(code)!.uom, "USD", numberText(price), "", frequency, usDate(s.from), usDate(s.to), c.freeStorage && code.startsWith("STOR") ? String(FREE_DAYS) : ""]);
      if (code === "PICK-ADDL" && s.tier) sheets.push([s.id, c.account, code, `${CODE.get(code)!.desc} - over ${s.tier.toLocaleString("en-US")} units a month`, "UNIT", "USD", numberText(r2(price * TIER_FACTOR)), String(s.tier + 1), "Per Activity", usDate(s.from), usDate(s.to), ""]);
    }
    if (s.minimum) sheets.push([s.id, c.account, "MIN-MONTHLY", "Monthly minimum charge", "MO", "USD", numberText(s.minimum), "", "Monthly", usDate(s.from), usDate(s.to), ""]);
  }
  writeFileSync(join(out, "ref", "rate_sheets.csv"), csv(["Rate Sheet", "Bill-To Account", "Charge Code", "Description", "UOM", "Currency", "Rate", "Min Quantity", "Billing Frequency", "Effective From", "Effective To", "Free Storage Days"], sheets));
  // The standard rate sheet, dated; the peak surcharge in percent.
  const std: string[][] = [];
  for (const k of CODES) k.std.forEach((p, i) => std.push([k.code, k.desc, k.uom, "USD", numberText(p), usDate(i ? "2026-01-01" : "2020-01-01")]));
  std.push(["PEAK-SURCH", "Peak season surcharge (November-December)", "%", "USD", String(PEAK_PCT), usDate("2020-01-01")]);
  writeFileSync(join(out, "ref", "standard_rates.csv"), csv(["Charge Code", "Description", "UOM", "Currency", "Rate", "Effective Date"], std));
  // The billable-activity log: the daily activity and the storage snapshots, with the invoice each was attached to.
  const acts: string[][] = [];
  for (const a of g.activity) acts.push([a.id, usDate(a.date), a.time, a.account, a.billTo, a.code, numberText(a.qty), a.uom, a.ref, a.received ? usDate(a.received) : "", a.billable ? "Y" : "N", a.reason, a.invoice?.no ?? ""]);
  writeFileSync(join(out, "ref", "billable_activity.csv"), csv(["Activity ID", "Activity Date", "Activity Time", "Client Account", "Bill-To Account", "Charge Code", "Quantity", "UOM", "Reference", "Received Date", "Billable", "No Charge Reason", "Invoice Number"], acts));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, activity_rows: acts.length, rate_sheet_rows: sheets.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeTpl(Number(arg("--seed", "1901")), arg("--out", "/tmp/tpl-1901"))));
}
