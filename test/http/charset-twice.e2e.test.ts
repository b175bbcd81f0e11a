// A Content-Type that declares its charset twice (ninth attack pass): `application/json;
// charset=utf-8; charset=latin1` was read by the first parameter and the body accepted as UTF-8,
// while a gateway or an audit log that reads the last one decodes the same signed bytes as Latin-1
// — "é" is then "Ã©". Parsers disagree on which parameter counts (as with a key given twice in a
// JSON object, test/http/duplicate-keys.e2e.test.ts), so every charset given must be UTF-8.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const raw = JSON.stringify({ title: "Café", severity: "low" });

test("a second charset other than UTF-8 is refused with 415 naming it, on every route with a body", async () => {
  for (const path of ["/v1/alerts", "/v1/analyze", "/v1/reports"]) {
    for (const type of ["application/json; charset=utf-8; charset=latin1", 'application/json; charset="utf-8";charset=windows-1252', "application/json; charset=latin1; charset=utf-8"]) {
      const res = await s.call("POST", path, undefined, { raw, headers: { "content-type": type } });
      const body = (await res.json()) as { code: string; detail: string };
      expect({ path, type, status: res.status, code: body.code }).toEqual({ path, type, status: 415, code: "unsupported_media_type" });
      expect(body.detail).toMatch(/charset=(latin1|windows-1252)/);
    }
  }
});

test("UTF-8 given twice, in any spelling, is read as before", async () => {
  const res = await s.call("POST", "/v1/alerts", undefined, { raw, headers: { "content-type": 'application/json; charset=UTF-8; charset="utf8"' } });
  expect(res.status).toBe(201);
  expect(((await res.json()) as { title: string }).title).toBe("Café");
});
