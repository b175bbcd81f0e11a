// rental_period_not_billed and rental_billed_short_of_return (rental-periods.ts): an equipment
// rental contract's bills (Wynne RentalMan, Point of Rental, InTempo: `Date Out`, `Bill From`,
// `Bill Thru`, `Off Rent Date`, `Date Returned` on each) lined up as a rental company's
// revenue-assurance analyst lines them up, with the hard negatives rental billing has: cycles
// billed back to back, a call-off before the pickup, a machine back the next morning, a re-export
// that shows the return date on the earlier cycle bills too, a bill issued twice.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { readDay } from "../../src/analysis/detectors/leakage/rental-periods.ts";
import { analyse, codes, serviceHistoryFindings } from "./fixtures.ts";

let seq = 0;
/** A bill of contract `contract`: a 4-week line at 2,450 (or `rent`), the damage waiver at 14 %, a delivery. */
const rentalBill = (contract: string, date: string, attributes: Record<string, string>, rent = 2450, days = 28): Transaction => {
  const lines = [
    { sku: "100-1020", unit: days === 28 ? "4WK" : "DAY", quantity: days === 28 ? 1 : days, unit_price: days === 28 ? rent : rent / days, amount: rent },
    { sku: "DW", unit: "%", quantity: rent, unit_price: 14, amount: rent * 0.14 },
    { sku: "DEL-Z1", unit: "EA", quantity: 1, unit_price: 95, amount: 95 },
  ];
  return { transaction_id: `${contract}-${String(++seq).padStart(3, "0")}`, type: "invoice", date, customer_id: "20104", contract_id: contract, currency: "USD", amount: lines.reduce((s, l) => s + l.amount, 0), lines, attributes };
};
const cycle = (contract: string, from: string, thru: string, extra: Record<string, string> = {}) =>
  rentalBill(contract, thru, { "Date Out": "03/03/2025", "Bill From": from, "Bill Thru": thru, ...extra });

describe("rental_period_not_billed", () => {
  test("a 28-day cycle never billed: the next cycle's bill begins 28 days after the last one ended", () => {
    const bills = [cycle("4411001", "03/03/2025", "03/31/2025"), cycle("4411001", "04/28/2025", "05/26/2025"), cycle("4411001", "05/26/2025", "06/23/2025")];
    // 28 days at the bill's 2,793.00 of rental and damage waiver over 28 days.
    expect([...serviceHistoryFindings(bills)]).toEqual([[bills[1]!.transaction_id, ["rental_period_not_billed:2793"]]]);
  });

  test("hard negatives: cycles back to back, a bill issued twice, a bill thru the day before the next from, no date out", () => {
    expect(serviceHistoryFindings([cycle("4411002", "03/03/2025", "03/31/2025"), cycle("4411002", "03/31/2025", "04/28/2025"), cycle("4411002", "03/31/2025", "04/28/2025")]).size).toBe(0);
    expect(serviceHistoryFindings([cycle("4411003", "03/03/2025", "03/30/2025"), cycle("4411003", "03/31/2025", "04/27/2025")]).size).toBe(0);
    const notRental = [cycle("SA-1", "03/03/2025", "03/31/2025"), cycle("SA-1", "05/01/2025", "05/31/2025")].map((t) => ({ ...t, attributes: { "Bill From": t.attributes!["Bill From"]!, "Bill Thru": t.attributes!["Bill Thru"]! } }));
    expect(serviceHistoryFindings(notRental).size).toBe(0);
  });
});

describe("rental_billed_short_of_return", () => {
  test("a machine returned 4 days after it was expected, billed to the day it was expected", () => {
    const late = rentalBill("4411010", "03/14/2025", { "Date Out": "03/03/2025", "Expected Return": "03/10/2025", "Date Returned": "03/14/2025", "Bill From": "03/03/2025", "Bill Thru": "03/10/2025" }, 975, 7);
    expect([...serviceHistoryFindings([late])]).toEqual([[late.transaction_id, ["rental_billed_short_of_return:635.14"]]]);
  });

  test("the days short are priced by the best-rate rule at the rate book's day, week and 4-week rates, at the bill's own discount off them", async () => {
    const book = ["DAY", "WK", "4WK"].map((unit, i) => ({ sku: "100-1020", currency: "USD", list_price: [325, 975, 2450][i]!, unit, valid_from: "2025-01-01" }));
    const late = (contract: string, thru: string, returned: string, lines: { unit: string; quantity: number; unit_price: number }[]): Transaction => {
      const [m, d, y] = returned.split("/");
      const t = rentalBill(contract, `${y}-${m}-${d}`, { "Date Out": "03/13/2025", "Date Returned": returned, "Bill From": "03/13/2025", "Bill Thru": thru });
      const rental = lines.map((l) => ({ sku: "100-1020", ...l, amount: l.quantity * l.unit_price }));
      const rent = rental.reduce((s, l) => s + l.amount, 0);
      t.lines = [...rental, { sku: "DW", unit: "%", quantity: rent, unit_price: 14, amount: Math.round(rent * 14) / 100 }, { sku: "DEL-Z1", unit: "EA", quantity: 1, unit_price: 95, amount: 95 }];
      t.amount = Math.round(t.lines.reduce((s, l) => s + l.amount!, 0) * 100) / 100;
      return t;
    };
    const atRisk = async (t: Transaction) => (await analyse(t, { history: [t], ref: { price_list: book } })).anomalies.find((a) => a.code === "rental_billed_short_of_return")?.amount_at_risk;
    // Five days billed as a week, back three days late: eight days are a week and a day, 325.00
    // more, and the waiver on it: 370.50 (not three days at 975 / 5 and the waiver, 666.90).
    expect(await atRisk(late("4411030", "03/18/2025", "03/21/2025", [{ unit: "WK", quantity: 1, unit_price: 975 }]))).toBe(370.5);
    // Nine days billed as a week and two days, back two days late: eleven days are two weeks; 325.00 more.
    expect(await atRisk(late("4411031", "03/22/2025", "03/24/2025", [{ unit: "WK", quantity: 1, unit_price: 975 }, { unit: "DAY", quantity: 2, unit_price: 325 }]))).toBe(370.5);
    // Twelve days billed as two weeks at a national account's 80 % of the book, back four days late:
    // sixteen days cost less as a 4-week at its rates (1,960.00) than two weeks and two days
    // (2,080.00): 400.00 more.
    expect(await atRisk(late("4411032", "03/25/2025", "03/29/2025", [{ unit: "WK", quantity: 2, unit_price: 780 }]))).toBe(456);
    // A rate book without the machine: the bill's rental per day of the days it billed, as before.
    const noBook = late("4411033", "03/18/2025", "03/21/2025", [{ unit: "WK", quantity: 1, unit_price: 975 }]);
    expect((await analyse(noBook, { history: [noBook] })).anomalies.find((a) => a.code === "rental_billed_short_of_return")?.amount_at_risk).toBe(666.9);
  });

  test("hard negatives: billed to the call-off before a later pickup, back the next morning, earlier cycles of a contract re-exported with its return date", () => {
    const offRent = rentalBill("4411011", "03/14/2025", { "Date Out": "03/03/2025", "Off Rent Date": "03/10/2025", "Date Returned": "03/13/2025", "Bill From": "03/03/2025", "Bill Thru": "03/10/2025" }, 975, 7);
    const nextMorning = rentalBill("4411012", "03/12/2025", { "Date Out": "03/03/2025", "Date Returned": "03/11/2025", "Bill From": "03/03/2025", "Bill Thru": "03/10/2025" }, 975, 7);
    const reexported = [cycle("4411013", "03/03/2025", "03/31/2025", { "Date Returned": "04/28/2025" }), cycle("4411013", "03/31/2025", "04/28/2025", { "Date Returned": "04/28/2025" })];
    expect(serviceHistoryFindings([offRent, nextMorning, ...reexported]).size).toBe(0);
  });

  test("a call-off named after the bill's end is what the bill falls short of", () => {
    const short = rentalBill("4411014", "03/20/2025", { "Date Out": "03/03/2025", "Off Rent Date": "03/17/2025", "Date Returned": "03/19/2025", "Bill From": "03/03/2025", "Bill Thru": "03/10/2025" }, 975, 7);
    expect(serviceHistoryFindings([short]).get(short.transaction_id)?.[0]).toStartWith("rental_billed_short_of_return:");
  });

  test("through the engine, over the connector's history", async () => {
    const late = rentalBill("4411020", "2025-03-14", { "Date Out": "03/03/2025", "Date Returned": "03/14/2025", "Bill From": "03/03/2025", "Bill Thru": "03/10/2025" }, 975, 7);
    expect(codes((await analyse(late, { history: [late] })).anomalies)).toContain("rental_billed_short_of_return");
  });
});

test("an ambiguous date reads in the order given; a date that tells its order needs none", () => {
  expect(new Date(readDay("07/09/2026", "month_first")).toISOString().slice(0, 10)).toBe("2026-07-09");
  expect(new Date(readDay("07/09/2026", "day_first")).toISOString().slice(0, 10)).toBe("2026-09-07");
  expect(readDay("07/09/2026", undefined)).toBeNaN();
  expect(new Date(readDay("07/19/2026", undefined)).toISOString().slice(0, 10)).toBe("2026-07-19");
  expect(new Date(readDay("2026-07-09", undefined)).toISOString().slice(0, 10)).toBe("2026-07-09");
});

test("hard negative: a contract called off after its last cycle bill, its final bill not yet issued", () => {
  const lastCycle = cycle("4411030", "04/28/2025", "05/26/2025", { "Off Rent Date": "06/09/2025" });
  expect(serviceHistoryFindings([cycle("4411030", "03/31/2025", "04/28/2025", { "Off Rent Date": "06/09/2025" }), lastCycle]).size).toBe(0);
});
