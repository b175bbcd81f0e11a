// An independent billing data set (the twenty-eighth, 2026-11-28): a foodservice and beverage
// wholesale distributor's invoice billing over January – October 2026, exported from its ERP's
// invoice detail (an Infor SX.e / Encompass route-accounting style export). Written from how a
// broadline distributor bills before reading the detectors.
//
// `invoice_detail.csv`: one row per invoice line with the invoice's header on each — invoice
// number, doc type (INV, CM), invoice date (MM/DD/YYYY, as a US ERP writes it), order number, ship
// via (ROUTE, WILL CALL), route, stop and driver, customer number and name, customer type
// (Restaurant, Bar, Retail, Chain), price method (TIER 1–3 or COST+), fee schedule (STD, EXEMPT),
// tax status (TAXABLE, RESALE), the invoice a credit memo credits and its reason code, entered by
// and approved by, currency, subtotal, sales tax and total; per line the line type (ITEM, ALLOW,
// DEPOSIT, FEE), item number, description, pack/size, category, catch-weight flag and nominal case
// weight, the order and shipped quantities in the selling unit (CS, EA for a split case, KEG),
// the driver's adjustment at the door, the billed quantity and its price unit (CS, EA, KEG, or LB
// for a catch-weight item billed by its actual weight), unit price, extended price, and the deal
// number of an allowance. Beside it `ref/price_book.csv` (list price per item and unit with its
// effective date: a general increase on 2026-04-01, market items repriced each month),
// `ref/pricing_records.csv` (each customer's price sheet per item and unit, at its tier or at cost
// plus its agreed mark-up, dated per cost change and tier change; the suppliers' deal allowances
// per case for every customer with their windows) and `ref/delivery_confirmations.csv` (each line
// delivered: the cases and, for a catch-weight item, the weight scanned at the dock).
//
// Regular business (hard negatives): tier prices below list; cost-plus prices that follow the
// monthly cost of market items; a customer moved to another tier on a date; split cases (EA) at
// the split-case upcharge; catch weights varying case by case; deal allowances within their
// windows; keg deposits charged per full keg and credited per empty picked up (on the next
// delivery's invoice, or on a credit memo of empties alone); fuel surcharge per route delivery
// (repriced monthly); a delivery fee below the minimum order, waived above it, for will-call
// orders and for exempt accounts; sales tax on paper and chemicals only, and none for a reseller;
// warehouse shorts and driver adjustments (billed as delivered); standing orders (the same items
// and quantities every week); approved credit memos for mis-picks, damaged goods and returns.
// Planted (labelled, with the amount at risk): a deal allowance applied after its window, a
// cost-plus customer priced below its agreed mark-up, a keg delivered without its deposit, a split
// case without the upcharge, a catch-weight item billed at the nominal weight short of the actual,
// the delivery fee waived on an order below the minimum, an invoice billed twice.
// Run: bun run bench/quality/distributor-billing.ts --seed 2801 --out /tmp/distrib
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "allowance_after_window" | "cost_plus_below_agreement" | "keg_deposit_not_charged" | "split_case_upcharge_missing" | "catch_weight_billed_at_nominal" | "delivery_fee_waived_below_minimum" | "invoice_billed_twice";
export const LEAK_KINDS: LeakKind[] = ["allowance_after_window", "cost_plus_below_agreement", "keg_deposit_not_charged", "split_case_upcharge_missing", "catch_weight_billed_at_nominal", "delivery_fee_waived_below_minimum", "invoice_billed_twice"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_DAY = "2026-01-05";
const LAST_DAY = "2026-10-31";
const INCREASE = "2026-04-01";
const MONTHS = Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}-01`);
const KEG_DEPOSIT = 30;
const DELIVERY_FEE = 25;
const MIN_ORDER = 250;
const SPLIT_UPCHARGE = 0.1;
const TAX = 0.07;
const FUEL: number[] = [4.5, 4.5, 4.75, 4.95, 4.95, 5.25, 5.25, 4.95, 4.75, 4.75];

type Category = "DRY" | "FROZEN" | "PRODUCE" | "MEAT" | "DAIRY" | "PAPER" | "CHEM" | "BEER" | "WINE" | "KEG";
interface Item { no: string; desc: string; pack: string; cat: Category; unit: "CS" | "LB" | "KEG"; perCase: number; split: boolean; catchWt: number; market: boolean; base: number; costRatio: number }
type Method = "TIER 1" | "TIER 2" | "TIER 3" | "COST+";
interface Customer { no: string; name: string; type: "Restaurant" | "Bar" | "Retail" | "Chain"; method: Method; tierChange?: { date: string; to: Method }; markup: number; exempt: boolean; resale: boolean; guide: Item[]; route: string; days: number[]; standing: boolean }
interface Deal { no: string; item: Item; allowance: number; from: string; to: string }
interface Line { type: "ITEM" | "ALLOW" | "DEPOSIT" | "FEE"; item?: Item; sku: string; desc: string; sellUnit: string; ordered: number; shipped: number; adj: number; billQty: number; priceUnit: string; price: number; amount: number; deal: string; cases?: number; actualWt?: number }
interface Doc {
  no: string; type: "INV" | "CM"; date: string; order: string; via: "ROUTE" | "WILL CALL"; route: string; stop: number; driver: string; cust: Customer; related: string; reason: string; user: string; approver: string;
  lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}

const TIER_OFF: Record<Method, number> = { "TIER 1": 0, "TIER 2": 0.03, "TIER 3": 0.06, "COST+": 0 };
const goodsOf = (ls: Line[]) => r2(ls.filter((l) => l.type === "ITEM" || l.type === "ALLOW").reduce((s, l) => s + l.amount, 0));
const netOf = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
const taxOf = (d: Doc) => (d.cust.resale ? 0 : r2(d.lines.filter((l) => l.item && (l.item.cat === "PAPER" || l.item.cat === "CHEM")).reduce((s, l) => s + l.amount, 0) * TAX));

export function generateDistributor(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int } = draws(rnd);
  const chance = (p: number) => rnd() < p;

  // The catalogue: ~110 items across the warehouse's categories.
  const specs: [Category, number, string[], string[], [number, number]][] = [
    ["DRY", 22, ["Tomato Sauce Fancy", "Olive Oil Pomace", "Flour All Purpose", "Rice Long Grain", "Penne Rigate", "Ketchup Fancy", "Mayonnaise Heavy Duty", "Pickle Chips", "Black Beans", "Sugar Granulated", "Croutons Seasoned", "Soy Sauce"], ["6/#10 CN", "4/1 GAL", "12/32 OZ", "1/50 LB", "2/10 LB", "24/14 OZ"], [18, 72]],
    ["FROZEN", 14, ["French Fries 3/8 Shoestring", "Chicken Wings Jumbo", "Onion Rings Battered", "Mixed Vegetables", "Cheesecake NY Style", "Tater Tots"], ["6/5 LB", "4/10 LB", "2/8 CT", "12/2.5 LB"], [28, 85]],
    ["PRODUCE", 12, ["Lettuce Romaine Hearts", "Tomatoes 5x6", "Onions Yellow Jumbo", "Potatoes Russet 70ct", "Lemons 115ct", "Avocados Hass 48ct"], ["1/25 LB", "1/50 LB", "3/6 CT", "1/40 LB"], [22, 65]],
    ["MEAT", 14, ["Beef Ribeye Choice Lip-On", "Pork Butt Bone-In", "Chicken Breast Boneless", "Salmon Fillet Atlantic", "Beef Brisket Choice", "Turkey Breast Raw"], ["2/12 LB AVG", "2/8 LB AVG", "4/10 LB AVG", "1/20 LB AVG"], [2.5, 14]],
    ["DAIRY", 10, ["Cheddar Block Mild", "Mozzarella Loaf", "Butter Solid Salted", "Heavy Cream 40%", "Eggs Large Loose"], ["2/5 LB AVG", "6/5 LB AVG", "36/1 LB", "12/1 QT", "1/15 DZ"], [3.2, 58]],
    ["PAPER", 8, ["Napkin Dinner 2-Ply", "Container Foam Hinged", "Cup Hot 12 oz", "Glove Nitrile Large"], ["1/3000 CT", "1/200 CT", "1/1000 CT", "10/100 CT"], [24, 78]],
    ["CHEM", 6, ["Detergent Dish Machine", "Sanitizer Quat", "Degreaser Heavy"], ["4/1 GAL", "2/2.5 GAL", "1/5 GAL"], [32, 96]],
    ["BEER", 12, ["Lager Domestic 12oz Btl", "IPA Craft 12oz Can", "Light Lager 16oz Can", "Imported Pilsner 12oz Btl", "Hard Seltzer Variety"], ["24/12 OZ", "24/16 OZ", "4/6/12 OZ"], [22, 44]],
    ["WINE", 10, ["Cabernet Sauvignon House", "Chardonnay California", "Pinot Grigio Delle Venezie", "Prosecco DOC", "Malbec Mendoza"], ["12/750 ML", "6/1.5 L"], [96, 240]],
    ["KEG", 8, ["Lager Domestic 1/2 BBL", "IPA Craft 1/6 BBL", "Amber Ale 1/2 BBL", "Hefeweizen 1/6 BBL", "Cider Dry 1/6 BBL", "Stout Nitro 1/2 BBL"], ["1/2 BBL", "1/6 BBL"], [95, 215]],
  ];
  const items: Item[] = [];
  let itemNo = 100_100;
  for (const [cat, n, names, packs, [lo, hi]] of specs) for (let i = 0; i < n; i++) {
    itemNo += int(3, 40);
    const name = names[i % names.length]!;
    const pack = cat === "KEG" ? (name.includes("1/6") ? "1/6 BBL" : "1/2 BBL") : pick(packs);
    const perCase = Number(pack.split("/")[0]) || 1;
    const catchWt = cat === "MEAT" || (cat === "DAIRY" && pack.includes("AVG")) ? perCase * Number(pack.split("/")[1]!.split(" ")[0]) : 0;
    items.push({
      no: String(itemNo), desc: `${name}${i >= names.length ? " Premium" : ""}`, pack, cat, unit: cat === "KEG" ? "KEG" : catchWt ? "LB" : "CS", perCase, catchWt,
      split: !catchWt && cat !== "KEG" && perCase >= 4 && (cat === "WINE" || chance(0.45)), market: cat === "MEAT" || cat === "PRODUCE" || (cat === "DAIRY" && !!catchWt),
      base: r2(catchWt ? between(lo, hi > 20 ? 9 : hi) : between(lo, hi)), costRatio: between(0.7, 0.8),
    });
  }
  // Market items are repriced monthly; the rest take a general increase on 1 April.
  const marketFactor = new Map<string, number[]>();
  for (const it of items) if (it.market) { let f = 1; marketFactor.set(it.no, MONTHS.map(() => (f = f * between(0.95, 1.06)))); }
  const listPrice = (it: Item, day: string) => {
    const m = Number(day.slice(5, 7)) - 1;
    return r2(it.base * (it.market ? marketFactor.get(it.no)![m]! : day >= INCREASE ? 1.03 : 1));
  };
  const cost = (it: Item, day: string) => r2(listPrice(it, day) * it.costRatio);
  /** The periods over which an item's list and cost are constant. */
  const pricePeriods = (it: Item): string[] => (it.market ? MONTHS : ["2026-01-01", INCREASE]);
  const splitPrice = (casePrice: number, it: Item) => r2((casePrice / it.perCase) * (1 + SPLIT_UPCHARGE));

  // Customers: restaurants, bars, retailers and chain units on tiers or cost-plus.
  const words = ["Harbor", "Maple", "Union", "Copper", "Lantern", "Oak", "Granite", "Riverside", "Juniper", "Summit", "Bayview", "Cedar", "Elm Street", "Old Town", "Foundry", "Pier", "Hillside", "Market"];
  const kinds: Record<Customer["type"], string[]> = { Restaurant: ["Grill", "Bistro", "Kitchen", "Diner", "Trattoria", "Cafe"], Bar: ["Tap House", "Pub", "Tavern", "Saloon", "Beer Hall"], Retail: ["Market", "Liquor", "Deli & Grocery", "Bottle Shop"], Chain: ["Burger Co #", "Pizza Co #", "Taco Stand #"] };
  const customers: Customer[] = [];
  for (let i = 0; i < 84; i++) {
    const type: Customer["type"] = i < 34 ? "Restaurant" : i < 56 ? "Bar" : i < 68 ? "Retail" : "Chain";
    const method: Method = type === "Chain" ? "COST+" : type === "Restaurant" && chance(0.25) ? "COST+" : pick(["TIER 1", "TIER 2", "TIER 2", "TIER 3"] as Method[]);
    const cats: Category[] = type === "Bar" ? ["BEER", "KEG", "KEG", "WINE", "FROZEN", "PAPER", "CHEM", "PRODUCE"] : type === "Retail" ? ["BEER", "WINE", "DRY", "PAPER", "BEER", "KEG"] : ["DRY", "FROZEN", "PRODUCE", "MEAT", "DAIRY", "PAPER", "CHEM", "WINE", "BEER"];
    const pool = items.filter((it) => cats.includes(it.cat));
    const guide = [...new Set(Array.from({ length: int(14, 30) }, () => pick(pool)))];
    const c: Customer = {
      no: String(20_010 + i * 13), name: `${pick(words)} ${pick(kinds[type])}${type === "Chain" ? String(100 + i) : ""}`, type, method, markup: method === "COST+" ? pick([8, 9, 10, 12, 14]) : 0,
      exempt: type === "Chain" || chance(0.12), resale: type === "Retail", guide, route: `R${String(int(1, 12)).padStart(2, "0")}`,
      days: type === "Chain" || chance(0.3) ? [1, 4] : chance(0.3) ? [1, 3, 5] : [pick([2, 3, 4])], standing: type === "Bar" && chance(0.45),
    };
    if (method !== "COST+" && chance(0.14)) c.tierChange = { date: pick(["2026-03-01", "2026-05-15", "2026-07-01", "2026-08-10"]), to: method === "TIER 3" ? "TIER 2" : method === "TIER 1" ? "TIER 2" : "TIER 3" };
    customers.push(c);
  }
  const methodOn = (c: Customer, day: string): Method => (c.tierChange && day >= c.tierChange.date ? c.tierChange.to : c.method);
  /** The customer's price sheet price of an item in its selling unit (CS / KEG / LB) on a day. */
  const sheetPrice = (c: Customer, it: Item, day: string) => {
    const m = methodOn(c, day);
    return m === "COST+" ? r2(cost(it, day) * (1 + c.markup / 100)) : r2(listPrice(it, day) * (1 - TIER_OFF[m]));
  };

  // Deals: supplier allowances per case on beverage and frozen items, 3–6 weeks each.
  const deals: Deal[] = [];
  for (let k = 0; k < 16; k++) {
    const item = pick(items.filter((it) => ["BEER", "WINE", "FROZEN", "DRY", "KEG"].includes(it.cat)));
    const from = addDays("2026-01-12", int(0, 250));
    deals.push({ no: `DL-26${String(101 + k)}`, item, allowance: r2(item.cat === "KEG" ? pick([10, 15, 20]) : pick([1, 1.5, 2, 3, 4])), from, to: addDays(from, int(20, 42)) });
  }
  const dealOn = (it: Item, day: string) => deals.find((d) => d.item === it && d.from <= day && day <= d.to);
  const dealJustEnded = (it: Item, day: string) => deals.find((d) => d.item === it && d.to < day && day <= addDays(d.to, 10));

  const docs: Doc[] = [];
  const users = ["csr.ramirez", "csr.oconnor", "csr.patel", "edi.import"];
  const managers = ["mgr.kowalski", "mgr.nguyen", "cr.thompson"];
  const drivers = Array.from({ length: 12 }, (_, i) => `DRV${String(301 + i)}`);
  let invNo = 4_810_000, orderNo = 700_000, cmNo = 0;
  const quota: Record<LeakKind, number> = Object.fromEntries(LEAK_KINDS.map((k) => [k, 5])) as Record<LeakKind, number>;
  const rate: Record<LeakKind, number> = { allowance_after_window: 0.25, cost_plus_below_agreement: 0.006, keg_deposit_not_charged: 0.01, split_case_upcharge_missing: 0.012, catch_weight_billed_at_nominal: 0.012, delivery_fee_waived_below_minimum: 0.05, invoice_billed_twice: 0.0022 };
  const plant = (k: LeakKind, eligible: boolean) => (eligible && quota[k] > 0 && chance(rate[k]) ? (quota[k]--, true) : false);
  const kegsOut = new Map<Customer, number>();
  const standingOrders = new Map<Customer, { it: Item; qty: number; split: boolean }[]>();

  const itemLine = (it: Item, c: Customer, day: string, qty: number, split: boolean): Line => {
    const guided = c.guide.includes(it);
    const casePrice = guided ? sheetPrice(c, it, day) : listPrice(it, day);
    if (it.catchWt) {
      const weights = Array.from({ length: qty }, () => it.catchWt * between(0.92, 1.08));
      const wt = Math.round(weights.reduce((a, b) => a + b, 0) * 100) / 100;
      return { type: "ITEM", item: it, sku: it.no, desc: it.desc, sellUnit: "CS", ordered: qty, shipped: qty, adj: 0, billQty: wt, priceUnit: "LB", price: casePrice, amount: r2(wt * casePrice), deal: "", cases: qty, actualWt: wt };
    }
    const price = split ? splitPrice(casePrice, it) : casePrice;
    const u = split ? "EA" : it.unit;
    return { type: "ITEM", item: it, sku: it.no, desc: it.desc, sellUnit: u, ordered: qty, shipped: qty, adj: 0, billQty: qty, priceUnit: u, price, amount: r2(qty * price), deal: "" };
  };

  for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) {
    const wd = new Date(day + "T12:00:00Z").getUTCDay();
    if (wd === 0 || wd === 6) continue;
    for (const c of customers) {
      if (!c.days.includes(wd) || chance(0.14)) continue;
      const willCall = c.type !== "Chain" && chance(0.05);
      // The order: a standing order repeats the same items and quantities; else 3–12 guide items, now and then one off the guide.
      let wanted: { it: Item; qty: number; split: boolean }[];
      if (c.standing && standingOrders.has(c) && chance(0.85)) wanted = standingOrders.get(c)!.map((w) => ({ ...w }));
      else {
        const picks = [...new Set(Array.from({ length: int(2, c.type === "Bar" ? 6 : 11) }, () => pick(c.guide)))];
        if (chance(0.08)) picks.push(pick(items.filter((it) => !c.guide.includes(it) && it.cat !== "KEG")));
        wanted = picks.map((it) => { const split = it.split && chance(0.22); return { it, qty: split ? int(1, Math.max(1, it.perCase - 1)) : it.cat === "KEG" ? int(1, 4) : int(1, it.catchWt ? 3 : 6), split }; });
        if (c.standing && !standingOrders.has(c)) standingOrders.set(c, wanted.filter((w) => !w.it.catchWt).map((w) => ({ ...w })));
      }
      const d: Doc = { no: String(++invNo), type: "INV", date: day, order: `SO${++orderNo}`, via: willCall ? "WILL CALL" : "ROUTE", route: willCall ? "" : c.route, stop: willCall ? 0 : int(1, 28), driver: willCall ? "" : pick(drivers), cust: c, related: "", reason: "", user: c.type === "Chain" ? "edi.import" : pick(users.slice(0, 3)), approver: "", lines: [], regular: "route_invoice" };
      const tags = new Set<string>();
      for (const w of wanted) {
        const l = itemLine(w.it, c, day, w.qty, w.split);
        if (w.split) tags.add("split_case");
        if (w.it.catchWt) tags.add("catch_weight");
        if (!c.guide.includes(w.it)) tags.add("off_guide_item");
        // A warehouse short or a refusal at the door: billed as delivered.
        if (!w.it.catchWt && l.shipped > 1 && chance(0.03)) { const k = int(1, l.shipped - 1); l.shipped -= k; l.billQty = l.shipped; l.amount = r2(l.billQty * l.price); tags.add("warehouse_short"); }
        else if (!willCall && !w.it.catchWt && l.shipped > 1 && chance(0.03)) { const k = int(1, l.shipped - 1); l.adj = -k; l.shipped -= k; l.billQty = l.shipped; l.amount = r2(l.billQty * l.price); tags.add("driver_adjustment"); }
        d.lines.push(l);
        const deal = dealOn(w.it, day);
        if (deal && !w.split) { d.lines.push({ type: "ALLOW", sku: `ALW-${w.it.no}`, desc: `Deal allowance ${deal.no} ${w.it.desc}`, sellUnit: w.it.unit === "KEG" ? "KEG" : "CS", ordered: l.shipped, shipped: l.shipped, adj: 0, billQty: l.shipped, priceUnit: w.it.unit === "KEG" ? "KEG" : "CS", price: -deal.allowance, amount: -r2(deal.allowance * l.shipped), deal: deal.no }); tags.add("deal_allowance"); }
      }
      // Kegs: a deposit per full keg delivered, a credit per empty picked up.
      const kegs = d.lines.filter((l) => l.item?.cat === "KEG").reduce((s, l) => s + l.shipped, 0);
      if (kegs > 0) d.lines.push({ type: "DEPOSIT", sku: "DEP-KEG", desc: "Keg deposit", sellUnit: "EA", ordered: kegs, shipped: kegs, adj: 0, billQty: kegs, priceUnit: "EA", price: KEG_DEPOSIT, amount: r2(kegs * KEG_DEPOSIT), deal: "" });
      const out0 = kegsOut.get(c) ?? 0;
      const back = !willCall && out0 > 0 && chance(0.7) ? int(1, out0) : 0;
      if (back > 0) { d.lines.push({ type: "DEPOSIT", sku: "DEP-KEG", desc: "Keg deposit return - empties picked up", sellUnit: "EA", ordered: 0, shipped: -back, adj: 0, billQty: -back, priceUnit: "EA", price: KEG_DEPOSIT, amount: -r2(back * KEG_DEPOSIT), deal: "" }); tags.add("keg_empties_credited"); }
      kegsOut.set(c, out0 + kegs - back);
      // Fuel surcharge per route delivery; the delivery fee below the minimum order unless exempt.
      const goods = goodsOf(d.lines);
      if (!willCall) {
        const fuel = FUEL[Number(day.slice(5, 7)) - 1]!;
        d.lines.push({ type: "FEE", sku: "FUEL-SUR", desc: "Fuel surcharge", sellUnit: "EA", ordered: 1, shipped: 1, adj: 0, billQty: 1, priceUnit: "EA", price: fuel, amount: fuel, deal: "" });
        if (goods < MIN_ORDER && !c.exempt) { d.lines.push({ type: "FEE", sku: "FEE-DLV", desc: `Delivery fee - order under $${MIN_ORDER}`, sellUnit: "EA", ordered: 1, shipped: 1, adj: 0, billQty: 1, priceUnit: "EA", price: DELIVERY_FEE, amount: DELIVERY_FEE, deal: "" }); tags.add("delivery_fee_below_minimum"); }
        else if (goods < MIN_ORDER) tags.add("fee_exempt_small_order");
      } else if (goods < MIN_ORDER) tags.add("will_call_small_order");
      // A price override approved by a sales manager (a meet-the-competition price), noted on the invoice.
      if (chance(0.004)) {
        const l = d.lines.find((x) => x.type === "ITEM" && !x.item!.catchWt);
        if (l) { l.price = r2(l.price * 0.93); l.amount = r2(l.billQty * l.price); d.approver = pick(managers); d.reason = "PRICE OVERRIDE"; tags.add("approved_price_override"); }
      }

      // Plants, at most one per invoice.
      const itemLines = d.lines.filter((l) => l.type === "ITEM");
      const ended = itemLines.map((l) => ({ l, deal: dealJustEnded(l.item!, day) })).find((x) => x.deal && l0ok(x.l) && !dealOn(x.l.item!, day));
      function l0ok(l: Line) { return l.sellUnit !== "EA"; }
      const cpLine = itemLines.find((l) => c.guide.includes(l.item!) && !l.item!.catchWt && l.sellUnit !== "EA");
      const splitLine = itemLines.find((l) => l.sellUnit === "EA" && c.guide.includes(l.item!));
      const cwLine = itemLines.find((l) => l.item!.catchWt && l.actualWt! > l.cases! * l.item!.catchWt * 1.02);
      const feeLine = d.lines.find((l) => l.sku === "FEE-DLV");
      const depLine = d.lines.find((l) => l.sku === "DEP-KEG" && l.billQty > 0);
      if (d.reason) { /* an approved override carries no plant */ }
      else if (ended && plant("allowance_after_window", true)) {
        const deal = ended.deal!, l = ended.l;
        d.lines.splice(d.lines.indexOf(l) + 1, 0, { type: "ALLOW", sku: `ALW-${l.item!.no}`, desc: `Deal allowance ${deal.no} ${l.item!.desc}`, sellUnit: l.sellUnit, ordered: l.shipped, shipped: l.shipped, adj: 0, billQty: l.shipped, priceUnit: l.priceUnit, price: -deal.allowance, amount: -r2(deal.allowance * l.shipped), deal: deal.no });
        d.leak = { kind: "allowance_after_window", risk: r2(deal.allowance * l.shipped) };
      } else if (methodOn(c, day) === "COST+" && cpLine && plant("cost_plus_below_agreement", true)) {
        const agreed = cpLine.price, billed = r2(cost(cpLine.item!, day) * (1 + (c.markup - pick([3, 4, 5])) / 100));
        cpLine.price = billed; cpLine.amount = r2(cpLine.billQty * billed);
        d.leak = { kind: "cost_plus_below_agreement", risk: r2((agreed - billed) * cpLine.billQty) };
      } else if (depLine && plant("keg_deposit_not_charged", true)) {
        d.lines.splice(d.lines.indexOf(depLine), 1);
        d.leak = { kind: "keg_deposit_not_charged", risk: r2(depLine.amount) };
      } else if (splitLine && plant("split_case_upcharge_missing", true)) {
        const right = splitLine.price, billed = r2(sheetPrice(c, splitLine.item!, day) / splitLine.item!.perCase);
        splitLine.price = billed; splitLine.amount = r2(splitLine.billQty * billed);
        d.leak = { kind: "split_case_upcharge_missing", risk: r2((right - billed) * splitLine.billQty) };
      } else if (cwLine && plant("catch_weight_billed_at_nominal", true)) {
        const nominal = cwLine.cases! * cwLine.item!.catchWt;
        const risk = r2(cwLine.amount - r2(nominal * cwLine.price));
        cwLine.billQty = nominal; cwLine.amount = r2(nominal * cwLine.price);
        d.leak = { kind: "catch_weight_billed_at_nominal", risk };
      } else if (feeLine && plant("delivery_fee_waived_below_minimum", true)) {
        d.lines.splice(d.lines.indexOf(feeLine), 1);
        d.leak = { kind: "delivery_fee_waived_below_minimum", risk: DELIVERY_FEE };
      }
      d.regular = tags.has("approved_price_override") ? "approved_price_override" : tags.has("keg_empties_credited") ? "keg_empties_credited" : tags.has("deal_allowance") ? "deal_allowance" : tags.has("catch_weight") ? "catch_weight" : tags.has("split_case") ? "split_case" : tags.has("driver_adjustment") ? "driver_adjustment" : tags.has("warehouse_short") ? "warehouse_short" : tags.has("delivery_fee_below_minimum") ? "delivery_fee_below_minimum" : tags.has("fee_exempt_small_order") ? "fee_exempt_small_order" : tags.has("will_call_small_order") ? "will_call_small_order" : c.tierChange && day >= c.tierChange.date ? "after_tier_change" : c.standing && standingOrders.has(c) ? "standing_order" : methodOn(c, day) === "COST+" ? "cost_plus_invoice" : tags.has("off_guide_item") ? "off_guide_item" : "route_invoice";
      docs.push(d);

      // The same order invoiced twice (the route invoice re-released under a new number).
      if (!d.leak && plant("invoice_billed_twice", true)) {
        docs.push({ ...d, no: String(++invNo), date: chance(0.5) ? day : addDays(day, 1), lines: d.lines.map((l) => ({ ...l })), leak: { kind: "invoice_billed_twice", risk: netOf(d) } });
      }
      // Credit memos, approved: a mis-pick, damaged cases, a customer return.
      if (!d.leak && chance(0.035)) {
        const l = pick(d.lines.filter((x) => x.type === "ITEM"));
        const reason = pick(["MISPICK", "DAMAGED", "DAMAGED", "RETURN"]);
        const q = reason === "MISPICK" ? l.shipped : Math.max(1, Math.min(l.shipped, int(1, 2)));
        const credit: Line = l.item!.catchWt ? { ...l, shipped: -q, billQty: -r2((l.billQty * q) / l.shipped), amount: -r2((l.amount * q) / l.shipped), cases: -q } : { ...l, shipped: -q, billQty: -q, amount: -r2(q * l.price), adj: 0 };
        const cmLines = [credit];
        // Credit the allowance taken on the cases returned too.
        const alw = d.lines.find((x) => x.type === "ALLOW" && x.sku === `ALW-${l.sku}`);
        if (alw && !l.item!.catchWt) cmLines.push({ ...alw, shipped: -q, billQty: -q, amount: r2(q * -alw.price) });
        docs.push({ ...d, no: `CM${String(++cmNo + 90_000)}`, type: "CM", date: addDays(day, int(1, 9)), related: d.no, reason, user: pick(users.slice(0, 3)), approver: pick(managers), via: d.via, lines: cmLines, leak: undefined, regular: `credit_${reason.toLowerCase()}` });
      }
    }
    // Empties picked up on a call of their own: a credit memo of the deposits alone.
    if (day.endsWith("-28") || day.endsWith("-14")) {
      for (const c of customers) {
        const out0 = kegsOut.get(c) ?? 0;
        if (out0 >= 3 && chance(0.35)) {
          const back = int(1, out0);
          kegsOut.set(c, out0 - back);
          docs.push({ no: `CM${String(++cmNo + 90_000)}`, type: "CM", date: day, order: "", via: "ROUTE", route: c.route, stop: int(1, 28), driver: pick(drivers), cust: c, related: "", reason: "KEG RETURN", user: pick(users.slice(0, 3)), approver: pick(managers), lines: [{ type: "DEPOSIT", sku: "DEP-KEG", desc: "Keg deposit return - empties picked up", sellUnit: "EA", ordered: 0, shipped: -back, adj: 0, billQty: -back, priceUnit: "EA", price: KEG_DEPOSIT, amount: -r2(back * KEG_DEPOSIT), deal: "" }], regular: "keg_return_credit" });
        }
      }
    }
  }
  const labels: Label[] = docs.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs, labels, items, customers, deals, listPrice, sheetPrice, pricePeriods, splitPrice, methodOn };
}

export function writeDistributor(seed: number, out: string) {
  const g = generateDistributor(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const n2 = (v: number) => v.toFixed(2);
  const q = (v: number) => String(Math.round(v * 100) / 100);
  const header = ["Invoice No", "Doc Type", "Invoice Date", "Order No", "Ship Via", "Route", "Stop", "Driver", "Customer No", "Customer Name", "Customer Type", "Price Method", "Fee Schedule", "Tax Status", "Ref Invoice", "Reason Code", "Entered By", "Approved By", "Currency", "Invoice Subtotal", "Sales Tax", "Invoice Total",
    "Line No", "Line Type", "Item No", "Item Description", "Pack/Size", "Category", "Catch Weight", "Nominal Case Wt", "Sell UOM", "Qty Ordered", "Qty Shipped", "Driver Adj", "Billed Qty", "Price UOM", "Unit Price", "Extended Price", "Deal No"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const net = netOf(d), tax = d.type === "CM" ? -Math.abs(taxOf(d)) : taxOf(d);
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), d.order, d.via, d.route, d.stop ? String(d.stop) : "", d.driver, d.cust.no, d.cust.name, d.cust.type, g.methodOn(d.cust, d.date), d.cust.exempt ? "EXEMPT" : "STD", d.cust.resale ? "RESALE" : "TAXABLE", d.related, d.reason, d.user, d.approver, "USD", n2(net), n2(tax), n2(r2(net + tax)),
      String(i + 1), l.type, l.sku, l.desc, l.item?.pack ?? "", l.item?.cat ?? (l.type === "DEPOSIT" ? "DEPOSIT" : l.type === "ALLOW" ? "ALLOWANCE" : "FEE"), l.item?.catchWt ? "Y" : "N", l.item?.catchWt ? q(l.item.catchWt) : "", l.sellUnit, q(l.ordered), q(l.shipped), l.adj ? q(l.adj) : "", q(l.billQty), l.priceUnit, n2(l.price), n2(l.amount), l.deal,
    ]));
  }
  writeFileSync(join(out, "invoice_detail.csv"), csv(header, rows));
  // The price book: list (column 1) per item and unit, a row per effective date; deposits and fees.
  const book: string[][] = [];
  for (const it of g.items) for (const from of g.pricePeriods(it)) {
    const p = g.listPrice(it, from);
    book.push([it.no, it.desc, it.pack, it.cat, it.unit, n2(p), "USD", usDate(from)]);
    if (it.split) book.push([it.no, it.desc, it.pack, it.cat, "EA", n2(g.splitPrice(p, it)), "USD", usDate(from)]);
  }
  book.push(["DEP-KEG", "Keg deposit", "", "DEPOSIT", "EA", n2(KEG_DEPOSIT), "USD", "01/01/2026"]);
  book.push(["FEE-DLV", `Delivery fee - order under $${MIN_ORDER}`, "", "FEE", "EA", n2(DELIVERY_FEE), "USD", "01/01/2026"]);
  MONTHS.forEach((m, i) => book.push(["FUEL-SUR", "Fuel surcharge", "", "FEE", "EA", n2(FUEL[i]!), "USD", usDate(m)]));
  writeFileSync(join(out, "ref", "price_book.csv"), csv(["Item No", "Description", "Pack/Size", "Category", "UOM", "List Price", "Currency", "Effective Date"], book));
  // Pricing records: each customer's price sheet (per item and unit, a row per cost or tier period), and the deals for all customers.
  const recs: string[][] = [];
  for (const c of g.customers) for (const it of c.guide) {
    const bounds = [...new Set([...g.pricePeriods(it), ...(c.tierChange ? [c.tierChange.date] : [])])].sort();
    bounds.forEach((from, i) => {
      const to = i + 1 < bounds.length ? addDays(bounds[i + 1]!, -1) : "2026-12-31";
      const p = g.sheetPrice(c, it, from), m = g.methodOn(c, from);
      const basis = m === "COST+" ? `COST+${c.markup}%` : m;
      const agreement = m === "COST+" ? `CP-${c.no}` : `PS-${c.no}`;
      recs.push(["CUSTOMER", agreement, c.no, it.no, it.unit, n2(p), basis, "USD", usDate(from), usDate(to)]);
      if (it.split) recs.push(["CUSTOMER", agreement, c.no, it.no, "EA", n2(g.splitPrice(p, it)), `${basis} SPLIT+${SPLIT_UPCHARGE * 100}%`, "USD", usDate(from), usDate(to)]);
    });
  }
  for (const d of g.deals) recs.push(["DEAL", d.no, "*", `ALW-${d.item.no}`, d.item.unit === "KEG" ? "KEG" : "CS", n2(-d.allowance), "ALLOWANCE PER CASE", "USD", usDate(d.from), usDate(d.to)]);
  writeFileSync(join(out, "ref", "pricing_records.csv"), csv(["Record Type", "Agreement No", "Customer No", "Item No", "UOM", "Price", "Price Basis", "Currency", "Effective From", "Effective To"], recs));
  // Delivery confirmations: each item line delivered, with the weight scanned for a catch-weight item.
  const conf: string[][] = [];
  const invoiced = new Set<string>();
  for (const d of g.docs) {
    if (d.type !== "INV" || d.leak?.kind === "invoice_billed_twice") continue;
    const key = d.order;
    if (invoiced.has(key)) continue;
    invoiced.add(key);
    d.lines.forEach((l, i) => {
      if (l.type !== "ITEM" || l.shipped <= 0) return;
      const qty = l.item!.catchWt ? l.actualWt! : l.shipped;
      conf.push([`${d.order}-${i + 1}`, d.order, d.no, d.cust.no, usDate(d.date), d.route, l.sku, l.priceUnit, q(l.item!.catchWt ? l.cases! : l.shipped), q(qty)]);
    });
  }
  writeFileSync(join(out, "ref", "delivery_confirmations.csv"), csv(["Delivery Line", "Order No", "Invoice No", "Customer No", "Delivery Date", "Route", "Item No", "UOM", "Cases Delivered", "Qty Delivered"], conf));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, customers: g.customers.length, items: g.items.length, pricing_records: recs.length, deliveries: conf.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeDistributor(Number(arg("--seed", "2801")), arg("--out", "/tmp/distrib-2801"))));
}
