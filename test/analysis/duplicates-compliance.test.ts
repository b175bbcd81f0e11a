import { describe, expect, test } from "bun:test";
import { analyse, codes, invoice } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";

const original = invoice("INV-1", { customer: "CUST-7", date: "2025-06-02T10:00:00Z", lines: [{ sku: "SKU-B", qty: 3, unit: 50 }] });
const credit = (id: string, amount: number, date: string) => ({
  ...invoice(id, { customer: "CUST-7", date, type: "credit_note", reference: "INV-1", lines: [{ sku: "SKU-B", qty: amount / 50, unit: 50 }] }),
});

describe("duplicates", () => {
  test("a copy of an invoice within the window is a duplicate; the original is not", async () => {
    const copy = { ...original, transaction_id: "INV-2", date: "2025-06-03T11:00:00Z" };
    const history = [original, copy];
    const later = await analyse({ ...copy }, { module: "duplicate_detection", history });
    expect(codes(later.anomalies)).toEqual(["duplicate_invoice"]);
    expect(later.anomalies[0]!.actual).toMatchObject({ duplicate_of: "INV-1" });
    expect(later.anomalies[0]!.amount_at_risk).toBe(0);
    expect((await analyse({ ...original }, { module: "duplicate_detection", history })).anomalies).toEqual([]);
  });

  test("hard negative: ledger lines with no counterparty and no lines (the bank line of the salary transfer, the payroll's net-pay line) are no duplicates of each other", async () => {
    // A general ledger mapped one row per line (an FEC, a DATEV batch): the two sides of every
    // transfer carry the same amount, and the GL lines name no supplier or customer. An amount
    // alone is no invoice's fingerprint.
    const line = (id: string, date: string, o: { customer?: string; account: string }) => ({
      transaction_id: id, type: "invoice" as const, date, currency: "EUR", amount: -138412.5, lines: [],
      ...(o.customer ? { customer_id: o.customer } : {}), attributes: { CompteNum: o.account },
    });
    const payroll = line("FEC.txt:101", "2025-06-30", { account: "421000" });
    const transfer = line("FEC.txt:205", "2025-06-30", { account: "512000" });
    expect((await analyse(transfer, { module: "duplicate_detection", history: [payroll, transfer] })).anomalies).toEqual([]);
    // A supplier's invoice line keyed twice still is one.
    const bill = line("FEC.txt:300", "2025-06-02", { customer: "F0005", account: "401000" });
    const again = line("FEC.txt:310", "2025-06-05", { customer: "F0005", account: "401000" });
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [bill, again] })).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("hard negative: the same invoice to two sites of one customer; a copy that keeps its site is still a duplicate", async () => {
    const site = (id: string, attributes: Record<string, string>, date = "2025-06-02T10:00:00Z") => ({ ...original, transaction_id: id, date, attributes });
    const a = site("INV-S1", { SiteId: "SITE-1", po_number: "PO-1" });
    const b = site("INV-S2", { SiteId: "SITE-2", po_number: "PO-2" });
    expect((await analyse(b, { module: "duplicate_detection", history: [a, b] })).anomalies).toEqual([]);
    for (const attributes of [{ ship_to: "WH-NORTH" }, { "Service location": "Berlin" }] as Record<string, string>[]) {
      const x = site("INV-L1", { ...attributes });
      const y = site("INV-L2", Object.fromEntries(Object.keys(attributes).map((k) => [k, "other"])));
      expect((await analyse(y, { module: "duplicate_detection", history: [x, y] })).anomalies).toEqual([]);
    }
    // The same site (whatever its spelling of case or its order number) billed twice, or no site at all: a duplicate.
    const again = site("INV-S3", { site_id: "site-1 ", po_number: "PO-9" }, "2025-06-03T10:00:00Z");
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [a, b, again] })).anomalies)).toEqual(["duplicate_invoice"]);
    const bare = site("INV-S4", { po_number: "PO-1" }, "2025-06-03T10:00:00Z");
    const bare0 = site("INV-S5", { po_number: "PO-1" });
    expect(codes((await analyse(bare, { module: "duplicate_detection", history: [bare0, bare] })).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("hard negative: a repeat service visit (another work order, another service day) billed like the first; the same work order billed twice is a duplicate", async () => {
    // A field-service system's export: the job (work order) and the day the technician was on site.
    const visit = (id: string, date: string, attributes: Record<string, string>) => ({ ...original, transaction_id: id, date, attributes: { Technician: "T301", ...attributes } });
    const first = visit("INV-V1", "2025-06-02T10:00:00Z", { "Job #": "J4001", "Service Date": "06/02/2025" });
    // The problem came back: next day, another job, another technician, the same task at the same price.
    const repeat = visit("INV-V2", "2025-06-03T10:00:00Z", { "Job #": "J4002", "Service Date": "06/03/2025", Technician: "T302" });
    expect((await analyse(repeat, { module: "duplicate_detection", history: [first, repeat] })).anomalies).toEqual([]);
    // A system that numbers visits but not jobs, or states only the service day, tells them apart too.
    for (const [a, b] of [[{ work_order_no: "WO-1" }, { work_order_no: "WO-2" }], [{ visit_date: "2025-06-02" }, { visit_date: "2025-06-03" }]] as Record<string, string>[][]) {
      const x = visit("INV-V3", "2025-06-02T10:00:00Z", a!);
      const y = visit("INV-V4", "2025-06-03T10:00:00Z", b!);
      expect((await analyse(y, { module: "duplicate_detection", history: [x, y] })).anomalies).toEqual([]);
    }
    // The same job and service day billed again under a new invoice number: a duplicate.
    const copy = visit("INV-V5", "2025-06-04T10:00:00Z", { "Job #": "j4001 ", "Service Date": "06/02/2025" });
    expect(codes((await analyse(copy, { module: "duplicate_detection", history: [first, repeat, copy] })).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("hard negative: a card feed's same coffee or seat price on two employees' cards at one merchant; the same card charged twice is a duplicate", async () => {
    // A spend-management export: one row per card charge, no lines, the merchant as the counterparty.
    const charge = (id: string, date: string, attributes: Record<string, string>, amount = 6.65) =>
      ({ transaction_id: id, type: "invoice" as const, date, customer_id: "SQ *JOE COFFEE", currency: "USD", amount, created_by: attributes.who ?? "Ana Ruiz", lines: [], attributes });
    const ana = charge("TX-1", "2025-06-02T08:10:00Z", { "Card Last 4": "4417" });
    const ben = charge("TX-2", "2025-06-02T08:25:00Z", { "Card Last 4": "9023", who: "Ben Okafor" });
    expect((await analyse(ben, { module: "duplicate_detection", history: [ana, ben] })).anomalies).toEqual([]);
    for (const [a, b] of [[{ "Card Number": "XXXXXXXXXXXX4417" }, { "Card Number": "XXXXXXXXXXXX9023" }], [{ Card: "Ana's card" }, { Card: "Ben's card" }], [{ Cardholder: "Ana Ruiz" }, { Cardholder: "Ben Okafor" }]] as Record<string, string>[][]) {
      const x = charge("TX-3", "2025-06-02T08:10:00Z", a!);
      const y = charge("TX-4", "2025-06-03T08:10:00Z", b!);
      expect((await analyse(y, { module: "duplicate_detection", history: [x, y] })).anomalies).toEqual([]);
    }
    // The merchant charging the same card again two days later: a duplicate.
    const again = charge("TX-5", "2025-06-04T14:00:00Z", { "Card Last 4": "4417" });
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [ana, ben, again] })).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("hard negative: what a card pays a merchant again and again within days (the same coffee, a background check per hire, an ad platform's billing threshold); a one-off charge repeated is a duplicate", async () => {
    const charge = (id: string, date: string, amount: number, merchant = "GOOGLE *ADS4829371623") =>
      ({ transaction_id: id, type: "invoice" as const, date, customer_id: merchant, currency: "USD", amount, created_by: "Mia Chen", lines: [], attributes: { "Card Last 4": "7710" } });
    // The ad platform charges its 5,000.00 threshold each time the spend reaches it: several times a month.
    const days = ["2025-03-03", "2025-03-07", "2025-03-12", "2025-03-15", "2025-03-21", "2025-03-26"];
    const threshold = days.map((d, k) => charge(`AD-${k}`, `${d}T02:00:00Z`, 5000));
    for (const t of threshold.slice(1)) expect((await analyse(t, { module: "duplicate_detection", history: threshold })).anomalies).toEqual([]);
    // A one-off purchase charged twice in a week is still a copy, beside the habit.
    const once = charge("HW-1", "2025-03-10T15:00:00Z", 1299.99, "B&H PHOTO 800-606-6969");
    const twice = charge("HW-2", "2025-03-13T15:00:00Z", 1299.99, "B&H PHOTO 800-606-6969");
    expect(codes((await analyse(twice, { module: "duplicate_detection", history: [...threshold, once, twice] })).anomalies)).toEqual(["duplicate_invoice"]);
    // So is a monthly subscription's charge repeated days later: its other charges are a month apart.
    const monthly = ["2025-01-05", "2025-02-05", "2025-03-05", "2025-04-05"].map((d, k) => charge(`SUB-${k}`, `${d}T01:00:00Z`, 96, "CALENDLY"));
    const copy = charge("SUB-X", "2025-04-08T01:00:00Z", 96, "CALENDLY");
    expect(codes((await analyse(copy, { module: "duplicate_detection", history: [...monthly, copy] })).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("hard negative: a price other cards pay a merchant twice within days (a café's 4.75) is that merchant's, not a copy: medium; a price no other card repeats stays high", async () => {
    const charge = (id: string, date: string, card: string, amount = 4.75, merchant = "SQ *BLUE BOTTLE COFFEE") =>
      ({ transaction_id: id, type: "invoice" as const, date, customer_id: merchant, currency: "USD", amount, created_by: `holder ${card}`, lines: [], attributes: { "Card Last 4": card } });
    // Three other cards each bought the 4.75 coffee twice within a week; Kenji's card twice too.
    const others = ["1001", "1002", "1003"].flatMap((card, k) => [charge(`C${k}a`, `2025-05-0${1 + k}T08:00:00Z`, card), charge(`C${k}b`, `2025-05-0${4 + k}T08:30:00Z`, card)]);
    const first = charge("K1", "2025-05-12T08:05:00Z", "7710");
    const second = charge("K2", "2025-05-15T08:10:00Z", "7710");
    const history = [...others, first, second];
    const found = (await analyse(second, { module: "duplicate_detection", history })).anomalies;
    expect(codes(found)).toEqual(["duplicate_invoice"]);
    expect(found[0]!.severity).toBe("medium");
    expect(found[0]!.message).toContain("3 other cards");
    // One other card only: still high.
    const fewer = [...others.slice(4), first, second];
    expect((await analyse(second, { module: "duplicate_detection", history: fewer })).anomalies[0]!.severity).not.toBe("medium");
    // The same merchant's 38.20 (a catering order) charged twice to one card, other cards buying
    // the coffee alike: high.
    const big1 = charge("K3", "2025-05-20T12:00:00Z", "7710", 38.2);
    const big2 = charge("K4", "2025-05-22T12:00:00Z", "7710", 38.2);
    const bigFound = (await analyse(big2, { module: "duplicate_detection", history: [...history, big1, big2] })).anomalies;
    expect(codes(bigFound)).toEqual(["duplicate_invoice"]);
    expect(bigFound[0]!.severity).not.toBe("medium");
    // Other cards' coffees a month apart are no repeats: the pair stays high.
    const monthly = ["1001", "1002", "1003"].flatMap((card, k) => [charge(`M${k}a`, `2025-03-0${1 + k}T08:00:00Z`, card), charge(`M${k}b`, `2025-04-0${1 + k}T08:30:00Z`, card)]);
    expect((await analyse(second, { module: "duplicate_detection", history: [...monthly, first, second] })).anomalies[0]!.severity).not.toBe("medium");
  });

  test("hard negative: a standing order billed again a week later, each invoice delivered on its own; a copy without its own delivery is a duplicate", async () => {
    const week = { ...original, transaction_id: "INV-W2", date: "2025-06-09T10:00:00Z" };
    const shipped = (id: string, qty = 3) => ({ shipment_id: `SH-${id}`, transaction_id: id, sku: "SKU-B", quantity: qty });
    // Each week's delivery its own, the first one partly returned later: two supplies.
    const ref = { shipments: [shipped("INV-1"), { ...shipped("INV-1", -2), shipment_id: "RET-1" }, shipped("INV-W2")] };
    expect((await analyse(week, { module: "duplicate_detection", history: [original, week], ref })).anomalies).toEqual([]);
    // The copy names no delivery of its own: the same goods billed twice.
    expect(codes((await analyse(week, { module: "duplicate_detection", history: [original, week], ref: { shipments: [shipped("INV-1")] } })).anomalies)).toEqual(["duplicate_invoice"]);
    // Without shipments at all nothing tells two deliveries from one.
    expect(codes((await analyse(week, { module: "duplicate_detection", history: [original, week] })).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("a standing order's weeks, each delivered, are no habit that excuses a copy no delivery names", async () => {
    // A bar's standing order delivered twice a week, every invoice named by its own delivery: the
    // repeats are deliveries. The route invoice re-released under a new number the same day names
    // none, and is the same goods billed twice, however often the order repeats.
    const days = ["2025-06-02", "2025-06-05", "2025-06-09", "2025-06-12", "2025-06-16"];
    const weeks = days.map((d, i) => ({ ...original, transaction_id: `INV-S${i}`, date: `${d}T10:00:00Z` }));
    const copy = { ...weeks[2]!, transaction_id: "INV-S2-COPY", date: "2025-06-09T11:00:00Z" };
    const ref = { shipments: weeks.map((w) => ({ shipment_id: `SH-${w.transaction_id}`, transaction_id: w.transaction_id, sku: "SKU-B", quantity: 3 })) };
    const history = [...weeks.slice(0, 3), copy, ...weeks.slice(3)];
    expect(codes((await analyse(copy, { module: "duplicate_detection", history, ref })).anomalies)).toEqual(["duplicate_invoice"]);
    // Each delivered week is still no copy of the others.
    expect((await analyse(weeks[3]!, { module: "duplicate_detection", history, ref })).anomalies).toEqual([]);
    // With no shipments the repeats are a habit of the customer's, as before: nothing tells the copy.
    expect((await analyse(copy, { module: "duplicate_detection", history })).anomalies).toEqual([]);
  });

  test("hard negative: the same recurring invoice a month later", async () => {
    const next = { ...original, transaction_id: "INV-3", date: "2025-07-02T10:00:00Z" };
    expect((await analyse(next, { module: "duplicate_detection", history: [original, next] })).anomalies).toEqual([]);
  });

  test("a duplicate payment puts the whole payment at risk", async () => {
    const pay = { ...invoice("PAY-1", { customer: "V-1", lines: [] }), type: "payment" as const, amount: 500, tax_amount: 0 };
    const again = { ...pay, transaction_id: "PAY-2" };
    const r = await analyse(again, { module: "duplicate_detection", history: [pay] });
    expect(codes(r.anomalies)).toEqual(["duplicate_payment"]);
    expect(r.amount_at_risk.amount).toBe(500);
  });

  test("payments naming what they pay: the same invoice paid twice is a duplicate, two invoices of one amount are not", async () => {
    const pay = { ...invoice("PAY-1", { customer: "V-1", lines: [] }), type: "payment" as const, amount: 500, tax_amount: 0, reference: "BILL-7" };
    const twice = { ...pay, transaction_id: "PAY-2" };
    const r = await analyse(twice, { module: "duplicate_detection", history: [pay] });
    expect(codes(r.anomalies)).toEqual(["duplicate_payment"]);
    expect(r.anomalies[0]!.message).toContain("paying BILL-7");
    // The same licence fee for a second site: another bill, another payment.
    const otherSite = { ...pay, transaction_id: "PAY-3", reference: "BILL-8" };
    expect((await analyse(otherSite, { module: "duplicate_detection", history: [pay] })).anomalies).toEqual([]);
  });

  test("hard negative: a payment reversed in full (a void) and paid again is a reissue; a copy of one not reversed is still a duplicate", async () => {
    // A payroll register: a direct deposit the bank rejected is voided (the same payment, negative)
    // and reissued as a check for the same amount and pay period.
    const pay = { ...invoice("PMT-1", { customer: "E10196", lines: [] }), type: "payment" as const, amount: 1979.26, tax_amount: 0, reference: "03/01/2025", date: "2025-03-07T00:00:00Z" };
    const voided = { ...pay, transaction_id: "PMT-2", amount: -1979.26, date: "2025-03-10T00:00:00Z" };
    const reissue = { ...pay, transaction_id: "PMT-3", date: "2025-03-11T00:00:00Z" };
    expect((await analyse(reissue, { module: "duplicate_detection", history: [pay, voided, reissue] })).anomalies).toEqual([]);
    // Without the void, or with a void of another amount, the second payment pays the period twice.
    expect(codes((await analyse(reissue, { module: "duplicate_detection", history: [pay, reissue] })).anomalies)).toEqual(["duplicate_payment"]);
    const partly = { ...voided, amount: -979.26 };
    expect(codes((await analyse(reissue, { module: "duplicate_detection", history: [pay, partly, reissue] })).anomalies)).toEqual(["duplicate_payment"]);
    // A void after the copy reverses the copy, not the original: the copy was still a second payment when it was made.
    const lateVoid = { ...voided, date: "2025-03-12T00:00:00Z" };
    expect(codes((await analyse(reissue, { module: "duplicate_detection", history: [pay, reissue, lateVoid] })).anomalies)).toEqual(["duplicate_payment"]);
  });

  test("hard negative: a payment its own row says failed (a payout the bank returned) and sent again is no copy; a second one of a paid payment still is", async () => {
    // A platform's payouts report: the payout the seller's bank could not process keeps its row,
    // status failed, and the same amount is sent again the next day.
    const payout = (id: string, date: string, status: string) => ({ ...invoice(id, { customer: "acct_1Seller", lines: [] }), type: "payment" as const, amount: 312.4, tax_amount: 0, date, attributes: { Status: status, Destination: "ba_9Qx" } });
    const failed = payout("po_1", "2025-03-07T01:12:00Z", "failed");
    const again = payout("po_2", "2025-03-08T10:40:00Z", "paid");
    expect((await analyse(again, { module: "duplicate_detection", history: [failed, again] })).anomalies).toEqual([]);
    for (const status of ["Returned", "CANCELED", "Voided", "rejected"]) {
      const notMade = { ...failed, attributes: { "Payout Status": status, Destination: "ba_9Qx" } };
      expect((await analyse(again, { module: "duplicate_detection", history: [notMade, again] })).anomalies).toEqual([]);
    }
    // Paid twice: a duplicate, whatever else the status column says on other rows.
    const paid = payout("po_1", "2025-03-07T01:12:00Z", "paid");
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [paid, again] })).anomalies)).toEqual(["duplicate_payment"]);
    const inTransit = payout("po_0", "2025-03-07T01:12:00Z", "in_transit");
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [inTransit, again] })).anomalies)).toEqual(["duplicate_payment"]);
  });

  test("hard negative: one legitimate credit note, and partial credits within the invoice", async () => {
    const c1 = credit("CN-1", 50, "2025-06-10T10:00:00Z");
    const c2 = credit("CN-2", 100, "2025-06-12T10:00:00Z");
    const history = [original, c1, c2];
    expect((await analyse(c1, { module: "duplicate_detection", history })).anomalies).toEqual([]);
    expect((await analyse(c2, { module: "duplicate_detection", history })).anomalies).toEqual([]);
  });

  test("a second credit for the same amount is a duplicate: the whole credit is at risk", async () => {
    const c1 = credit("CN-1", 100, "2025-06-10T10:00:00Z");
    const c2 = credit("CN-2", 100, "2025-06-11T10:00:00Z");
    const r = await analyse(c2, { module: "revenue_leakage", history: [original, c1, c2] });
    expect(codes(r.anomalies)).toEqual(["duplicate_credit_note"]);
    expect(r.amount_at_risk.amount).toBe(100);
  });

  test("hard negative: two equal credits that together credit the invoice exactly (an order's two items returned one after the other) are medium; equal credits short of it stay a duplicate", async () => {
    const c1 = credit("CN-1", 75, "2025-06-10T10:00:00Z");
    const c2 = credit("CN-2", 75, "2025-06-16T10:00:00Z");
    const halves = (await analyse(c2, { module: "duplicate_detection", history: [original, c1, c2] })).anomalies;
    expect(codes(halves)).toEqual(["duplicate_credit_note"]);
    expect(halves[0]!.severity).toBe("medium");
    expect(halves[0]!.message).toContain("in full");
    const d1 = credit("CN-3", 50, "2025-06-10T10:00:00Z");
    const d2 = credit("CN-4", 50, "2025-06-11T10:00:00Z");
    expect((await analyse(d2, { module: "duplicate_detection", history: [original, d1, d2] })).anomalies[0]!.severity).toBe("critical");
  });

  test("credits beyond the invoice: the excess is at risk", async () => {
    const c1 = credit("CN-1", 100, "2025-06-10T10:00:00Z");
    const c2 = credit("CN-2", 150, "2025-06-11T10:00:00Z");
    const r = await analyse(c2, { module: "duplicate_detection", history: [original, c1, c2] });
    expect(codes(r.anomalies)).toEqual(["excessive_credit_note"]);
    expect(r.amount_at_risk.amount).toBe(100); // 250 credited against 150 invoiced
  });

  test("a credit beyond the disputed amount its document names (a dispute credit memo): the excess is at risk, high", async () => {
    // A 3PL credits a disputed 40.00 of overtime dock hours 100.00: within the invoice, beyond the dispute.
    const disputed = (id: string, amount: number, attributes: Record<string, string>) => ({ ...credit(id, amount, "2025-06-20T10:00:00Z"), attributes });
    const over = disputed("CN-D1", 100, { "Reason Code": "DISPUTE", "Disputed Charge Code": "ACC-OT-DOCK", "Disputed Amount": "40.00" });
    const r = await analyse(over, { module: "duplicate_detection", history: [original, over] });
    expect(codes(r.anomalies)).toEqual(["excessive_credit_note"]);
    expect(r.anomalies[0]!.severity === "high" || r.anomalies[0]!.severity === "critical").toBe(true);
    expect(r.anomalies[0]!.message).toContain("disputed amount of 40.00");
    expect(r.amount_at_risk.amount).toBe(60);
    // Oracle Receivables' AMOUNT_IN_DISPUTE, an amount written with thousands: the same.
    const oracle = disputed("CN-D2", 100, { AMOUNT_IN_DISPUTE: "1,040.00" });
    expect((await analyse(oracle, { module: "duplicate_detection", history: [original, oracle] })).anomalies).toEqual([]);
    expect(codes((await analyse(disputed("CN-D3", 100, { "Amount In Dispute": "(40.00)" }), { module: "duplicate_detection", history: [original] })).anomalies)).toEqual(["excessive_credit_note"]);
    // Credited in full (its tax beside its net amount) or in part, no amount named, or a
    // column that names no disputed amount: nothing.
    for (const c of [
      disputed("CN-D4", 40, { "Disputed Amount": "40.00" }),
      disputed("CN-D5", 25, { "Disputed Amount": "40" }),
      { ...disputed("CN-D6", 40, { "Disputed Amount": "40.00" }), tax_amount: 3.2 },
      disputed("CN-D7", 100, { "Disputed Amount": "" }),
      disputed("CN-D8", 100, { "Disputed Charge Code": "ACC-OT-DOCK", "Undisputed Amount": "40.00" }),
    ]) expect((await analyse(c, { module: "duplicate_detection", history: [original, c] })).anomalies).toEqual([]);
  });

  test("hard negative: a full refund converted from the currency the customer paid in, at a later day's rate, settles a little above the charge: medium, not high", async () => {
    // A charge of EUR 138.89 settled as USD 150.00; refunded in full a month later, when the
    // euro stood higher: USD 153.06. The credit's own row names the currency it was converted from.
    const converted = (id: string, amount: number, attributes: Record<string, string>) => ({ ...credit(id, amount, "2025-07-02T10:00:00Z"), currency: "USD", attributes });
    const fx = converted("CN-FX", 153.06, { "Presentment Currency": "eur", "Exchange Rate": "1.1020" });
    const found = (await analyse(fx, { module: "duplicate_detection", history: [original, fx] })).anomalies;
    expect(codes(found)).toEqual(["excessive_credit_note"]);
    expect(found[0]!.severity).toBe("medium");
    expect(found[0]!.message).toContain("converted from EUR");
    // The document currency of an ERP's line (SAP's WAERS, "Transaction Currency") says the same.
    for (const column of ["WAERS", "Transaction Currency", "Original Currency", "Document Currency"]) {
      const erp = converted("CN-FX2", 153.06, { [column]: "EUR" });
      expect((await analyse(erp, { module: "duplicate_detection", history: [original, erp] })).anomalies[0]!.severity).toBe("medium");
    }
    // Beyond what a rate moves in the meantime (a refund 1.25× the charge), or no other currency
    // named (the same currency, an item's category, a code that is no currency): still high.
    const over = converted("CN-OVER", 187.5, { "Presentment Currency": "EUR" });
    for (const c of [
      over,
      converted("CN-SAME", 153.06, { "Presentment Currency": "USD" }),
      converted("CN-NONE", 153.06, { "Product Category": "EUR" }),
      converted("CN-JUNK", 153.06, { "Presentment Currency": "euro zone" }),
      { ...credit("CN-PLAIN", 153.06, "2025-07-02T10:00:00Z"), currency: "USD" },
    ]) {
      const r = await analyse(c, { module: "duplicate_detection", history: [original, c] });
      expect(codes(r.anomalies)).toEqual(["excessive_credit_note"]);
      expect(r.anomalies[0]!.severity === "high" || r.anomalies[0]!.severity === "critical").toBe(true);
    }
  });

  test("hard negative: an approved goodwill or outage credit to the account larger than the bill it names carries to the balance: medium, not high", async () => {
    // A care agent credits 120.00 for a week's outage against a bill of 150.00 already credited
    // 100.00; a supervisor approved it. The credit takes back none of the bill's charges.
    const c1 = credit("CN-1", 100, "2025-06-10T10:00:00Z");
    const outage = (id: string, o: { created_by?: string; approved_by?: string; description?: string }) => {
      const c = { ...credit(id, 120, "2025-06-12T10:00:00Z"), created_by: o.created_by ?? "AG1107", approved_by: o.approved_by ?? "SUP-CHEN" };
      c.lines = [{ sku: "CR-OUTAGE", amount: -120, ...(o.description !== undefined ? { description: o.description } : {}) } as (typeof c.lines)[number]];
      return c;
    };
    for (const description of ["Account credit - OUTAGE", "Goodwill credit", "Service credit (outage 3 days)"]) {
      const c = outage("CN-G", { description });
      const found = (await analyse(c, { module: "duplicate_detection", history: [original, c1, c] })).anomalies;
      expect(codes(found)).toEqual(["excessive_credit_note"]);
      expect(found[0]!.severity).toBe("medium");
      expect(found[0]!.message).toContain("approved by SUP-CHEN");
    }
    // No approver, approved by its own author, no words, or words of a correction of the bill's
    // charges: beyond the bill is beyond what was billed, high.
    for (const c of [
      outage("CN-A", { approved_by: "", description: "Account credit - OUTAGE" }),
      outage("CN-B", { created_by: "sup-chen", description: "Account credit - OUTAGE" }),
      outage("CN-C", {}),
      outage("CN-D", { description: "Billing adjustment" }),
    ]) {
      const r = await analyse(c, { module: "duplicate_detection", history: [original, c1, c] });
      expect(codes(r.anomalies)).toEqual(["excessive_credit_note"]);
      expect(r.anomalies[0]!.severity === "high" || r.anomalies[0]!.severity === "critical").toBe(true);
    }
  });
});

describe("compliance", () => {
  test("creator equals approver (case-insensitive); different people are fine", async () => {
    const r = await analyse(invoice("C1", { created_by: "Alice", approved_by: "alice ", lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }), { module: "compliance" });
    expect(codes(r.anomalies)).toEqual(["self_approval"]);
    expect((await analyse(invoice("C2", { lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }), { module: "compliance" })).anomalies).toEqual([]);
  });

  test("amount above the approver's configured limit; within it, or no limit, is fine", async () => {
    const config = modulesConfig({ compliance: { approver_limits: { bruno: 1000 } } });
    const over = await analyse(invoice("C3", { lines: [{ sku: "SKU-B", qty: 30, unit: 50 }] }), { module: "compliance", config });
    expect(codes(over.anomalies)).toEqual(["approval_limit_exceeded"]);
    expect(over.anomalies[0]!.expected).toEqual({ amount_at_most: 1000 });
    const within = await analyse(invoice("C4", { lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] }), { module: "compliance", config });
    expect(within.anomalies).toEqual([]);
    const unlisted = await analyse(invoice("C5", { approved_by: "zoe", lines: [{ sku: "SKU-B", qty: 30, unit: 50 }] }), { module: "compliance", config });
    expect(unlisted.anomalies).toEqual([]);
  });
});
