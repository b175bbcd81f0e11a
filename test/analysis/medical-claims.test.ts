// A physician group's claims (docs/analysis.md, "Duplicates" and "Revenue leakage"): a claim bills
// one patient's services on one date of service; the payer is the customer. Two patients' identical
// office visits billed to one payer in a week are two claims, the same patient's visit on another
// day is a repeat visit, and a claim that names the claim it replaces (a corrected claim re-submitted
// after a denial) is no copy of it; the same patient, day and codes billed again under a new claim id
// is a duplicate. Services are charged at the chargemaster price of their date of service.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const visit = (id: string, date: string, attributes: Record<string, string>, extra: Partial<Transaction> = {}): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "AET04", currency: "USD", amount: 239, contract_id: "FS-AET04",
  lines: [{ sku: "99213", quantity: 1, amount: 239 }], attributes, ...extra,
});
const duplicates = async (txn: Transaction, history: Transaction[]) =>
  codes((await analyse(txn, { module: "duplicate_detection", history, config: modulesConfig({ duplicate_detection: { window_days: 60 } }) })).anomalies);

test("two patients' identical visits billed to one payer are two claims; the same patient's visit billed again is a duplicate", async () => {
  const first = visit("C2500003", "2025-03-04T00:00:00Z", { "Patient Account": "PT100200", "Date of Service": "03/03/2025" });
  const other = visit("C2500006", "2025-03-05T00:00:00Z", { "Patient Account": "PT100515", "Date of Service": "03/03/2025" });
  expect(await duplicates(other, [first, other])).toEqual([]);
  for (const name of ["Patient ID", "MRN", "Member ID", "Patient Acct No"]) {
    const a = visit("A1", "2025-03-04T00:00:00Z", { [name]: "P-1" }), b = visit("A2", "2025-03-05T00:00:00Z", { [name]: "P-2" });
    expect(await duplicates(b, [a, b])).toEqual([]);
  }
  // Re-keyed from the superbill under a new claim id three weeks later: the same patient and day.
  const copy = visit("C2500900", "2025-03-25T00:00:00Z", { "Patient Account": "pt100200 ", "Date of Service": "03/03/2025" });
  expect(await duplicates(copy, [first, other, copy])).toEqual(["duplicate_invoice"]);
});

test("the same patient's visit on another date of service is a repeat visit, not a duplicate", async () => {
  const first = visit("C1", "2025-03-04T00:00:00Z", { "Patient Account": "PT100200", "Date of Service": "03/03/2025" });
  const again = visit("C2", "2025-03-11T00:00:00Z", { "Patient Account": "PT100200", "Date of Service": "03/10/2025" });
  expect(await duplicates(again, [first, again])).toEqual([]);
  const dos = visit("C3", "2025-03-11T00:00:00Z", { "Patient Account": "PT100200", DOS: "2025-03-10" });
  expect(await duplicates(dos, [first, dos])).toEqual([]);
});

test("a corrected claim naming the claim it replaces is no copy of it; one naming another claim still is", async () => {
  const denied = visit("C10", "2025-05-02T00:00:00Z", { "Patient Account": "PT1", "Date of Service": "05/01/2025" });
  const corrected = visit("C11", "2025-05-30T00:00:00Z", { "Patient Account": "PT1", "Date of Service": "05/01/2025" }, { reference: "C10" });
  expect(await duplicates(corrected, [denied, corrected])).toEqual([]);
  const elsewhere = visit("C12", "2025-05-30T00:00:00Z", { "Patient Account": "PT1", "Date of Service": "05/01/2025" }, { reference: "C7" });
  expect(await duplicates(elsewhere, [denied, elsewhere])).toEqual(["duplicate_invoice"]);
});

test("a service is charged at the chargemaster price of its date of service, though the claim is dated after the change", async () => {
  const chargemaster = [
    { sku: "99213", list_price: 239, currency: "USD", valid_from: "2025-01-01" },
    { sku: "99213", list_price: 249, currency: "USD", valid_from: "2026-01-01" },
  ];
  const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
  const run = async (txn: Transaction) => codes((await analyse(txn, { ref: { price_list: chargemaster }, config })).anomalies);
  // Seen on 30 December, the claim created on 5 January: December's charge.
  expect(await run(visit("D1", "2026-01-05T00:00:00Z", { "Date of Service": "12/30/2025" }, { contract_id: undefined }))).toEqual([]);
  expect(await run(visit("D2", "2026-01-05T00:00:00Z", { DOS: "12/30/2025" }, { contract_id: undefined }))).toEqual([]);
  // Seen after the change and charged at last year's price.
  expect(await run(visit("D3", "2026-01-14T00:00:00Z", { "Date of Service": "01/12/2026" }, { contract_id: undefined }))).toEqual(["price_below_list"]);
});

test("the second procedure of a day allowed at half its fee schedule beside the first at the full rate is the multiple-procedure reduction; a half rate alone is a cut", async () => {
  const feeSchedule = [
    { contract_id: "FS-AET04", customer_id: "AET04", sku: "29881", price: 658.24, currency: "USD", valid_from: "2025-01-01" },
    { contract_id: "FS-AET04", customer_id: "AET04", sku: "29876", price: 712.72, currency: "USD", valid_from: "2025-01-01" },
    { contract_id: "FS-AET04", customer_id: "AET04", sku: "11602", price: 266.07, currency: "USD", valid_from: "2025-01-01" },
  ];
  const run = async (lines: Transaction["lines"]) => codes((await analyse({
    transaction_id: "S1", type: "invoice", date: "2025-06-03T00:00:00Z", customer_id: "AET04", contract_id: "FS-AET04", currency: "USD",
    amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines, attributes: patient,
  }, { ref: { contracts: feeSchedule } })).anomalies);
  let patient: Record<string, string> | undefined = { "Patient Account": "PT12" };
  // 29876 at 100 %, 29881 at 50 % (CO-59).
  expect(await run([{ sku: "29876", quantity: 1, amount: 712.72 }, { sku: "29881", quantity: 1, amount: 329.12 }])).toEqual([]);
  // The same excision on a second lesion (modifier 59) at 50 %.
  expect(await run([{ sku: "11602", quantity: 1, amount: 266.07 }, { sku: "11602", quantity: 1, amount: 133.04 }])).toEqual([]);
  // The higher-valued procedure reduced instead of the lower one is a cut.
  expect(await run([{ sku: "29876", quantity: 1, amount: 356.36 }, { sku: "29881", quantity: 1, amount: 658.24 }])).toEqual(["price_below_contract"]);
  // Half the rate with no procedure at its full rate beside it, or 60 % beside one, is a cut.
  expect(await run([{ sku: "29881", quantity: 1, amount: 329.12 }])).toEqual(["price_below_contract"]);
  expect(await run([{ sku: "29876", quantity: 1, amount: 712.72 }, { sku: "29881", quantity: 1, amount: 394.94 }])).toEqual(["price_below_contract"]);
  // A bill that names no patient is no claim: a line at half its agreed price beside a full-price
  // one is a 50 % cut like any other.
  patient = undefined;
  expect(await run([{ sku: "29876", quantity: 1, amount: 712.72 }, { sku: "29881", quantity: 1, amount: 329.12 }])).toEqual(["price_below_contract"]);
});

const feeSchedule = [
  { contract_id: "FS-BCB05", customer_id: "BCB05", sku: "99214", price: 153.63, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
  { contract_id: "FS-BCB05", customer_id: "BCB05", sku: "99214", price: 159.78, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
];
const claim = (id: string, date: string, allowed: number, extra: Partial<Transaction> = {}): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "BCB05", contract_id: "FS-BCB05", currency: "USD", amount: allowed,
  lines: [{ sku: "99214", quantity: 1, amount: allowed }], attributes: { "Patient Account": "PT7", "Date of Service": "01/12/2026" }, ...extra,
});
const leakage = async (txn: Transaction, history: Transaction[]) => codes((await analyse(txn, { history, ref: { contracts: feeSchedule } })).anomalies);

test("a claim paid at last year's rate, reversed in full and re-adjudicated, is not judged on its cancelled prices; a partly reversed one is", async () => {
  const paid = claim("C1", "2026-01-14T00:00:00Z", 153.63);
  const reversal: Transaction = { ...claim("R1", "2026-04-02T00:00:00Z", -153.63, { reference: "C1" }), type: "credit_note", lines: [{ sku: "99214", quantity: -1, amount: -153.63 }] };
  const readjudicated = claim("C2", "2026-04-02T00:00:00Z", 159.78, { reference: "C1" });
  expect(await leakage(paid, [paid, reversal, readjudicated])).toEqual([]);
  expect(await leakage(readjudicated, [paid, reversal, readjudicated])).toEqual([]);
  // Reversed in part: the claim still stands at last year's rate.
  const part: Transaction = { ...reversal, transaction_id: "R2", amount: -50, lines: [{ sku: "99214", quantity: -1, amount: -50 }] };
  expect(await leakage(paid, [paid, part])).toEqual(["price_below_contract"]);
  expect(await leakage(paid, [paid])).toEqual(["price_below_contract"]);
});

test("a denied claim (every line at 0) that a corrected claim names is billed there; a denial no claim names is still a line at 0", async () => {
  const denied = claim("C5", "2026-01-14T00:00:00Z", 0);
  const corrected = claim("C9", "2026-02-20T00:00:00Z", 159.78, { reference: "C5" });
  expect(await leakage(denied, [denied, corrected])).toEqual([]);
  expect(await leakage(denied, [denied])).toEqual(["zero_price_line"]);
  // A claim that bills something and is named by a later one (a follow-up) is still judged.
  const low = claim("C6", "2026-01-14T00:00:00Z", 120);
  expect(await leakage(low, [low, claim("C10", "2026-02-20T00:00:00Z", 159.78, { reference: "C6" })])).toEqual(["price_below_contract"]);
});
