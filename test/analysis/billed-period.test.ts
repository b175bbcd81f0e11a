// The period a document names (billed-period.ts): an ambiguous day (02/01/2025) is read in the
// order the document's other dates show, whatever the length of its year.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { billedPeriodStart, namedPeriodDays, namedPeriodStart } from "../../src/analysis/detectors/leakage/billed-period.ts";

const doc = (attributes: Record<string, string>, date = "2025-01-30"): Transaction => ({ transaction_id: "T", type: "invoice", date, lines: [], attributes });

test("an ambiguous period start with a four-digit year is read month-first where the period's end says so", () => {
  // A franchisor's technology fee billed in advance on 30 January for February (Period End 02/28/2025: month-first).
  const t = doc({ "Period Start": "02/01/2025", "Period End": "02/28/2025" });
  expect(namedPeriodStart(t)).toBe("2025-02-01");
  expect(billedPeriodStart(t, "2025-01-30")).toBe("2025-02-01");
  expect(namedPeriodDays(t)).toBe(28);
});

test("and day-first where the other dates are, with a two-digit year as before", () => {
  expect(namedPeriodStart(doc({ "Period Start": "01/02/2025", "Period End": "28/02/2025" }))).toBe("2025-02-01");
  expect(namedPeriodStart(doc({ "Period Start": "02/01/25", "Period End": "02/28/25" }))).toBe("2025-02-01");
});

test("an ambiguous day with nothing telling its order names no period", () => {
  expect(namedPeriodStart(doc({ "Period Start": "02/01/2025" }))).toBeUndefined();
});
