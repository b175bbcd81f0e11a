// An approver's name is looked up among modules.compliance.approver_limits as a name, never as a
// property every object has: a transaction approved by "toString", "constructor", "valueOf" or
// "__proto__" answered 500 internal_error from the compliance module (the lookup found
// Object.prototype's function and called .toFixed on it; fifth attack pass).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer(
    "connectors:\n  - { id: inline, type: inline }\nmodules:\n  compliance: { approver_limits: { alice: 10000 }, default_approver_limit: 50000 }\n",
  );
});
afterAll(() => s.stop());

const approvedBy = (approver: string, amount: number) => ({
  connector: "inline",
  module: "compliance",
  data: { transaction_id: `INV-${approver}-${amount}`, date: "2026-03-04", customer_id: "C-1", currency: "USD", amount, approved_by: approver, lines: [{ sku: "S", quantity: 1, unit_price: amount, amount }] },
});

test.each(["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__"])("an approver named %s is judged by the default limit", async (approver) => {
  const under = await s.call("POST", "/v1/analyze", approvedBy(approver, 40_000));
  expect(under.status).toBe(200);
  expect((await json(under)).anomalies.map((a: { code: string }) => a.code)).not.toContain("approval_limit_exceeded");
  const over = await s.call("POST", "/v1/analyze", approvedBy(approver, 60_000));
  expect(over.status).toBe(200);
  const finding = (await json(over)).anomalies.find((a: { code: string }) => a.code === "approval_limit_exceeded");
  expect(finding.expected).toEqual({ amount_at_most: 50_000 });
});

test("a listed approver keeps their own limit", async () => {
  const r = await json(await s.call("POST", "/v1/analyze", approvedBy("alice", 20_000)));
  expect(r.anomalies.find((a: { code: string }) => a.code === "approval_limit_exceeded").expected).toEqual({ amount_at_most: 10_000 });
});
