// A completed report whose file is no longer a regular file (an operator replaced it by a folder,
// a named pipe, a link to /dev/full, or made it unreadable) is answered like a missing one: 404
// not_found as problem+json, at once, on the API and on the dashboard's download. Before (ninth
// attack pass's note), Bun answered a folder with its HTML 500 page (naming the server's working
// folder), a named pipe held the request until the client gave up, and a link to /dev/full
// streamed zeros until the connection was reset; each was logged 200.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { activeUser, signIn } from "../support/dashboard.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

let s: Server;
let reportId: string;
let file: string;
beforeAll(async () => {
  s = await startServer();
  await s.call("POST", "/v1/alerts", { title: "kept", severity: "low", transaction_id: "INV-1" });
  const queued = await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }));
  expect((await waitForReport(s.call, queued.id)).status).toBe("completed");
  reportId = queued.id;
  const dir = s.rt.config.reports.dir;
  file = join(dir, readdirSync(dir).find((name) => name.startsWith(reportId))!);
  renameSync(file, `${file}.kept`);
});
afterAll(() => s.stop());

/** Puts `make()` where the report's file was, runs `check`, and puts the file back. */
async function withFileReplaced(make: (path: string) => void, check: () => Promise<void>) {
  make(file);
  try {
    await check();
  } finally {
    rmSync(file, { recursive: true, force: true });
  }
}

const KINDS: [string, (path: string) => void][] = [
  ["a folder", (p) => mkdirSync(p)],
  ["a named pipe", (p) => execFileSync("mkfifo", [p])],
  ["a link to /dev/full", (p) => symlinkSync("/dev/full", p)],
  ["a link to a folder", (p) => symlinkSync("/", p)],
  ["a link to a regular file outside the folder", (p) => symlinkSync(s.configFile, p)],
];

test.each(KINDS)("the API answers 404 not_found when the file is %s", async (_, make) => {
  await withFileReplaced(make, async () => {
    const res = await s.call("GET", `/v1/reports/${reportId}/content`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toStartWith("application/problem+json");
    const problem = await json(res);
    expect(problem.code).toBe("not_found");
    expect(problem.detail).toContain("no longer available");
    expect(JSON.stringify(problem)).not.toContain(s.dir);
  });
}, 10_000);

test("the API still serves the file once it is back, and a regular file is served as before", async () => {
  renameSync(`${file}.kept`, file);
  try {
    const res = await s.call("GET", `/v1/reports/${reportId}/content`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("kept");
  } finally {
    renameSync(file, `${file}.kept`);
  }
});

test("the dashboard's download answers its not-found page for a folder or a named pipe", async () => {
  const { password } = await activeUser(s, "kinds@example.com", s.creds.accountId, "developer");
  const session = await signIn(s, "kinds@example.com", password);
  for (const [, make] of [KINDS[0]!, KINDS[1]!, KINDS[2]!]) {
    await withFileReplaced(make, async () => {
      const res = await session.get(`/dashboard/reports/${reportId}/download`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toStartWith("text/html");
      expect(await res.text()).not.toContain("__bunfallback");
    });
  }
}, 15_000);

test("a file this process cannot read is not found either (skipped as root, where modes do not stop reads)", async () => {
  if (process.getuid?.() === 0) return;
  writeFileSync(file, "secret");
  chmodSync(file, 0);
  try {
    const res = await s.call("GET", `/v1/reports/${reportId}/content`);
    expect(res.status).toBe(404);
  } finally {
    rmSync(file, { force: true });
  }
});
