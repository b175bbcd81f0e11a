// A journal-entry data set shaped like the public SAP benchmark of Schreyer et al. ("Detection
// of anomalies in large-scale accounting data using deep autoencoder networks", 2017): entries
// with categorical attributes BUKRS (company code), WAERS (currency), KTOSL (transaction key),
// PRCTR (profit centre), BSCHL (posting key), HKONT (general-ledger account) and an amount
// DMBTR, where the attributes depend on each other as in a real ledger (a company books in its
// currency, an account takes the posting keys and transaction keys of its account type, profit
// centres belong to a company). Anomalies at about 0.02 %, labelled:
//  - global: an attribute value the ledger never uses, or an amount hundreds of times the
//    account's usual;
//  - local: values that are each common but never occur together (a company booking in another
//    company's currency, an account with the posting key of another account type, a profit
//    centre of another company).
// The real data set is not redistributable; this generator reproduces its structure and
// prevalence, not its numbers.
import type { Transaction } from "../../src/domain/transaction.ts";
import { SeededRandom } from "../../src/analysis/random.ts";
import { roundMoney } from "../../src/domain/rounding.ts";

export type JournalLabel = "global" | "local";

interface Company {
  code: string;
  currency: string;
  profitCentres: string[];
  weight: number;
}

interface AccountType {
  name: string;
  postingKeys: string[];
  transactionKeys: string[];
}

interface Account {
  hkont: string;
  type: AccountType;
  mu: number;
  weight: number;
}

const COMPANIES: Company[] = [
  { code: "C10", currency: "EUR", profitCentres: ["P101", "P102", "P103"], weight: 0.3 },
  { code: "C20", currency: "EUR", profitCentres: ["P201", "P202"], weight: 0.2 },
  { code: "C30", currency: "USD", profitCentres: ["P301", "P302", "P303"], weight: 0.2 },
  { code: "C40", currency: "GBP", profitCentres: ["P401", "P402"], weight: 0.12 },
  { code: "C50", currency: "CHF", profitCentres: ["P501"], weight: 0.1 },
  { code: "C60", currency: "JPY", profitCentres: ["P601", "P602"], weight: 0.08 },
];

const TYPES: AccountType[] = [
  { name: "customer", postingKeys: ["01", "11", "15"], transactionKeys: ["AGR", "ZAH"] },
  { name: "vendor", postingKeys: ["21", "31", "25"], transactionKeys: ["KBS", "ZAH"] },
  { name: "gl", postingKeys: ["40", "50"], transactionKeys: ["BSX", "WRX", "GBB", "UMB"] },
];

const UNUSED = { BSCHL: ["70", "75", "99"], KTOSL: ["ZZZ", "KDM", "EXC"], HKONT: ["999999", "888000", "777100"] };

export interface JournalDataset {
  transactions: Transaction[];
  labels: Map<string, JournalLabel>;
}

export function generateJournal(options: { seed: number; entries: number; anomalyRate?: number; start?: string }): JournalDataset {
  const rng = new SeededRandom(options.seed);
  const rate = options.anomalyRate ?? 0.0002;
  const accounts: Account[] = [];
  TYPES.forEach((type, ti) => {
    const n = type.name === "gl" ? 20 : 6;
    for (let i = 0; i < n; i++) {
      accounts.push({ hkont: String(100000 * (ti + 1) + i * 10), type, mu: rng.uniform(4, 10), weight: 1 / (i + 1) });
    }
  });
  const users = Array.from({ length: 40 }, (_, i) => `U${String(i + 1).padStart(3, "0")}`);
  const start = Date.parse(`${options.start ?? "2025-01-01"}T00:00:00Z`);
  const weighted = <T extends { weight: number }>(items: T[]) => {
    const total = items.reduce((s, x) => s + x.weight, 0);
    let r = rng.next() * total;
    for (const x of items) if ((r -= x.weight) < 0) return x;
    return items[items.length - 1]!;
  };

  const transactions: Transaction[] = [];
  const labels = new Map<string, JournalLabel>();
  const anomalies = Math.max(2, Math.round(options.entries * rate));
  const globalCount = Math.round(anomalies * 0.7);
  const anomalyAt = new Map<number, JournalLabel>();
  while (anomalyAt.size < anomalies) {
    const at = rng.int(Math.floor(options.entries * 0.05), options.entries - 1);
    if (!anomalyAt.has(at)) anomalyAt.set(at, anomalyAt.size < globalCount ? "global" : "local");
  }

  for (let i = 0; i < options.entries; i++) {
    const company = weighted(COMPANIES);
    const account = weighted(accounts);
    const e = {
      BUKRS: company.code,
      WAERS: company.currency,
      PRCTR: rng.pick(company.profitCentres),
      HKONT: account.hkont,
      BSCHL: rng.pick(account.type.postingKeys),
      KTOSL: rng.pick(account.type.transactionKeys),
      DMBTR: roundMoney(Math.exp(account.mu + 0.8 * rng.normal())),
    };
    const kind = anomalyAt.get(i);
    if (kind === "global") {
      if (rng.chance(0.5)) e.DMBTR = roundMoney(e.DMBTR * rng.uniform(300, 2000));
      else {
        const field = rng.pick(["BSCHL", "KTOSL", "HKONT"] as const);
        e[field] = rng.pick(UNUSED[field]);
      }
    } else if (kind === "local") {
      const which = rng.int(0, 2);
      if (which === 0) e.WAERS = rng.pick(COMPANIES.filter((c) => c.currency !== company.currency)).currency;
      else if (which === 1) e.BSCHL = rng.pick(TYPES.filter((t) => t !== account.type).flatMap((t) => t.postingKeys));
      else e.PRCTR = rng.pick(COMPANIES.filter((c) => c !== company).flatMap((c) => c.profitCentres));
    }
    const day = start + Math.floor((i / options.entries) * 365) * 86_400_000;
    const weekday = new Date(day).getUTCDay();
    const when = day + (weekday === 0 ? 1 : weekday === 6 ? 2 : 0) * 86_400_000 + rng.int(8 * 60, 17 * 60) * 60_000;
    const id = `JE-${String(i + 1).padStart(7, "0")}`;
    transactions.push({
      transaction_id: id,
      type: "journal_entry",
      date: `${new Date(when).toISOString().slice(0, 19)}Z`,
      currency: e.WAERS,
      amount: e.DMBTR,
      created_by: rng.pick(users),
      lines: [{ sku: e.HKONT, quantity: 1, amount: e.DMBTR }],
      attributes: { BUKRS: e.BUKRS, KTOSL: e.KTOSL, PRCTR: e.PRCTR, BSCHL: e.BSCHL, HKONT: e.HKONT },
    });
    if (kind) labels.set(id, kind);
  }
  return { transactions, labels };
}

/** The categorical fields the journal benchmark screens. */
export const JOURNAL_FIELDS = ["currency", "attributes.BUKRS", "attributes.KTOSL", "attributes.PRCTR", "attributes.BSCHL", "attributes.HKONT"];
