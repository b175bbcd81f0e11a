// A rule's message may show what the data holds (`{string(txn.attributes.memo)}`), and an
// attribute's value has no limit but the body's (1 MiB): each such finding carried the whole
// value into the analysis, its alert and every alert list — 100 alerts of a 1 MB memo made
// `GET /v1/alerts` a 100 MB answer that held the event loop 1.2 s on the built binary
// (seventeenth attack pass), and a template repeating the placeholder multiplied it. A
// placeholder shows at most MAX_PLACEHOLDER_CHARS characters and a message at most
// MAX_RULE_MESSAGE_CHARS, each cut with "…".
import { expect, test } from "bun:test";
import { invoice } from "./fixtures.ts";
import { makeEngine, memoryConnector, modulesConfig, rulesConfig } from "../support/engine.ts";
import { MAX_PLACEHOLDER_CHARS, MAX_RULE_MESSAGE_CHARS } from "../../src/analysis/rules/compile.ts";
import { scoreFindings } from "../../src/analysis/evaluate.ts";
import { MAX_MESSAGE_CHARS } from "../../src/analysis/message-length.ts";

async function message(template: string, memo: string): Promise<string | undefined> {
  const rule = { id: "memo", module: "revenue_leakage", when: '"memo" in txn.attributes', message: template };
  const { engine } = makeEngine([memoryConnector({ transactions: [] })], modulesConfig(), 70, rulesConfig([rule]));
  const data = { ...invoice("INV-M", { lines: [{ sku: "SKU-7", qty: 1, unit: 10 }] }), attributes: { memo } };
  const res = await engine.analyze({ accountId: "acct_1", connector: "mem", module: "revenue_leakage", data: data as unknown as Record<string, unknown> });
  return res.anomalies.find((a) => a.code === "rule:memo")?.message;
}

test("a short value is shown whole", async () => {
  expect(await message("memo on {transaction_id}: {string(txn.attributes.memo)}", "refund 12")).toBe("memo on INV-M: refund 12");
});

test("a 1 MB value is cut to MAX_PLACEHOLDER_CHARS characters and an ellipsis", async () => {
  const shown = await message("memo: {string(txn.attributes.memo)}", `refund ${"m".repeat(1_000_000)}`);
  expect(shown).toBe(`memo: refund ${"m".repeat(MAX_PLACEHOLDER_CHARS - 8)}…`);
});

test("a template repeating the placeholder stays within MAX_RULE_MESSAGE_CHARS", async () => {
  const template = Array.from({ length: 30 }, () => "{string(txn.attributes.memo)}").join(" ");
  const shown = await message(template, "m".repeat(100_000));
  expect(shown!.length).toBe(MAX_RULE_MESSAGE_CHARS);
  expect(shown!.endsWith("…")).toBe(true);
});

test("a detector's message quoting the data is bounded the same way (scoreFindings)", () => {
  const finding = { code: "rare_value" as const, score: 1, message: `value ${"v".repeat(1_000_000)} never seen`, field: "attributes.memo", expected: null, actual: null, amount_at_risk: 0 };
  const module = { weights: new Map([["rare_value", 0.8]]) } as unknown as Parameters<typeof scoreFindings>[2];
  const { anomalies } = scoreFindings([finding], "INV-D", module, modulesConfig());
  expect(anomalies[0]!.message.length).toBe(MAX_MESSAGE_CHARS);
  expect(anomalies[0]!.message.endsWith("…")).toBe(true);
});
