// A stray `"` in a CSV export, through a running server. A field that starts with a quote which
// is never closed made the rest of the file one field of one record: the rows after it vanished
// without a word (under 16 MiB; over it, the file was refused). Now the file is unavailable with
// a reason naming the line where the quote opened. A quote in the middle of a field (`12" pipe`)
// is a literal character, and quoted fields over several lines that do close keep working.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { startServer, type Server } from "../support/server.ts";
import { statusOf } from "../support/services.ts";

const HEADER = "transaction_id,customer_id,currency,sku,quantity,unit_price,reference";
let s: Server;

beforeAll(async () => {
  const dir = makeTempDir();
  const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `INV-${from + k},C1,USD,S1,1,80,ok`);
  writeFileSync(join(dir, "stray.csv"), [HEADER, ...rows(1, 5), 'INV-5,C1,USD,S1,1,80,"PO 5', ...rows(6, 50)].join("\n") + "\n");
  writeFileSync(
    join(dir, "inches.csv"),
    [HEADER, 'INV-1,C1,USD,S1,1,80,12" pipe', 'INV-2,C1,USD,S1,1,80,"two\nlines, closed"', "INV-3,C1,USD,S1,1,80,last"].join("\n") + "\n",
  );
  writeFileSync(join(dir, "small.csv"), `${HEADER}\nINV-1,C1,USD,S1,1,80,ok\n`);
  writeFileSync(join(dir, "prices.csv"), 'sku,list_price,currency\nS1,100,USD\nS2,"100,USD\nS3,90,USD\n');
  s = await startServer(
    `connectors:
  - { id: stray, type: csv, transactions: ./stray.csv }
  - { id: inches, type: csv, transactions: ./inches.csv }
  - { id: priced, type: csv, transactions: ./small.csv, reference: { price_list: ./prices.csv } }
`,
    { dir },
  );
});
afterAll(() => s.stop());

test("a quote never closed makes the file unavailable, naming the line where it opened", async () => {
  const res = await s.call("POST", "/v1/analyze", { connector: "stray", module: "compliance", data: { transaction_id: "INV-20" } });
  const body = (await res.json()) as { code: string; detail: string };
  expect({ status: res.status, code: body.code }).toEqual({ status: 503, code: "connector_unavailable" });
  expect(body.detail).toContain("stray.csv: the quoted field opened on line 6 (byte ");
  expect(body.detail).toContain("is never closed");
  const status = await statusOf(s, "stray");
  expect(JSON.stringify(status)).toContain("opened on line 6");
});

test("the same in a reference table", async () => {
  const res = await s.call("POST", "/v1/analyze", { connector: "priced", module: "revenue_leakage", data: { transaction_id: "INV-1" } });
  const body = (await res.json()) as { code: string; detail: string };
  expect({ status: res.status, code: body.code }).toEqual({ status: 503, code: "connector_unavailable" });
  expect(body.detail).toContain("prices.csv: the quoted field opened on line 3 (byte ");
});

test("a quote inside a field is a literal; a quoted field over two lines that closes is one field", async () => {
  const read = async (id: string) => {
    const res = await s.call("POST", "/v1/analyze", { connector: "inches", module: "compliance", data: { transaction_id: id } });
    expect(res.status).toBe(200);
  };
  for (const id of ["INV-1", "INV-2", "INV-3"]) await read(id);
  const connector = s.rt.connectors.get("inches")!;
  expect((await connector.getTransaction("INV-1"))?.reference).toBe('12" pipe');
  expect((await connector.getTransaction("INV-2"))?.reference).toBe("two\nlines, closed");
  expect((await connector.getTransaction("INV-3"))?.reference).toBe("last");
});
