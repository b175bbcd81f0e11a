// Regular business for the billing generator (`generateDataset({ business: true })`): what real
// billing is full of and a naive leakage detector flags. Nothing here loses revenue; every kind
// is how an auditor would find it legitimate. Drawn from its own random stream after the clean
// data set is made, so the rest of the data set stays as it was. Kinds (the transactions
// carrying each are returned, for the benchmark's false-positive rate per kind):
//  - exempt_marked / exempt_learned: tax-exempt customers, every invoice at 0 % tax, with the
//    EN 16931 tax category code `E` in attributes.tax_category, or with no marker at all;
//  - reverse_charge_marked / reverse_charge_learned: EU B2B customers billed without VAT under
//    reverse charge, with their VAT id (attributes.vat_id), with the category `AE` or without it;
//  - reduced_rate: a few SKUs (food, books, medical) taxed at the country's reduced rate (7 % in
//    Germany, 5.5 % in France, 5 % in Britain), tax computed per line; the header keeps the
//    standard rate, as many exports do, except on an invoice of reduced-rate goods only, which
//    states the reduced rate;
//  - line_rounding: customers whose billing system rounds tax per line (a cent or two from the
//    invoice-level rounding);
//  - price_change: list prices raised mid-period, the price list carrying both prices with the
//    date the new one takes effect; lines before it billed from the old list;
//  - service: SKUs that never ship (licences, support plans);
//  - backorder: part of a line delivered and billed later on a second invoice referring to the
//    first (each shipment names the invoice that bills it);
//  - reissue: an invoice credited in full and re-issued a few days later with the same content;
//  - deposit: a deposit invoice (no SKU of the price list) and the final invoice deducting it;
//  - free_replacement: a free-of-charge warranty replacement, a separate document at 0 referring
//    to the original invoice, marked attributes.billing_type `FOC` (half of them);
//  - free_line: a sample or bundle component on an ordinary invoice, its list price stated and
//    discounted 100 % (shipped like the rest).
import { roundMoney } from "../domain/rounding.ts";
import type { PriceListEntry, Shipment, Transaction, TransactionLine } from "../domain/transaction.ts";
import type { Dataset } from "./generate.ts";
import type { Prng } from "./prng.ts";

export const BUSINESS_KINDS = [
  "exempt_marked",
  "exempt_learned",
  "reverse_charge_marked",
  "reverse_charge_learned",
  "reduced_rate",
  "line_rounding",
  "price_change",
  "service",
  "backorder",
  "reissue",
  "deposit",
  "free_replacement",
  "free_line",
] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

/** Reduced VAT rates by currency (the generator's EUR customers are German or French). */
const REDUCED: Record<string, Record<number, number>> = { EUR: { 0.19: 0.07, 0.2: 0.055 }, GBP: { 0.2: 0.05 } };
const DAY = 86_400_000;

export function addRegularBusiness(rng: Prng, data: Dataset, opts: { start: number; end: number; users: readonly string[] }): Map<string, BusinessKind> {
  const kinds = new Map<string, BusinessKind>();
  const txns = data.transactions;
  const invoices = txns.filter((t) => t.type === "invoice");
  const creditsOf = new Map<string, Transaction[]>();
  for (const t of txns) if (t.type === "credit_note" && t.reference) creditsOf.set(t.reference, [...(creditsOf.get(t.reference) ?? []), t]);
  const shipmentsOf = new Map<string, Shipment[]>();
  for (const s of data.reference.shipments) shipmentsOf.set(s.transaction_id!, [...(shipmentsOf.get(s.transaction_id!) ?? []), s]);
  const mark = (t: Transaction, kind: BusinessKind) => {
    if (!kinds.has(t.transaction_id)) kinds.set(t.transaction_id, kind);
  };
  const touched = (t: Transaction) => kinds.has(t.transaction_id);
  const customers = [...new Set(invoices.map((t) => t.customer_id!))].sort();
  const invoicesOf = (c: string) => invoices.filter((t) => t.customer_id === c);
  const setTax = (t: Transaction, rate: number, perLine = false) => {
    t.tax_amount = perLine ? roundMoney(t.lines.reduce((s, l) => s + roundMoney((l.amount ?? 0) * rate), 0)) : roundMoney(t.amount! * rate);
  };
  const underContract = (t: Transaction, sku: string) =>
    data.reference.contracts.some((c) => c.customer_id === t.customer_id && c.sku === sku && c.valid_from! <= t.date!.slice(0, 10) && t.date!.slice(0, 10) <= c.valid_to!);

  // Tax-exempt and reverse-charge customers: every invoice (and credit note) at 0 %.
  const shuffled = rng.sample(customers, customers.length);
  const eu = shuffled.filter((c) => invoicesOf(c)[0]?.currency === "EUR");
  const reverse = eu.slice(0, 6);
  const exempt = shuffled.filter((c) => !reverse.includes(c)).slice(0, 6);
  const zeroTax = (c: string, kind: BusinessKind, attributes: Record<string, string>) => {
    for (const t of invoicesOf(c)) {
      t.tax_rate = 0;
      t.tax_amount = 0;
      t.attributes = { ...t.attributes, ...attributes };
      mark(t, kind);
      for (const n of creditsOf.get(t.transaction_id) ?? []) {
        n.tax_rate = 0;
        n.tax_amount = 0;
        n.attributes = { ...n.attributes, ...attributes };
        mark(n, kind);
      }
    }
  };
  exempt.forEach((c, i) => zeroTax(c, i % 2 === 0 ? "exempt_marked" : "exempt_learned", i % 2 === 0 ? { tax_category: "E" } : {}));
  reverse.forEach((c, i) => {
    const vat = `${i % 2 === 0 ? "FR" : "DE"}${String(rng.int(100000000, 999999999))}`;
    zeroTax(c, i % 2 === 0 ? "reverse_charge_marked" : "reverse_charge_learned", i % 2 === 0 ? { tax_category: "AE", vat_id: vat } : { vat_id: vat });
  });

  // Reduced-rate SKUs: tax per line, the reduced lines at the reduced rate.
  const skus = [...new Set(data.reference.price_list.map((p) => p.sku))].sort();
  const reduced = new Set(rng.sample(skus, Math.max(2, Math.round(skus.length * 0.05))));
  for (const t of invoices) {
    if (touched(t) || !REDUCED[t.currency!] || !t.lines.some((l) => reduced.has(l.sku!))) continue;
    const low = REDUCED[t.currency!]![t.tax_rate!];
    if (low === undefined) continue;
    t.tax_amount = roundMoney(t.lines.reduce((s, l) => s + roundMoney((l.amount ?? 0) * (reduced.has(l.sku!) ? low : t.tax_rate!)), 0));
    // An invoice of reduced-rate goods only states the reduced rate.
    const allReduced = t.lines.every((l) => reduced.has(l.sku!));
    if (allReduced) t.tax_rate = low;
    mark(t, "reduced_rate");
    for (const n of creditsOf.get(t.transaction_id) ?? []) {
      n.tax_amount = roundMoney(n.lines.reduce((s, l) => s + roundMoney((l.amount ?? 0) * (reduced.has(l.sku!) ? low : t.tax_rate!)), 0));
      mark(n, "reduced_rate");
    }
  }

  // Customers whose system rounds tax per line (only the invoices where it differs are marked).
  for (const c of rng.sample(customers, Math.round(customers.length * 0.1))) {
    for (const t of invoicesOf(c)) {
      if (touched(t) || t.lines.length < 2) continue;
      const before = t.tax_amount;
      setTax(t, t.tax_rate!, true);
      if (t.tax_amount !== before) mark(t, "line_rounding");
    }
  }

  // A price list change: some SKUs' list price raised by 4-12 % on a day mid-period; the list
  // carries the old price (since always) and the new one from that day.
  const changeDay = isoDate(opts.start + Math.floor((opts.end - opts.start) / 2 / DAY) * DAY);
  const raised = new Map<string, number>();
  for (const sku of rng.sample(skus.filter((s) => !reduced.has(s)), Math.max(2, Math.round(skus.length * 0.08)))) raised.set(sku, 1 + rng.int(4, 12) / 100);
  const oldEntries: PriceListEntry[] = [];
  for (const p of data.reference.price_list) {
    const up = raised.get(p.sku);
    if (up === undefined) continue;
    oldEntries.push({ ...p, list_price: roundMoney(p.list_price / up) });
    p.valid_from = changeDay;
  }
  data.reference.price_list.unshift(...oldEntries);
  const oldList = (sku: string, currency: string) => oldEntries.find((p) => p.sku === sku && p.currency === currency)?.list_price;
  for (const t of invoices) {
    if (touched(t) || t.date!.slice(0, 10) >= changeDay) continue;
    let changed = false;
    for (const l of t.lines) {
      const old = raised.has(l.sku!) ? oldList(l.sku!, t.currency!) : undefined;
      // Lines under a contract keep the contract price; the others were billed from the list.
      if (old === undefined || underContract(t, l.sku!)) continue;
      l.unit_price = roundMoney(old * (1 - (l.discount_pct ?? 0) / 100));
      l.list_price = old;
      l.amount = roundMoney(l.quantity! * l.unit_price);
      changed = true;
    }
    if (!changed) continue;
    t.amount = roundMoney(t.lines.reduce((s, l) => s + (l.amount ?? 0), 0));
    setTax(t, t.tax_rate!);
    mark(t, "price_change");
    // Its credit notes return goods at the price billed.
    for (const n of creditsOf.get(t.transaction_id) ?? []) {
      for (const nl of n.lines) {
        const billed = t.lines.find((l) => l.sku === nl.sku);
        if (!billed) continue;
        nl.unit_price = billed.unit_price;
        nl.list_price = billed.list_price;
        nl.discount_pct = billed.discount_pct;
        nl.amount = roundMoney(nl.quantity! * billed.unit_price!);
      }
      n.amount = roundMoney(n.lines.reduce((s, l) => s + (l.amount ?? 0), 0));
      n.tax_amount = roundMoney(n.amount * (n.tax_rate ?? 0));
      mark(n, "price_change");
    }
  }

  // Services and licences never ship.
  const services = new Set(rng.sample(skus.filter((s) => !reduced.has(s) && !raised.has(s)), Math.max(2, Math.round(skus.length * 0.06))));
  data.reference.shipments = data.reference.shipments.filter((s) => !services.has(s.sku));
  for (const t of invoices) if (!touched(t) && t.lines.some((l) => services.has(l.sku!))) mark(t, "service");

  const plain = () => rng.sample(invoices.filter((t) => !touched(t) && !creditsOf.has(t.transaction_id) && t.lines.every((l) => !services.has(l.sku!))), invoices.length);
  const pool = plain();
  const take = (n: number) => pool.splice(0, n);
  const per = Math.max(2, Math.round(invoices.length * 0.006));
  const added: Transaction[] = [];

  // Backorders: part of one line delivered later and billed on a second invoice referring to the first.
  for (const t of take(per)) {
    const l = t.lines.find((x) => (x.quantity ?? 0) >= 4);
    if (!l) continue;
    const later = Math.max(1, Math.floor(l.quantity! / 3));
    const ships = (shipmentsOf.get(t.transaction_id) ?? []).filter((s) => s.sku === l.sku);
    for (const s of ships) s.quantity = 0;
    if (ships[0]) ships[0].quantity = l.quantity! - later;
    l.quantity! -= later;
    l.amount = roundMoney(l.quantity! * l.unit_price!);
    t.amount = roundMoney(t.lines.reduce((s, x) => s + (x.amount ?? 0), 0));
    setTax(t, t.tax_rate!);
    const when = businessDay(rng, Date.parse(t.date!) + rng.int(15, 40) * DAY);
    const second: Transaction = {
      ...structuredClone(t),
      transaction_id: `${t.transaction_id}-B`,
      date: when,
      reference: t.transaction_id,
      lines: [{ ...l, quantity: later, amount: roundMoney(later * l.unit_price!) }],
    };
    second.amount = second.lines[0]!.amount;
    setTax(second, t.tax_rate!);
    data.reference.shipments.push({ shipment_id: `SHP-BO-${t.transaction_id}`, transaction_id: second.transaction_id, customer_id: t.customer_id, sku: l.sku!, quantity: later, date: when.slice(0, 10) });
    added.push(second);
    mark(t, "backorder");
    mark(second, "backorder");
  }

  // Re-issued invoices: credited in full (a wrong address, a missing order number) and issued again.
  for (const t of take(per)) {
    const creditDay = businessDay(rng, Date.parse(t.date!) + rng.int(1, 3) * DAY);
    const [created_by, approved_by] = rng.sample(opts.users, 2) as [string, string];
    const note: Transaction = {
      ...structuredClone(t),
      transaction_id: `CN-R-${t.transaction_id}`,
      type: "credit_note",
      date: creditDay,
      reference: t.transaction_id,
      created_by,
      approved_by,
    };
    const again: Transaction = { ...structuredClone(t), transaction_id: `${t.transaction_id}-R`, date: businessDay(rng, Date.parse(creditDay) + rng.int(0, 2) * DAY) };
    for (const s of shipmentsOf.get(t.transaction_id) ?? []) s.transaction_id = again.transaction_id;
    added.push(note, again);
    mark(t, "reissue");
    mark(note, "reissue");
    mark(again, "reissue");
  }

  // Deposits: 20-40 % invoiced up front (no SKU of the price list), deducted on the final invoice.
  for (const t of take(per)) {
    const deposit = roundMoney(t.amount! * rng.int(20, 40) / 100);
    const when = businessDay(rng, Date.parse(t.date!) - rng.int(20, 45) * DAY);
    if (Date.parse(when) < opts.start) continue;
    const first: Transaction = {
      ...structuredClone(t),
      transaction_id: `${t.transaction_id}-DP`,
      date: when,
      amount: deposit,
      lines: [{ sku: "DEPOSIT", quantity: 1, unit_price: deposit, amount: deposit }],
      attributes: { ...t.attributes, billing_type: "DEPOSIT" },
    };
    setTax(first, t.tax_rate!);
    t.lines.push({ sku: "DEPOSIT", quantity: -1, unit_price: deposit, amount: -deposit });
    t.amount = roundMoney(t.amount! - deposit);
    t.reference = first.transaction_id;
    setTax(t, t.tax_rate!);
    added.push(first);
    mark(t, "deposit");
    mark(first, "deposit");
  }

  // Free-of-charge warranty replacements: a separate document at 0 referring to the original.
  for (const [i, t] of take(per).entries()) {
    const l = rng.pick(t.lines);
    const quantity = rng.int(1, Math.min(3, l.quantity ?? 1));
    const when = businessDay(rng, Date.parse(t.date!) + rng.int(10, 60) * DAY);
    if (Date.parse(when) >= opts.end) continue;
    const line: TransactionLine = { sku: l.sku, quantity, unit_price: 0, list_price: l.list_price, discount_pct: 100, amount: 0 };
    const foc: Transaction = {
      ...structuredClone(t),
      transaction_id: `${t.transaction_id}-W`,
      date: when,
      amount: 0,
      tax_amount: 0,
      reference: t.transaction_id,
      lines: [line],
      ...(i % 2 === 0 ? { attributes: { ...t.attributes, billing_type: "FOC" } } : {}),
    };
    data.reference.shipments.push({ shipment_id: `SHP-W-${t.transaction_id}`, transaction_id: foc.transaction_id, customer_id: t.customer_id, sku: l.sku!, quantity, date: when.slice(0, 10) });
    added.push(foc);
    mark(foc, "free_replacement");
  }

  // Free lines: a sample or bundle component at its list price less 100 %.
  for (const t of take(per * 2)) {
    const s = rng.pick(skus.filter((x) => !services.has(x) && !t.lines.some((l) => l.sku === x)));
    const list = data.reference.price_list.find((p) => p.sku === s && p.currency === t.currency && !p.valid_from)?.list_price;
    if (list === undefined) continue;
    const quantity = rng.int(1, 2);
    t.lines.push({ sku: s, quantity, unit_price: list, list_price: list, discount_pct: 100, amount: 0 });
    data.reference.shipments.push({ shipment_id: `SHP-F-${t.transaction_id}`, transaction_id: t.transaction_id, customer_id: t.customer_id, sku: s, quantity, date: t.date!.slice(0, 10) });
    mark(t, "free_line");
  }

  txns.push(...added);
  return kinds;
}

/** A weekday moment between 08:00 and 17:59 UTC on or after `ms`. */
function businessDay(rng: Prng, ms: number): string {
  let day = Math.floor(ms / DAY) * DAY;
  while ([0, 6].includes(new Date(day).getUTCDay())) day += DAY;
  return `${new Date(day + rng.int(8, 17) * 3_600_000 + rng.int(0, 59) * 60_000).toISOString().slice(0, 19)}Z`;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
