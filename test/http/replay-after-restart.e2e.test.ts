// A timestamped request replayed after the server restarted (fifteenth attack pass). One node
// keeps the signatures it has seen in memory, so a restart — a deploy, an upgrade — forgot them:
// on dist/assay a signed `POST /v1/alerts` was 201, its exact copy 401 `replayed_request`, and the
// same copy again after `assay serve` was stopped and started 201, a second alert. The signatures
// still inside their window are now kept in the database when the server stops, and read back
// before the next one listens.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { signedFetch, startTestServer, type TestServer } from "../support/harness.ts";
import { spawnServe } from "../support/process.ts";

const BINARY = process.env.ASSAY_BINARY;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.server.stop();
});
afterAll(() => s.stop());

test("an exact copy of a timestamped request is refused after a stop and a start too", async () => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const body = { title: "sent once", severity: "high" };
  const send = (url: string) => signedFetch(url, "POST", "/v1/alerts", body, { creds: s.creds, timestamp });

  const first = await spawnServe(s.configFile, {}, BINARY);
  expect((await send(first.url)).status).toBe(201);
  expect((await send(first.url)).status).toBe(401);
  expect(await first.kill("SIGTERM")).toBe(0);

  const second = await spawnServe(s.configFile, {}, BINARY);
  try {
    const replayed = await send(second.url);
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as { code: string }).code).toBe("replayed_request");
    // A new request of the same second (another body) is no replay.
    const other = await signedFetch(second.url, "POST", "/v1/alerts", { ...body, title: "another" }, { creds: s.creds, timestamp });
    expect(other.status).toBe(201);
  } finally {
    await second.kill("SIGTERM");
  }
}, 60_000);
