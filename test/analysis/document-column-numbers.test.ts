// A general ledger's document column (`Document`, `Doc No`) read as the vendor's number where the
// ledger's numbers there are the vendors' own (src/analysis/document-column-numbers.ts): Sage
// Intacct's GL detail writes a bill's vendor invoice number in `Document` — each vendor numbering
// its way — and a payment's check number, from one sequence. A bill keyed again weeks later with
// the vendor's prefix dropped or added is a copy there; where the column is the system's own
// sequence (SAP's BELNR, a JE number), a copy keyed anew has a new number that says nothing, and
// a twin within the window stays the copy it is (docs/analysis.md, "Duplicates").
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";
import { DocumentColumnJudge, numberShape } from "../../src/analysis/document-column-numbers.ts";
import { unprefixedNumber } from "../../src/analysis/counterparty-numbers.ts";

const dup = async (t: Transaction, history: Transaction[]) => analyse(t, { module: "duplicate_detection", history });

let record = 0;
/** One GL line, Intacct style: no type column (every line an invoice), the vendor as counterparty. */
function line(vendor: string, document: string, date: string, account: string, amount: number): Transaction {
  return { transaction_id: `R${++record}`, type: "invoice", date, customer_id: vendor, currency: "USD", amount, lines: [], attributes: { Journal: "AP", Document: document, "Account No": account } };
}
/** A bill (expense debit, payable credit) and its payment by check a month later (payable debit, cash credit). */
function billAndPayment(vendor: string, document: string, check: string, date: string, payDate: string, amount: number, account = "6200"): Transaction[] {
  return [line(vendor, document, date, account, amount), line(vendor, document, date, "2010", -amount), line(vendor, check, payDate, "2010", amount), line(vendor, check, payDate, "1010", -amount)];
}

/** A year of bills from five vendors numbering their invoices each their own way, paid by checks of one sequence. */
function vendorNumberedLedger(): Transaction[] {
  const vendors: [string, (n: number) => string, number][] = [
    ["V1003", (n) => `GBFB-${20114 + n}`, 1850],
    ["V1004", (n) => String(440219 + n), 960],
    ["V1007", (n) => `MP${8801 + n}`, 640],
    ["V1009", (n) => `PL${55120 + n}`, 420],
    ["V1002", (n) => `1KR7-${43100 + n}`, 180],
  ];
  const out: Transaction[] = [];
  let check = 10412;
  for (let m = 1; m <= 10; m++) {
    for (const [i, [vendor, numbering, median]] of vendors.entries()) {
      const day = String(3 + 2 * i).padStart(2, "0");
      const amount = Math.round(median * (0.7 + ((m * 7 + i * 3) % 11) / 10) * 100) / 100;
      out.push(...billAndPayment(vendor, numbering(m), String(check++), `2024-${String(m).padStart(2, "0")}-${day}`, `2024-${String(m + 1).padStart(2, "0")}-${day}`, amount));
    }
  }
  return out;
}

describe("a document column of the vendors' own numbers (Sage Intacct's `Document` on a bill)", () => {
  test("a bill keyed again weeks later with the vendor's prefix dropped, or a prefix added, is a duplicate at high, its whole amount at risk", async () => {
    const ledger = vendorNumberedLedger();
    for (const [vendor, original, again] of [["V1003", "GBFB-20117", "20117"], ["V1004", "440223", "INV-440223"], ["V1007", "MP8805", "8805"], ["V1002", "1KR7-43104", "INV-1KR7-43104"]] as const) {
      const bill = ledger.filter((t) => t.customer_id === vendor && t.attributes!.Document === original);
      expect(bill.length).toBe(2);
      const amount = bill[0]!.amount!;
      const copy = billAndPayment(vendor, again, "10999", "2024-06-28", "2024-07-28", amount);
      const history = [...ledger, ...copy];
      const r = await dup(copy[0]!, history);
      expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
      expect(r.anomalies[0]!.actual).toMatchObject({ counterparty_number: again, original_number: original, match: "near_number" });
      expect(["high", "critical"]).toContain(r.risk_level);
      expect(r.amount_at_risk.amount).toBe(amount);
      // The original bill stays clean.
      for (const t of bill) expect((await dup(t, history)).anomalies).toEqual([]);
    }
  });

  test("hard negatives: every line of the regular ledger is clean; the vendor's next bill of the same amount under its next number is another bill", async () => {
    const ledger = vendorNumberedLedger();
    for (const t of ledger) expect((await dup(t, ledger)).anomalies).toEqual([]);
    const next = billAndPayment("V1003", "GBFB-20140", "10999", "2024-06-28", "2024-07-28", ledger.find((t) => t.attributes!.Document === "GBFB-20117")!.amount!);
    for (const t of next) expect((await dup(t, [...ledger, ...next])).anomalies).toEqual([]);
    // Another vendor's bill of that amount numbered like the first's without its prefix: other vendors' numbers.
    const other = billAndPayment("V1009", "20117", "10998", "2024-06-28", "2024-07-28", next[0]!.amount!);
    for (const t of other) expect((await dup(t, [...ledger, ...other])).anomalies).toEqual([]);
  });
});

describe("a document column of the system's own sequence (SAP's BELNR, a journal entry number)", () => {
  /** The same bills, numbered by the system from one sequence whatever the vendor. */
  function systemNumbered(): Transaction[] {
    const ledger = vendorNumberedLedger();
    const numberOf = new Map<string, string>();
    let next = 5100000001;
    return ledger.map((t) => {
      const own = String(t.attributes!.Document);
      if (!numberOf.has(own)) numberOf.set(own, String(next++));
      return { ...t, attributes: { ...t.attributes, Document: numberOf.get(own)! } };
    });
  }

  test("a bill keyed again within the window under its next system number stays a duplicate at high, not a repeat order", async () => {
    const ledger = systemNumbered();
    const original = ledger.filter((t) => t.customer_id === "V1003")[4]!;
    expect(original.date).toBe("2024-02-03");
    const copy = [line("V1003", "5100009001", "2024-02-05", "6200", original.amount!), line("V1003", "5100009001", "2024-02-05", "2010", -original.amount!)];
    const r = await dup(copy[0]!, [...ledger, ...copy]);
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    expect(["high", "critical"]).toContain(r.risk_level);
    expect(r.anomalies[0]!.actual).not.toHaveProperty("counterparty_number");
  });

  test("its numbers are read as no vendor's: a system number one swap from a vendor's earlier bill of one amount says nothing", async () => {
    const ledger = systemNumbered();
    const original = ledger.find((t) => t.customer_id === "V1004" && t.attributes!["Account No"] === "6200")!;
    const number = String(original.attributes!.Document);
    const swapped = number.slice(0, -2) + number.at(-1) + number.at(-2);
    const later = [line("V1004", swapped, "2024-05-20", "6200", original.amount!), line("V1004", swapped, "2024-05-20", "2010", -original.amount!)];
    expect(swapped).not.toBe(number);
    for (const t of later) expect((await dup(t, [...ledger, ...later])).anomalies).toEqual([]);
  });
});

describe("the judgement of the column", () => {
  test("vendors' own shapes make it theirs; one or a few shapes shared by every counterparty make it the system's", () => {
    const vendors = new DocumentColumnJudge();
    for (let n = 0; n < 60; n++) {
      vendors.observe(`GBFB-${20114 + n}`, "V1003");
      vendors.observe(`MP${8801 + n}`, "V1007");
      vendors.observe(`PL${55120 + n}`, "V1009");
      vendors.observe(String(10412 + 3 * n), ["V1003", "V1007", "V1009"][n % 3]!); // the checks
    }
    expect(vendors.reads()).toBe(true);
    const system = new DocumentColumnJudge();
    for (let n = 0; n < 240; n++) system.observe(`${n % 2 ? "PI" : "PPAY"}-${100000 + n}`, `V${n % 40}`);
    expect(system.reads()).toBe(false);
    // Two counterparties owning shapes are too few to say the column is theirs.
    const two = new DocumentColumnJudge();
    for (let n = 0; n < 60; n++) {
      two.observe(`IC${10000 + n}`, "SUB-2");
      two.observe(`WIRE${n}`, "BANK");
      two.observe(`JE${30000 + n}`, `V${n % 20}`);
    }
    expect(two.reads()).toBe(false);
    // A line naming its vendor's number in a column of its own: that column is the one read.
    const named = new DocumentColumnJudge();
    named.observe("GBFB-20114", "V1003");
    named.namedNumber();
    for (let n = 0; n < 60; n++) named.observe(`MP${8801 + n}`, "V1007");
    expect(named.reads()).toBe(false);
  });

  test("a number's shape and its prefix of letters", () => {
    expect(numberShape("INV-1001")).toBe("INV-9999");
    expect(numberShape("1kr7-43100")).toBe("9KR9-99999");
    expect(unprefixedNumber("INV-1001")).toBe("1001");
    expect(unprefixedNumber("MP8801")).toBe("8801");
    expect(unprefixedNumber("INV-BHC-2024-11")).toBe("BHC202411");
    expect(unprefixedNumber("1KR7-43100")).toBeUndefined();
    expect(unprefixedNumber("INV-12")).toBeUndefined();
    expect(unprefixedNumber("ACCRUAL")).toBeUndefined();
  });
});

// NetSuite's `Document Number` is each transaction's tranid: the system's sequence on a customer
// invoice (INV-21005), a customer payment, a bill payment — and on a vendor bill the vendor's own
// invoice number (the bill's "Reference No."). Judged over the whole ledger, the column is the
// system's; judged per account and side, as copies are compared (numbered-copy.ts), the payable
// credited by the bills carries the vendors' numbers.
describe("a document column of the system's numbers but on the bills, the vendors' (NetSuite's Document Number)", () => {
  let n = 0;
  const gl = (type: Transaction["type"], who: string, document: string, date: string, account: string, amount: number): Transaction => ({
    transaction_id: `NS${++n}`, type, date, customer_id: who, currency: "USD", amount, lines: [], attributes: { "Document Number": document, Account: account },
  });
  const day = (m: number, d: number) => `2024-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  /** A bill: the expense debited, the payable credited, both lines naming the vendor's number. */
  const bill = (vendor: string, number: string, date: string, amount: number) => [gl("invoice", vendor, number, date, "6300 Professional Fees", amount), gl("invoice", vendor, number, date, "2000 Accounts Payable", -amount)];
  /** Thirty customers invoiced and paying each month, five vendors numbering their own way, three law and recruiting firms numbering plainly, rent the same each month; a bill payment run. */
  function ledger(): Transaction[] {
    const out: Transaction[] = [];
    let inv = 21000, pay = 5000, bp = 300;
    for (let m = 1; m <= 12; m++) {
      for (let c = 0; c < 30; c++) {
        const amount = 1000 + 250 * (c % 9);
        out.push(gl("invoice", `C${c}`, `INV-${inv}`, day(m, 1), "1100 Accounts Receivable", amount), gl("invoice", `C${c}`, `INV-${inv++}`, day(m, 1), "4000 Subscription Revenue", -amount));
        out.push(gl("payment", `C${c}`, `PYMT-${pay}`, day(m, 20), "1000 Cash", amount), gl("payment", `C${c}`, `PYMT-${pay++}`, day(m, 20), "1100 Accounts Receivable", -amount));
      }
      const bills: [string, string, number][] = [
        ["Amazon Web Services", `AWS-${640000 + 37 * m}`, 68000 + 911 * m], ["Slack", `SL${310000 + 53 * m}`, 3800 + 17 * m], ["Datadog", `DA${720000 + 29 * m}`, 11800 + 41 * m],
        ["HubSpot", `HU${150000 + 61 * m}`, 6400 + 23 * m], ["Embarcadero Center", `EC-2024${String(m).padStart(2, "0")}`, 48500],
        ["Cooley", String(480000 + 7919 * m), 18000 + 1733 * m], ["Wilson Sonsini", String(230000 + 6151 * m), 22000 + 2111 * m], ["Hired Recruiting", String(710000 + 5003 * m), 24000 + 977 * m],
      ];
      for (const [vendor, number, amount] of bills) {
        out.push(...bill(vendor, number, day(m, 5), amount));
        out.push(gl("payment", vendor, `BP-${bp}`, day(m, 26), "2000 Accounts Payable", amount), gl("payment", vendor, `BP-${bp++}`, day(m, 26), "1000 Cash", -amount));
      }
    }
    return out;
  }

  test("the judge: the ledger's column is the system's, the payable credited by the bills the vendors'", () => {
    const judge = new DocumentColumnJudge();
    for (const t of ledger()) judge.observe(String(t.attributes!["Document Number"]), t.customer_id!, `${t.attributes!.Account} ${t.amount! < 0 ? "CR" : "DR"}`);
    expect(judge.reads()).toBe(false);
    expect(judge.reads("2000 Accounts Payable CR")).toBe(true);
    expect(judge.reads("2000 Accounts Payable DR")).toBe(false);
    expect(judge.reads("1100 Accounts Receivable DR")).toBe(false);
    expect(judge.reads("9999 Never Seen DR")).toBe(false);
    expect(judge.reads()).toBe(false);
  });

  test("a law firm's bill keyed again three weeks later with a letter added is a duplicate at high, its whole amount at risk", async () => {
    const books = ledger();
    const original = books.find((t) => t.customer_id === "Cooley" && t.date === day(3, 5) && t.amount! < 0)!;
    const number = String(original.attributes!["Document Number"]);
    const copy = bill("Cooley", `${number}A`, day(3, 26), -original.amount!);
    const history = [...books, ...copy];
    const r = await dup(copy[1]!, history);
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    expect(r.anomalies[0]!.actual).toMatchObject({ counterparty_number: `${number}A`, original_number: number, match: "near_number" });
    expect(["high", "critical"]).toContain(r.risk_level);
    expect(r.amount_at_risk.amount).toBe(-original.amount!);
    expect((await dup(original, history)).anomalies).toEqual([]);
  });

  test("hard negatives: the bills and their payments are clean; a customer's invoice of the same amount under a system number one swap from its earlier one is no copy", async () => {
    const books = ledger();
    for (const t of books.filter((x) => x.type === "invoice" && !x.customer_id!.startsWith("C"))) expect((await dup(t, books)).anomalies).toEqual([]);
    for (const t of books.filter((x) => x.type === "payment" && x.customer_id === "Cooley")) expect((await dup(t, books)).anomalies).toEqual([]);
    const earlier = books.find((t) => t.customer_id === "C7" && t.date === day(4, 1) && t.amount! > 0)!;
    const number = String(earlier.attributes!["Document Number"]);
    const swapped = number.slice(0, -2) + number.at(-1) + number.at(-2);
    expect(swapped).not.toBe(number);
    const again = [gl("invoice", "C7", swapped, day(4, 24), "1100 Accounts Receivable", earlier.amount!), gl("invoice", "C7", swapped, day(4, 24), "4000 Subscription Revenue", -earlier.amount!)];
    for (const t of again) expect((await dup(t, [...books, ...again])).anomalies).toEqual([]);
  });
});
