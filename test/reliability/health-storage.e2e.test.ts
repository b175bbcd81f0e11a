// Health tells the truth about storage: when writes cannot commit (database full, read-only)
// GET /v1/health is 503 with checks.storage "unavailable", as writes are 503 storage_unavailable.
import { expect, test } from "bun:test";
import type { SqliteStore } from "../../src/store/sqlite/index.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const db = (s: TestServer) => (s.rt.store as SqliteStore).db;

async function health(s: TestServer) {
  // The storage check is reused for a second: wait it out.
  await Bun.sleep(1100);
  const r = await s.call("GET", "/v1/health");
  return { status: r.status, body: (await r.json()) as { checks: { storage: string } } };
}

test("a full database (max_page_count reached): health 503, writes 503", async () => {
  const s = await startTestServer();
  try {
    expect((await health(s)).status).toBe(200);
    const pages = (db(s).query("PRAGMA page_count").get() as { page_count: number }).page_count;
    db(s).exec(`PRAGMA max_page_count = ${pages}`);
    let write = await s.call("POST", "/v1/alerts", { title: "fill", severity: "low", description: "x".repeat(4000) });
    for (let i = 0; i < 50 && write.status === 201; i++) {
      write = await s.call("POST", "/v1/alerts", { title: "fill", severity: "low", description: "x".repeat(4000) });
    }
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe("1");
    expect(((await write.json()) as { code: string }).code).toBe("storage_unavailable");
    const h = await health(s);
    expect(h.status).toBe(503);
    expect(h.body.checks.storage).toBe("unavailable");
    db(s).exec("PRAGMA max_page_count = 1073741823");
    expect((await health(s)).status).toBe(200);
  } finally {
    await s.stop();
  }
}, 30_000);

test("read-only storage: health 503", async () => {
  const s = await startTestServer();
  try {
    db(s).exec("PRAGMA query_only = 1");
    const h = await health(s);
    expect(h.status).toBe(503);
    expect(h.body.checks.storage).toBe("unavailable");
    db(s).exec("PRAGMA query_only = 0");
  } finally {
    await s.stop();
  }
}, 30_000);
