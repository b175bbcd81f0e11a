// An inline transaction's `attributes` (the source's columns beyond the canonical fields) had no
// bound but the body's (ninth attack pass): 50,000 of them in an 877 KB analyze request cost
// ~0.2 s of the event loop unloaded, 0.4–0.7 s on a loaded machine — the leakage detectors read
// their markers (tax category, billing type…) by normalising every attribute name, several times
// a transaction — ten times a plain 1 MiB body, and ten such requests in flight held /livez 5 s.
// A source row has tens to a few hundred columns (the widest ERP line tables some hundreds); an
// analyze request takes up to 5,000, and more is 422 at `/data/attributes`, like alert metadata.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline }\n");
});
afterAll(() => s.stop());

const analyze = (attributes: Record<string, string>) =>
  s.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data: { transaction_id: "T-1", currency: "USD", amount: 100, attributes } });
const columns = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`column_${i}`, `value ${i}`]));

test("5,000 attributes are analysed; 5,001 are refused with 422 at /data/attributes", async () => {
  expect((await analyze(columns(5_000))).status).toBe(200);
  const refused = await analyze(columns(5_001));
  const body = (await refused.json()) as { code: string; errors: { path: string; message: string }[] };
  expect({ status: refused.status, code: body.code }).toEqual({ status: 422, code: "validation_failed" });
  expect(body.errors).toContainEqual({ path: "/data/attributes", message: expect.stringContaining("5000") });
});

test("50,000 attributes in a body under the size limit are refused, not analysed", async () => {
  const refused = await analyze(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`c${i}`, "v"])));
  expect(refused.status).toBe(422);
});

// A line's own columns (`lines[].attributes`, read by rules as `l.attributes`) are the few an
// export repeats per line: up to 100 a line, scalars only, each problem at its line's pointer.
const lineAnalyze = (lines: unknown[]) =>
  s.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data: { transaction_id: "T-2", currency: "USD", amount: 37, lines } });

test("a line's attributes: 100 are analysed; 101, or one that is not a scalar, are refused at the line's attributes", async () => {
  expect((await lineAnalyze([{ sku: "BRK", amount: 18.5, attributes: { Check: "CHK 101", Covers: 2, Void: false, Note: null } }, { sku: "BRK", amount: 18.5, attributes: columns(100) }])).status).toBe(200);
  for (const [attributes, path] of [
    [columns(101), "/data/lines/1/attributes"],
    [{ Check: { nested: 1 } }, "/data/lines/1/attributes"],
  ] as const) {
    const refused = await lineAnalyze([{ sku: "BRK", amount: 18.5 }, { sku: "BRK", amount: 18.5, attributes }]);
    const body = (await refused.json()) as { code: string; errors: { path: string }[] };
    expect({ status: refused.status, code: body.code }).toEqual({ status: 422, code: "validation_failed" });
    expect(body.errors.map((e) => e.path)).toContain(path);
  }
});
