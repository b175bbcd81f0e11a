// Money by key and currency: amounts in different currencies are never added or ranked together.
import { expect, test } from "bun:test";
import { MoneyByKey } from "../../src/reports/aggregate.ts";

test("topWithinCurrencies ranks within each currency, busiest currencies first", () => {
  const m = new MoneyByKey();
  m.add("zero price", "JPY", 1_000_000);
  m.add("price below contract", "EUR", 5_000);
  m.add("price below contract", "EUR", 100);
  m.add("discount above cap", "EUR", 900);
  m.add("tax", "USD", 10);
  // Raw amounts would put the yen first; within currencies EUR (3 items) leads.
  expect(m.top(1)[0]!.currency).toBe("JPY");
  const groups = m.topWithinCurrencies(1, 2);
  expect(groups.map((g) => g.map((e) => [e.key, e.currency, e.amount]))).toEqual([
    [["price below contract", "EUR", 5100]],
    [["zero price", "JPY", 1_000_000]],
  ]);
  expect(m.topWithinCurrencies(3).map((g) => g.length)).toEqual([2, 1, 1]);
});
