// duplicate_invoice and duplicate_payment by the counterparty's own number: an accounts-payable
// register keeps the vendor's invoice number beside the document number the payables system gave
// the bill. A bill keyed twice from two copies of the paper, weeks apart, under a near-identical
// number, with its amount's digits swapped, or under a second vendor record is a copy beyond the
// window; a vendor's series of bills of one amount, numbers restarting each year, a cancelled
// bill's re-bill, instalments and a repeat order are not (docs/analysis.md, "Duplicates").
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";
import { sameOrNearNumber } from "../../src/analysis/detectors/duplicates/numbered-copy.ts";

/** A bill of the register: header level (no lines), the vendor's number as an attribute. */
function bill(id: string, vendor: string, number: string, date: string, amount: number, o: { tax?: number; reference?: string; type?: Transaction["type"]; status?: string } = {}): Transaction {
  return {
    transaction_id: id, type: o.type ?? "invoice", date, customer_id: vendor, currency: "USD", amount, lines: [],
    ...(o.tax !== undefined ? { tax_amount: o.tax } : {}), ...(o.reference ? { reference: o.reference } : {}),
    attributes: { "Vendor Invoice No": number, "PO Number": "PO041234", ...(o.status ? { Status: o.status } : {}) },
  };
}
const dup = async (t: Transaction, history: Transaction[]) => analyse(t, { module: "duplicate_detection", history });

describe("copies by the vendor's number", () => {
  test("the same bill keyed again weeks later under a near-identical number is a duplicate, at high", async () => {
    for (const [first, again] of [["INV-10234", "INV10234"], ["0045123", "45123"], ["IN4O33", "IN4033"], ["10234", "10243"], ["IN9073", "IN0973"], ["10234", "10234A"], ["INV-10234", "INV-10234-1"], ["SI2207", "si-2207"]]) {
      const a = bill("VB1", "V-7", first!, "2025-03-03", 1861.4);
      const b = bill("VB2", "V-7", again!, "2025-03-24", 1861.4);
      const r = await dup(b, [a, b]);
      expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
      expect(r.anomalies[0]!.actual).toMatchObject({ duplicate_of: "VB1", counterparty_number: again });
      expect(["high", "critical"]).toContain(r.risk_level);
      // A bill received: keyed twice, it is paid twice.
      expect(r.amount_at_risk.amount).toBe(1861.4);
      // The original stays clean.
      expect((await dup(a, [a, b])).anomalies).toEqual([]);
    }
  });

  test("a construction ERP's AP reference (Viewpoint Vista's APRef, `AP Ref`): a subcontractor's pay application keyed again under a near-identical number", async () => {
    const asApRef = (t: Transaction, name: string): Transaction => ({ ...t, attributes: { [name]: String(t.attributes!["Vendor Invoice No"]) } });
    for (const name of ["AP Ref", "APRef", "AP Reference"]) {
      const a = asApRef(bill("VB1", "Volt Electric LLC", "SC24109-03-05", "2025-03-25", 48211.37), name);
      const b = asApRef(bill("VB2", "Volt Electric LLC", "SC24109-03-05A", "2025-04-14", 48211.37), name);
      expect(codes((await dup(b, [a, b])).anomalies)).toEqual(["duplicate_invoice"]);
      // The next month's application of the same amount (a level schedule of values) is another number.
      const next = asApRef(bill("VB3", "Volt Electric LLC", "SC24109-03-06", "2025-04-25", 48211.37), name);
      expect((await dup(next, [a, next])).anomalies).toEqual([]);
    }
  });

  test("a general ledger's lines naming the vendor's number: a payment's payable and cash lines, an entry and its void are no copies of one another; the entry keyed again is one, line by line", async () => {
    const gl = (id: string, type: Transaction["type"], account: string, amount: number, number: string, date: string): Transaction => ({
      transaction_id: id, type, date, customer_id: "Volt Electric LLC", currency: "USD", amount, lines: [], attributes: { "GL Account": account, "AP Ref": number },
    });
    const entry = [gl("E1-1", "invoice", "5200 Job Cost - Subcontract", 48211.37, "SC24109-03-05", "2025-03-25"), gl("E1-2", "invoice", "2010 AP - Retainage Payable", -4821.14, "SC24109-03-05", "2025-03-25"), gl("E1-3", "invoice", "2000 AP - Trade", -43390.23, "SC24109-03-05", "2025-03-25")];
    const paid = [gl("P1-1", "payment", "2000 AP - Trade", 43390.23, "SC24109-03-05", "2025-04-29"), gl("P1-2", "payment", "1000 Cash - Operating", -43390.23, "SC24109-03-05", "2025-04-29")];
    const history = [...entry, ...paid];
    for (const t of history) expect((await dup(t, history)).anomalies).toEqual([]);
    // The entry voided: its accounts credited back under its number — no copy.
    const voided = entry.map((t, i) => ({ ...t, transaction_id: `V1-${i + 1}`, date: "2025-04-02", amount: -t.amount! }));
    for (const t of voided) expect((await dup(t, [...entry, ...voided])).anomalies).toEqual([]);
    // Keyed again with a letter added, and with a group's zero dropped as well (two edits: the
    // construction ledger's first planted copy).
    for (const number of ["SC24109-03-05A", "SC24109-03-5A"]) {
      const again = entry.map((t, i) => ({ ...t, transaction_id: `E2-${i + 1}`, date: "2025-04-14", attributes: { ...t.attributes, "AP Ref": number } }));
      for (const t of again) expect(codes((await dup(t, [...history, ...again])).anomalies)).toEqual(["duplicate_invoice"]);
    }
  });

  test("the same number and vendor with two adjacent digits of the amount (or of the net, the tax computed from it) swapped is a duplicate", async () => {
    const a = bill("VB1", "V-7", "INV-72115", "2025-07-04", 2763.98, { tax: 204.74 });
    const gross = bill("VB2", "V-7", "INV-72115", "2025-08-20", 2673.98, { tax: 204.74 });
    expect(codes((await dup(gross, [a, gross])).anomalies)).toEqual(["duplicate_invoice"]);
    const net = bill("VB3", "V-7", "INV-72115", "2025-08-20", 5679.98, { tax: 420.74 }); // 5,259.24 for 2,559.24
    const r = await dup(net, [a, net]);
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    expect(r.anomalies[0]!.actual).toMatchObject({ match: "amount_digits_swapped" });
    // Another amount that is no swap of it: the vendor's own two bills of one number (a second delivery note).
    const other = bill("VB4", "V-7", "INV-72115", "2025-08-20", 2810.5, { tax: 208.19 });
    expect((await dup(other, [a, other])).anomalies).toEqual([]);
  });

  test("the same number and amount under a second record of the vendor is a duplicate; two vendors' invoice \"3\" is not", async () => {
    const a = bill("VB1", "V-7", "SI014896", "2025-05-02", 940.12);
    const b = bill("VB2", "V-88", "SI014896", "2025-05-30", 940.12);
    const r = await dup(b, [a, b]);
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    expect(r.anomalies[0]!.actual).toMatchObject({ match: "other_vendor_record", original_counterparty: "V-7" });
    const c = bill("VB3", "V-7", "3", "2025-05-02", 1200);
    const d = bill("VB4", "V-88", "3", "2025-05-20", 1200);
    expect((await dup(d, [c, d])).anomalies).toEqual([]);
  });

  test("a number three counterparties carry is a reference they share: a joint interest bill re-bills a vendor's invoice to each partner, two of one decimal for one amount", async () => {
    // An operator bills each partner of a well its share of the month's costs; the export's first
    // row names the pumper's invoice. Two partners at 20 % are billed alike.
    const jibs = [["P101", 2403.75], ["P108", 2403.75], ["P109", 1201.88], ["P110", 600.94]].map(([owner, amount]) => bill(`JIB2502-W0301-${owner}`, String(owner), "33973", "2025-02-20", Number(amount)));
    for (const t of jibs) expect((await dup(t, jibs)).anomalies).toEqual([]);
    // The same two records alone — a vendor master created twice — still carry a copy.
    const two = jibs.slice(0, 2);
    expect(codes((await dup(two[1]!, two)).anomalies)).toEqual(["duplicate_invoice"]);
    // And a third record's bill of the number outside the window counts for nothing.
    const old = bill("VB-OLD", "P109", "33973", "2024-03-01", 980);
    expect(codes((await dup(two[1]!, [old, ...two])).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("hard negatives: a series of one amount numbered in sequence, numbers restarting each year, instalments, a cancelled bill's re-bill", async () => {
    // A subscription billed monthly: 004512 and 004521 are neighbours in the vendor's series, not a copy.
    const saas = ["INV-004488", "INV-004503", "INV-004512", "INV-004521"].map((n, i) => bill(`VB${i}`, "V-SAAS", n, `2025-0${i + 1}-02`, 1250));
    expect((await dup(saas[3]!, saas)).anomalies).toEqual([]);
    // A bookkeeper's invoice "3" each March for the same retainer.
    const y1 = bill("VB1", "V-BK", "3", "2025-03-28", 1200);
    const y2 = bill("VB2", "V-BK", "3", "2026-03-27", 1200);
    expect((await dup(y2, [y1, y2])).anomalies).toEqual([]);
    // Instalments of one amount: 8841-1 … 8841-12.
    const inst = Array.from({ length: 12 }, (_, i) => bill(`VB${10 + i}`, "V-LEASE", `8841-${i + 1}`, `2025-${String(i + 1).padStart(2, "0")}-05`, 4500));
    for (const t of inst) expect((await dup(t, inst)).anomalies).toEqual([]);
    // INV-5512 cancelled by a credit memo, INV-5512-R billed for the same amount.
    const orig = bill("VB30", "V-7", "INV-5512", "2025-04-01", 780);
    const cancel = bill("VC1", "V-7", "CM-5512", "2025-04-10", -780, { type: "credit_note", reference: "VB30" });
    const rebill = bill("VB31", "V-7", "INV-5512-R", "2025-04-12", 780);
    expect((await dup(rebill, [orig, cancel, rebill])).anomalies).toEqual([]);
    expect(codes((await dup(rebill, [orig, rebill])).anomalies)).toEqual(["duplicate_invoice"]);
  });

  test("a repeat order within the window under another of the vendor's numbers is medium; the same number is high", async () => {
    const a = bill("VB1", "V-7", "INV-10388", "2025-06-02", 359.51);
    const b = bill("VB2", "V-7", "INV-10412", "2025-06-04", 359.51);
    const r = await dup(b, [a, b]);
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    expect(r.risk_level).toBe("medium");
    expect(r.anomalies[0]!.message).toContain("another of the counterparty's numbers");
    const same = bill("VB3", "V-7", "INV-10388", "2025-06-04", 359.51);
    expect((await dup(same, [a, same])).risk_level).not.toBe("medium");
  });

  test("payments naming the vendor's number: paid by check and again by ACH weeks later is a duplicate; a voided check reissued is not", async () => {
    const pay = (id: string, date: string, status: string) => ({ ...bill(id, "V-7", "A-22909", date, 2421.48, { type: "payment", reference: "VB100577", status }) });
    const check = pay("PAY1", "2025-04-03", "Cleared");
    const ach = pay("PAY2", "2025-04-24", "Cleared");
    const r = await dup(ach, [check, ach]);
    expect(codes(r.anomalies)).toEqual(["duplicate_payment"]);
    expect(r.amount_at_risk.amount).toBe(2421.48);
    const voided = pay("PAY1", "2025-04-03", "Voided");
    expect((await dup(ach, [voided, ach])).anomalies).toEqual([]);
  });

  test("a payment that took the early-payment discount settles the bill as one in full does: the two are the bill paid twice", async () => {
    // A check at 2 % off (2,373.05 and 48.43 discount taken: NetSuite's and Oracle Payables'
    // "Discount Taken"), then the whole 2,421.48 by ACH three weeks later; and the other way round.
    const pay = (id: string, date: string, amount: number, discount: Record<string, string>) => ({ ...bill(id, "V-7", "A-22909", date, amount, { type: "payment", reference: "VB100577", status: "Cleared" }), attributes: { "Vendor Invoice No": "A-22909", ...discount } });
    const discounted = pay("PAY1", "2025-04-03", 2373.05, { "Discount Taken": "48.43" });
    const inFull = pay("PAY2", "2025-04-24", 2421.48, { "Discount Taken": "0.00" });
    const r = await dup(inFull, [discounted, inFull]);
    expect(codes(r.anomalies)).toEqual(["duplicate_payment"]);
    expect(r.amount_at_risk.amount).toBe(2421.48);
    const later = pay("PAY3", "2025-04-24", 2373.05, { "Pmt. Discount Amount": "48.43" });
    const first = pay("PAY0", "2025-04-03", 2421.48, {});
    expect(codes((await dup(later, [first, later])).anomalies)).toEqual(["duplicate_payment"]);
    // SAP's cash discount in the document's currency (WSKTO) says the same.
    expect(codes((await dup(pay("PAY4", "2025-04-24", 2373.05, { WSKTO: "48,43" }), [first])).anomalies)).toEqual(["duplicate_payment"]);
    // A discount that does not make up the difference, or none named: two payments of another amount.
    expect((await dup(pay("PAY5", "2025-04-24", 2373.05, { "Discount Taken": "40.00" }), [first])).anomalies).toEqual([]);
    expect((await dup(pay("PAY6", "2025-04-24", 2373.05, {}), [first])).anomalies).toEqual([]);
  });
});

describe("a number whose digits separators group: each group's leading zeros aside", () => {
  const pair = async (first: string, again: string, o: { vendor?: string; amount?: number } = {}) => {
    const a = bill("VB1", "V-7", first, "2025-03-03", 1861.4);
    const b = bill("VB2", o.vendor ?? "V-7", again, "2025-03-24", o.amount ?? 1861.4);
    return dup(b, [a, b]);
  };

  test("hard negatives: a separator moved, a digit more, another vendor's or another amount's year-numbered bill are other bills", async () => {
    // One canonical number ("110", "105") but the digits grouped otherwise: a separator moved is no copy's slip.
    // Nor is a zero written into a group ("A-15" then "A-105": canonically "A-015" with two digits swapped).
    for (const [first, again] of [["1-10", "11-0"], ["10-5", "1-05"], ["A-105", "A-15"], ["24-109-3", "24-10-93"]]) {
      expect((await pair(first!, again!)).anomalies).toEqual([]);
      expect((await pair(again!, first!)).anomalies).toEqual([]);
      expect(sameOrNearNumber(first!, again!)).toBe(false);
      expect(sameOrNearNumber(again!, first!)).toBe(false);
    }
    // Two vendors' first bill of 2024 ("2024-001", "2024-1") of one amount: no vendor master created twice.
    expect((await pair("2024-001", "2024-1", { vendor: "V-88" })).anomalies).toEqual([]);
    // The same vendor's, another amount (no swap of its digits): another bill.
    expect((await pair("2024-001", "2024-1", { amount: 2210.75 })).anomalies).toEqual([]);
    // "03-50" is "03-05" with two adjacent characters swapped, as "IN0973" is "IN9073": the swap rule
    // reads it as a copy's slip (a near number), not the zero rule (the same number).
    expect((await pair("03-05", "03-50")).anomalies[0]!.actual).toMatchObject({ match: "near_number" });
  });

  test("a zero of a group dropped, alone or with a copy's suffix, is the same bill keyed again", async () => {
    for (const [first, again, match] of [
      ["SC24109-03-05", "SC24109-03-5A", "near_number"], ["03-05A", "03-5A", "same_number"], ["03-05", "03-5", "same_number"],
      ["2024-001", "2024-1", "same_number"], ["SC24109-03-5", "SC24109-03-05", "same_number"], ["SC24109-03-05A", "SC24109-03-5", "near_number"],
      ["SC24109-03-05", "SC24109-0305", "same_number"], ["SC24109-03-05", "SC24109-03-5-1", "near_number"],
    ] as const) {
      const r = await pair(first, again);
      expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
      expect(r.anomalies[0]!.actual).toMatchObject({ duplicate_of: "VB1", counterparty_number: again, match });
      expect(sameOrNearNumber(first, again)).toBe(true);
      expect(sameOrNearNumber(again, first)).toBe(true);
    }
  });
});
