// split_below_approval_limit: pieces just under an approval limit to one counterparty within a
// few days, together above it. The edges: at the limit, across midnight, currencies never added,
// credit notes netted, a history too short to say what is usual, and the regular business that
// looks like it (recurring amounts, price points, a supplier at that level every day).
import { describe, expect, test } from "bun:test";
import { binomialTail, tierConfirmed } from "../../src/analysis/detectors/anomaly/approval-tiers.ts";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";

const module = "anomaly_detection";
const CODE = "split_below_approval_limit";

function bill(id: string, o: { vendor?: string; date: string; amount: number; currency?: string; user?: string; type?: Transaction["type"] }): Transaction {
  return {
    transaction_id: id,
    type: o.type ?? "invoice",
    date: o.date,
    customer_id: o.vendor ?? "V1",
    currency: o.currency ?? "GBP",
    amount: o.amount,
    created_by: o.user ?? "ann",
    lines: [],
  };
}

/** V1's ordinary bills: 12 of about 2,000, one a fortnight. */
function ordinary(vendor = "V1"): Transaction[] {
  return Array.from({ length: 12 }, (_, i) => bill(`${vendor}-O${i}`, { vendor, date: new Date(Date.UTC(2025, 0, 6 + 14 * i, 10)).toISOString(), amount: 1800 + 37 * i }));
}

const limited = (extra: Record<string, unknown> = {}) => modulesConfig({ compliance: { default_approver_limit: 10000 }, anomaly_detection: { categorical_fields: ["currency", "type", "created_by"], ...extra } });

async function findingOf(txn: Transaction, history: Transaction[], config = limited()) {
  const r = await analyse(txn, { module, history, config });
  return { r, split: r.anomalies.find((a) => a.code === CODE) };
}

describe("split_below_approval_limit", () => {
  test("two pieces just under a configured limit, unusual for the vendor: high, naming both and the sum", async () => {
    const a = bill("P1", { date: "2025-07-01T10:00:00Z", amount: 9600 });
    const b = bill("P2", { date: "2025-07-02T11:00:00Z", amount: 9700 });
    const h = [...ordinary(), a, b];
    for (const t of [a, b]) {
      const { r, split } = await findingOf(t, h);
      expect(split?.severity).toMatch(/high|critical/);
      expect(r.risk_level).toMatch(/high|critical/);
      expect(split!.message).toContain("P1 9600.00, P2 9700.00");
      expect(split!.message).toContain("together 19300.00");
      expect(split!.message).toContain("approval limit 10000.00 GBP");
    }
  });

  test("exactly at the limit is within it (a piece); a cent above is not a piece", async () => {
    const at = [bill("A1", { date: "2025-07-01T10:00:00Z", amount: 10000 }), bill("A2", { date: "2025-07-01T12:00:00Z", amount: 10000 })];
    expect((await findingOf(at[0]!, [...ordinary(), ...at])).split).toBeDefined();
    const above = [bill("B1", { date: "2025-07-01T10:00:00Z", amount: 10000.01 }), bill("B2", { date: "2025-07-01T12:00:00Z", amount: 9500 })];
    expect((await findingOf(above[1]!, [...ordinary(), ...above])).split).toBeUndefined();
  });

  test("a group across midnight: the window is elapsed time, not the calendar day", async () => {
    const pieces = [bill("M1", { date: "2025-07-01T23:50:00Z", amount: 9400 }), bill("M2", { date: "2025-07-02T00:20:00Z", amount: 9300 })];
    const tight = limited({ split_below_limit: { window_days: 0.05 } });
    expect((await findingOf(pieces[0]!, [...ordinary(), ...pieces], tight)).split?.severity).toMatch(/high|critical/);
    // Two hours apart is beyond a window of 1.2 hours.
    const apart = [bill("M3", { date: "2025-07-01T22:00:00Z", amount: 9400 }), bill("M4", { date: "2025-07-02T00:20:00Z", amount: 9300 })];
    expect((await findingOf(apart[0]!, [...ordinary(), ...apart], tight)).split).toBeUndefined();
  });

  test("different currencies are never added up", async () => {
    const pieces = [bill("C1", { date: "2025-07-01T10:00:00Z", amount: 9600, currency: "GBP" }), bill("C2", { date: "2025-07-01T11:00:00Z", amount: 9600, currency: "EUR" })];
    expect((await findingOf(pieces[0]!, [...ordinary(), ...pieces])).split).toBeUndefined();
  });

  test("a credit note among the pieces is netted, and is never a piece itself", async () => {
    const pieces = [
      bill("N1", { date: "2025-07-01T10:00:00Z", amount: 9600 }),
      bill("N2", { date: "2025-07-01T11:00:00Z", amount: 9400, type: "credit_note" }),
      bill("N3", { date: "2025-07-01T12:00:00Z", amount: 9700 }),
    ];
    const h = [...ordinary(), ...pieces];
    // 9,600 + 9,700 − 9,400 = 9,900: within the limit after all.
    expect((await findingOf(pieces[0]!, h)).split).toBeUndefined();
    expect((await findingOf(pieces[1]!, h)).split).toBeUndefined();
    // A small credit leaves the group above the limit, and says so.
    const small = [pieces[0]!, { ...pieces[1]!, amount: 500 }, pieces[2]!];
    const { split } = await findingOf(small[2]!, [...ordinary(), ...small]);
    expect(split!.message).toContain("together 18800.00 after 500.00 of credit notes");
  });

  test("a history shorter than the window says nothing of what is usual: medium at most", async () => {
    const pieces = [bill("S1", { date: "2025-07-01T10:00:00Z", amount: 9600 }), bill("S2", { date: "2025-07-01T11:00:00Z", amount: 9700 })];
    const { split, r } = await findingOf(pieces[0]!, pieces);
    expect(split?.severity).toBe("medium");
    expect(split!.message).toContain("too few other postings");
    expect(r.risk_level).toBe("medium");
  });

  test("a counterparty new to a ledger of months: its first postings, pieces just under a configured limit within days, are unusual for it (high)", async () => {
    // V1's bills run for six months; V9 appears with two payments of 9,600 and 9,700 two days apart and nothing else.
    const pieces = [bill("N1", { vendor: "V9", date: "2025-06-10T10:00:00Z", amount: 9600 }), bill("N2", { vendor: "V9", date: "2025-06-12T15:00:00Z", amount: 9700 })];
    const history = [...ordinary(), ...pieces].sort((a, b) => a.date!.localeCompare(b.date!));
    for (const t of pieces) {
      const { split } = await findingOf(t, history);
      expect(split?.severity).toMatch(/high|critical/);
      expect(split!.message).toContain("V9 has no other postings: new to the ledger");
    }
    // Under a round tier nobody configured, without the ledger seen to avoid it: medium, as any unusual group.
    const { split } = await findingOf(pieces[0]!, history, modulesConfig({ anomaly_detection: { categorical_fields: ["currency", "type", "created_by"] } }));
    expect(split === undefined || split.severity === "medium").toBe(true);
  });

  test("pieces of a kind new for the counterparty are judged against its other postings of the side: a vendor paid by ACH, split into wires", async () => {
    // A bank feed: the vendor's payments are ACH debits far below the limit; two wires just under it on one day.
    const paid = (id: string, date: string, amount: number, type: string): Transaction => ({ ...bill(id, { date, amount, currency: "USD" }), type: "payment", attributes: { "Transaction Type": type } });
    const ach = Array.from({ length: 24 }, (_, i) => paid(`ACH${i}`, new Date(Date.UTC(2025, 0, 7 + 14 * i, 15)).toISOString(), 4200 + 83 * i, "ACH DEBIT"));
    const wires = [paid("W1", "2025-09-16T14:00:00Z", 9650, "OUTGOING WIRE"), paid("W2", "2025-09-16T16:30:00Z", 9820, "OUTGOING WIRE")];
    const history = [...ach, ...wires].sort((a, b) => a.date!.localeCompare(b.date!));
    const config = limited({ categorical_fields: ["currency", "type", "created_by", "attributes.Transaction Type"] });
    for (const t of wires) {
      const { split } = await findingOf(t, history, config);
      expect(split?.severity).toMatch(/high|critical/);
      expect(split!.message).toContain("other postings");
    }
    // The vendor's other postings at that level too (it is paid 9,000–10,000 by ACH every fortnight): usual, medium at most.
    const large = ach.map((t, i) => ({ ...t, amount: 8600 + 53 * i }));
    const usual = [...large, ...wires].sort((a, b) => a.date!.localeCompare(b.date!));
    const { split } = await findingOf(wires[0]!, usual, config);
    expect(split === undefined || split.severity === "medium").toBe(true);
  });

  test("receipts nobody keyed (a bank feed's lockbox deposits) are no pieces where the ledger records who keys its payments; credit-side pieces someone entered still are", async () => {
    // A bank feed: payments out carry the user who initiated them; deposits in (credits: negative) carry none.
    const paid = Array.from({ length: 12 }, (_, i) => bill(`PAY${i}`, { vendor: "V1", date: new Date(Date.UTC(2025, 0, 6 + 14 * i, 15)).toISOString(), amount: 1800 + 37 * i, currency: "USD" }));
    const deposit = (id: string, date: string, amount: number, user?: string): Transaction => ({ ...bill(id, { vendor: "LOCKBOX 0427", date, amount: -amount, currency: "USD" }), created_by: user });
    const ordinaryDeposits = Array.from({ length: 30 }, (_, i) => deposit(`LBX${i}`, new Date(Date.UTC(2025, 0, 6 + 7 * i, 12)).toISOString(), 2000 + 97 * i));
    const pieces = [deposit("LBX-A", "2025-07-01T12:00:00Z", 9600), deposit("LBX-B", "2025-07-01T13:00:00Z", 9700)];
    const history = [...paid, ...ordinaryDeposits, ...pieces].sort((a, b) => a.date!.localeCompare(b.date!));
    const config = limited({ categorical_fields: ["currency", "type"] });
    for (const t of pieces) expect((await findingOf(t, history, config)).split).toBeUndefined();
    // A payables ledger's credit side: bills credited to the vendor, entered by a clerk — pieces as before.
    const keyed = pieces.map((t) => ({ ...t, created_by: "ann" }));
    const withKeyed = [...paid, ...ordinaryDeposits, ...keyed].sort((a, b) => a.date!.localeCompare(b.date!));
    expect((await findingOf(keyed[0]!, withKeyed, config)).split?.severity).toMatch(/high|critical/);
    // A ledger that records no user anywhere cannot tell a receipt from a bill: pieces as before.
    const anonymous = withKeyed.map((t) => ({ ...t, created_by: undefined }));
    expect((await findingOf(anonymous.find((t) => t.transaction_id === "LBX-A")!, anonymous, config)).split?.severity).toMatch(/high|critical/);
  });

  test("pieces at the vendor's usual level (a supplier delivering at that level every day): medium at most", async () => {
    const daily = Array.from({ length: 40 }, (_, i) => bill(`D${i}`, { vendor: "V2", date: new Date(Date.UTC(2025, 2, 3 + i, 9)).toISOString(), amount: 8200 + ((i * 613) % 1700) }));
    const { split } = await findingOf(daily[10]!, daily);
    expect(split === undefined || split.severity === "medium" || split.severity === "low").toBe(true);
  });

  test("recurring identical amounts (two sites' rent, every month) are no pieces", async () => {
    const rent = Array.from({ length: 6 }, (_, m) => [0, 1].map((site) => bill(`R${m}-${site}`, { vendor: "LANDLORD", date: new Date(Date.UTC(2025, m, 1, 9 + site)).toISOString(), amount: 8500 }))).flat();
    expect((await findingOf(rent[4]!, [...ordinary("LANDLORD"), ...rent])).split).toBeUndefined();
  });

  test("a price point several counterparties pay is no piece", async () => {
    const sales = ["K1", "K2", "K3"].flatMap((c, i) => [bill(`${c}-a`, { vendor: c, date: `2025-07-0${i + 1}T10:00:00Z`, amount: 9999 }), bill(`${c}-b`, { vendor: c, date: `2025-07-0${i + 2}T10:00:00Z`, amount: 9999 })]);
    expect((await findingOf(sales[0]!, sales)).split).toBeUndefined();
  });

  test("zero-config: a lone group under a round tier is medium, whoever entered it; a tier the ledger avoids lets groups reach high", async () => {
    const zero = modulesConfig({});
    const lone = [bill("Z1", { date: "2025-07-01T10:00:00Z", amount: 9600 }), bill("Z2", { date: "2025-07-01T11:00:00Z", amount: 9700 })];
    // One clerk entering every bill of a vendor is how payables work, not evidence (docs/quality.md).
    expect((await findingOf(lone[0]!, [...ordinary(), ...lone], zero)).split?.severity).toBe("medium");
    const twoUsers = [lone[0]!, { ...lone[1]!, created_by: "bob" }];
    expect((await findingOf(lone[0]!, [...ordinary(), ...twoUsers], zero)).split?.severity).toBe("medium");
    // Not a step of the 1–2.5–5 series: no group at all.
    const off = [bill("Z3", { date: "2025-07-01T10:00:00Z", amount: 1900 }), bill("Z4", { date: "2025-07-01T11:00:00Z", amount: 1950 })];
    expect((await findingOf(off[0]!, [...ordinary(), ...off], zero)).split).toBeUndefined();
    // Twelve vendors with a split under 10,000 each.
    const vendors = Array.from({ length: 12 }, (_, i) => `W${i}`);
    const h: Transaction[] = [];
    vendors.forEach((v, i) => {
      h.push(...ordinary(v));
      h.push(bill(`${v}-S1`, { vendor: v, date: `2025-08-${10 + i}T10:00:00Z`, amount: 9100 + 31 * i }), bill(`${v}-S2`, { vendor: v, date: `2025-08-${10 + i}T15:00:00Z`, amount: 8800 + 17 * i, user: "bob" }));
      // Other vendors' single bills just over and just under the tier, as many on each side.
      h.push(bill(`X${i}-U`, { vendor: `X${i}`, date: `2025-09-${10 + i}T10:00:00Z`, amount: 10400 + 100 * i }), bill(`X${i}-L`, { vendor: `X${i}`, date: `2025-10-${10 + i}T10:00:00Z`, amount: 8500 + 90 * i }));
    });
    // Two users each: high only because the tier is confirmed.
    const { split } = await findingOf(h.find((t) => t.transaction_id === "W3-S1")!, h, zero);
    expect(split?.severity).toMatch(/high|critical/);
    expect(split!.message).toContain("a round tier this ledger's amounts avoid");
  });
});

describe("approval tiers", () => {
  test("binomial tail", () => {
    expect(binomialTail(0, 5, 0.5)).toBe(1);
    expect(binomialTail(5, 5, 0.5)).toBeCloseTo(1 / 32, 10);
    expect(binomialTail(3, 4, 0.5)).toBeCloseTo(5 / 16, 10);
  });

  test("more clusters under a tier than the single postings make likely confirm it; a thinning tail alone does not", () => {
    expect(tierConfirmed(9, 0, 40, 40)).toBe(true);
    expect(tierConfirmed(4, 0, 40, 40)).toBe(false);
    // Three times fewer single postings over the tier: nine clusters under and one over is chance.
    expect(tierConfirmed(9, 1, 60, 20)).toBe(false);
    expect(tierConfirmed(3, 0, 40, 0)).toBe(false);
  });
});

test("split_below_limit is a closed object whose errors name the YAML path", () => {
  const yaml = "modules:\n  anomaly_detection:\n    split_below_limit: { band: 2, window: 3 }\n";
  let problems: string[] = [];
  try {
    parseConfig(yaml, "/nonexistent/assay.yaml", {});
  } catch (e) {
    problems = (e as ConfigError).problems;
  }
  expect(problems).toContain("modules.anomaly_detection.split_below_limit.window: unknown key");
  expect(problems.some((p) => p.startsWith("modules.anomaly_detection.split_below_limit.band:"))).toBe(true);
});
