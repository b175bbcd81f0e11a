// An independent billing data set (the thirty-fifth, 2026-11-28): a consumer-goods manufacturer's
// accounts receivable with its retailers' deductions, January – October 2026, exported from its
// ERP's receivables and deduction-management module (an SAP S/4HANA FI-AR / Dispute Management or
// HighRadius-style open-item export). Written from how retailers short-pay a food supplier before
// reading the detectors.
//
// `ar_items.csv`: one row per line of each receivables document with its header on each —
// document number, document type (INV invoice, PMT payment applied from a remittance, DED deduction
// a retailer took on a remittance, RPY a deduction the retailer repaid after dispute, CRM credit
// memo), document date (MM/DD/YYYY), payer (the retailer) and its name, the invoice the item
// applies to, the remittance (check or EFT trace), payment terms, the retailer's own claim number
// (its debit memo), the deduction's reason code and text, the trade-promotion deal it claims, the
// performance period it claims (ship or scan dates), the deduction status (Open, Valid, Disputed,
// Repaid), discount taken (a payment's early-payment discount), created by, approved by; per line
// item number and text, cases, rate per case (or % for a fine), and the amount (invoices positive,
// payments, deductions and credit memos negative). Beside it `ref/trade_promotions.csv` (the
// trade-promotion system's approved deals: deal, retailer, item or lump-sum code, tactic,
// rate per case or lump sum, performance start and end), `ref/customer_prices.csv` (each
// retailer's contract price per item and its validity: a price increase on 2026-05-01 with
// grandfathered retailers), `ref/retailer_agreements.csv` (each retailer's allowed compliance
// fines and their rate in %, its payment terms) and `ref/proof_of_delivery.csv` (per invoice and
// item the cases shipped and the cases the receiver signed for, with the exception noted).
//
// Regular business (hard negatives): invoices at the contract price; payments in full, split over
// two remittances, with the early-payment discount inside its days; off-invoice allowances taken on
// the remittance of each invoice shipped in the deal's window (a standing weekly order deducts the
// same amount week after week against different invoices); scan-backs and manufacturer
// chargebacks claimed weeks after the period they cover (claimed after the deal's end for sales
// inside it); co-op and slotting lump sums as agreed; partial shortages and damages the POD's
// exception backs; compliance fines the retailer agreement allows at its rate; pricing deductions
// where the invoice really was billed above the contract price; deductions disputed and repaid;
// return deductions backed by an approved return and its credit memo.
// Planted (labelled per document, with the amount at risk): a promotion deducted for performance
// after its end date, a promotion deducted above its agreed rate, the same promotion claim deducted
// again on a later remittance under a new claim number, a shortage the POD shows delivered
// complete, a pricing deduction below the contract price in force, a fine the retailer agreement
// does not allow, an early-payment discount taken after its days.
// Run: bun run bench/quality/retail-deductions.ts --seed 3601 --out /tmp/deductions
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "promo_after_end" | "promo_above_rate" | "promo_deducted_twice" | "shortage_pod_complete" | "price_deduction_invalid" | "fine_not_allowed" | "unearned_discount";
export const LEAK_KINDS: LeakKind[] = ["promo_after_end", "promo_above_rate", "promo_deducted_twice", "shortage_pod_complete", "price_deduction_invalid", "fine_not_allowed", "unearned_discount"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const START = "2026-01-05";
const END = "2026-10-31";
const PRICE_INCREASE = "2026-05-01";
const FINE_CODES = ["OTIF", "LATE", "ASN", "LABEL"] as const;
const FINE_TEXT: Record<string, string> = { OTIF: "On-time in-full fine", LATE: "Late delivery fine", ASN: "ASN non-compliance fine", LABEL: "Pallet label non-compliance" };

interface Item { no: string; text: string; price: number }
interface Retailer { no: string; name: string; dcs: string[]; grandfathered: boolean; discountPct: number; discountDays: number; netDays: number; fines: Record<string, number>; items: Item[]; weeklyCases: Map<string, number>; offset: number }
interface Deal { no: string; r: Retailer; tactic: "OI" | "SCAN" | "MCB" | "COOP" | "SLOT"; items: string[]; rate: number; from: string; to: string }
interface Line { item: string; text: string; cases: number | null; rate: number | null; unit: string; amount: number }
interface Doc {
  no: string; type: "INV" | "PMT" | "DED" | "RPY" | "CRM"; date: string; r: Retailer; shipTo: string; appliesTo: string; remit: string; terms: string; claim: string;
  code: string; reason: string; deal: string; perfFrom: string; perfTo: string; status: string; discount: number; user: string; approver: string; lines: Line[];
  regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Pod { inv: string; item: string; shipped: number; received: number; exception: string; date: string }

export function generateDeductions(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const plantRate = 0.045;
  const plant = () => chance(plantRate);
  const names = ["Kroger", "Albertsons", "Publix", "H-E-B", "Meijer", "Hy-Vee", "Wegmans", "Target", "Walmart", "Dollar General", "Ahold Delhaize", "Giant Eagle", "Sprouts", "Southeastern Grocers", "Winco"];
  const products = ["Oat Clusters 12oz", "Granola Honey 16oz", "Pasta Sauce Marinara 24oz", "Pasta Sauce Basil 24oz", "Salsa Medium 16oz", "Tortilla Chips 13oz", "Peanut Butter Creamy 28oz", "Strawberry Jam 18oz", "Dish Soap Lemon 28oz", "Laundry Pods 42ct", "Paper Towels 6pk", "Trash Bags 40ct", "Coffee Medium Roast 12oz", "Cold Brew Bottle 4pk", "Frozen Pizza Pepperoni", "Frozen Burritos 8ct", "Cereal Bars 12ct", "Pretzels 16oz", "Almond Milk 64oz", "Hand Soap 7.5oz"];
  const items: Item[] = products.map((t, i) => ({ no: String(410_000 + i * 13), text: t, price: r2(between(14, 48)) }));
  const users = ["jmiller", "apatel", "ksmith", "lgarcia"];
  const analysts = ["rchen", "mbrown", "tnguyen"];
  const retailers: Retailer[] = names.map((name, i) => {
    const fines: Record<string, number> = {};
    for (const f of FINE_CODES) if (chance(0.45)) fines[f] = pick([1, 2, 3, 5]);
    if (!Object.keys(fines).length) fines.OTIF = 3;
    const discount = chance(0.6);
    const r: Retailer = {
      no: String(100_200 + i * 7), name, dcs: Array.from({ length: int(1, 3) }, (_, k) => `DC ${String(6000 + i * 10 + k)}`), grandfathered: chance(0.35), discountPct: discount ? pick([1, 2]) : 0, discountDays: discount ? pick([10, 15]) : 0, netDays: pick([30, 30, 45, 60]),
      fines, items: items.filter(() => chance(0.55)), weeklyCases: new Map(), offset: int(0, 4),
    };
    for (const it of r.items) r.weeklyCases.set(it.no, pick([20, 24, 30, 40, 48, 60, 80, 120]));
    return r;
  });
  // Contract prices: every retailer at the list until the increase; from it at the new list,
  // except grandfathered retailers who keep the old price until the end of September.
  const newPrice = (it: Item) => r2(it.price * 1.06);
  const contractPrice = (r: Retailer, it: Item, day: string) => (day < PRICE_INCREASE || (r.grandfathered && day < "2026-10-01") ? it.price : newPrice(it));
  const priceRows: string[][] = [];
  for (const r of retailers) for (const it of r.items) {
    if (r.grandfathered) priceRows.push([r.no, it.no, it.text, "CS", it.price.toFixed(2), "2025-01-01", "2026-09-30"], [r.no, it.no, it.text, "CS", newPrice(it).toFixed(2), "2026-10-01", ""]);
    else priceRows.push([r.no, it.no, it.text, "CS", it.price.toFixed(2), "2025-01-01", addDays(PRICE_INCREASE, -1)], [r.no, it.no, it.text, "CS", newPrice(it).toFixed(2), PRICE_INCREASE, ""]);
  }
  // Deals: per retailer a promotion every few weeks on a few items, and co-op / slotting lump sums.
  const deals: Deal[] = [];
  let dealNo = 0;
  for (const r of retailers) {
    for (let d = addDays(START, int(0, 20)); d < "2026-09-15"; d = addDays(d, int(28, 56))) {
      const tactic = pick(["OI", "OI", "SCAN", "SCAN", "MCB"] as const);
      const its = r.items.filter(() => chance(0.35)).map((i) => i.no);
      if (!its.length) continue;
      deals.push({ no: `TPM-${String(26_000 + ++dealNo)}`, r, tactic, items: its, rate: pick([0.75, 1, 1.25, 1.5, 2, 2.5, 3]), from: d, to: addDays(d, pick([13, 20, 27])) });
    }
    for (let k = 0; k < int(1, 3); k++) {
      const tactic = pick(["COOP", "SLOT"] as const);
      const from = addDays(START, int(0, 220));
      deals.push({ no: `TPM-${String(26_000 + ++dealNo)}`, r, tactic, items: [tactic === "COOP" ? "COOP-AD" : "SLOTTING"], rate: r2(pick([2500, 5000, 7500, 12_000, 15_000])), from, to: addDays(from, 30) });
    }
  }
  const docs: Doc[] = [];
  const pods: Pod[] = [];
  const labels: Label[] = [];
  let invNo = 0, cmNo = 0, pmtNo = 0, dedNo = 0, claimNo = 0, remitNo = 0;
  const base = (type: Doc["type"], r: Retailer, date: string): Doc => ({
    no: type === "INV" ? `9${String(40_000_000 + ++invNo)}` : type === "PMT" ? `14${String(100_000 + ++pmtNo)}` : `D${String(700_000 + ++dedNo)}`,
    type, date, r, shipTo: "", appliesTo: "", remit: "", terms: r.discountPct ? `${r.discountPct}% ${r.discountDays} Net ${r.netDays}` : `Net ${r.netDays}`, claim: "", code: "", reason: "", deal: "", perfFrom: "", perfTo: "",
    status: "", discount: 0, user: pick(users), approver: "", lines: [], regular: "",
  });
  const claim = (r: Retailer) => `${r.name.slice(0, 3).toUpperCase().replace(/[^A-Z]/g, "X")}${String(5_000_000 + ++claimNo * 37)}`;
  const sum = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
  /** A deduction on a remittance: its lines, code, claim and what it claims. */
  const deduction = (r: Retailer, date: string, remit: string, inv: string, code: string, reason: string, lines: Line[], regular: string, extra: Partial<Doc> = {}): Doc => {
    const d = base("DED", r, date);
    Object.assign(d, { appliesTo: inv, remit, claim: claim(r), code, reason, lines, regular, status: pick(["Valid", "Valid", "Open"]), user: "cashapp", ...extra });
    docs.push(d);
    return d;
  };
  const leak = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; d.regular = ""; };

  for (const r of retailers) {
    // Weekly orders: one invoice a week per retailer, each item at its standing quantity (now and then more).
    for (let w0 = addDays(START, r.offset); w0 <= END; w0 = addDays(w0, 7)) for (const [k, dc] of r.dcs.entries()) {
      const week = addDays(w0, k);
      if (week > END) continue;
      const inv = base("INV", r, week);
      inv.shipTo = dc;
      inv.user = "sdbatch";
      for (const it of r.items) {
        if (chance(0.25)) continue;
        const cases = chance(0.8) ? r.weeklyCases.get(it.no)! : r.weeklyCases.get(it.no)! + pick([12, 24, 36]);
        // Now and then the order is priced at the new list though the retailer is grandfathered.
        const overpriced = r.grandfathered && week >= PRICE_INCREASE && week < "2026-10-01" && chance(0.04);
        const price = overpriced ? newPrice(it) : contractPrice(r, it, week);
        inv.lines.push({ item: it.no, text: it.text, cases, rate: price, unit: "CS", amount: r2(cases * price) });
        (inv as Doc & { over?: string[] }).over ??= [];
        if (overpriced) (inv as Doc & { over?: string[] }).over!.push(it.no);
      }
      if (!inv.lines.length) continue;
      inv.regular = (inv as Doc & { over?: string[] }).over!.length ? "invoice_billed_above_contract" : "invoice";
      docs.push(inv);
      const delivered = addDays(week, int(2, 4));
      // Proof of delivery: complete, or an exception the receiver noted (short or damaged cases).
      const exceptions = new Map<string, { short: number; text: string }>();
      for (const l of inv.lines) {
        const ex = chance(0.05) ? { short: int(1, Math.max(1, Math.floor(l.cases! / 6))), text: pick(["SHORT", "DAMAGED"]) } : null;
        if (ex) exceptions.set(l.item, ex);
        pods.push({ inv: inv.no, item: l.item, shipped: l.cases!, received: l.cases! - (ex?.short ?? 0), exception: ex ? `${ex.text} ${ex.short} CS` : "", date: delivered });
      }
      // The remittance: paid within the discount days or at net, in one or two payments.
      const remit = `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`;
      const total = sum(inv);
      const takesDiscount = r.discountPct > 0 && chance(0.7);
      const payDay = takesDiscount ? addDays(week, int(3, r.discountDays)) : addDays(week, int(r.netDays - 8, r.netDays + 5));
      // What the remittance deducts: off-invoice allowances of the deals in force on the ship date.
      const deds: Doc[] = [];
      for (const deal of deals.filter((x) => x.r === r && x.tactic === "OI" && x.from <= week && week <= x.to)) {
        const ls = inv.lines.filter((l) => deal.items.includes(l.item));
        if (!ls.length) continue;
        const lines = ls.map((l) => ({ item: l.item, text: l.text, cases: l.cases, rate: deal.rate, unit: "CS", amount: -r2(l.cases! * deal.rate) }));
        const d = deduction(r, payDay, remit, inv.no, "OI", "Off-invoice allowance", lines, "offinvoice_allowance", { deal: deal.no, perfFrom: week, perfTo: week });
        if (plant()) {
          const up = pick([0.5, 0.75, 1]);
          for (const l of d.lines) { l.rate = r2(deal.rate + up); l.amount = -r2(l.cases! * l.rate); }
          leak(d, "promo_above_rate", ls.reduce((s, l) => s + l.cases! * up, 0));
        }
        deds.push(d);
      }
      for (const [item, ex] of exceptions) {
        const l = inv.lines.find((x) => x.item === item)!;
        const code = ex.text === "SHORT" ? "SHRT" : "DMG";
        deds.push(deduction(r, payDay, remit, inv.no, code, ex.text === "SHORT" ? "Shortage" : "Damaged product", [{ item, text: l.text, cases: ex.short, rate: l.rate, unit: "CS", amount: -r2(ex.short * l.rate!) }], ex.text === "SHORT" ? "partial_shortage_pod_exception" : "damage_pod_exception", { perfFrom: delivered, perfTo: delivered }));
      }
      if (!exceptions.size && chance(0.035)) {
        // A shortage the POD does not back: claimed on a delivery signed for complete.
        const l = pick(inv.lines);
        const short = int(2, Math.max(2, Math.floor(l.cases! / 4)));
        const d = deduction(r, payDay, remit, inv.no, "SHRT", "Shortage", [{ item: l.item, text: l.text, cases: short, rate: l.rate, unit: "CS", amount: -r2(short * l.rate!) }], "", { perfFrom: delivered, perfTo: delivered });
        leak(d, "shortage_pod_complete", short * l.rate!);
        deds.push(d);
      }
      // Pricing deductions: where the invoice was billed above the contract (valid), or claiming a
      // price below the contract in force (invalid: an expired promotional price, the old list).
      const over = (inv as Doc & { over?: string[] }).over!;
      for (const item of over) {
        const l = inv.lines.find((x) => x.item === item)!;
        const it = items.find((x) => x.no === item)!;
        const diff = r2(l.rate! - contractPrice(r, it, week));
        deds.push(deduction(r, payDay, remit, inv.no, "PRIC", "Pricing difference", [{ item, text: l.text, cases: l.cases, rate: diff, unit: "CS", amount: -r2(l.cases! * diff) }], "pricing_deduction_valid", { perfFrom: week, perfTo: week }));
      }
      if (!over.length && chance(0.02)) {
        const l = pick(inv.lines);
        const diff = r2(l.rate! * pick([0.04, 0.06, 0.08]));
        const d = deduction(r, payDay, remit, inv.no, "PRIC", "Pricing difference", [{ item: l.item, text: l.text, cases: l.cases, rate: diff, unit: "CS", amount: -r2(l.cases! * diff) }], "", { perfFrom: week, perfTo: week });
        leak(d, "price_deduction_invalid", l.cases! * diff);
        deds.push(d);
      }
      // Compliance fines: a % of the invoice, allowed by the agreement at its rate, now and then one it does not allow.
      if (chance(0.06)) {
        const code = pick(Object.keys(r.fines));
        const pct = r.fines[code]!;
        deds.push(deduction(r, payDay, remit, inv.no, code, FINE_TEXT[code]!, [{ item: code, text: FINE_TEXT[code]!, cases: total, rate: pct, unit: "%", amount: -r2((total * pct) / 100) }], "compliance_fine_allowed"));
      } else if (chance(0.012)) {
        const notAllowed = FINE_CODES.filter((f) => !(f in r.fines));
        if (notAllowed.length) {
          const code = pick(notAllowed);
          const pct = pick([2, 3, 5]);
          const d = deduction(r, payDay, remit, inv.no, code, FINE_TEXT[code]!, [{ item: code, text: FINE_TEXT[code]!, cases: total, rate: pct, unit: "%", amount: -r2((total * pct) / 100) }], "");
          leak(d, "fine_not_allowed", (total * pct) / 100);
          deds.push(d);
        }
      }
      // Repaid after dispute: an unsupported deduction the retailer paid back (the loss recovered).
      for (const d of deds) {
        if (!d.leak || !chance(0.25)) continue;
        d.status = "Repaid";
        d.regular = "deduction_repaid";
        d.leak = undefined;
        const back = base("RPY", r, addDays(d.date, int(30, 75)));
        Object.assign(back, { appliesTo: d.no, remit: `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`, claim: d.claim, code: d.code, reason: `Repayment of ${d.reason.toLowerCase()}`, deal: d.deal, status: "Repaid", user: "cashapp", approver: pick(analysts), regular: "repayment", lines: d.lines.map((l) => ({ ...l, amount: -l.amount })) });
        docs.push(back);
      }
      // The payment: the invoice less its deductions (and the discount), once or split in two.
      const deducted = -deds.reduce((s, d) => s + sum(d), 0);
      const discountBase = total - deducted;
      let discount = takesDiscount ? r2((discountBase * r.discountPct) / 100) : 0;
      let late = false;
      if (!takesDiscount && r.discountPct > 0 && chance(0.06)) { discount = r2((discountBase * r.discountPct) / 100); late = true; }
      const net = r2(discountBase - discount);
      const split = chance(0.08);
      const parts = split ? [r2(net * pick([0.4, 0.5, 0.6])), 0] : [net];
      if (split) parts[1] = r2(net - parts[0]!);
      parts.forEach((amt, k) => {
        const p = base("PMT", r, k === 0 ? payDay : addDays(payDay, int(3, 12)));
        Object.assign(p, { appliesTo: inv.no, remit: k === 0 ? remit : `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`, user: "cashapp", discount: k === 0 ? discount : 0, regular: split ? "split_remittance" : discount ? "payment_discount_in_terms" : "payment_in_full", lines: [{ item: "", text: "", cases: null, rate: null, unit: "", amount: -amt }] });
        if (k === 0 && late) leak(p, "unearned_discount", discount);
        docs.push(p);
      });
    }
    // Scan-backs and chargebacks: claimed 20–70 days after each week of the deal's period, per item
    // at the cases sold; now and then the claim covers a week after the deal ended, is above the
    // rate, or the same claim comes again on a later remittance.
    for (const deal of deals.filter((x) => x.r === r && (x.tactic === "SCAN" || x.tactic === "MCB"))) {
      for (let w = deal.from; w <= deal.to; w = addDays(w, 7)) {
        const wEnd = addDays(w, 6) < deal.to ? addDays(w, 6) : deal.to;
        const date = addDays(wEnd, int(20, 70));
        if (date > END) continue;
        const lines = deal.items.map((no) => { const cases = Math.round(r.weeklyCases.get(no)! * between(0.6, 1.3)); return { item: no, text: items.find((i) => i.no === no)!.text, cases, rate: deal.rate, unit: "CS", amount: -r2(cases * deal.rate) }; });
        const remit = `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`;
        const d = deduction(r, date, remit, "", deal.tactic === "SCAN" ? "SCAN" : "MCB", deal.tactic === "SCAN" ? "Scan-back allowance" : "Manufacturer chargeback", lines, deal.tactic === "SCAN" ? "scanback_claimed_after_period" : "mcb_claimed_after_period", { deal: deal.no, perfFrom: w, perfTo: wEnd });
        if (plant()) {
          const up = pick([0.25, 0.5, 1]);
          for (const l of d.lines) { l.rate = r2(deal.rate + up); l.amount = -r2(l.cases! * l.rate); }
          leak(d, "promo_above_rate", d.lines.reduce((s, l) => s + l.cases! * up, 0));
        } else if (wEnd === deal.to && chance(0.15)) {
          // The week after the deal's end claimed as well.
          const from = addDays(deal.to, 1), to = addDays(deal.to, 7);
          const after = deduction(r, addDays(date, int(5, 20)), `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`, "", d.code, d.reason, d.lines.map((l) => { const cases = Math.round(l.cases! * between(0.8, 1.2)); return { ...l, cases, amount: -r2(cases * deal.rate) }; }), "", { deal: deal.no, perfFrom: from, perfTo: to });
          leak(after, "promo_after_end", -sum(after));
        } else if (chance(0.06)) {
          const again = deduction(r, addDays(date, int(14, 60)), `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`, "", d.code, d.reason, d.lines.map((l) => ({ ...l })), "", { deal: deal.no, perfFrom: d.perfFrom, perfTo: d.perfTo });
          leak(again, "promo_deducted_twice", -sum(again));
        }
      }
    }
    // Co-op and slotting: the agreed lump sum, deducted once within 60 days of the event.
    for (const deal of deals.filter((x) => x.r === r && (x.tactic === "COOP" || x.tactic === "SLOT"))) {
      const date = addDays(deal.from, int(10, 60));
      if (date > END) continue;
      deduction(r, date, `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`, "", deal.tactic === "COOP" ? "COOP" : "SLOT", deal.tactic === "COOP" ? "Co-op advertising" : "Slotting fee", [{ item: deal.items[0]!, text: deal.tactic === "COOP" ? "Co-op advertising" : "New item slotting", cases: 1, rate: deal.rate, unit: "EA", amount: -deal.rate }], deal.tactic === "COOP" ? "coop_lump_sum" : "slotting_lump_sum", { deal: deal.no, perfFrom: deal.from, perfTo: deal.to });
    }
    // Approved returns: a return authorisation's credit memo, and the retailer's deduction naming it.
    const invs = docs.filter((d) => d.r === r && d.type === "INV");
    for (const inv of invs) {
      if (!chance(0.02)) continue;
      const l = pick(inv.lines);
      const cases = int(2, 10);
      const cm = base("CRM", r, addDays(inv.date, int(20, 50)));
      cm.no = `6${String(20_000_000 + ++cmNo)}`;
      Object.assign(cm, { appliesTo: inv.no, claim: `RA${int(10_000, 99_999)}`, code: "RET", reason: "Approved return", user: pick(users), approver: pick(analysts), regular: "credit_memo_approved_return", lines: [{ item: l.item, text: l.text, cases, rate: l.rate, unit: "CS", amount: -r2(cases * l.rate!) }] });
      docs.push(cm);
      deduction(r, addDays(cm.date, int(3, 20)), `${pick(["CHK", "EFT"])}${String(8_800_000 + ++remitNo)}`, inv.no, "RET", `Return per ${cm.claim}`, cm.lines.map((x) => ({ ...x })), "return_deduction_with_credit_memo", { claim: cm.claim });
    }
  }
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.no < b.no ? -1 : 1));
  for (const d of docs) if (d.leak) labels.push({ document: d.no, kind: d.leak.kind, currency: "USD", amount_at_risk: d.leak.risk });
  return { docs, pods, labels, retailers, deals, priceRows };
}

export function writeDeductions(seed: number, out: string) {
  const g = generateDeductions(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const n2 = (v: number) => v.toFixed(2);
  const header = ["Company Code", "Document No", "Doc Type", "Document Date", "Payer", "Payer Name", "Ship-To", "Invoice Ref", "Remittance No", "Payment Terms", "Customer Claim No", "Reason Code", "Reason Text", "Deal No", "Perf Start", "Perf End", "Deduction Status", "Discount Taken", "Document Amount", "Currency", "Created By", "Approved By",
    "Line", "Item No", "Item Description", "Cases", "UOM", "Rate", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const total = d.lines.reduce((s, l) => s + l.amount, 0);
    d.lines.forEach((l, i) => rows.push([
      "1000", d.no, d.type, usDate(d.date), d.r.no, d.r.name, d.shipTo, d.appliesTo, d.remit, d.terms, d.claim, d.code, d.reason, d.deal, usDate(d.perfFrom), usDate(d.perfTo), d.status, d.discount ? n2(d.discount) : "", n2(r2(total)), "USD", d.user, d.approver,
      String(i + 1), l.item, l.text, l.cases === null ? "" : String(l.cases), l.unit, l.rate === null ? "" : String(l.rate), n2(l.amount),
    ]));
  }
  writeFileSync(join(out, "ar_items.csv"), csv(header, rows));
  // The trade-promotion system's approved deals: per item (or lump-sum code) the rate and the period.
  const tpm: string[][] = [];
  for (const d of g.deals) for (const it of d.items) tpm.push([d.no, d.r.no, d.r.name, d.tactic, it, d.tactic === "COOP" || d.tactic === "SLOT" ? "EA" : "CS", String(d.rate), d.from, d.to, "Approved"]);
  writeFileSync(join(out, "ref", "trade_promotions.csv"), csv(["Deal No", "Payer", "Payer Name", "Tactic", "Item No", "UOM", "Rate", "Start Date", "End Date", "Deal Status"], tpm));
  writeFileSync(join(out, "ref", "customer_prices.csv"), csv(["Payer", "Item No", "Item Description", "UOM", "Price", "Valid From", "Valid To"], g.priceRows));
  // Each retailer's agreement: the compliance fines it allows (in % of the invoice) and its terms.
  const agr: string[][] = [];
  for (const r of g.retailers) for (const [code, pct] of Object.entries(r.fines)) agr.push([r.no, r.name, code, FINE_TEXT[code]!, "%", String(pct), r.discountPct ? `${r.discountPct}% ${r.discountDays} Net ${r.netDays}` : `Net ${r.netDays}`, "2025-01-01", ""]);
  writeFileSync(join(out, "ref", "retailer_agreements.csv"), csv(["Payer", "Payer Name", "Fine Code", "Fine Description", "UOM", "Rate", "Payment Terms", "Valid From", "Valid To"], agr));
  writeFileSync(join(out, "ref", "proof_of_delivery.csv"), csv(["POD No", "Invoice No", "Item No", "Cases Shipped", "Cases Received", "Exception", "Delivered On"], g.pods.map((p, i) => [`POD${String(300_000 + i)}`, p.inv, p.item, String(p.shipped), String(p.received), p.exception, p.date])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  const byType: Record<string, number> = {};
  for (const d of g.docs) byType[d.type] = (byType[d.type] ?? 0) + 1;
  return { documents: g.docs.length, by_type: byType, lines: rows.length, retailers: g.retailers.length, deals: g.deals.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeDeductions(Number(arg("--seed", "3601")), arg("--out", "/tmp/deductions-3601"))));
}
