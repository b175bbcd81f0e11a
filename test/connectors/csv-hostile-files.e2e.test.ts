// Customer files an admin's connector points at, as the seventh attack pass wrote them, through a
// running server: whatever they hold, the server answers with a documented problem and stays
// responsive. A file whose lines end with a carriage return alone (Excel for Mac's "CSV
// (Macintosh)") was read as one row — a header holding every row's fields, no data rows — and
// its connector reported healthy with no transactions; it is now unavailable, saying why. So is a
// UTF-16 file without a byte order mark (read as ids full of NULs that no lookup found). A header
// of a million columns is read (its first lookup held the event loop ~3.5 s matching the mapping's
// names against every column: test/connectors/column-index.test.ts has the bound).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { startServer, type Server } from "../support/server.ts";
import { statusOf } from "../support/services.ts";

const HEADER = "transaction_id,customer_id,currency,sku,quantity,unit_price,amount";
const rows = (n: number) => Array.from({ length: n }, (_, k) => `INV-${k + 1},C${k % 5},USD,S1,1,80,80`);
let s: Server;

beforeAll(async () => {
  const dir = makeTempDir();
  writeFileSync(join(dir, "mac.csv"), [HEADER, ...rows(200)].join("\r") + "\r");
  writeFileSync(join(dir, "lines.csv"), [HEADER, ...rows(20)].join("\r\n") + "\r\n");
  writeFileSync(join(dir, "mac-prices.csv"), ["sku,list_price,currency", "S1,100,USD", "S2,90,USD"].join("\r") + "\r");
  // UTF-16 without a byte order mark: every other byte of its text is NUL.
  writeFileSync(join(dir, "utf16.csv"), Buffer.from([HEADER, ...rows(20)].join("\r\n") + "\r\n", "utf16le"));
  writeFileSync(join(dir, "wide.csv"), `transaction_id,currency${",extra".repeat(1_000_000)}\nINV-1,USD${",x".repeat(1_000_000)}\n`);
  s = await startServer(
    `connectors:
  - { id: mac, type: csv, transactions: ./mac.csv }
  - { id: macref, type: csv, transactions: ./lines.csv, reference: { price_list: ./mac-prices.csv } }
  - { id: crlf, type: csv, transactions: ./lines.csv }
  - { id: wide, type: csv, transactions: ./wide.csv }
  - { id: utf16, type: csv, transactions: ./utf16.csv }
`,
    { dir },
  );
});
afterAll(() => s.stop());

const analyze = async (connector: string, module: string, id: string) => {
  const res = await s.call("POST", "/v1/analyze", { connector, module, data: { transaction_id: id } });
  return { status: res.status, body: (await res.json()) as { code?: string; detail?: string; transaction_id?: string } };
};

test("lines ended by a carriage return alone: the file is unavailable, saying so, not read as one row", async () => {
  const { status, body } = await analyze("mac", "compliance", "INV-20");
  // Before: 404 transaction_not_found, the connector healthy with no transactions.
  expect({ status, code: body.code }).toEqual({ status: 503, code: "connector_unavailable" });
  expect(body.detail).toContain("mac.csv: its lines end with a carriage return alone");
  expect(JSON.stringify(await statusOf(s, "mac"))).toContain("carriage return alone");
});

test("the same in a reference table; CRLF files read as before", async () => {
  const { status, body } = await analyze("macref", "revenue_leakage", "INV-1");
  expect({ status, code: body.code }).toEqual({ status: 503, code: "connector_unavailable" });
  expect(body.detail).toContain("mac-prices.csv: its lines end with a carriage return alone");
  const crlf = await analyze("crlf", "compliance", "INV-20");
  expect({ status: crlf.status, id: crlf.body.transaction_id }).toEqual({ status: 200, id: "INV-20" });
});

test("UTF-16 without a byte order mark: the file is unavailable, saying so, not read as ids full of NULs", async () => {
  const { status, body } = await analyze("utf16", "compliance", "INV-20");
  // Before: 404 transaction_not_found, the connector healthy: its header matched loosely (NULs are
  // no letters), its ids were "I\0N\0V\0-\02\00\0".
  expect({ status, code: body.code }).toEqual({ status: 503, code: "connector_unavailable" });
  expect(body.detail).toContain("utf16.csv: its header holds NUL bytes");
});

test("a header of a million columns is read and its transaction analysed", async () => {
  // Its index may still be building on a loaded machine: 504 connector_timeout meanwhile (documented).
  let answer = await analyze("wide", "compliance", "INV-1");
  for (let i = 0; answer.status === 504 && i < 30; i++) {
    await Bun.sleep(1000);
    answer = await analyze("wide", "compliance", "INV-1");
  }
  expect({ status: answer.status, id: answer.body.transaction_id }).toEqual({ status: 200, id: "INV-1" });
});
