// A card used after its holder left: the card feed carries the HR system's termination date on
// every row (docs/analysis.md, posting_after_end_date).
import { describe, expect, test } from "bun:test";
import { analyse, codes } from "./fixtures.ts";
import { endDay } from "../../src/analysis/detectors/anomaly/after-end-date.ts";

const charge = (id: string, date: string, amount: number, attributes: Record<string, string>) =>
  ({ transaction_id: id, type: "invoice" as const, date, customer_id: "UBER *TRIP", currency: "USD", amount, created_by: "Lisa Allen", lines: [], attributes });

const history = [charge("TX-0", "2025-05-02", 23.1, { "Employee Status": "Terminated", "Termination Date": "07/22/2025" })];

describe("posting_after_end_date", () => {
  test("a charge weeks after the termination date on its row is high", async () => {
    const late = charge("TX-1", "2025-08-14", 31.4, { "Employee Status": "Terminated", "Termination Date": "07/22/2025" });
    const r = await analyse(late, { module: "anomaly_detection", history: [...history, late] });
    expect(codes(r.anomalies)).toContain("posting_after_end_date");
    const f = r.anomalies.find((a) => a.code === "posting_after_end_date")!;
    expect(f.severity).toBe("high");
    expect(f.actual).toMatchObject({ end_date: "2025-07-22", days_after: 23 });
  });

  test("hard negative: before or on the last day, the next morning in UTC, a refund after it, or no end date: nothing", async () => {
    for (const [date, amount, attributes] of [
      ["2025-07-22", 45, { "Termination Date": "07/22/2025" }],
      ["2025-07-23T03:10:00Z", 45, { "Termination Date": "07/22/2025" }],
      ["2025-08-14", -62.5, { "Termination Date": "07/22/2025" }],
      ["2025-08-14", 45, { "Employee Status": "Terminated", "Termination Date": "" }],
      ["2025-08-14", 45, { "Employee Status": "Active" }],
    ] as [string, number, Record<string, string>][]) {
      const t = charge("TX-2", date, amount, attributes);
      expect(codes((await analyse(t, { module: "anomaly_detection", history: [...history, t] })).anomalies)).not.toContain("posting_after_end_date");
    }
  });

  test("where the end date reads both ways, the row's other dates say the export's order", async () => {
    // A US export: 03/04/2025 is March 4, as the posting date 03/21/2025 of the same row shows.
    const late = charge("TX-3", "2025-03-20", 27.7, { "Posted Date": "03/21/2025", "Termination Date": "03/04/2025" });
    const r = await analyse(late, { module: "anomaly_detection", history: [...history, late] });
    expect(r.anomalies.find((a) => a.code === "posting_after_end_date")?.actual).toMatchObject({ end_date: "2025-03-04", days_after: 16 });
    // A European one: 03/04/2025 is 3 April; a charge on 20 March is before it.
    const early = charge("TX-4", "2025-03-20", 27.7, { "Posted Date": "21/03/2025", "Termination Date": "03/04/2025" });
    expect(codes((await analyse(early, { module: "anomaly_detection", history: [...history, early] })).anomalies)).not.toContain("posting_after_end_date");
  });

  test("where the row's dates all read both ways, the export's other rows say its order", async () => {
    // 03/04/2025 alone on its row: the feed's other rows (07/22/2025) write month first, so it is 4 March.
    const late = charge("TX-5", "2025-03-20", 27.7, { "Termination Date": "03/04/2025" });
    const r = await analyse(late, { module: "anomaly_detection", history: [...history, late] });
    expect(r.anomalies.find((a) => a.code === "posting_after_end_date")?.actual).toMatchObject({ end_date: "2025-03-04", days_after: 16 });
    // With no row telling, the later reading (3 April) stands: nothing is reported.
    expect(codes((await analyse(late, { module: "anomaly_detection", history: [late] })).anomalies)).not.toContain("posting_after_end_date");
  });

  test("the end date's own text says its order; where both orders read, only a charge after both is reported", () => {
    expect(new Date(endDay("07/22/2025")).toISOString().slice(0, 10)).toBe("2025-07-22");
    expect(new Date(endDay("22/07/2025")).toISOString().slice(0, 10)).toBe("2025-07-22");
    expect(new Date(endDay("22.07.2025")).toISOString().slice(0, 10)).toBe("2025-07-22");
    expect(new Date(endDay("2025-07-22T17:00:00Z")).toISOString().slice(0, 10)).toBe("2025-07-22");
    expect(new Date(endDay("03/04/2025")).toISOString().slice(0, 10)).toBe("2025-04-03");
    expect(Number.isNaN(endDay("Terminated"))).toBe(true);
    expect(Number.isNaN(endDay("31/02/2025"))).toBe(true);
  });
});

// A payroll register carries the termination date on every payment too; pay for the last period
// worked is paid on the next pay date (in arrears), and what the termination itself makes due —
// accrued vacation, severance in instalments — is paid after it, documented by its pay type.
describe("posting_after_end_date on a payroll register", () => {
  const payment = (id: string, date: string, attributes: Record<string, string>) =>
    ({ transaction_id: id, type: "payment" as const, date, customer_id: "E10231", currency: "USD", amount: 1834.2, created_by: "Yuki Rodriguez", reference: attributes["Pay Period End"], lines: [], attributes: { "Termination Date": "07/22/2025", "Employee Status": "Terminated", ...attributes } });
  const earlier = [payment("PMT-0", "2025-07-11", { "Pay Period Start": "06/22/2025", "Pay Period End": "07/05/2025", "Pay Type": "Regular" })];

  test("hard negative: the final pay of a period that began before the end date, paid days after it, is pay in arrears", async () => {
    for (const [payType, start, end] of [["Final Pay", "07/20/2025", "08/02/2025"], ["Vacation Payout", "07/20/2025", "08/02/2025"], ["Regular", "07/06/2025", "07/19/2025"]]) {
      const t = payment("PMT-1", "2025-08-08", { "Pay Period Start": start!, "Pay Period End": end!, "Pay Type": payType! });
      expect(codes((await analyse(t, { module: "anomaly_detection", history: [...earlier, t] })).anomalies)).not.toContain("posting_after_end_date");
    }
  });

  test("hard negative: severance instalments and payouts the termination made due, named by the pay type, are not judged", async () => {
    for (const payType of ["Severance", "Severance Pay", "PTO Payout", "Pay in lieu of notice"]) {
      const t = payment("PMT-2", "2025-09-19", { "Pay Period Start": "08/31/2025", "Pay Period End": "09/13/2025", "Pay Type": payType });
      expect(codes((await analyse(t, { module: "anomaly_detection", history: [...earlier, t] })).anomalies)).not.toContain("posting_after_end_date");
    }
  });

  test("regular pay for a period that began after the end date is reported: a leaver still on the payroll", async () => {
    const t = payment("PMT-3", "2025-08-22", { "Pay Period Start": "08/03/2025", "Pay Period End": "08/16/2025", "Pay Type": "Regular" });
    const r = await analyse(t, { module: "anomaly_detection", history: [...earlier, t] });
    const f = r.anomalies.find((a) => a.code === "posting_after_end_date");
    expect(f?.severity).toBe("high");
    expect(f?.actual).toMatchObject({ end_date: "2025-07-22", days_after: 31, period_start: "2025-08-03" });
    // The period that starts the day after the end date is no work done while employed either.
    const next = payment("PMT-4", "2025-08-08", { "Pay Period Start": "07/23/2025", "Pay Period End": "08/05/2025", "Pay Type": "Regular" });
    expect(codes((await analyse(next, { module: "anomaly_detection", history: [...earlier, next] })).anomalies)).toContain("posting_after_end_date");
  });
});
