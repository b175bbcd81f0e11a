// An established payee paid into a bank account never used for it before: the business email
// compromise ("our bank details have changed"), where a vendor's name is paid into the fraudster's
// account and the vendor's next invoice is paid into its own account again (docs/analysis.md,
// payee_bank_account_changed). The evidence is a bank feed's own counterparty account column.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { bankAccountOf } from "../../src/analysis/payee-accounts.ts";
import { analyse, codes } from "./fixtures.ts";

const DAY = 86_400_000;

/** A wire or ACH debit of the operating account, as a bank portal exports it (Debit: a positive payment). */
const debit = (id: string, date: string, payee: string, account: string, amount = 8_450.12): Transaction => ({
  transaction_id: id, type: "payment", date, customer_id: payee, currency: "USD", amount, created_by: "jpatel", approved_by: "rgomez", lines: [],
  attributes: { "Account Name": "US Operating", "Transaction Type": "ACH DEBIT", "Counterparty Account": account, "Counterparty Bank": "US BANK" },
});

/** Two vendors paid every two weeks through 2025, each into its own account. */
function feed(): Transaction[] {
  const out: Transaction[] = [];
  let n = 0;
  for (let d = Date.UTC(2025, 0, 7); d < Date.UTC(2025, 11, 31); d += 14 * DAY) {
    const day = new Date(d).toISOString().slice(0, 10);
    out.push(debit(`A${++n}`, day, "Granite Tooling LLC", "****4411"), debit(`B${++n}`, day, "Keystone Bearings Inc", "****7720", 3_120.5));
  }
  return out;
}

const finding = async (t: Transaction, history: Transaction[]) => (await analyse(t, { module: "anomaly_detection", history })).anomalies.find((a) => a.code === "payee_bank_account_changed");

describe("payee_bank_account_changed", () => {
  test("a vendor's name paid into a new account, then into its own account again, is high on each payment into the new one", async () => {
    const history = feed();
    const fraud = [debit("X1", "2025-08-12", "Granite Tooling LLC", "****9031", 21_400), debit("X2", "2025-08-19", "Granite Tooling LLC", "****9031", 18_950)];
    const all = [...history, ...fraud].sort((a, b) => a.date!.localeCompare(b.date!));
    for (const t of fraud) {
      const f = await finding(t, all);
      expect(f?.severity).toBe("high");
      expect(f?.actual).toMatchObject({ account: "****9031", established_payments: expect.any(Number), paid_into_earlier_account_after: true });
    }
  });

  test("hard negative: a vendor moving its account for good is medium on the first payment into the new one and silent after", async () => {
    const history = feed().map((t) => (t.customer_id === "Keystone Bearings Inc" && t.date! >= "2025-07-01" ? { ...t, attributes: { ...t.attributes, "Counterparty Account": "****5150" } } : t));
    const moved = history.filter((t) => t.customer_id === "Keystone Bearings Inc" && t.date! >= "2025-07-01");
    expect((await finding(moved[0]!, history))?.severity).toBe("medium");
    for (const t of moved.slice(1, 4)) expect(await finding(t, history)).toBeUndefined();
  });

  test("a change near the end of the history stays medium: the account's rarity is the change itself, not a second finding", async () => {
    // Thirty vendors paid every two weeks, three of them moving their accounts mid-year: enough
    // history for the account column to be profiled as a code of its own (not a rename of the payee).
    const history: Transaction[] = [];
    let n = 0;
    for (let d = Date.UTC(2025, 0, 7); d < Date.UTC(2025, 11, 31); d += 14 * DAY) {
      const day = new Date(d).toISOString().slice(0, 10);
      for (let v = 0; v < 30; v++) history.push(debit(`V${++n}`, day, `Vendor ${String.fromCharCode(65 + v)} Supply`, v % 5 === 2 && day >= (v === 7 ? "2025-12-01" : "2025-07-01") ? `****${5100 + v}` : `****${1000 + v}`, 2_000 + 100 * v));
    }
    const first = history.find((t) => t.customer_id === "Vendor H Supply" && t.date! >= "2025-12-01")!;
    const r = await analyse(first, { module: "anomaly_detection", history });
    expect(codes(r.anomalies)).toContain("payee_bank_account_changed");
    expect(codes(r.anomalies)).not.toContain("rare_value");
    expect(r.risk_level).toBe("medium");
  });

  test("a new account at the end of the history, with nothing after it to tell, is medium", async () => {
    const history = feed();
    const late = debit("L1", "2025-12-30", "Granite Tooling LLC", "****6006", 30_000);
    expect((await finding(late, [...history, late]))?.severity).toBe("medium");
  });

  test("not judged: money coming in, a payee's accounts from the history's first weeks, a new payee's first account, a row naming no account", async () => {
    const history = feed();
    // A customer's receipt from a new account is not our payment.
    const receipt = { ...debit("R1", "2025-08-12", "Granite Tooling LLC", "****1234", -5_000) };
    expect(await finding(receipt, [...history, receipt])).toBeUndefined();
    // A second account used from the history's start: which came first, it cannot tell.
    const early = [debit("E1", "2025-01-09", "Keystone Bearings Inc", "****3000"), debit("E2", "2025-09-09", "Keystone Bearings Inc", "****3000")];
    const withEarly = [...history, ...early];
    for (const t of early) expect(await finding(t, withEarly)).toBeUndefined();
    const newcomer = debit("N1", "2025-08-12", "Summit Welding Supply Inc", "****8080");
    expect(await finding(newcomer, [...history, newcomer])).toBeUndefined();
    const none = { ...debit("Z1", "2025-08-12", "Granite Tooling LLC", ""), attributes: { "Account Name": "US Operating" } };
    expect(await finding(none, [...history, none])).toBeUndefined();
  });

  test("a bank feed's counterparty account column is the account paid into", async () => {
    const history = feed();
    const ghost = debit("G1", "2025-08-12", "Crestline Trading LLC", "****4411");
    expect(codes((await analyse(ghost, { module: "anomaly_detection", history: [...history, ghost] })).anomalies)).toContain("other_payees_bank_account");
  });
});

describe("payee_bank_account_changed: the account's verification status", () => {
  /** A platform's payout to a seller, as a payouts report exports it (the destination and its status at payout time). */
  const payout = (id: string, date: string, account: string, status: string, amount = 412.77): Transaction => ({
    transaction_id: id, type: "payment", date, customer_id: "acct_1Seller", currency: "USD", amount, lines: [],
    attributes: { "Payout Destination ID": `ba_${account}`, "Destination Last 4": account, "Destination Status": status, "Payout Schedule": "daily" },
  });
  const payouts = (): Transaction[] => {
    const out: Transaction[] = [];
    for (let d = Date.UTC(2025, 0, 6), n = 0; d < Date.UTC(2025, 11, 31); d += 7 * DAY) out.push(payout(`P${++n}`, new Date(d).toISOString().slice(0, 10), "4411", "verified"));
    return out;
  };

  test("payouts into a new account the export states is not verified are high on each, however long it was used", async () => {
    const taken = [0, 1, 2, 3].map((i) => payout(`X${i}`, `2025-08-${String(12 + i).padStart(2, "0")}`, "9031", i === 0 ? "new" : "unverified"));
    const all = [...payouts(), ...taken].sort((a, b) => a.date!.localeCompare(b.date!));
    for (const t of taken) expect((await finding(t, all))?.severity).toBe("high");
  });

  test("a payout's destination id is the account paid into; its last four digits alone are not (sixty sellers' accounts share last fours)", () => {
    expect(bankAccountOf(payout("A", "2025-12-29", "4411", "verified"))).toBe("BA_4411");
    const lastFourOnly = { ...payout("B", "2025-12-29", "4411", "verified"), attributes: { "Destination Last 4": "4411", "Destination Status": "verified" } };
    expect(bankAccountOf(lastFourOnly)).toBeUndefined();
  });

  test("hard negative: a new account paid once verified is a change to verify once (medium), not an alarm", async () => {
    const moved = [0, 1, 2, 3].map((i) => payout(`M${i}`, `2025-08-${String(12 + i).padStart(2, "0")}`, "9031", "verified"));
    const all = [...payouts().filter((t) => t.date! < "2025-08-12"), ...moved].sort((a, b) => a.date!.localeCompare(b.date!));
    expect((await finding(moved[0]!, all))?.severity).toBe("medium");
    for (const t of moved.slice(1)) expect(await finding(t, all)).toBeUndefined();
  });
});
