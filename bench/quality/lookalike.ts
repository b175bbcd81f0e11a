// A labelled general ledger for the lookalike_counterparty detector: a Xero-style export of one
// company (a line per posting, two lines per document sharing a Journal No, a Source code, an
// Account, a Contact Name), 13 months of bills and payments to suppliers and invoices and receipts
// of customers, full of legitimate business whose names look alike — the hard negatives — and
// fictitious suppliers named after real ones — the planted positives, labelled per line.
//
// setup "name": customer_id is the contact's name (a ledger whose Contact was mapped to it).
// setup "code": customer_id is a code (V10001, C20001: sequential, one digit apart) and the name
// is the `Contact Name` attribute, which zero-config must find by itself.
//
// The fictitious suppliers' names are made by what fraud practice does to a real supplier's name
// (docs/quality.md): a letter dropped, doubled, swapped or replaced, a hyphen or space, a digit
// for a look-alike letter, the legal form spelt another way, the case. The word it is done to is
// drawn at random from the name, short words included: a mutation of a short word ("Kent" to
// "Kant") is planted too and counts as a miss when it is not found.
import { SeededRandom } from "../../src/analysis/random.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

export type LookalikeSetup = "name" | "code";

export const NEGATIVE_KINDS = [
  "established_vendor",
  "customer",
  "related_long_history",
  "numbered_site",
  "same_surname",
  "short_generic",
  "renamed",
  "same_id_variant",
  "new_supplier",
] as const;
export type NegativeKind = (typeof NEGATIVE_KINDS)[number];

export const POSITIVE_KINDS = ["drop_letter", "double_letter", "transpose", "replace_letter", "hyphen_or_space", "homoglyph", "legal_form_spelling", "case"] as const;
export type PositiveKind = (typeof POSITIVE_KINDS)[number];

export interface LookalikeLedger {
  transactions: Transaction[];
  /** Planted lines: line id → kind; `documents`: line id → its document (Journal No). */
  positives: Map<string, PositiveKind>;
  negatives: Map<string, NegativeKind>;
  documents: Map<string, string>;
  /** The fictitious names and the real ones they imitate (for the report). */
  planted: { name: string; of: string; kind: PositiveKind }[];
}

const FIRST = [
  "Northwind", "Contoso", "Fabrikam", "Cedar", "Phoenix", "Brightside", "Meridian", "Summit", "Pinnacle", "Riverside", "Oakwood", "Sterling",
  "Redwood", "Bluewater", "Granite", "Lakeside", "Evergreen", "Silverline", "Crescent", "Highland", "Westbrook", "Ashford", "Beacon", "Cobalt",
  "Falcon", "Horizon", "Ironbridge", "Juniper", "Keystone", "Lighthouse", "Maple", "Newport", "Orchard", "Pioneer", "Quantum", "Rosewood",
  "Sapphire", "Thornbury", "Unity", "Vanguard", "Willow", "Zenith", "Kent", "Apex", "Nova", "Atlas", "Delta", "Echo", "Polar", "Acorn",
];
const SECOND = [
  "Traders", "Supplies", "Logistics", "Cleaning", "Stationery", "Catering", "Consulting", "Electrical", "Plumbing", "Print", "Software", "Security",
  "Packaging", "Freight", "Media", "Engineering", "Facilities", "Telecom", "Interiors", "Recruitment", "Foods", "Tools", "Parts", "Labs",
];
const LEGAL = ["Ltd", "Ltd", "Limited", "GmbH", "Inc", "LLC", "plc", "", ""];
const SURNAMES = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Wright", "Walker", "Thompson", "Khan", "Evans", "Green", "Hall", "Wood", "Clarke", "Hughes", "Edwards"];
const GIVEN = ["John", "Joan", "Jon", "Mark", "Mary", "Marie", "Sean", "Sian", "Anne", "Anna", "Paul", "Paula", "Chris", "Kate", "Karen", "Tom", "Tim", "Sam", "Lee", "Leigh"];

const START = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;
const DAYS = 395;

interface Party {
  id: string;
  name: string;
  vendor: boolean;
  scale: number;
}

export function generateLookalikeLedger(o: { seed: number; setup: LookalikeSetup }): LookalikeLedger {
  const rng = new SeededRandom(o.seed);
  const docs: { day: number; party: Party; name: string; source: string; account: string; amount: number; label?: PositiveKind; negative: NegativeKind; typoLine?: string }[] = [];
  let vendorNo = 10000;
  let customerNo = 20000;
  const vendor = (name: string): Party => ({ id: `V${++vendorNo}`, name, vendor: true, scale: Math.exp(rng.uniform(5, 9)) });
  const customer = (name: string): Party => ({ id: `C${++customerNo}`, name, vendor: false, scale: Math.exp(rng.uniform(4, 7)) });

  /** Bills (and their payments) of a supplier from day `from` to `to`, about every `every` days. */
  const bills = (p: Party, from: number, to: number, every: number, negative: NegativeKind, label?: PositiveKind, name = p.name) => {
    for (let d = from + rng.int(0, every - 1); d < to; d += Math.max(1, Math.round(every * rng.uniform(0.7, 1.3)))) {
      const amount = round2(p.scale * Math.exp(0.3 * rng.normal()));
      docs.push({ day: d, party: p, name, source: "ACCPAY", account: rng.pick(["400", "410", "429", "461", "493"]), amount, label, negative });
      const paid = d + rng.int(7, 30);
      if (paid < DAYS) docs.push({ day: paid, party: p, name, source: "ACCPAYPAYMENT", account: "090", amount, label, negative });
    }
  };
  /** Invoices (and receipts) of a customer. */
  const sales = (p: Party, from: number, to: number, every: number, negative: NegativeKind) => {
    for (let d = from + rng.int(0, every - 1); d < to; d += Math.max(1, Math.round(every * rng.uniform(0.6, 1.4)))) {
      const amount = round2(p.scale * Math.exp(0.4 * rng.normal()));
      docs.push({ day: d, party: p, name: p.name, source: "ACCREC", account: "200", amount, negative });
      const paid = d + rng.int(3, 40);
      if (paid < DAYS) docs.push({ day: paid, party: p, name: p.name, source: "ACCRECPAYMENT", account: "090", amount, negative });
    }
  };

  // Established suppliers: distinct first words, so that no two of them are alike by accident.
  const firsts = shuffle(rng, FIRST);
  const established: Party[] = [];
  for (let i = 0; i < 40; i++) {
    const legal = rng.pick(LEGAL);
    const p = vendor(`${firsts[i]} ${rng.pick(SECOND)}${legal ? ` ${legal}` : ""}`);
    established.push(p);
    bills(p, 0, DAYS, rng.pick([7, 14, 30]), "established_vendor");
  }
  // Legitimately related names, both long established.
  for (const [a, b] of [["Amazon Web Services", "Amazon Business"], ["Acme Ltd", "Acme UK Ltd"], ["Premier Print Ltd", "Premier Prints Ltd"], ["Global Freight GmbH", "Global Freight Inc"]] as const) {
    bills(vendor(a), 0, DAYS, 14, "related_long_history");
    bills(vendor(b), rng.int(20, 60), DAYS, 14, "related_long_history");
  }
  // Short, generic names: an established BP and EDF, a real new BT, EE, O2 from mid-year.
  for (const n of ["BP", "EDF"]) bills(vendor(n), 0, DAYS, 30, "short_generic");
  for (const n of ["BT", "EE", "O2", "3"]) bills(vendor(n), rng.int(150, 250), DAYS, 30, "short_generic");
  // Renamed suppliers: the old name stops, the new, similar one continues (another id in a code
  // ledger: the supplier record was replaced).
  for (const [old, renamed] of [["Harbour Foods Ltd", "Harbour Foods Limited"], ["Kelvin Logistic Ltd", "Kelvin Logistics Ltd"], ["Stirling Catering", "Stirling Catering Ltd"]] as const) {
    const cut = rng.int(150, 220);
    const p = vendor(old);
    bills(p, 0, cut, 14, "renamed");
    bills(vendor(renamed), cut + rng.int(1, 10), DAYS, 14, "renamed");
  }
  // New suppliers with ordinary names of their own, from mid-year.
  for (let i = 40; i < 48; i++) bills(vendor(`${firsts[i]} ${rng.pick(SECOND)} ${rng.pick(["Ltd", "Inc", ""])}`.trim()), rng.int(60, 330), DAYS, rng.pick([14, 30, 365]), "new_supplier");

  // Customers: people (initial or given name and surname: same surnames, similar given names),
  // numbered stores and sites of chains, companies; new ones arrive all year.
  for (let i = 0; i < 260; i++) {
    const kind = rng.next();
    const name =
      kind < 0.45
        ? `${rng.chance(0.5) ? String.fromCharCode(65 + rng.int(0, 25)) : rng.pick(GIVEN)} ${rng.pick(SURNAMES)}`
        : kind < 0.75
          ? `${rng.pick(["Store", "Site", "Branch", "Unit"])} ${rng.chance(0.5) ? rng.int(1, 40) : String.fromCharCode(65 + rng.int(0, 25))}`
          : `${rng.pick(["Blue", "Red", "Green", "Grey", "Gold"])} ${rng.pick(["Cafe", "Bistro", "Garage", "Salon", "Studio", "Gallery"])} ${rng.int(1, 99)}`;
    const negative: NegativeKind = kind < 0.45 ? "same_surname" : kind < 0.75 ? "numbered_site" : "customer";
    const from = rng.chance(0.5) ? 0 : rng.int(30, 360);
    sales(customer(name), from, DAYS, rng.pick([7, 14, 30, 60]), negative);
  }

  // A name typed differently on one line of an established supplier (the same supplier).
  const typoOf = new Set<number>();
  for (let k = 0; k < 6; k++) typoOf.add(rng.int(0, established.length - 1));

  // Fictitious suppliers imitating established ones, from month 4 on: 1–3 bills, each paid.
  const planted: LookalikeLedger["planted"] = [];
  const targets = shuffle(rng, established.slice()).slice(0, 12);
  for (const [i, real] of targets.entries()) {
    const kind = POSITIVE_KINDS[i % POSITIVE_KINDS.length]!;
    const name = imitate(rng, real.name, kind);
    if (name === real.name) continue;
    planted.push({ name, of: real.name, kind });
    const fake = vendor(name);
    const from = rng.int(100, 360);
    bills({ ...fake, scale: real.scale }, from, Math.min(DAYS, from + rng.int(1, 60)), 20, "established_vendor", kind);
  }

  docs.sort((a, b) => a.day - b.day);
  const transactions: Transaction[] = [];
  const positives = new Map<string, PositiveKind>();
  const negatives = new Map<string, NegativeKind>();
  const documents = new Map<string, string>();
  const typoDone = new Set<string>();
  let journal = 0;
  let line = 0;
  for (const d of docs) {
    const jn = `J${++journal}`;
    const date = new Date(START + d.day * DAY + rng.int(8 * 60, 18 * 60) * 60_000).toISOString().slice(0, 19) + "Z";
    const debit = d.source === "ACCPAY" || d.source === "ACCRECPAYMENT";
    const control = d.source.startsWith("ACCPAY") ? "800" : "610";
    const accounts = d.source === "ACCPAY" ? [d.account, control] : d.source === "ACCPAYPAYMENT" ? [control, "090"] : d.source === "ACCREC" ? [control, d.account] : ["090", control];
    // One typo, on the second line of one bill in the second half of the year.
    const typo = !d.label && d.source === "ACCPAY" && d.day > 200 && typoOf.has(established.indexOf(d.party)) && !typoDone.has(d.party.id);
    if (typo) typoDone.add(d.party.id);
    for (const [k, account] of accounts.entries()) {
      const id = `L${++line}`;
      const name = typo && k === 1 ? imitate(rng, d.name, "replace_letter") : d.name;
      const t: Transaction = {
        transaction_id: id,
        type: d.source === "ACCPAY" || d.source === "ACCREC" ? "invoice" : "payment",
        date,
        customer_id: o.setup === "name" ? name : d.party.id,
        currency: "GBP",
        amount: k === 0 === debit ? d.amount : -d.amount,
        created_by: d.party.vendor ? rng.pick(["ap.clerk1", "ap.clerk2"]) : rng.pick(["ar.clerk1", "ar.clerk2", "webshop"]),
        lines: [],
        attributes: { "Journal No": jn, Source: d.source, Account: account, ...(o.setup === "code" ? { "Contact Name": name } : {}) },
      };
      transactions.push(t);
      documents.set(id, jn);
      if (d.label) positives.set(id, d.label);
      else negatives.set(id, typo ? "same_id_variant" : d.negative);
    }
  }
  return { transactions, positives, negatives, documents, planted };
}

/** What a fraudster does to a real supplier's name, to a word drawn at random. */
export function imitate(rng: SeededRandom, name: string, kind: PositiveKind): string {
  const words = name.split(" ");
  const legalAt = words.length > 1 && ["Ltd", "Limited", "GmbH", "Inc", "LLC", "plc"].includes(words[words.length - 1]!) ? words.length - 1 : -1;
  const core = words.length - (legalAt >= 0 ? 1 : 0);
  const w = rng.int(0, core - 1);
  const word = words[w]!;
  const at = rng.int(1, Math.max(1, word.length - 2));
  switch (kind) {
    case "drop_letter":
      words[w] = word.slice(0, at) + word.slice(at + 1);
      break;
    case "double_letter":
      words[w] = word.slice(0, at + 1) + word[at] + word.slice(at + 1);
      break;
    case "transpose":
      words[w] = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
      break;
    case "replace_letter": {
      const vowels = "aeiou";
      const c = word[at]!;
      const other = vowels.includes(c) ? vowels[(vowels.indexOf(c) + 1) % 5]! : c === "n" ? "m" : "n";
      words[w] = word.slice(0, at) + other + word.slice(at + 1);
      break;
    }
    case "hyphen_or_space":
      if (core >= 2) return [...words.slice(0, core - 2), `${words[core - 2]}-${words[core - 1]}`, ...words.slice(core)].join(" ");
      words[w] = `${word.slice(0, at)} ${word.slice(at)}`;
      break;
    case "homoglyph":
      words[w] = /[oO]/.test(word) ? word.replace(/[oO]/, "0") : /l/.test(word) ? word.replace("l", "1") : word.replace(/[sS]/, "5").replace(/[iI]/, "1");
      break;
    case "legal_form_spelling": {
      const alt: Record<string, string> = { Ltd: "Limited", Limited: "Ltd.", GmbH: "Gmbh.", Inc: "Inc.", LLC: "L.L.C.", plc: "PLC" };
      if (legalAt >= 0) words[legalAt] = alt[words[legalAt]!]!;
      else words.push("Ltd");
      break;
    }
    case "case":
      return name.toUpperCase();
  }
  return words.join(" ");
}

function shuffle<T>(rng: SeededRandom, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
