// A csv connector's `transactions` naming one file that is not a regular file. Fourteenth attack
// pass: a named pipe there (an export job writing through a FIFO, or none writing) held every scan
// — `POST /v1/analyze` without data had not answered after 30 s, the connector's status said
// "degraded: recovering" — as a device would be read for ever. Such a path is refused at once:
// 503 connector_unavailable saying what it is, as a folder's pipes and devices are skipped.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";
import { statusOf } from "../support/services.ts";

let server: TestServer;

beforeAll(async () => {
  const dir = makeTempDir();
  expect(Bun.spawnSync(["mkfifo", join(dir, "pipe.csv")]).exitCode).toBe(0);
  const entry = (id: string, path: string) => `  - { id: ${id}, type: csv, transactions: "${path}", timeout_ms: 1000, scan_timeout_s: 5, status: { interval_s: 3600 } }\n`;
  writeFileSync(join(dir, "lines.csv"), "transaction_id,sku,quantity,unit_price\nINV-1,A,1,10\n");
  const refpipe = `  - { id: refpipe, type: csv, transactions: "${join(dir, "lines.csv")}", reference: { price_list: "${join(dir, "pipe.csv")}" }, status: { interval_s: 3600 } }\n`;
  server = await startTestServer(`connectors:\n${entry("pipe", join(dir, "pipe.csv"))}${entry("device", "/dev/zero")}${refpipe}`, { dir });
});

afterAll(async () => {
  await server?.stop();
});

for (const id of ["pipe", "device"]) {
  test(`${id}: a scan is refused at once, 503 connector_unavailable naming what the file is`, async () => {
    const started = performance.now();
    const res = await server.call("POST", "/v1/analyze", { connector: id, module: "duplicate_detection" });
    const body = (await res.json()) as { code?: string; detail?: string };
    expect(res.status).toBe(503);
    expect(body.code).toBe("connector_unavailable");
    expect(body.detail).toContain("not a regular file");
    expect(performance.now() - started).toBeLessThan(3_000);
  }, 20_000);

  test(`${id}: its status says why`, async () => {
    const status = JSON.stringify(await statusOf(server, id));
    expect(status).toContain("not a regular file");
  }, 20_000);
}

test("a reference table on a named pipe is named as such, not as missing", async () => {
  const res = await server.call("POST", "/v1/analyze", { connector: "refpipe", module: "revenue_leakage", data: { transaction_id: "INV-1" } });
  const body = (await res.json()) as { code?: string; detail?: string };
  expect(res.status).toBe(503);
  expect(body.detail).toContain("the reference file for price_list is not a regular file");
}, 20_000);
