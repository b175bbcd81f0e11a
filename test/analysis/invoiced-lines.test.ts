import { expect, test } from "bun:test";
import { InvoicedLines } from "../../src/analysis/detectors/leakage/invoiced-lines.ts";

const sum = (parts: InvoicedLines[], wanted: string[]) => {
  const into = new Map<string, Map<string, { quantity: number; amount: number }>>();
  for (const p of parts) p.sumInto(new Set(wanted), into);
  return into;
};

test("the lines of the wanted invoices are summed per item in line order, across invoices of one key, parts and keys of any characters", () => {
  const a = new InvoicedLines();
  a.invoice("C1\u0001INV-1");
  a.add("X", 2, 20);
  a.add("Y", 1, 5);
  a.invoice("C1\u0001INV-2");
  a.add("X", 7, 70);
  a.invoice("客户\u0001INV-3");
  a.add("Z", 3, 9);
  for (let i = 0; i < 70000; i++) {
    a.invoice(`C2\u0001N-${i}`);
    a.add("X", 1, 1);
  }
  // A second invoice of the same key (another part, posted as a worker posts it).
  const b = InvoicedLines.of(structuredClone(((): InvoicedLines => {
    const p = new InvoicedLines();
    p.invoice("C1\u0001INV-1");
    p.add("X", 3, 30);
    return p;
  })().state()));
  const got = sum([InvoicedLines.of(structuredClone(a.state())), b], ["C1\u0001INV-1", "客户\u0001INV-3", "C2\u0001N-69999", "C9\u0001NONE"]);
  expect([...got.keys()].sort()).toEqual(["C1\u0001INV-1", "C2\u0001N-69999", "客户\u0001INV-3"].sort());
  expect(Object.fromEntries(got.get("C1\u0001INV-1")!)).toEqual({ X: { quantity: 5, amount: 50 }, Y: { quantity: 1, amount: 5 } });
  expect(Object.fromEntries(got.get("客户\u0001INV-3")!)).toEqual({ Z: { quantity: 3, amount: 9 } });
  expect(Object.fromEntries(got.get("C2\u0001N-69999")!)).toEqual({ X: { quantity: 1, amount: 1 } });
  expect(sum([a], []).size).toBe(0);
});
