// An independent billing data set (the sixth, 2026-11-27): an online retailer (consumer
// electronics, home, apparel, toys, beauty) selling on its own Shopify/Magento-style web stores in
// the US (sales tax by ship-to state, shipping taxed in some states), the EU (VAT by destination
// country under the OSS scheme) and the UK, on marketplaces in EUR and GBP, and to B2B resellers
// at negotiated contract prices (exempt for resale in the US, reverse charge in the EU), over one
// calendar year with a strong Q4 peak (Black Friday / Cyber Monday, then Christmas). Exported as
// an invoice-line report (one row per line; shipping as a line) with a price list that changes
// over the year, the B2B contracts, the shipments (the warehouse's pick list naming the invoice
// that bills each parcel) and the marketing team's campaign calendar.
// Written from domain knowledge before reading the detectors. The regular business — the hard
// negatives — dominates: site-wide campaigns in their windows (Black Friday 25–40 % on some
// categories, Cyber Monday on electronics, the summer sale, clearance of discontinued SKUs at
// 50–70 % from October), coupon codes within policy, the loyalty tier's discount, bundles (a free
// accessory beside a console: the free line at 100 % off), B2B contract prices, free shipping over
// the threshold, the mid-year price change, gift cards (sold at face value, untaxed; redeemed as a
// payment, not a discount), partial and full refunds, exchanges (a refund and a new order),
// split shipments (one order, two invoices), back-orders (the second invoice naming the first),
// marketplace orders in EUR/GBP, tax-exempt resellers, and checkout re-submissions after a
// payment retry (the same cart under a new order number, the first one voided by a full refund).
// Planted leaks carry their true amount at risk; every other document is labelled with the kind of
// regular business it is.
// Run: bun run bench/quality/billing-ecommerce.ts --seed 2611 --out /tmp/ecom
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "expired_campaign_price" | "stacked_coupons" | "staff_discount_non_staff" | "manual_override_below_list"
  | "shipping_not_charged" | "tax_missing" | "refund_issued_twice" | "order_billed_twice"
  | "b2b_price_to_retail" | "shipped_more_than_billed";
export const LEAK_KINDS: LeakKind[] = ["expired_campaign_price", "stacked_coupons", "staff_discount_non_staff", "manual_override_below_list", "shipping_not_charged", "tax_missing", "refund_issued_twice", "order_billed_twice", "b2b_price_to_retail", "shipped_more_than_billed"];

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Currency = "USD" | "EUR" | "GBP";
interface Sku { sku: string; title: string; category: string; price: Record<Currency, number>; july: number; discontinued: boolean }
interface Line { sku: string; title: string; category: string; qty: number; price: number; discount: number; amount: number; taxable: boolean; shipping: boolean }
interface Customer { id: string; group: "Retail" | "VIP" | "Staff" | "B2B"; currency: Currency; country: string; region: string; rate: number; shipTaxed: boolean; exempt: boolean; channel: string }
interface Doc {
  no: string; type: "Invoice" | "Refund"; date: string; order: string; status: string; customer: Customer; codes: string; reason: string;
  original: Doc | null; lines: Line[]; tax: number; giftCard: number; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Campaign { name: string; from: string; to: string; categories: string[]; pct: number }

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const YEAR_START = "2025-01-01", YEAR_END = "2025-12-31", PRICE_CHANGE = "2025-07-01", CLEARANCE = "2025-10-01";
const FREE_SHIPPING_OVER: Record<Currency, number> = { USD: 75, EUR: 60, GBP: 50 };
const SHIPPING: Record<Currency, number> = { USD: 7.95, EUR: 5.9, GBP: 4.99 };
const POLICY_MAX = 15; // the largest discount a retail order may carry without a campaign: loyalty 10 % or one coupon (≤ 15 %)

// Jurisdictions: US states (combined rate, shipping taxed?), EU destinations (standard VAT), the UK.
const US = [
  { region: "CA", rates: [0.0725, 0.095, 0.1025], ship: false, w: 16 }, { region: "NY", rates: [0.08875, 0.08], ship: true, w: 12 },
  { region: "TX", rates: [0.0825, 0.0625], ship: true, w: 12 }, { region: "FL", rates: [0.07, 0.065], ship: false, w: 9 },
  { region: "WA", rates: [0.101, 0.089], ship: true, w: 6 }, { region: "IL", rates: [0.1025, 0.0825], ship: false, w: 6 },
  { region: "OR", rates: [0], ship: false, w: 3 }, { region: "NJ", rates: [0.06625], ship: true, w: 5 }, { region: "PA", rates: [0.06, 0.08], ship: true, w: 5 },
];
const EU = [{ region: "DE", rate: 0.19, w: 10 }, { region: "FR", rate: 0.2, w: 7 }, { region: "NL", rate: 0.21, w: 4 }, { region: "IT", rate: 0.22, w: 4 }, { region: "ES", rate: 0.21, w: 4 }];

export function generateEcommerce(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const weighted = <T extends { w: number }>(xs: readonly T[]): T => { let t = rnd() * xs.reduce((s, x) => s + x.w, 0); for (const x of xs) if ((t -= x.w) < 0) return x; return xs[xs.length - 1]!; };
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;

  // The catalogue: ~160 SKUs in five categories, psychological prices per currency; ~30 % of SKUs
  // change price on 1 July (+3–9 %, a few −5 %), ~8 % are discontinued and cleared from October.
  const cats: Record<string, [string, number, number]> = { Electronics: ["EL", 39, 899], Home: ["HM", 12, 249], Apparel: ["AP", 15, 129], Toys: ["TY", 9, 149], Beauty: ["BT", 6, 89] };
  const charm = (v: number) => (v < 20 ? Math.floor(v) + 0.99 : v < 200 ? Math.floor(v / 5) * 5 + 4.99 : Math.floor(v / 10) * 10 + 9.99);
  const skus: Sku[] = [];
  for (const [category, [p, lo, hi]] of Object.entries(cats)) {
    for (let i = 0; i < 32; i++) {
      const usd = charm(lo * Math.pow(hi / lo, rnd()));
      const july = chance(0.3) ? pick([1.03, 1.05, 1.07, 1.09, 0.95]) : 1;
      skus.push({ sku: `${p}-${1000 + i * 7 + int(0, 6)}`, title: `${category} item ${i + 1}`, category, price: { USD: usd, EUR: charm(usd * 0.93), GBP: charm(usd * 0.8) }, july, discontinued: chance(0.08) });
    }
  }
  const bySku = new Map(skus.map((s) => [s.sku, s]));
  const listPrice = (s: Sku, cur: Currency, date: string) => (date >= PRICE_CHANGE && s.july !== 1 ? charm(s.price[cur] * s.july) : s.price[cur]);
  const clearancePct = new Map(skus.filter((s) => s.discontinued).map((s) => [s.sku, pick([50, 60, 70])]));
  // Gift cards: sold at face value, untaxed; the bundle: a console with a free controller.
  const giftCards = [25, 50, 100].map((v) => ({ sku: `GC-${v}`, title: `Gift card $${v}`, category: "Gift card", price: { USD: v, EUR: v, GBP: v } as Record<Currency, number>, july: 1, discontinued: false }));
  const bundleMain = skus.find((s) => s.category === "Electronics" && s.price.USD > 250 && !s.discontinued)!;
  const bundleFree = skus.find((s) => s.category === "Electronics" && s.price.USD < 80 && !s.discontinued)!;

  // The campaign calendar (site-wide automatic discounts).
  const bf = "2025-11-28", cm = "2025-12-01";
  const campaigns: Campaign[] = [
    { name: "Spring Home Days", from: "2025-04-07", to: "2025-04-13", categories: ["Home"], pct: 20 },
    { name: "Summer Sale", from: "2025-07-10", to: "2025-07-20", categories: ["Apparel", "Home", "Toys"], pct: 20 },
    { name: "Black Friday", from: bf, to: addDays(bf, 2), categories: ["Electronics", "Toys", "Home"], pct: 0 },
    { name: "Cyber Monday", from: cm, to: cm, categories: ["Electronics", "Beauty"], pct: 30 },
  ];
  // Black Friday takes 25, 30 or 40 % per category.
  const bfPct: Record<string, number> = { Electronics: 25, Toys: 40, Home: 30 };
  const campaignOn = (s: Sku, date: string): { name: string; pct: number } | undefined => {
    for (const c of campaigns) if (date >= c.from && date <= c.to && c.categories.includes(s.category)) return { name: c.name, pct: c.name === "Black Friday" ? bfPct[s.category]! : c.pct };
    return undefined;
  };

  // Customers: retail (a tenth in the loyalty tier, a few staff), and B2B resellers.
  const customers: Customer[] = [];
  const newCustomer = (group: Customer["group"], market: "US" | "EU" | "UK" | "MP-EU" | "MP-UK"): Customer => {
    const id = `C${100000 + customers.length * 3 + int(0, 2)}`;
    let c: Customer;
    if (market === "US") { const s = weighted(US); c = { id, group, currency: "USD", country: "US", region: s.region, rate: pick(s.rates), shipTaxed: s.ship, exempt: false, channel: "Online Store" }; }
    else if (market === "UK" || market === "MP-UK") c = { id, group, currency: "GBP", country: "GB", region: "GB", rate: 0.2, shipTaxed: true, exempt: false, channel: market === "UK" ? "Online Store UK" : "Amazon UK" };
    else { const e = weighted(EU); c = { id, group, currency: "EUR", country: e.region, region: e.region, rate: e.rate, shipTaxed: true, exempt: false, channel: market === "EU" ? "Online Store EU" : "Amazon DE" }; }
    customers.push(c);
    return c;
  };
  const markets = [{ m: "US" as const, w: 62 }, { m: "EU" as const, w: 16 }, { m: "UK" as const, w: 8 }, { m: "MP-EU" as const, w: 9 }, { m: "MP-UK" as const, w: 5 }];
  for (let i = 0; i < 2600; i++) {
    const market = weighted(markets).m;
    const group = market.startsWith("MP") ? "Retail" : chance(0.12) ? "VIP" : chance(0.015) ? "Staff" : "Retail";
    newCustomer(group, market);
  }
  const retail = customers.filter((c) => c.group === "Retail" && c.channel.startsWith("Online Store"));
  const b2b: Customer[] = [];
  for (let i = 0; i < 30; i++) { const c = newCustomer("B2B", i < 22 ? "US" : "EU"); c.exempt = true; c.channel = "B2B Portal"; b2b.push(c); }
  // B2B contracts: 15–30 % below list on 10–25 SKUs, a year's term; about a third renegotiated on 1 July.
  const contracts: { id: string; customer: string; sku: string; price: number; currency: Currency; from: string; to: string }[] = [];
  const b2bSkus = new Map<string, Sku[]>();
  for (const c of b2b) {
    const mine = [...skus].filter((s) => !s.discontinued).sort(() => rnd() - 0.5).slice(0, int(10, 25));
    b2bSkus.set(c.id, mine);
    const cut = pick([0.15, 0.2, 0.25, 0.3]);
    const renew = chance(0.35);
    for (const s of mine) {
      if (renew) {
        contracts.push({ id: `B2B-${c.id}-25A`, customer: c.id, sku: s.sku, price: r2(s.price[c.currency] * (1 - cut)), currency: c.currency, from: YEAR_START, to: "2025-06-30" });
        contracts.push({ id: `B2B-${c.id}-25B`, customer: c.id, sku: s.sku, price: r2(listPrice(s, c.currency, PRICE_CHANGE) * (1 - cut)), currency: c.currency, from: PRICE_CHANGE, to: YEAR_END });
      } else contracts.push({ id: `B2B-${c.id}-25`, customer: c.id, sku: s.sku, price: r2(s.price[c.currency] * (1 - cut)), currency: c.currency, from: YEAR_START, to: YEAR_END });
    }
  }
  const contractPrice = (c: Customer, s: Sku, date: string) => contracts.find((k) => k.customer === c.id && k.sku === s.sku && date >= k.from && date <= k.to)?.price;

  // Order dates: a base rate with a summer bump, November's ramp, the Black Friday weekend and
  // Cyber Monday at 6–10 × a normal day, December to the 20th at 2.5 ×.
  const days: { d: string; w: number }[] = [];
  for (let d = YEAR_START; d <= YEAR_END; d = addDays(d, 1)) {
    let w = 1;
    if (d >= "2025-07-10" && d <= "2025-07-20") w = 1.6;
    if (d >= "2025-11-01") w = 1.6;
    if (d >= "2025-11-24" && d <= "2025-12-20") w = 2.5;
    if (d >= bf && d <= addDays(bf, 3)) w = 8;
    if (d === cm) w = 10;
    if (d >= "2025-04-07" && d <= "2025-04-13") w = 1.3;
    days.push({ d, w });
  }
  const orderDay = () => weighted(days).d;

  const docs: Doc[] = [];
  let orderNo = 1000;
  const line = (s: Sku, qty: number, price: number, discount: number, taxable = true): Line => ({ sku: s.sku, title: s.title, category: s.category, qty, price, discount, amount: r2(qty * r2(price * (1 - discount / 100))), taxable, shipping: false });
  const shipLine = (cur: Currency, charged: boolean): Line => ({ sku: "SHIPPING", title: charged ? "Standard Shipping" : "Free Standard Shipping", category: "Shipping", qty: 1, price: charged ? SHIPPING[cur] : 0, discount: 0, amount: charged ? SHIPPING[cur] : 0, taxable: true, shipping: true });
  const taxOf = (c: Customer, lines: Line[]) => (c.exempt ? 0 : r2(lines.reduce((s, l) => s + (l.taxable && (!l.shipping || c.shipTaxed) ? r2(l.amount * c.rate) : 0), 0)));
  const finish = (d: Doc) => {
    // Shipping: charged below the threshold, free at or over it (B2B ships on its own freight terms).
    if (d.customer.group !== "B2B" && d.type === "Invoice" && !d.lines.every((l) => l.category === "Gift card")) {
      const goods = d.lines.reduce((s, l) => s + l.amount, 0);
      d.lines.push(shipLine(d.customer.currency, goods < FREE_SHIPPING_OVER[d.customer.currency]));
    }
    d.tax = taxOf(d.customer, d.lines);
    return d;
  };
  const newDoc = (c: Customer, date: string, regular: string, lines: Line[], codes = ""): Doc => {
    const d: Doc = { no: "", type: "Invoice", date, order: `#${++orderNo}`, status: "fulfilled", customer: c, codes, reason: "", original: null, lines, tax: 0, giftCard: 0, regular };
    docs.push(d);
    return d;
  };
  const basket = (c: Customer, date: string, n = int(1, 3)) => {
    const chosen: Sku[] = [];
    while (chosen.length < n) { const s = pick(skus); if (!chosen.includes(s) && (!s.discontinued || date < "2025-12-15")) chosen.push(s); }
    return chosen.map((s) => ({ s, qty: chance(0.85) ? 1 : int(2, 3), list: listPrice(s, c.currency, date) }));
  };

  // A retail order priced as the store would: campaign, else clearance, else loyalty or a coupon.
  const retailOrder = (c: Customer, date: string): Doc => {
    const items = basket(c, date);
    let regular = "full_price", codes = "";
    const lines: Line[] = [];
    const coupon = c.group === "Retail" && chance(0.12) ? pick([["WELCOME10", 10], ["SPRING15", 15], ["NEWSLETTER10", 10], ["APP5", 5]] as const) : undefined;
    for (const { s, qty, list } of items) {
      const camp = campaignOn(s, date);
      const clear = s.discontinued && date >= CLEARANCE ? clearancePct.get(s.sku)! : 0;
      let pct = 0;
      // Clearance items are excluded from campaigns (they already sell below any campaign price).
      if (clear) { pct = clear; if (!regular.startsWith("campaign")) regular = "clearance"; }
      else if (camp) { pct = camp.pct; regular = `campaign ${camp.name}`; codes = camp.name; }
      else if (c.group === "VIP") { pct = 10; if (regular === "full_price") regular = "loyalty_discount"; codes ||= "VIP10"; }
      else if (c.group === "Staff") { pct = 30; if (regular === "full_price") regular = "staff_discount"; codes ||= "STAFF30"; }
      else if (coupon) { pct = coupon[1]; if (regular === "full_price") regular = "coupon_within_policy"; codes ||= coupon[0]; }
      lines.push(line(s, qty, list, pct));
    }
    if (regular === "full_price" && items.some(({ s }) => s.july !== 1) && date >= PRICE_CHANGE && date < "2025-07-31") regular = "price_change";
    return newDoc(c, date, regular, lines, codes);
  };

  // Regular business ---------------------------------------------------------------------------
  const N = 7200;
  for (let i = 0; i < N; i++) {
    const date = orderDay();
    const c = chance(0.3) ? pick(retail.filter((x) => x.group === "Retail").slice(0, 400)) : pick(customers.filter((x) => x.group !== "B2B"));
    const d = retailOrder(c, date);
    if (c.channel.startsWith("Amazon") && d.regular === "full_price") d.regular = "marketplace_foreign_currency";
    else if (c.currency !== "USD" && d.regular === "full_price") d.regular = "eu_uk_vat";
    finish(d);
  }
  // Bundles: the console with its controller free (100 % off on the controller's line).
  for (let i = 0; i < 60; i++) {
    const c = pick(retail); const date = orderDay();
    finish(newDoc(c, date, "bundle_free_item", [line(bundleMain, 1, listPrice(bundleMain, c.currency, date), campaignOn(bundleMain, date)?.pct ?? 0), line(bundleFree, 1, listPrice(bundleFree, c.currency, date), 100)], "BUNDLE-CONSOLE"));
  }
  // B2B orders at contract prices, some at list for SKUs outside the contract; exempt for resale.
  for (let i = 0; i < 420; i++) {
    const c = pick(b2b); const date = orderDay();
    const mine = b2bSkus.get(c.id)!;
    const lines: Line[] = [];
    for (let k = int(1, 4); k > 0; k--) {
      const s = chance(0.9) ? pick(mine) : pick(skus.filter((x) => !x.discontinued));
      const cp = contractPrice(c, s, date);
      if (lines.some((l) => l.sku === s.sku)) continue;
      lines.push(line(s, int(5, 60), cp ?? listPrice(s, c.currency, date), 0));
    }
    finish(newDoc(c, date, "b2b_contract", lines, ""));
  }
  // Gift cards: sold (untaxed, face value), and redeemed as a payment on a later order.
  for (let i = 0; i < 150; i++) {
    const c = pick(retail.filter((x) => x.currency === "USD")); const date = orderDay();
    const gc = pick(giftCards);
    finish(newDoc(c, date, "gift_card_sale", [{ ...line(gc, int(1, 2), gc.price.USD, 0, false) }]));
    const later = retailOrder(c, addDays(date, int(5, 40)) > YEAR_END ? date : addDays(date, int(5, 40)));
    later.regular = "gift_card_redemption";
    finish(later);
    later.giftCard = Math.min(gc.price.USD, r2(later.lines.reduce((s, l) => s + l.amount, 0) + later.tax));
  }
  const invoices = () => docs.filter((d) => d.type === "Invoice" && !d.leak && d.customer.group !== "B2B" && !d.lines.every((l) => l.category === "Gift card"));
  const refund = (inv: Doc, lines: Line[], reason: string, regular: string, date = addDays(inv.date, int(3, 30))): Doc => {
    // Credit memos as Magento's grid writes them: positive amounts, the document type says refund.
    const lns = lines.map((l) => ({ ...l }));
    const d: Doc = { no: "", type: "Refund", date: date > "2026-01-31" ? "2026-01-31" : date, order: inv.order, status: "refunded", customer: inv.customer, codes: "", reason, original: inv, lines: lns, tax: 0, giftCard: 0, regular };
    d.tax = taxOf(inv.customer, lines);
    docs.push(d);
    return d;
  };
  const refunded = new Set<Doc>();
  const refundable = () => { for (;;) { const x = pick(invoices()); if (!refunded.has(x) && x.lines.some((l) => l.amount > 0 && !l.shipping)) { refunded.add(x); return x; } } };
  // Refunds: full (returned within 30 days, shipping refunded too) and partial (one item back).
  for (let i = 0; i < 320; i++) { const inv = refundable(); refund(inv, inv.lines, "Returned", "full_refund"); }
  for (let i = 0; i < 260; i++) { const inv = refundable(); const l = pick(inv.lines.filter((x) => x.amount > 0 && !x.shipping)); refund(inv, [{ ...l, qty: 1, amount: r2(l.amount / l.qty) }], pick(["Damaged in transit", "Wrong size", "Changed mind"]), "partial_refund"); }
  // Exchanges: the item refunded, a new order for the other size at the same (campaign) price.
  for (let i = 0; i < 90; i++) {
    const inv = refundable(); const l = pick(inv.lines.filter((x) => x.amount > 0 && !x.shipping));
    const one = { ...l, qty: 1, amount: r2(l.amount / l.qty) };
    const rf = refund(inv, [one], "Exchange - wrong size", "exchange_refund");
    const ex = newDoc(inv.customer, rf.date, "exchange_new_order", [{ ...one }], inv.codes);
    ex.reason = `Exchange for ${inv.order}`; ex.original = inv;
    finish(ex); ex.lines = ex.lines.filter((x) => !x.shipping); ex.lines.push(shipLine(inv.customer.currency, false)); ex.tax = taxOf(ex.customer, ex.lines);
  }
  // Checkout re-submission after a payment retry: the same cart under a new order number minutes
  // later, the first one voided by a full refund ("Payment failed").
  for (let i = 0; i < 70; i++) {
    const inv = refundable();
    refund(inv, inv.lines, "Payment failed - order voided", "checkout_voided", inv.date);
    inv.regular = "checkout_first_attempt"; inv.status = "voided";
    const again = newDoc(inv.customer, inv.date, "checkout_resubmitted", inv.lines.map((l) => ({ ...l })), inv.codes);
    again.tax = inv.tax;
  }
  // Split shipments (one order, two invoices, one per parcel) and back-orders (the second parcel
  // weeks later, its invoice naming the first).
  const shipments: { id: string; invoice: Doc; sku: string; qty: number; date: string }[] = [];
  const splitOrders: Doc[][] = [];
  for (let i = 0; i < 160; i++) {
    const c = pick(retail); const date = orderDay();
    const d = retailOrder(c, date);
    if (d.lines.length < 2) { const s = pick(skus.filter((x) => !x.discontinued && !campaignOn(x, date) && !d.lines.some((l) => l.sku === x.sku))); d.lines.push(line(s, 1, listPrice(s, c.currency, date), 0)); }
    const backorder = i % 2 === 1;
    const first = d, second = newDoc(c, backorder ? addDays(date, int(10, 30)) : addDays(date, int(0, 2)), "", [d.lines.pop()!], d.codes);
    second.order = first.order;
    first.regular = backorder ? "backorder_first" : "split_shipment"; second.regular = backorder ? "backorder_second" : "split_shipment";
    if (backorder) { second.original = first; second.reason = `Back-order of ${first.order}`; }
    finish(first); second.tax = taxOf(c, second.lines); // shipping charged once, on the first parcel
    splitOrders.push([first, second]);
  }
  // Planted leaks ------------------------------------------------------------------------------
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; d.regular = ""; return d; };
  const perKind = 9;
  const plainRetail = () => pick(retail.filter((x) => x.group === "Retail" && x.currency === "USD"));
  const nonCampaignDay = (from: string, to: string) => { for (;;) { const d = addDays(from, int(0, Math.round((Date.parse(to) - Date.parse(from)) / 86400000))); if (!campaigns.some((c) => d >= c.from && d <= c.to)) return d; } };
  for (const kind of LEAK_KINDS) for (let i = 0; i < perKind; i++) {
    if (kind === "expired_campaign_price") {
      // The Black Friday / Summer Sale price still applied days after the campaign ended (a rule
      // whose end date was extended by hand, a cached price in the checkout).
      const camp = pick([campaigns[1]!, campaigns[2]!, campaigns[3]!]);
      const date = addDays(camp.to, int(2, 9));
      const c = plainRetail();
      const s = pick(skus.filter((x) => camp.categories.includes(x.category) && !x.discontinued && !campaignOn(x, date)));
      const pct = camp.name === "Black Friday" ? bfPct[s.category]! : camp.pct;
      const list = listPrice(s, c.currency, date), qty = 1;
      const d = newDoc(c, date, "", [line(s, qty, list, pct)], camp.name);
      finish(d); plant(d, kind, r2(list * qty) - d.lines[0]!.amount);
    } else if (kind === "stacked_coupons") {
      // Two codes combined where the policy allows one: 10 % + 15 % (or + the VIP tier).
      const c = plainRetail(); const date = nonCampaignDay("2025-02-01", "2025-11-20");
      const items = basket(c, date, int(1, 2)).filter(({ s }) => !s.discontinued);
      if (!items.length) { i--; continue; }
      const pct = pick([25, 30]);
      const d = newDoc(c, date, "", items.map(({ s, qty, list }) => line(s, qty, list, pct)), pick(["WELCOME10+SPRING15", "NEWSLETTER10+SPRING15", "WELCOME10+APP5+SPRING15"]));
      finish(d); plant(d, kind, d.lines.filter((l) => !l.shipping).reduce((s, l) => s + r2(l.qty * r2(l.price * (1 - POLICY_MAX / 100))) - l.amount, 0));
    } else if (kind === "staff_discount_non_staff") {
      const c = plainRetail(); const date = nonCampaignDay("2025-01-10", "2025-12-20");
      const items = basket(c, date).filter(({ s }) => !s.discontinued || date < CLEARANCE);
      if (!items.length) { i--; continue; }
      const d = newDoc(c, date, "", items.map(({ s, qty, list }) => line(s, qty, list, 30)), "STAFF30");
      finish(d); plant(d, kind, d.lines.filter((l) => !l.shipping).reduce((s, l) => s + r2(l.qty * l.price) - l.amount, 0));
    } else if (kind === "manual_override_below_list") {
      // A customer-service agent typed a price (no discount recorded, no approval): 40–60 % of list.
      const c = plainRetail(); const date = nonCampaignDay("2025-01-10", "2025-12-20");
      const s = pick(skus.filter((x) => !x.discontinued && x.price.USD > 40));
      const list = listPrice(s, c.currency, date), net = r2(list * pick([0.4, 0.5, 0.6]));
      const d = newDoc(c, date, "", [line(s, 1, net, 0)], "");
      finish(d); plant(d, kind, list - net);
    } else if (kind === "shipping_not_charged") {
      // Free shipping given below the threshold.
      const c = plainRetail(); const date = nonCampaignDay("2025-01-10", "2025-12-20");
      const s = pick(skus.filter((x) => !x.discontinued && x.price.USD < 45));
      const d = newDoc(c, date, "", [line(s, 1, listPrice(s, c.currency, date), 0)], "");
      d.lines.push(shipLine("USD", false)); d.tax = taxOf(c, d.lines);
      plant(d, kind, SHIPPING.USD);
    } else if (kind === "tax_missing") {
      const c = pick(retail.filter((x) => x.currency === "USD" && x.rate > 0 && x.group === "Retail"));
      const d = retailOrder(c, nonCampaignDay("2025-01-10", "2025-12-20"));
      finish(d); plant(d, kind, d.tax); d.tax = 0;
    } else if (kind === "refund_issued_twice") {
      // The same refund paid twice (the support agent and the returns desk).
      const inv = refundable(); const l = pick(inv.lines.filter((x) => x.amount > 0 && !x.shipping));
      const one = [{ ...l, qty: 1, amount: r2(l.amount / l.qty) }];
      const first = refund(inv, one, "Damaged in transit", "partial_refund");
      const twice = refund(inv, one, "Damaged in transit", "", addDays(first.date, int(0, 3)));
      plant(twice, kind, twice.lines.reduce((s, x) => s + x.amount, 0));
    } else if (kind === "order_billed_twice") {
      // The order's invoice created twice (a sync retry in the ERP connector): same order number.
      const src = pick(invoices().filter((x) => !refunded.has(x) && (x.regular === "full_price" || x.regular.startsWith("coupon"))));
      const d: Doc = { ...src, no: "", lines: src.lines.map((l) => ({ ...l })), date: addDays(src.date, int(0, 2)), regular: "" };
      docs.push(d); plant(d, kind, 0);
    } else if (kind === "b2b_price_to_retail") {
      // A reseller's contract price given to a consumer (the agent picked the wrong price list).
      const k = pick(contracts.filter((x) => x.currency === "USD"));
      const s = bySku.get(k.sku)!, c = plainRetail(), date = nonCampaignDay(k.from, k.to);
      if (campaignOn(s, date) || (s.discontinued && date >= CLEARANCE)) { i--; continue; }
      const qty = int(1, 2), list = listPrice(s, c.currency, date);
      const d = newDoc(c, date, "", [line(s, qty, k.price, 0)], "");
      finish(d); plant(d, kind, r2(list * qty) - d.lines[0]!.amount);
    } else {
      // The warehouse shipped more than the invoice bills (a picking error, an extra unit).
      const c = plainRetail(); const date = nonCampaignDay("2025-01-10", "2025-12-20");
      const d = retailOrder(c, date); finish(d);
      const goods = d.lines.filter((l) => !l.shipping);
      const l = pick(goods);
      (d as Doc & { extra?: { sku: string; qty: number } }).extra = { sku: l.sku, qty: int(1, 2) };
      plant(d, kind, r2(l.amount / l.qty) * (d as Doc & { extra: { qty: number } }).extra.qty);
    }
  }
  // Shipments: every invoice of goods ships its goods (one parcel; split orders one per invoice);
  // gift cards are e-mailed, refunds ship nothing; a planted picking error ships extra units.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.type === b.type ? 0 : a.type === "Invoice" ? -1 : 1));
  let inv = 10000, cn = 500, sh = 70000;
  for (const d of docs) d.no = d.type === "Invoice" ? `INV-${++inv}` : `CN-${++cn}`;
  for (const d of docs) {
    // A double-billed order ships once: its second invoice names no parcel.
    if (d.type !== "Invoice" || d.status === "voided" || d.leak?.kind === "order_billed_twice") continue;
    const extra = (d as Doc & { extra?: { sku: string; qty: number } }).extra;
    const id = `SHP-${++sh}`;
    for (const l of d.lines) if (!l.shipping && l.category !== "Gift card") shipments.push({ id, invoice: d, sku: l.sku, qty: l.qty + (extra?.sku === l.sku ? extra.qty : 0), date: addDays(d.date, 1) });
  }
  const labels: Label[] = docs.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: d.customer.currency, amount_at_risk: d.leak!.risk }));
  const priceRows: { sku: string; price: number; currency: Currency; from: string }[] = [];
  for (const s of [...skus, ...giftCards]) for (const cur of ["USD", "EUR", "GBP"] as Currency[]) {
    priceRows.push({ sku: s.sku, price: s.price[cur], currency: cur, from: "2024-01-01" });
    if (s.july !== 1) priceRows.push({ sku: s.sku, price: listPrice(s, cur, PRICE_CHANGE), currency: cur, from: PRICE_CHANGE });
  }
  for (const cur of ["USD", "EUR", "GBP"] as Currency[]) priceRows.push({ sku: "SHIPPING", price: SHIPPING[cur], currency: cur, from: "2024-01-01" });
  // The campaign calendar as the marketing team keeps it, and expanded per SKU (the promotion
  // rows an analyst can give the product: customer "*", the campaign price, its window).
  const promotions: typeof contracts = [];
  for (const c of campaigns) for (const s of skus) if (c.categories.includes(s.category) && !(s.discontinued && c.to >= CLEARANCE)) {
    const pct = c.name === "Black Friday" ? bfPct[s.category]! : c.pct;
    for (const cur of ["USD", "EUR", "GBP"] as Currency[]) promotions.push({ id: c.name, customer: "*", sku: s.sku, price: r2(listPrice(s, cur, c.from) * (1 - pct / 100)), currency: cur, from: c.from, to: c.to });
  }
  return { docs, contracts, promotions, priceRows, shipments, labels, customers, campaigns, bfPct };
}

// Shopify/Magento-style export: ISO timestamps, plain decimals, "," between columns.
const num = (v: number) => v.toFixed(2);
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n";

export function writeEcommerce(seed: number, out: string) {
  const g = generateEcommerce(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice Number", "Document Type", "Invoice Date", "Order Number", "Order Status", "Customer ID", "Customer Group", "Sales Channel", "Currency", "Ship Country", "Ship State", "Tax Exempt", "Discount Codes", "Refund Reason", "Original Invoice", "Gift Card Payment", "Subtotal", "Tax", "Tax Rate", "Total", "Line", "SKU", "Product", "Category", "Quantity", "Unit Price", "Discount %", "Line Total"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const c = d.customer;
    const sub = r2(d.lines.reduce((s, l) => s + l.amount, 0));
    d.lines.forEach((l, i) => rows.push([d.no, d.type, d.date, d.order, d.status, c.id, c.group, c.channel, c.currency, c.country, c.country === "US" ? c.region : "", c.exempt ? "Yes" : "No", d.codes, d.reason, d.original && d.type === "Refund" ? d.original.no : d.original ? d.original.no : "", d.giftCard ? num(d.giftCard) : "", num(sub), num(d.tax), c.exempt ? "0" : String(c.rate), num(r2(sub + d.tax)), String(i + 1), l.sku, l.title, l.category, String(l.qty), num(l.price), l.discount ? String(l.discount) : "", num(l.amount)]));
  }
  writeFileSync(join(out, "invoice_lines.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "price_list.csv"), csv(["SKU", "Price", "Currency", "Effective From"], g.priceRows.map((p) => [p.sku, num(p.price), p.currency, p.from])));
  writeFileSync(join(out, "ref", "contracts.csv"), csv(["Contract", "Customer ID", "SKU", "Price", "Currency", "Valid From", "Valid To"], g.contracts.map((k) => [k.id, k.customer, k.sku, num(k.price), k.currency, k.from, k.to])));
  writeFileSync(join(out, "ref", "contracts_and_campaigns.csv"), csv(["Contract", "Customer ID", "SKU", "Price", "Currency", "Valid From", "Valid To"], [...g.contracts, ...g.promotions].map((k) => [k.id, k.customer, k.sku, num(k.price), k.currency, k.from, k.to])));
  writeFileSync(join(out, "ref", "campaign_calendar.csv"), csv(["Campaign", "Start", "End", "Categories", "Discount %"], g.campaigns.map((c) => [c.name, c.from, c.to, c.categories.join("; "), c.name === "Black Friday" ? c.categories.map((k) => `${k} ${g.bfPct[k]}`).join("; ") : String(c.pct)])));
  writeFileSync(join(out, "ref", "shipments.csv"), csv(["Shipment", "Invoice Number", "SKU", "Quantity", "Ship Date"], g.shipments.map((s) => [s.id, s.invoice.no, s.sku, String(s.qty), s.date])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.no] = d.regular;
  writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, customers: g.customers.length, contracts: g.contracts.length, promotions: g.promotions.length, shipments: g.shipments.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeEcommerce(Number(arg("--seed", "2611")), arg("--out", "/tmp/ecom-2611"))));
}
