// A report's content with a Range header (a download resumed). Bun answers a file body's ranges
// itself: a satisfiable one is 206 with its bytes, but one that starts past the end (or asks for
// the last 0 bytes) was Bun's bare 416 — an empty body labelled text/csv, no problem, logged 200
// (tenth attack pass). It is now 416 range_not_satisfiable as problem+json, with Content-Range
// giving the size; ranges Bun serves or ignores (malformed, several at once) are left to it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { RequestObservation } from "../../src/http/observe.ts";
import { activeUser, signIn } from "../support/dashboard.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

let s: Server;
let path: string;
let size: number;
const seen: RequestObservation[] = [];
beforeAll(async () => {
  s = await startServer();
  s.rt.observers.push((o) => seen.push(o));
  await s.call("POST", "/v1/alerts", { title: "a ranged alert", severity: "low", transaction_id: "INV-9" });
  const queued = await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }));
  expect((await waitForReport(s.call, queued.id)).status).toBe("completed");
  path = `/v1/reports/${queued.id}/content`;
  size = (await (await s.call("GET", path)).arrayBuffer()).byteLength;
});
afterAll(() => s.stop());

const ranged = (range: string) => s.call("GET", path, undefined, { headers: { range } });

test("a range within the file is 206 with its bytes", async () => {
  const res = await ranged("bytes=0-9");
  expect(res.status).toBe(206);
  expect(res.headers.get("content-range")).toBe(`bytes 0-9/${size}`);
  expect((await res.arrayBuffer()).byteLength).toBe(10);
});

// A client learns that it may resume a download from the whole file's answer (RFC 9110 §14.3);
// before (twelfth attack pass) ranges were served but never advertised.
test("the whole file and a part of it advertise Accept-Ranges: bytes", async () => {
  expect((await s.call("GET", path)).headers.get("accept-ranges")).toBe("bytes");
  expect((await ranged("bytes=0-9")).headers.get("accept-ranges")).toBe("bytes");
});

// SIZE stands for the file's size, known once the report is made: the first byte past the end.
test.each(["bytes=999999999-", "bytes=SIZE-", "bytes=SIZE-99999999", "bytes=-0"])(
  "%s cannot be served: 416 range_not_satisfiable as problem+json, with the size",
  async (range) => {
    const res = await ranged(range.replace("SIZE", String(size)));
    expect(res.status).toBe(416);
    expect(res.headers.get("content-type")).toStartWith("application/problem+json");
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
    const problem = await json(res);
    expect(problem.code).toBe("range_not_satisfiable");
    expect(problem.request_id).toStartWith("req_");
  },
);

/** The status the access log and metrics saw for the last request to `route`. */
const observedStatus = (route: string) => seen.findLast((o) => o.route === route)?.status;

// Eleventh attack pass: Bun applied the Range after Assay answered 200, so the access log and
// metrics counted a 206 as 200. Assay now answers the range itself.
test.each([
  ["bytes=0-9", 0, 9],
  ["bytes=-5", "SIZE-5", "SIZE-1"],
  ["bytes=3-", 3, "SIZE-1"],
  ["Bytes = 2 - 4", 2, 4],
  ["bytes=0-99999999", 0, "SIZE-1"],
  ["bytes=-99999999", 0, "SIZE-1"],
] as const)("%s is 206 with its bytes, and observed as 206", async (range, first, last) => {
  const at = (v: number | string) => (typeof v === "number" ? v : size + Number(v.slice(4)));
  const whole = new Uint8Array(await (await s.call("GET", path)).arrayBuffer());
  const res = await ranged(range);
  expect(res.status).toBe(206);
  expect(res.headers.get("content-range")).toBe(`bytes ${at(first)}-${at(last)}/${size}`);
  expect(new Uint8Array(await res.arrayBuffer())).toEqual(whole.subarray(at(first), at(last) + 1));
  expect(observedStatus("/v1/reports/:id/content")).toBe(206);
});

test("a Range with If-Range gets the whole file: a report's file carries no validator to match", async () => {
  const res = await s.call("GET", path, undefined, { headers: { range: "bytes=0-3", "if-range": '"v1"' } });
  expect(res.status).toBe(200);
  expect((await res.arrayBuffer()).byteLength).toBe(size);
  expect(observedStatus("/v1/reports/:id/content")).toBe(200);
});

test.each(["bytes=5-1", "bytes=0-0,2-2", "items=0-1", "bytes=0x10-20"])("%s is ignored: the whole file, 200", async (range) => {
  const res = await ranged(range);
  expect(res.status).toBe(200);
  expect((await res.arrayBuffer()).byteLength).toBe(size);
});

test("the dashboard's download answers the same range with its 416 page, and serves a range within", async () => {
  const { password } = await activeUser(s, "ranges@example.com", s.creds.accountId, "developer");
  const session = await signIn(s, "ranges@example.com", password);
  const download = `/dashboard/reports/${path.split("/")[3]}/download`;
  const past = await fetch(s.url + download, { headers: { cookie: session.cookie, range: `bytes=${size}-` } });
  expect(past.status).toBe(416);
  expect(past.headers.get("content-type")).toStartWith("text/html");
  expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
  const within = await fetch(s.url + download, { headers: { cookie: session.cookie, range: "bytes=0-4" } });
  expect(within.status).toBe(206);
  expect(within.headers.get("content-range")).toBe(`bytes 0-4/${size}`);
  expect((await within.arrayBuffer()).byteLength).toBe(5);
  expect(seen.findLast((o) => o.method === "GET")?.status).toBe(206);
});
