// The string calls a rule's work budget charges (text-work.ts) keep CEL's meaning: the same
// answers as cel-js's own functions, on strings and on attributes (dyn), with one and two arguments.
import { expect, test } from "bun:test";
import { invoice } from "./fixtures.ts";
import { makeEngine, memoryConnector, modulesConfig, rulesConfig } from "../support/engine.ts";
import { configProblems as problems } from "../support/config.ts";

async function fired(when: string, data: object): Promise<boolean> {
  const { engine } = makeEngine([memoryConnector({ transactions: [] })], modulesConfig(), 70, rulesConfig([{ id: "r", module: "revenue_leakage", when, message: "m" }]));
  const res = await engine.analyze({ accountId: "acct_1", connector: "mem", module: "revenue_leakage", data: data as Record<string, unknown> });
  return res.anomalies.some((a) => a.code === "rule:r");
}

const data = { ...invoice("INV-T", { lines: [{ sku: "SKU-7", qty: 1, unit: 10 }] }), reference: " PO-12,po-13 ", attributes: { note: "Replaces SKU-7", n: 3 } };

test.each([
  'txn.reference.contains("PO-12")',
  'txn.reference.startsWith(" PO")',
  'txn.reference.endsWith("13 ")',
  'txn.reference.indexOf("po") == 7',
  'txn.reference.lastIndexOf("-1") == 9',
  'txn.reference.indexOf("po", 2) == 7',
  'txn.reference.trim().split(",") == ["PO-12", "po-13"]',
  'txn.reference.split(",", 1) == [" PO-12,po-13 "]',
  'txn.reference.split("-", 2) == [" PO", "12,po-13 "] && txn.reference.split("-", 0) == [] && txn.reference.split("-", -1).size() == 3',
  'txn.reference.lastIndexOf("-1", 8) == 3 && txn.reference.indexOf("", 4) == 4 && txn.attributes.note.indexOf("SKU", 1) == 9',
  'txn.reference.substring(1) == "PO-12,po-13 " && txn.reference.substring(1, 6) == "PO-12" && txn.reference.substring(13) == ""',
  'txn.attributes.note.substring(9, 14) == "SKU-7"',
  'txn.reference.trim().lowerAscii() == "po-12,po-13"',
  'txn.reference.upperAscii().contains("PO-13")',
  'string(txn.attributes.note).contains(txn.lines[0].sku)',
  'txn.attributes.note.contains("SKU-7")',
  'txn.lines.exists(l, txn.attributes.note.endsWith(l.sku))',
  'txn.lines.map(l, l.sku).join() == "SKU-7"',
  '(txn.lines.map(l, l.sku) + ["B"]).join("+") == "SKU-7+B"',
  '"hé😀".size() == 3',
  'b"abc".size() == 3',
  'txn.lines.size() == 1 && txn.attributes.size() == 2 && {"a": 1}.size() == 1',
  'txn.attributes.note.size() == 14',
  'size(txn.reference) == 13 && size(txn.lines) == 1 && size(txn.attributes) == 2 && size(b"ab") == 2',
])("%s", async (when) => {
  expect(await fired(when, data)).toBe(true);
});

test("a call on an attribute that is not a string fails as before (the rule does not match)", async () => {
  expect(await fired('txn.attributes.n.contains("3")', data)).toBe(false);
});

test.each(['txn.reference.substring(14) == ""', 'txn.reference.substring(3, 2) == ""', 'txn.reference.indexOf("P", 13) == 1', 'txn.reference.lastIndexOf("P", -1) == 1'])(
  "out of range, %s fails as cel-js's own does (the rule does not match)",
  async (when) => {
    expect(await fired(when, data)).toBe(false);
    expect(await fired(`!(${when})`, data)).toBe(false);
  },
);

test("type errors still name the call as written", () => {
  expect(problems(`rules:\n  - { id: r1, when: 'txn.reference.contains(1)' }`)[0]).toMatch(/^rules\[0\]\.when: .*contains/);
});
