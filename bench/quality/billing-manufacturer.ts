// An independent billing data set (the fourth, 2026-11-27): a kitchen-equipment manufacturer and
// wholesaler, exported from a NetSuite/Odoo-like ERP as a Swiss-locale saved search (";" columns,
// 1'234.50 numbers, DD.MM.YYYY dates) for three companies of its group: Alpenwerk AG (CHF,
// 8.1 % / 2.6 %), Alpenwerk GmbH (EUR, 19 % / 7 %) and Alpenwerk KK (JPY, 10 %, whole yen, tax
// floored per invoice). Written without reading src/sampledata/ or bench/quality/'s other files,
// so that it carries its own idea of regular business. Planted leaks carry their true amount at
// risk; every other document is labelled with the kind of regular business it is (the hard
// negatives). Run: bun run bench/quality/billing-manufacturer.ts --seed 4711 --out /tmp/mfg
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "price_below_contract" | "old_price_after_increase" | "discount_above_cap" | "price_below_list"
  | "zero_price_line" | "unbilled_shipment" | "tax_below_rate" | "duplicate_invoice"
  | "excessive_credit_note" | "duplicate_credit_note";

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

interface Line { sku: string; uom: string; qty: number; rate: number; discount: number; amount: number; taxRate: number }
interface Doc {
  no: string; type: "Invoice" | "Credit Memo"; date: string; customer: string; group: string; currency: string;
  taxCode: string; orderType: string; appliedTo: string; shipTo: string; terms: string; memo: string;
  priceInclTax: boolean; lines: Line[]; tax: number; regular: string;
}
interface Shipment { id: string; invoice: string; customer: string; sku: string; qty: number; date: string; warehouse: string }
interface ContractRow { agreement: string; customer: string; sku: string; price: number; currency: string; from: string; to: string; cap: number | ""; minQty: number | "" }
interface PriceRow { sku: string; price: number; currency: string; from: string }

const CURRENCY_DIGITS: Record<string, number> = { CHF: 2, EUR: 2, JPY: 0 };
const roundTo = (v: number, digits: number) => { const f = 10 ** digits; return Math.round(v * f + (v >= 0 ? 1e-9 : -1e-9)) / f; };
const money = (v: number, cur: string) => roundTo(v, CURRENCY_DIGITS[cur]!);
const round05 = (v: number) => Math.round(v * 20 + 1e-9) / 20;

export function generateManufacturer(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;

  // Products: list prices in CHF; EUR ≈ ×1.04, JPY ≈ ×172 in whole yen; a +4 % list increase on 1 July
  // (CHF, EUR) and a JPY list change on 1 April. Books are reduced-rate goods; spare parts cost cents.
  type Product = { sku: string; chf: number; kind: "goods" | "book" | "part" | "service" | "kit"; uom: string; components?: string[] };
  const products: Product[] = [];
  for (let i = 1; i <= 48; i++) products.push({ sku: `AW-${1000 + i * 7}`, chf: roundTo(19 + rnd() * rnd() * 1900, 1) + 0.9, kind: "goods", uom: "Stk" });
  for (let i = 1; i <= 4; i++) products.push({ sku: `BK-${200 + i}`, chf: 29 + i * 10 + 0.9, kind: "book", uom: "Stk" });
  for (let i = 1; i <= 10; i++) products.push({ sku: `SP-${3000 + i}`, chf: roundTo(0.15 + rnd() * 4, 2), kind: "part", uom: "Stk" });
  products.push({ sku: "SV-INSTALL", chf: 145, kind: "service", uom: "h" }, { sku: "SV-REPAIR", chf: 128, kind: "service", uom: "h" }, { sku: "SV-TRAINING", chf: 890, kind: "service", uom: "Tag" });
  const goods = products.filter((p) => p.kind === "goods");
  for (let i = 1; i <= 5; i++) {
    const comps = [pick(goods), pick(goods), pick(goods)].map((p) => p.sku);
    const sum = comps.reduce((s, c) => s + products.find((p) => p.sku === c)!.chf, 0);
    products.push({ sku: `SET-${500 + i}`, chf: roundTo(sum * 0.88, 0) - 0.1, kind: "kit", uom: "Set", components: [...new Set(comps)] });
  }
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const listPrice = (sku: string, cur: string, date: string) => {
    const p = bySku.get(sku)!;
    if (cur === "JPY") return Math.max(1, roundTo(p.chf * (date >= "2025-04-01" ? 176 : 168), p.kind === "part" ? 1 : 0));
    const base = cur === "EUR" ? p.chf * 1.04 : p.chf;
    return roundTo(date >= "2025-07-01" ? base * 1.04 : base, 2);
  };
  const priceRows: PriceRow[] = [];
  for (const p of products) {
    for (const cur of ["CHF", "EUR"]) { priceRows.push({ sku: p.sku, price: listPrice(p.sku, cur, "2025-01-01"), currency: cur, from: "" }); priceRows.push({ sku: p.sku, price: listPrice(p.sku, cur, "2025-07-01"), currency: cur, from: "01.07.2025" }); }
    priceRows.push({ sku: p.sku, price: listPrice(p.sku, "JPY", "2025-01-01"), currency: "JPY", from: "" }, { sku: p.sku, price: listPrice(p.sku, "JPY", "2025-04-01"), currency: "JPY", from: "01.04.2025" });
  }

  // Customers of each company and group.
  type Customer = { id: string; currency: string; rate: number; reduced: number; group: string; taxCode: string; sites: string[]; b2c?: boolean; ic?: boolean };
  const customers: Customer[] = [];
  for (let i = 1; i <= 45; i++) customers.push({ id: `C-CH-${100 + i}`, currency: "CHF", rate: 0.081, reduced: 0.026, group: pick(["Gastro", "Retail", "Dealer", "Gastro"]), taxCode: "UN81", sites: [] });
  for (let i = 1; i <= 35; i++) customers.push({ id: `C-DE-${400 + i}`, currency: "EUR", rate: 0.19, reduced: 0.07, group: pick(["Gastro", "Retail", "Dealer"]), taxCode: "USt19", sites: [] });
  for (let i = 1; i <= 14; i++) customers.push({ id: `C-EU-${700 + i}`, currency: "EUR", rate: 0, reduced: 0, group: "Dealer", taxCode: "V0-EXP", sites: [] });
  for (let i = 1; i <= 18; i++) customers.push({ id: `C-JP-${800 + i}`, currency: "JPY", rate: 0.10, reduced: 0.10, group: pick(["Gastro", "Dealer"]), taxCode: "JCT10", sites: [] });
  customers.push({ id: "IC-AW-GMBH", currency: "EUR", rate: 0, reduced: 0, group: "Intercompany", taxCode: "V0-EXP", sites: [], ic: true });
  customers.push({ id: "IC-AW-KK", currency: "JPY", rate: 0, reduced: 0, group: "Intercompany", taxCode: "V0-EXP", sites: [], ic: true });
  for (const c of customers) if (c.group === "Gastro" && chance(0.3)) c.sites = ["Filiale Nord", "Filiale Sued", "Hauptbetrieb"].slice(0, int(2, 3));
  const b2b = customers.filter((c) => !c.ic);

  // Agreements: customer contracts with caps, some with a mid-year price increase (the old row left
  // open-ended in half of them, as pricelist items often are); customer-group prices for Gastro;
  // public quantity breaks for spare parts (promotion rows for everyone, with min quantities).
  const contracts: ContractRow[] = [];
  const terms = new Map<string, { sku: string; agreement: string; old: number; now: number; change: string; cap: number }[]>();
  let agr = 0;
  for (const c of b2b.filter((c) => c.taxCode !== "V0-EXP" && chance(0.45))) {
    const id = `AGR-${2025}-${String(++agr).padStart(3, "0")}`;
    const cap = pick([5, 8, 10, 12, 15]);
    const change = chance(0.4) ? pick(["2025-05-01", "2025-07-01", "2025-09-01"]) : "";
    const rows: { sku: string; agreement: string; old: number; now: number; change: string; cap: number }[] = [];
    for (const p of new Set(Array.from({ length: int(3, 7) }, () => pick(goods)))) {
      const lp = listPrice(p.sku, c.currency, "2025-01-01");
      const old = money(lp * (1 - (12 + int(0, 13)) / 100), c.currency);
      const now = change ? money(old * (1 + int(3, 6) / 100), c.currency) : old;
      rows.push({ sku: p.sku, agreement: id, old, now, change, cap });
      const fmt = (d: string) => d.split("-").reverse().join(".");
      if (change) {
        const dayBefore = new Date(Date.parse(change) - 86400000).toISOString().slice(0, 10);
        const openEnded = agr % 2 === 0;
        contracts.push({ agreement: id, customer: c.id, sku: p.sku, price: old, currency: c.currency, from: "01.01.2025", to: openEnded ? "" : fmt(dayBefore), cap, minQty: "" });
        contracts.push({ agreement: id, customer: c.id, sku: p.sku, price: now, currency: c.currency, from: fmt(change), to: "", cap, minQty: "" });
      } else contracts.push({ agreement: id, customer: c.id, sku: p.sku, price: old, currency: c.currency, from: "01.01.2025", to: "31.12.2025", cap, minQty: "" });
    }
    terms.set(c.id, rows);
  }
  const groupPct = 0.85;
  const groupSkus = goods.slice(0, 16).map((p) => p.sku);
  for (const c of b2b.filter((c) => c.group === "Gastro"))
    for (const sku of groupSkus.filter((s) => !terms.get(c.id)?.some((t) => t.sku === s))) contracts.push({ agreement: `PL-GASTRO-${c.currency}`, customer: c.id, sku, price: money(listPrice(sku, c.currency, "2025-01-01") * groupPct, c.currency), currency: c.currency, from: "01.01.2025", to: "30.06.2025", cap: "", minQty: "" }, { agreement: `PL-GASTRO-${c.currency}`, customer: c.id, sku, price: money(listPrice(sku, c.currency, "2025-07-01") * groupPct, c.currency), currency: c.currency, from: "01.07.2025", to: "", cap: "", minQty: "" });
  const breaks = [[100, 0.85], [500, 0.75]] as const;
  for (const p of products.filter((p) => p.kind === "part"))
    for (const cur of ["CHF", "EUR", "JPY"]) for (const [q, f] of breaks) for (const half of ["2025-01-01", cur === "JPY" ? "2025-04-01" : "2025-07-01"])
      contracts.push({ agreement: "PL-PUBLIC-BREAKS", customer: "*", sku: p.sku, price: roundTo(listPrice(p.sku, cur, half) * f, cur === "JPY" ? 1 : 2), currency: cur, from: half.split("-").reverse().join("."), to: half === "2025-01-01" ? (cur === "JPY" ? "31.03.2025" : "30.06.2025") : "", cap: "", minQty: q });

  // The price a regular line is billed at: the customer's agreement in force, the group price, the
  // quantity break, else the list price (tax-included for the web shop).
  const termOf = (c: Customer, sku: string, _date: string) => terms.get(c.id)?.find((t) => t.sku === sku);
  const agreedPrice = (c: Customer, sku: string, qty: number, date: string): { price: number; cap: number; kind: string } | null => {
    const t = termOf(c, sku, date);
    if (t) return { price: t.change && date >= t.change ? t.now : t.old, cap: t.cap, kind: "contract" };
    if (c.group === "Gastro" && groupSkus.includes(sku)) return { price: money(listPrice(sku, c.currency, date) * groupPct, c.currency), cap: 0, kind: "group" };
    if (bySku.get(sku)!.kind === "part") {
      const br = [...breaks].reverse().find(([q]) => qty >= q);
      if (br) return { price: roundTo(listPrice(sku, c.currency, date) * br[1], c.currency === "JPY" ? 1 : 2), cap: 0, kind: "break" };
    }
    return null;
  };

  const docs: Doc[] = [];
  const shipments: Shipment[] = [];
  const labels: Label[] = [];
  const seq: Record<string, number> = {};
  const docNo = (c: Customer, credit: boolean) => {
    const prefix = `${credit ? "CM" : "INV"}-${{ CHF: "AG", EUR: "DE", JPY: "JP" }[c.currency] ?? "AG"}`;
    seq[prefix] = (seq[prefix] ?? 0) + 1;
    return `${prefix}-25-${String(seq[prefix]).padStart(5, "0")}`;
  };
  let shipSeq = 0;
  const dayOf = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86400000).toISOString().slice(0, 10);
  const workday = () => { for (;;) { const d = dayOf(int(0, 349)); const wd = new Date(d).getUTCDay(); if (wd !== 0 && wd !== 6) return d; } };
  const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);

  const taxOf = (c: Customer, lines: Line[], inclusive: boolean) => {
    // Per-line tax for the tax-included web shop (gross − net, each line), per rate group otherwise;
    // Japan floors the consumption tax once per invoice and rate.
    if (inclusive) return roundTo(lines.reduce((s, l) => s + roundTo(l.amount * (1 + l.taxRate), 2) - l.amount, 0), 2);
    const byRate = new Map<number, number>();
    for (const l of lines) byRate.set(l.taxRate, (byRate.get(l.taxRate) ?? 0) + l.amount);
    let tax = 0;
    for (const [r, base] of byRate) tax += c.currency === "JPY" ? Math.floor(base * r + 1e-9) : roundTo(base * r, 2);
    return money(tax, c.currency);
  };
  const rateOf = (c: Customer, sku: string) => (bySku.get(sku)!.kind === "book" ? c.reduced : c.rate);
  const makeLine = (c: Customer, sku: string, qty: number, date: string, opts: { discount?: number; inclusive?: boolean } = {}): Line => {
    const p = bySku.get(sku)!;
    const agreed = agreedPrice(c, sku, qty, date);
    let rate = agreed ? agreed.price : listPrice(sku, c.currency, date);
    let discount = opts.discount ?? 0;
    // Agreed prices are net: no further line discount on a regular line (only planted ones have it).
    if (agreed) discount = 0;
    if (opts.inclusive) rate = round05(rate * (1 + rateOf(c, sku)));
    const gross = qty * rate * (1 - discount / 100);
    const amount = opts.inclusive ? roundTo(gross / (1 + rateOf(c, sku)), 2) : c.currency === "JPY" ? Math.floor(gross + 1e-9) : money(gross, c.currency);
    return { sku, uom: p.uom, qty, rate, discount, amount, taxRate: rateOf(c, sku) };
  };
  const ship = (inv: string, c: Customer, l: Line, date: string, qty = l.qty) => {
    const kind = bySku.get(l.sku)?.kind;
    if (kind === "service" || !l.sku.match(/^(AW|BK|SP|SET)-/) || qty === 0) return;
    // Two warehouses; a larger line often ships in two partial deliveries.
    if (qty >= 4 && chance(0.3)) {
      const first = Math.floor(qty / 2);
      shipments.push({ id: `WH/OUT/${++shipSeq}`, invoice: inv, customer: c.id, sku: l.sku, qty: first, date: addDays(date, -int(2, 9)), warehouse: "ZRH" });
      shipments.push({ id: `WH/OUT/${++shipSeq}`, invoice: inv, customer: c.id, sku: l.sku, qty: qty - first, date: addDays(date, -int(0, 2)), warehouse: "BSL" });
    } else shipments.push({ id: `WH/OUT/${++shipSeq}`, invoice: inv, customer: c.id, sku: l.sku, qty, date: addDays(date, -int(0, 4)), warehouse: pick(["ZRH", "BSL"]) });
  };
  const finish = (d: Omit<Doc, "tax">): Doc => {
    const c = customers.find((x) => x.id === d.customer)!;
    const full = { ...d, tax: 0 } as Doc;
    full.tax = d.type === "Invoice" || d.type === "Credit Memo" ? taxOf(c, d.lines.filter((l) => l.taxRate > 0), d.priceInclTax) : 0;
    if (c.rate === 0) full.tax = 0;
    return full;
  };
  const blank = (c: Customer, date: string, regular: string): Omit<Doc, "tax"> => ({
    no: docNo(c, false), type: "Invoice", date, customer: c.id, group: c.group, currency: c.currency, taxCode: c.taxCode,
    orderType: "Standard", appliedTo: "", shipTo: c.sites.length ? pick(c.sites) : "", terms: pick(["30 Tage netto", "2% 10 Tage, 30 Tage netto", "60 Tage netto"]),
    memo: "", priceInclTax: false, lines: [], regular,
  });
  const goodsLines = (c: Customer, date: string, n: number, discountP = 0.35) => {
    const skus = new Set<string>();
    const own = terms.get(c.id);
    while (skus.size < n) skus.add(own && chance(0.6) ? pick(own).sku : c.group === "Gastro" && chance(0.4) ? pick(groupSkus) : pick(goods).sku);
    return [...skus].map((sku) => makeLine(c, sku, int(1, 12), date, { discount: chance(discountP) ? pick([2, 3, 5, 8, 10]) : 0 }));
  };
  const issued: Doc[] = [];
  const credited = new Set<string>();
  const push = (d: Doc) => { docs.push(d); if (d.type === "Invoice") issued.push(d); return d; };

  // Regular business.
  for (let i = 0; i < 2600; i++) {
    const c = pick(b2b);
    const date = workday();
    const r = rnd();
    let kind = "standard";
    const d = blank(c, date, kind);
    if (r < 0.32) { d.lines = goodsLines(c, date, int(1, 5)); }
    else if (r < 0.38 && c.currency !== "JPY") {
      // Header discount line for dealers: the lines at their price, a negative DISCOUNT line.
      kind = "header_discount"; d.lines = goodsLines(c, date, int(2, 5), 0);
      const sub = d.lines.reduce((s, l) => s + l.amount, 0);
      const off = -money(sub * pick([0.02, 0.03, 0.05]), c.currency);
      d.lines.push({ sku: "DISCOUNT", uom: "Stk", qty: 1, rate: off, discount: 0, amount: off, taxRate: c.rate });
    } else if (r < 0.46) {
      kind = "freight"; d.lines = goodsLines(c, date, int(1, 4));
      const fr = money(c.currency === "JPY" ? int(1200, 5000) : 18 + rnd() * 160, c.currency);
      d.lines.push({ sku: pick(["FREIGHT", "HANDLING"]), uom: "Stk", qty: 1, rate: fr, discount: 0, amount: fr, taxRate: c.rate });
    } else if (r < 0.52) {
      kind = "kit"; const kit = pick(products.filter((p) => p.kind === "kit")); const q = int(1, 4);
      d.lines = [makeLine(c, kit.sku, q, date)];
      for (const comp of kit.components!) d.lines.push({ sku: comp, uom: "Stk", qty: q, rate: 0, discount: 0, amount: 0, taxRate: c.rate });
      if (chance(0.5)) d.lines.push(...goodsLines(c, date, 1));
    } else if (r < 0.58) {
      kind = "service"; const sv = pick(products.filter((p) => p.kind === "service"));
      d.lines = [makeLine(c, sv.sku, sv.sku === "SV-TRAINING" ? int(1, 2) : int(1, 16) / 2, date)];
      d.memo = "Service report " + int(1000, 9999);
    } else if (r < 0.64) {
      kind = "spare_parts_break"; const sp = products.filter((p) => p.kind === "part");
      d.lines = [...new Set([pick(sp), pick(sp)])].map((p) => makeLine(c, p.sku, pick([50, 100, 150, 200, 250, 333, 500, 1000]), date));
    } else if (r < 0.69) {
      kind = "books_mixed"; d.lines = [...goodsLines(c, date, int(1, 3)), makeLine(c, pick(products.filter((p) => p.kind === "book")).sku, int(1, 20), date)];
    } else if (r < 0.73) {
      kind = "sample_line"; d.lines = goodsLines(c, date, int(1, 3), 0);
      const s = pick(goods.filter((g) => !d.lines.some((l) => l.sku === g.sku)));
      d.lines.push({ sku: s.sku, uom: "Stk", qty: 1, rate: listPrice(s.sku, c.currency, date), discount: 100, amount: 0, taxRate: c.rate });
    } else if (r < 0.77) {
      kind = "sample_document"; d.orderType = "Sample"; d.memo = "Muster / sample";
      const s = pick(goods); d.lines = [{ sku: s.sku, uom: "Stk", qty: int(1, 2), rate: 0, discount: 0, amount: 0, taxRate: c.rate }];
    } else if (r < 0.83) {
      // Consolidated invoice: a month's deliveries (two to four) on one invoice.
      kind = "consolidated"; d.lines = goodsLines(c, date, int(3, 6));
      d.regular = kind; const nd = push(finish(d));
      for (const l of nd.lines) {
        const parts = int(2, 3);
        let left = l.qty;
        for (let k = 0; k < parts && left > 0; k++) {
          const q = k === parts - 1 ? left : Math.max(1, Math.floor(l.qty / parts));
          shipments.push({ id: `WH/OUT/${++shipSeq}`, invoice: nd.no, customer: c.id, sku: l.sku, qty: Math.min(q, left), date: addDays(date, -int(1, 25)), warehouse: pick(["ZRH", "BSL"]) });
          left -= Math.min(q, left);
        }
      }
      continue;
    } else if (r < 0.88) {
      // Backorder: part billed now, the rest later on an invoice referring to the first.
      kind = "backorder"; d.lines = goodsLines(c, date, int(1, 3)).map((l) => ({ ...l, qty: Math.max(1, l.qty) }));
      d.regular = kind; const first = push(finish(d));
      for (const l of first.lines) ship(first.no, c, l, date);
      const later = addDays(date, int(8, 40));
      if (later > "2025-12-31") continue;
      const d2 = blank(c, later, "backorder_followup");
      d2.appliedTo = first.no; d2.shipTo = first.shipTo;
      d2.lines = first.lines.map((l) => ({ ...l, qty: int(1, 4), amount: 0 })).map((l) => ({ ...l, amount: c.currency === "JPY" ? Math.floor(l.qty * l.rate * (1 - l.discount / 100) + 1e-9) : money(l.qty * l.rate * (1 - l.discount / 100), c.currency) }));
      const f2 = push(finish(d2));
      for (const l of f2.lines) ship(f2.no, c, l, later);
      continue;
    } else if (r < 0.93 && c.group === "Gastro") {
      // Weekly standing order: the same goods every seven days (and to each site of a chain).
      kind = "standing_order"; d.lines = goodsLines(c, date, int(2, 4), 0);
      d.regular = kind; const first = push(finish(d));
      for (const l of first.lines) ship(first.no, c, l, date);
      for (let w = 1; w <= int(1, 3); w++) {
        const dd = addDays(date, 7 * w);
        if (dd > "2025-12-31") break;
        // Each week's invoice is priced on its own day (an agreement's increase applies).
        const nd = { ...blank(c, dd, "standing_order"), lines: first.lines.map((l) => makeLine(c, l.sku, l.qty, dd)), shipTo: first.shipTo };
        const f = push(finish(nd));
        for (const l of f.lines) ship(f.no, c, l, dd);
      }
      for (const site of c.sites.filter((s) => s !== first.shipTo)) {
        const nd = { ...blank(c, date, "same_order_other_site"), lines: first.lines.map((l) => agreedPriceSame(l)), shipTo: site };
        const f = push(finish(nd));
        for (const l of f.lines) ship(f.no, c, l, date);
      }
      continue;
    } else if (r < 0.93) { d.lines = goodsLines(c, date, int(1, 5)); }
    else {
      // Return with a restocking fee, or an early-payment (Skonto) credit, against an earlier invoice.
      // One return or early-payment credit per invoice: a second is a duplicate credit.
      const prev = issued.filter((x) => x.customer === c.id && x.date < date && !credited.has(x.no) && x.lines.some((l) => l.amount > 0 && l.sku.match(/^(AW|SET)-/)));
      if (!prev.length) { d.lines = goodsLines(c, date, int(1, 5)); }
      else {
        const inv = pick(prev);
        credited.add(inv.no);
        const cm: Omit<Doc, "tax"> = { ...blank(c, date, ""), no: docNo(c, true), type: "Credit Memo", appliedTo: inv.no, shipTo: inv.shipTo, terms: "" };
        if (chance(0.5)) {
          kind = "return_restocking"; const l = pick(inv.lines.filter((x) => x.amount > 0 && x.sku.match(/^(AW|SET)-/)));
          const q = Math.max(1, Math.floor(l.qty / 2));
          const back = money((l.amount / l.qty) * q, c.currency);
          const fee = -money(back * 0.15, c.currency);
          cm.lines = [{ ...l, qty: q, amount: back }, { sku: "RESTOCKING", uom: "Stk", qty: 1, rate: fee, discount: 0, amount: fee, taxRate: l.taxRate }];
          cm.memo = "Retoure " + inv.no;
          shipments.push({ id: `WH/RET/${++shipSeq}`, invoice: inv.no, customer: c.id, sku: l.sku, qty: -q, date: addDays(date, -1), warehouse: "ZRH" });
        } else {
          kind = "early_payment_credit"; const base = inv.lines.reduce((s, l) => s + l.amount, 0);
          const sk = money(base * 0.02, c.currency);
          cm.lines = [{ sku: "SKONTO", uom: "Stk", qty: 1, rate: sk, discount: 0, amount: sk, taxRate: c.rate }];
          cm.memo = "Skonto 2% " + inv.no;
        }
        cm.regular = kind;
        push(finish(cm));
        continue;
      }
    }
    d.regular = kind;
    const fd = push(finish(d));
    for (const l of fd.lines) if (l.qty > 0) ship(fd.no, c, l, date);
  }
  function agreedPriceSame(l: Line): Line { return { ...l }; }

  // The web shop: consumers, tax-included prices rounded to 0.05, a cash-rounding line.
  for (let i = 0; i < 700; i++) {
    const cons: Customer = { id: `WEB-${String(10000 + i).slice(1)}`, currency: "CHF", rate: 0.081, reduced: 0.026, group: "Webshop", taxCode: "UN81", sites: [], b2c: true };
    customers.push(cons);
    for (let k = 0; k < (chance(0.25) ? 2 : 1); k++) {
      const date = dayOf(int(0, 360));
      const d = blank(cons, date, "webshop_tax_included"); d.priceInclTax = true; d.terms = "Vorauskasse"; d.orderType = "Webshop";
      d.lines = [...new Set([pick(goods), chance(0.3) ? pick(products.filter((p) => p.kind === "book")) : pick(goods)])].map((p) => makeLine(cons, p.sku, int(1, 2), date, { inclusive: true }));
      const gross = d.lines.reduce((s, l) => s + roundTo(l.qty * l.rate, 2), 0);
      const diff = roundTo(round05(gross) - gross, 2);
      if (Math.abs(diff) > 0.001) d.lines.push({ sku: "ROUNDING", uom: "Stk", qty: 1, rate: diff, discount: 0, amount: diff, taxRate: 0 });
      const fd = push(finish(d));
      for (const l of fd.lines) ship(fd.no, cons, l, date);
    }
  }

  // Intercompany transfers at cost (about 58 % of list), untaxed exports.
  for (const ic of customers.filter((c) => c.ic)) for (let i = 0; i < 24; i++) {
    const date = workday();
    const d = blank(ic, date, "intercompany_at_cost"); d.orderType = "Intercompany"; d.memo = "Transfer at cost";
    d.lines = [...new Set([pick(goods), pick(goods), pick(goods)])].map((p) => { const rate = money(listPrice(p.sku, ic.currency, date) * 0.58, ic.currency); const qty = int(10, 80); return { sku: p.sku, uom: "Stk", qty, rate, discount: 0, amount: money(qty * rate, ic.currency), taxRate: 0 }; });
    const fd = push(finish(d));
    for (const l of fd.lines) ship(fd.no, ic, l, date);
  }

  // Planted leaks, each on its own new invoice (or credit note), with its true amount at risk.
  const leakKinds: LeakKind[] = ["price_below_contract", "old_price_after_increase", "discount_above_cap", "price_below_list", "zero_price_line", "unbilled_shipment", "tax_below_rate", "duplicate_invoice", "excessive_credit_note", "duplicate_credit_note"];
  const withTerms = b2b.filter((c) => terms.has(c.id));
  for (const kind of leakKinds) for (let n = 0; n < 14; n++) {
    let c = pick(b2b);
    let date = workday();
    const d = blank(c, date, "");
    let risk = 0;
    if (kind === "price_below_contract" || kind === "discount_above_cap") {
      c = pick(withTerms); Object.assign(d, blank(c, date, "")); d.no = docNo(c, false);
      d.lines = goodsLines(c, date, int(1, 3));
      const t = pick(terms.get(c.id)!);
      const price = t.change && date >= t.change ? t.now : t.old;
      const qty = int(2, 20);
      if (kind === "price_below_contract") {
        const rate = money(price * (1 - pick([0.03, 0.04, 0.05, 0.06]) * t.cap / 15), c.currency);
        const amount = money(qty * rate, c.currency);
        d.lines = d.lines.filter((l) => l.sku !== t.sku).concat({ sku: t.sku, uom: "Stk", qty, rate, discount: 0, amount, taxRate: c.rate });
        risk = money(qty * price - amount, c.currency);
      } else {
        const disc = t.cap + pick([5, 8, 10]);
        const amount = c.currency === "JPY" ? Math.floor(qty * price * (1 - disc / 100)) : money(qty * price * (1 - disc / 100), c.currency);
        d.lines = d.lines.filter((l) => l.sku !== t.sku).concat({ sku: t.sku, uom: "Stk", qty, rate: price, discount: disc, amount, taxRate: c.rate });
        risk = money(qty * price - amount, c.currency);
      }
    } else if (kind === "old_price_after_increase") {
      const cands = withTerms.filter((x) => terms.get(x.id)!.some((t) => t.change));
      c = pick(cands); const t = pick(terms.get(c.id)!.filter((t) => t.change));
      date = addDays(t.change, int(5, 100)); if (date > "2025-12-20") date = "2025-12-15";
      Object.assign(d, blank(c, date, "")); d.no = docNo(c, false);
      const qty = int(3, 25);
      const amount = money(qty * t.old, c.currency);
      d.lines = [...goodsLines(c, date, int(0, 2)).filter((l) => l.sku !== t.sku), { sku: t.sku, uom: "Stk", qty, rate: t.old, discount: 0, amount, taxRate: c.rate }];
      risk = money(qty * t.now - amount, c.currency);
    } else if (kind === "price_below_list") {
      c = pick(b2b.filter((x) => !terms.has(x.id) && x.group !== "Gastro")); Object.assign(d, blank(c, date, "")); d.no = docNo(c, false);
      const p = pick(goods); const lp = listPrice(p.sku, c.currency, date); const qty = int(1, 10);
      const rate = money(lp * (1 - pick([0.18, 0.22, 0.3])), c.currency);
      const amount = money(qty * rate, c.currency);
      d.lines = [...goodsLines(c, date, int(0, 2)).filter((l) => l.sku !== p.sku), { sku: p.sku, uom: "Stk", qty, rate, discount: 0, amount, taxRate: c.rate }];
      risk = money(qty * lp * 0.9 - amount, c.currency);
    } else if (kind === "zero_price_line") {
      c = pick(b2b.filter((x) => !terms.has(x.id) && x.group !== "Gastro")); Object.assign(d, blank(c, date, "")); d.no = docNo(c, false);
      d.lines = goodsLines(c, date, int(1, 3), 0);
      const p = pick(goods.filter((g) => !d.lines.some((l) => l.sku === g.sku))); const qty = int(1, 6);
      d.lines.push({ sku: p.sku, uom: "Stk", qty, rate: 0, discount: 0, amount: 0, taxRate: c.rate });
      risk = money(qty * listPrice(p.sku, c.currency, date) * 0.9, c.currency);
    } else if (kind === "unbilled_shipment") {
      d.lines = goodsLines(c, date, int(1, 4));
      const fd0 = finish(d);
      const l = pick(fd0.lines); const extra = int(1, 5);
      shipments.push({ id: `WH/OUT/${++shipSeq}`, invoice: d.no, customer: c.id, sku: l.sku, qty: extra, date: addDays(date, -1), warehouse: "BSL" });
      risk = money(extra * (l.amount / l.qty), c.currency);
    } else if (kind === "tax_below_rate") {
      c = pick(b2b.filter((x) => x.rate > 0)); Object.assign(d, blank(c, date, "")); d.no = docNo(c, false);
      d.lines = goodsLines(c, date, int(1, 4));
    } else if (kind === "duplicate_invoice") {
      const src = pick(issued.filter((x) => x.regular === "standard" && x.date < "2025-12-20"));
      c = customers.find((x) => x.id === src.customer)!;
      const dup = { ...src, no: docNo(c, false), date: addDays(src.date, int(0, 3)), regular: "", lines: src.lines.map((l) => ({ ...l })) };
      docs.push(dup);
      labels.push({ document: dup.no, kind, currency: c.currency, amount_at_risk: 0 });
      continue;
    } else {
      const inv = pick(issued.filter((x) => x.regular === "standard" && !credited.has(x.no) && x.date < "2025-11-30" && x.lines.length));
      credited.add(inv.no);
      c = customers.find((x) => x.id === inv.customer)!;
      const net = inv.lines.reduce((s, l) => s + l.amount, 0);
      if (kind === "duplicate_credit_note") {
        const l = pick(inv.lines);
        const base: Omit<Doc, "tax"> = { ...blank(c, addDays(inv.date, int(3, 10)), "partial_credit"), no: docNo(c, true), type: "Credit Memo", appliedTo: inv.no, shipTo: inv.shipTo, lines: [{ ...l, qty: 1, amount: money(l.amount / l.qty, c.currency) }], memo: "Gutschrift Reklamation" };
        const first = finish(base); docs.push(first);
        const second = { ...first, no: docNo(c, true), date: addDays(first.date, int(1, 6)), regular: "" };
        docs.push(second);
        // Amounts at risk are net, as prices are (the tax is the state's, not revenue).
        labels.push({ document: second.no, kind, currency: c.currency, amount_at_risk: money(first.lines.reduce((s, x) => s + x.amount, 0), c.currency) });
      } else {
        const over = money(net * pick([0.1, 0.25, 0.5]), c.currency);
        const cm: Omit<Doc, "tax"> = { ...blank(c, addDays(inv.date, int(5, 25)), ""), no: docNo(c, true), type: "Credit Memo", appliedTo: inv.no, shipTo: inv.shipTo, lines: inv.lines.map((l) => ({ ...l })), memo: "Gutschrift" };
        cm.lines.push({ sku: "GOODWILL", uom: "Stk", qty: 1, rate: over, discount: 0, amount: over, taxRate: c.rate });
        const f = finish(cm); docs.push(f);
        labels.push({ document: f.no, kind, currency: c.currency, amount_at_risk: money(f.lines.reduce((s, x) => s + x.amount, 0) - net, c.currency) });
      }
      continue;
    }
    const fd = finish(d);
    if (kind === "tax_below_rate") {
      const should = fd.tax;
      fd.tax = chance(0.5) ? 0 : money(fd.lines.reduce((s, l) => s + l.amount, 0) * (c.currency === "EUR" ? 0.07 : c.currency === "CHF" ? 0.026 : 0.08), c.currency);
      risk = money(should - fd.tax, c.currency);
    }
    docs.push(fd); issued.push(fd);
    for (const l of fd.lines) ship(fd.no, c, l, fd.date);
    labels.push({ document: fd.no, kind, currency: c.currency, amount_at_risk: risk });
  }
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.no < b.no ? -1 : 1));
  return { docs, shipments, contracts, priceRows, labels, customers };
}

// Swiss locale: 1'234.50, DD.MM.YYYY, ";" between columns.
const num = (v: number, digits = 2) => {
  const s = Math.abs(v).toFixed(digits);
  const [i = "", f] = s.split(".");
  return (v < 0 ? "-" : "") + i.replace(/\B(?=(\d{3})+(?!\d))/g, "'") + (f ? "." + f : "");
};
const chDate = (iso: string) => (iso ? iso.split("-").reverse().join(".") : "");
const cell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(";")).join("\r\n") + "\r\n";

export function writeManufacturer(seed: number, out: string) {
  const g = generateManufacturer(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const digits = (cur: string) => CURRENCY_DIGITS[cur]!;
  const header = ["Document Number", "Type", "Date", "Customer", "Customer Group", "Currency", "Subtotal", "Tax Total", "Tax Rate", "Tax Code", "Order Type", "Applied To", "Ship To", "Terms", "Memo", "Price Incl. Tax", "Line", "Item", "UoM", "Quantity", "Rate", "Discount %", "Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const sub = d.lines.reduce((s, l) => s + l.amount, 0);
    const rates = new Set(d.lines.filter((l) => l.amount !== 0 && l.taxRate > 0).map((l) => l.taxRate));
    const stated = d.tax === 0 ? "0 %" : rates.size === 1 ? `${roundTo([...rates][0]! * 100, 1)} %` : "";
    d.lines.forEach((l, i) => rows.push([d.no, d.type, chDate(d.date), d.customer, d.group, d.currency, num(sub, digits(d.currency)), num(d.tax, digits(d.currency)), stated, d.taxCode, d.orderType, d.appliedTo, d.shipTo, d.terms, d.memo, d.priceInclTax ? "Yes" : "No", String(i + 1), l.sku, l.uom, String(l.qty), num(l.rate, l.rate % 1 === 0 && d.currency === "JPY" ? 0 : l.rate * 100 % 1 === 0 ? 2 : 4), l.discount ? String(l.discount) : "", num(l.amount, digits(d.currency))]));
  }
  writeFileSync(join(out, "invoice_lines.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "price_list.csv"), csv(["Item", "Base Price", "Currency", "Effective Date"], g.priceRows.map((p) => [p.sku, num(p.price, p.price % 1 === 0 && p.currency === "JPY" ? 0 : 2), p.currency, p.from])));
  writeFileSync(join(out, "ref", "agreements.csv"), csv(["Agreement", "Customer", "Item", "Agreed Price", "Currency", "Start Date", "End Date", "Max Discount %", "Min Qty"], g.contracts.map((c) => [c.agreement, c.customer, c.sku, num(c.price, c.price % 1 === 0 && c.currency === "JPY" ? 0 : 2), c.currency, c.from, c.to, String(c.cap), String(c.minQty)])));
  writeFileSync(join(out, "ref", "fulfillments.csv"), csv(["Fulfillment", "Created From Invoice", "Customer", "Item", "Qty Shipped", "Ship Date", "Warehouse"], g.shipments.map((s) => [s.id, s.invoice, s.customer, s.sku, String(s.qty), chDate(s.date), s.warehouse])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.no] = d.regular;
  writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, shipments: g.shipments.length, contracts: g.contracts.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeManufacturer(Number(arg("--seed", "4711")), arg("--out", "/tmp/mfg-4711"))));
}
