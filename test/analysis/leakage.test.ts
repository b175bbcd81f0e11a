import { describe, expect, test } from "bun:test";
import { exchangeRateOn } from "../../src/analysis/detectors/leakage/rates.ts";
import { analyse, codes, invoice, reference } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";

describe("pricing rules", () => {
  test("price below the contract in force: loss at the contract price", async () => {
    const r = await analyse(invoice("I1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 78 }] }));
    expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
    const a = r.anomalies[0]!;
    expect(a.amount_at_risk).toBe(20);
    expect(a.field).toBe("lines[0].unit_price");
    expect(a.expected).toMatchObject({ unit_price: 80, contract_id: "CTR-1" });
    expect(r.amount_at_risk).toEqual({ amount: 20, currency: "USD" });
    expect(r.risk_score).toBeGreaterThanOrEqual(70);
  });

  test("hard negative: billed at the contract price, and within rounding of it", async () => {
    expect((await analyse(invoice("I2", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 80 }] }))).anomalies).toEqual([]);
    expect((await analyse(invoice("I3", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 3, unit: 79.995 }] }))).anomalies).toEqual([]);
  });

  test("sub-cent unit prices: a contract rate billed short is judged on the line's money, the amount's own rounding is not", async () => {
    // Voice at 0.0116 a minute under contract (list 0.0135), billed at 0.01 over 80,000 minutes: 128 short.
    const ref = {
      contracts: [{ contract_id: "K-V", customer_id: "CUST-V", sku: "VOICE", price: 0.0116, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", max_discount_pct: 30 }],
      price_list: [{ sku: "VOICE", list_price: 0.0135, currency: "USD" }],
    };
    const voice = (qty: number, unit: number) => invoice("I3v", { customer: "CUST-V", lines: [{ sku: "VOICE", qty, unit, list: 0.0135 }] });
    const r = await analyse(voice(80_000, 0.01), { ref });
    expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(128);
    expect((await analyse(voice(80_000, 0.0116), { ref })).anomalies).toEqual([]);
    // 3 minutes at 0.0116 are 0.0348, billed 0.03: the amount's rounding to the cent, not a price cut.
    const tiny = voice(3, 0.0116);
    expect(tiny.lines[0]!.amount).toBe(0.03);
    expect((await analyse(tiny, { ref })).anomalies).toEqual([]);
    // Without a contract: 0.0135 list, policy floor 0.01215; 0.01 over 50,000 units is below it.
    const noContract = invoice("I3w", { customer: "CUST-W", lines: [{ sku: "VOICE", qty: 50_000, unit: 0.01, list: 0.0135, disc: 0 }] });
    expect(codes((await analyse(noContract, { ref })).anomalies)).toEqual(["price_below_list"]);
  });

  test("discount above the contract's cap is reported as such, once per line", async () => {
    const r = await analyse(invoice("I4", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 2, unit: 70 }] }));
    expect(codes(r.anomalies)).toEqual(["discount_above_cap"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(20); // against the contract price 80
  });

  test("no contract: discount above the policy cap, loss against list less the policy maximum", async () => {
    const r = await analyse(invoice("I5", { lines: [{ sku: "SKU-A", qty: 4, unit: 80, disc: 20 }] }));
    expect(codes(r.anomalies)).toEqual(["discount_above_cap"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(40); // (90 − 80) × 4
  });

  test("hard negative: a recorded discount within the policy", async () => {
    expect((await analyse(invoice("I6", { lines: [{ sku: "SKU-A", qty: 4, unit: 92.5, disc: 7.5 }] }))).anomalies).toEqual([]);
  });

  test("price below list without an approved discount", async () => {
    const r = await analyse(invoice("I7", { lines: [{ sku: "SKU-B", qty: 10, unit: 30, disc: 0 }] }));
    expect(codes(r.anomalies)).toEqual(["price_below_list"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(150); // (45 − 30) × 10
  });

  test("policy max discount comes from the config", async () => {
    const config = modulesConfig({ revenue_leakage: { max_discount_pct: 50 } });
    expect((await analyse(invoice("I8", { lines: [{ sku: "SKU-B", qty: 10, unit: 30, disc: 0 }] }), { config })).anomalies).toEqual([]);
  });

  test("hard negative: an approved promotion in its window; the same price after it is a stale promotional price", async () => {
    const inWindow = await analyse(invoice("I9", { date: "2025-03-10T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 40 }] }));
    expect(inWindow.anomalies).toEqual([]);
    const after = await analyse(invoice("I10", { date: "2025-04-10T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 40 }] }));
    expect(codes(after.anomalies)).toEqual(["contract_price_outside_validity"]);
    expect(after.anomalies[0]!.amount_at_risk).toBe(50); // (45 − 40) × 10
  });

  test("hard negative: an invoice re-issued after a full credit keeps the original's promotion; a copy of an uncredited one does not", async () => {
    // PROMO-B: SKU-B at 40 in March. Billed 31 March, credited in full (wrong address), issued again on 2 April.
    const original = invoice("RI-1", { customer: "CUST-8", date: "2025-03-31T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 40 }] });
    const credit = { ...invoice("RI-CN", { customer: "CUST-8", date: "2025-04-02T09:00:00Z", type: "credit_note", reference: "RI-1", lines: [{ sku: "SKU-B", qty: 10, unit: 40 }] }) };
    const reissue = { ...original, transaction_id: "RI-2", date: "2025-04-02T10:00:00Z" };
    expect((await analyse(reissue, { history: [original, credit, reissue] })).anomalies).toEqual([]);
    // Not credited: the promotion's price after its window, and a duplicate.
    expect(codes((await analyse(reissue, { history: [original, reissue] })).anomalies)).toEqual(["contract_price_outside_validity", "duplicate_invoice"]);
    // Credited only in part: still a stale promotional price.
    const partial = { ...credit, amount: 100, lines: [{ ...credit.lines[0]!, quantity: 2.5, amount: 100 }] };
    expect(codes((await analyse(reissue, { history: [original, partial, reissue] })).anomalies)).toContain("contract_price_outside_validity");
  });

  test("expired contract price applied after its window", async () => {
    const r = await analyse(invoice("I11", { customer: "CUST-2", lines: [{ sku: "SKU-A", qty: 5, unit: 70 }] }));
    expect(codes(r.anomalies)).toEqual(["contract_price_outside_validity"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(100); // (90 − 70) × 5
    expect(r.anomalies[0]!.actual).toMatchObject({ contract_id: "CTR-OLD" });
  });

  test("hard negative: contract renewal governs the line", async () => {
    expect((await analyse(invoice("I12", { customer: "CUST-3", lines: [{ sku: "SKU-A", qty: 5, unit: 75 }] }))).anomalies).toEqual([]);
  });

  test("a contract's new price for a SKU from a date supersedes its older row left open-ended; another agreement's rows do not", async () => {
    const row = (contract_id: string, price: number, valid_from: string, valid_to?: string) => ({ contract_id, customer_id: "CUST-P", sku: "SKU-A", price, currency: "USD", valid_from, ...(valid_to ? { valid_to } : {}), max_discount_pct: 30 });
    const ref = { contracts: [row("AGR-1", 80, "2025-01-01"), row("AGR-1", 84, "2025-07-01")] };
    const at = (date: string, unit: number) => invoice(`P-${date}-${unit}`, { customer: "CUST-P", date: `${date}T10:00:00Z`, lines: [{ sku: "SKU-A", qty: 10, unit }] });
    expect((await analyse(at("2025-03-03", 80), { ref })).anomalies).toEqual([]);
    expect((await analyse(at("2025-08-04", 84), { ref })).anomalies).toEqual([]);
    const stale = await analyse(at("2025-08-04", 80), { ref });
    expect(codes(stale.anomalies)).toEqual(["price_below_contract"]);
    expect(stale.anomalies[0]!.amount_at_risk).toBe(40);
    // Two agreements of one customer (a framework and a project deal) are alternatives: the lower governs.
    const two = { contracts: [row("AGR-1", 80, "2025-01-01"), row("AGR-2", 84, "2025-07-01")] };
    expect((await analyse(at("2025-08-04", 80), { ref: two })).anomalies).toEqual([]);
  });

  test("zero-price billable line at the most generous price; a free contract item is fine", async () => {
    const r = await analyse(invoice("I13", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 3, unit: 0 }, { sku: "SKU-B", qty: 1, unit: 50 }] }));
    expect(codes(r.anomalies)).toEqual(["zero_price_line"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(240);
    const free = await analyse(invoice("I14", { customer: "CUST-5", lines: [{ sku: "SKU-C", qty: 3, unit: 0, list: 0, disc: 0 }] }), {
      ref: { price_list: [{ sku: "SKU-C", list_price: 0, currency: "USD" }] },
    });
    expect(free.anomalies).toEqual([]);
  });
});

describe("shipments, tax, currency", () => {
  const shipments = [
    { shipment_id: "S1", transaction_id: "I20", sku: "SKU-B", quantity: 6 },
    { shipment_id: "S2", transaction_id: "I20", sku: "SKU-B", quantity: 6 },
  ];

  test("shipped quantity not billed, at the billed unit price", async () => {
    const r = await analyse(invoice("I20", { lines: [{ sku: "SKU-B", qty: 10, unit: 48 }] }), { ref: { shipments } });
    expect(codes(r.anomalies)).toEqual(["unbilled_shipment"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(96);
  });

  test("hard negative: partial shipments that add up to the billed quantity", async () => {
    const r = await analyse(invoice("I20", { lines: [{ sku: "SKU-B", qty: 12, unit: 48 }] }), { ref: { shipments } });
    expect(r.anomalies).toEqual([]);
  });

  test("tax below the stated rate, and below the configured rate", async () => {
    const stated = await analyse(invoice("I21", { lines: [{ sku: "SKU-B", qty: 10, unit: 50 }], tax: 30 }));
    expect(codes(stated.anomalies)).toEqual(["tax_below_rate"]);
    expect(stated.anomalies[0]!.amount_at_risk).toBe(10);
    const config = modulesConfig({ revenue_leakage: { tax: { rates: { USD: 0.1 } } } });
    const configured = await analyse(invoice("I22", { lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] }), { config });
    expect(configured.anomalies[0]!.amount_at_risk).toBe(10);
  });

  test("hard negative: tax rounding within tolerance, exempt customers", async () => {
    expect((await analyse(invoice("I23", { lines: [{ sku: "SKU-B", qty: 1, unit: 49.99 }], tax: 3.99 }))).anomalies).toEqual([]);
    const config = modulesConfig({ revenue_leakage: { tax: { rates: { USD: 0.2 }, exempt_customers: ["CUST-9"] } } });
    expect((await analyse(invoice("I24", { lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }), { config })).anomalies).toEqual([]);
  });

  test("currency differing from the contract's: reported, no loss, no price comparison", async () => {
    const r = await analyse(invoice("I25", { customer: "CUST-1", currency: "EUR", lines: [{ sku: "SKU-A", qty: 10, unit: 60 }] }));
    expect(codes(r.anomalies)).toEqual(["currency_mismatch"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(0);
  });

  test("currency mismatch with reference exchange rates: the loss against the contract, in the invoice's currency", async () => {
    // CTR-1: CUST-1, SKU-A at 80 USD. Billed 60 EUR; at 1 EUR = 1.25 USD that is 75 USD: 5 USD short per unit.
    const rates = [{ from: "EUR", to: "USD", rate: 1.1 }, { from: "EUR", to: "USD", rate: 1.25, valid_from: "2025-06-01" }];
    const config = modulesConfig({ revenue_leakage: { exchange_rates: rates } });
    const r = await analyse(invoice("I26", { customer: "CUST-1", currency: "EUR", date: "2025-06-11T10:00:00Z", lines: [{ sku: "SKU-A", qty: 10, unit: 60 }] }), { config });
    expect(codes(r.anomalies)).toEqual(["currency_mismatch"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(40); // 10 × 5 USD = 50 USD = 40 EUR
    expect((r.anomalies[0]!.actual as { lines: { exchange_rate: number }[] }).lines[0]!.exchange_rate).toBe(1.25);
    // Before the June rate, 60 EUR = 66 USD: 14 USD short per unit, 140 USD = 127.27 EUR.
    const may = await analyse(invoice("I27", { customer: "CUST-1", currency: "EUR", date: "2025-05-11T10:00:00Z", lines: [{ sku: "SKU-A", qty: 10, unit: 60 }] }), { config });
    expect(may.anomalies[0]!.amount_at_risk).toBe(127.27);
    // The rate given the other way round answers too; a price that covers the contract loses nothing.
    const inverse = modulesConfig({ revenue_leakage: { exchange_rates: [{ from: "USD", to: "EUR", rate: 0.8 }] } });
    const covered = await analyse(invoice("I28", { customer: "CUST-1", currency: "EUR", lines: [{ sku: "SKU-A", qty: 10, unit: 64 }] }), { config: inverse });
    expect(codes(covered.anomalies)).toEqual(["currency_mismatch"]);
    expect(covered.anomalies[0]!.amount_at_risk).toBe(0);
  });

  test("a customer billed in its own currency on a contract in another: prices that cover the contract at the reference rate are low, a free trial is not judged", async () => {
    const config = modulesConfig({ revenue_leakage: { exchange_rates: [{ from: "USD", to: "EUR", rate: 0.8 }] } });
    // 80 USD = 64 EUR: billed 64 EUR covers the contract; listed, not an alarm.
    const covered = await analyse(invoice("I28b", { customer: "CUST-1", currency: "EUR", lines: [{ sku: "SKU-A", qty: 10, unit: 64 }] }), { config });
    expect(codes(covered.anomalies)).toEqual(["currency_mismatch"]);
    expect(covered.risk_level).toBe("low");
    // Without a rate nothing is proven either way: still worth a look.
    const unknown = await analyse(invoice("I28c", { customer: "CUST-1", currency: "EUR", lines: [{ sku: "SKU-A", qty: 10, unit: 64 }] }));
    expect(unknown.risk_level).toBe("medium");
    // A trial month at 0 that says so has no price to compare, in any currency.
    const trial = { ...invoice("I28d", { customer: "CUST-1", currency: "EUR", lines: [{ sku: "SKU-A", qty: 1, unit: 0 }], tax: 0 }), attributes: { memo: "Free trial - first month" } };
    expect((await analyse(trial, { config })).anomalies).toEqual([]);
  });

  test("a follow-up invoice in another currency than its contract keeps the rate of the invoice it follows", async () => {
    // CTR-1: 80 USD. 64 EUR is 80 USD at May's 1.25, 76.80 USD at June's 1.20.
    const config = modulesConfig({ revenue_leakage: { exchange_rates: [{ from: "EUR", to: "USD", rate: 1.25, valid_from: "2025-05-01" }, { from: "EUR", to: "USD", rate: 1.2, valid_from: "2025-06-01" }] } });
    const may = invoice("FX-1", { customer: "CUST-1", currency: "EUR", date: "2025-05-30T10:00:00Z", lines: [{ sku: "SKU-A", qty: 10, unit: 64 }] });
    const backorder = invoice("FX-2", { customer: "CUST-1", currency: "EUR", date: "2025-06-03T10:00:00Z", reference: "FX-1", lines: [{ sku: "SKU-A", qty: 5, unit: 64 }] });
    const r = await analyse(backorder, { config, history: [may, backorder] });
    expect(r.amount_at_risk.amount).toBe(0);
    expect(r.risk_level).toBe("low");
    // Without the reference it is June's sale at June's rate: 3.20 USD short a unit, 16 USD = 13.33 EUR.
    const alone = { ...backorder, transaction_id: "FX-3" } as typeof backorder;
    delete alone.reference;
    expect((await analyse(alone, { config, history: [may, alone] })).amount_at_risk.amount).toBe(13.33);
  });

  test("a promotion in the invoice's currency beside the customer's cheaper contract in another: the contract governs at the reference rate", async () => {
    // PROMO-GBP: SKU-A at 70 GBP for everyone; CUST-1's own contract: 80 USD = 63.20 GBP at 0.79.
    const ref = { contracts: [...reference.contracts, { contract_id: "PROMO-GBP", customer_id: "*", sku: "SKU-A", price: 70, currency: "GBP", valid_from: "2025-01-01", valid_to: "2025-12-31" }], price_list: [...reference.price_list, { sku: "SKU-A", list_price: 79, currency: "GBP" }] };
    const config = modulesConfig({ revenue_leakage: { exchange_rates: [{ from: "USD", to: "GBP", rate: 0.79 }] } });
    const atContract = await analyse(invoice("I28e", { customer: "CUST-1", currency: "GBP", lines: [{ sku: "SKU-A", qty: 10, unit: 63.2, list: 79 }] }), { ref, config });
    expect(codes(atContract.anomalies)).toEqual(["currency_mismatch"]);
    expect(atContract.amount_at_risk.amount).toBe(0);
    // Below the contract at that rate: the loss against the contract, not against the promotion.
    const below = await analyse(invoice("I28f", { customer: "CUST-1", currency: "GBP", lines: [{ sku: "SKU-A", qty: 10, unit: 60, list: 79 }] }), { ref, config });
    expect(codes(below.anomalies)).toEqual(["currency_mismatch"]);
    expect(below.amount_at_risk.amount).toBe(32);
    // A promotion quoted in several currencies is priced by its row in the invoice's currency: its
    // rows in other currencies are no contract in another currency (neither a mismatch, nor terms
    // to compare across currencies at their face value).
    const multi = { contracts: [...ref.contracts, { contract_id: "PROMO-GBP", customer_id: "*", sku: "SKU-A", price: 50, currency: "EUR", valid_from: "2025-01-01", valid_to: "2025-12-31" }], price_list: ref.price_list };
    const usd = await analyse(invoice("I28h", { customer: "CUST-5", currency: "USD", lines: [{ sku: "SKU-A", qty: 10, unit: 92 }] }), { ref: { ...multi, contracts: [...multi.contracts, { contract_id: "PROMO-GBP", customer_id: "*", sku: "SKU-A", price: 88, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" }] }, config });
    expect(usd.anomalies).toEqual([]);
    const own = await analyse(invoice("I28i", { customer: "CUST-1", currency: "GBP", lines: [{ sku: "SKU-A", qty: 10, unit: 63.2, list: 79 }] }), { ref: multi, config });
    expect(codes(own.anomalies)).toEqual(["currency_mismatch"]);
    expect(own.anomalies[0]!.message).toContain("CTR-1");
    expect(own.amount_at_risk.amount).toBe(0);
    // Without a rate the two cannot be compared: the promotion in the invoice's currency stands.
    expect(codes((await analyse(invoice("I28g", { customer: "CUST-1", currency: "GBP", lines: [{ sku: "SKU-A", qty: 10, unit: 63.2, list: 79 }] }), { ref })).anomalies)).toEqual(["price_below_contract"]);
  });

  test("exchange rates: a pair not listed is crossed through a common currency, each leg the rate in force that day", () => {
    const rates = [
      { from: "EUR", to: "USD", rate: 1.1 },
      { from: "EUR", to: "USD", rate: 1.25, valid_from: "2025-06-01" },
      { from: "GBP", to: "USD", rate: 1.3 },
    ];
    // EUR → GBP: EUR→USD then USD→GBP (the GBP rate read the other way round).
    expect(exchangeRateOn(rates, "EUR", "GBP", "2025-06-11")).toBeCloseTo(1.25 / 1.3, 12);
    expect(exchangeRateOn(rates, "EUR", "GBP", "2025-05-11")).toBeCloseTo(1.1 / 1.3, 12);
    expect(exchangeRateOn(rates, "GBP", "EUR", "2025-06-11")).toBeCloseTo(1.3 / 1.25, 12);
    // Listed pairs are used as listed; a currency with no path answers nothing (no loss proven).
    expect(exchangeRateOn(rates, "EUR", "USD", "2025-06-11")).toBe(1.25);
    expect(exchangeRateOn(rates, "EUR", "JPY", "2025-06-11")).toBeUndefined();
    // A leg not yet in force on the day gives no cross rate either.
    expect(exchangeRateOn([{ from: "EUR", to: "USD", rate: 1.1, valid_from: "2025-06-01" }, { from: "GBP", to: "USD", rate: 1.3 }], "EUR", "GBP", "2025-05-01")).toBeUndefined();
  });

  test("effective-dated tax rates: the old rate after a change is found, before it is not", async () => {
    const config = modulesConfig({ revenue_leakage: { tax: { rates: { USD: [{ rate: 0.08 }, { rate: 0.1, from: "2025-07-01" }] } } } });
    const before = await analyse(invoice("I29", { date: "2025-06-30T23:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }], taxRate: 0.08 }), { config });
    expect(before.anomalies).toEqual([]);
    const after = await analyse(invoice("I29b", { date: "2025-07-01T08:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }], taxRate: 0.08 }), { config });
    expect(codes(after.anomalies)).toEqual(["tax_below_rate"]);
    expect(after.anomalies[0]!.amount_at_risk).toBe(10);
    // The plain form keeps working.
    const plain = await analyse(invoice("I29c", { date: "2025-06-30T23:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }], taxRate: 0.08 }), { config: modulesConfig({ revenue_leakage: { tax: { rates: { USD: 0.1 } } } }) });
    expect(plain.anomalies[0]!.amount_at_risk).toBe(10);
  });
});

describe("amount at risk", () => {
  test("a line is counted once; separate losses add up", async () => {
    const txn = invoice("I30", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 70 }, { sku: "SKU-B", qty: 2, unit: 30, disc: 0 }], tax: 0 });
    const r = await analyse(txn);
    expect(codes(r.anomalies)).toEqual(["discount_above_cap", "price_below_list", "tax_below_rate"]);
    // 100 (line 0 against contract 80) + 30 (line 1 against 45) + tax 0.08 × 760
    expect(r.amount_at_risk.amount).toBe(100 + 30 + 60.8);
  });
});
