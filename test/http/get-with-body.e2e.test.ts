// A GET (or HEAD) that carries a body is refused: Bun frames the body but gives the handler none
// for these methods, so the signature — HMAC-SHA256 of the request body, the spec says — could only
// be checked against the empty string. Before (twelfth attack pass) `GET /v1/health` with the body
// `hello` was 200 signed over the empty string, and 401 invalid_signature signed over `hello`, its
// actual body: the wrong signature passed and the right one failed. It is now 400 invalid_request
// whatever it is signed over; `Content-Length: 0` is no body and is served as before.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { signHex } from "../../src/auth/signature.ts";
import { parseResponses, rawExchange } from "../support/raw-http.ts";
import { type Server, startServer } from "../support/server.ts";

let s: Server;
let port: number;
beforeAll(async () => {
  s = await startServer();
  port = Number(new URL(s.url).port);
});
afterAll(() => s.stop());

function request(method: string, path: string, signedOver: string, framing: string): string {
  return (
    `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${s.creds.key}\r\n` +
    `X-Service-Signature: ${signHex(s.creds.secret, signedOver)}\r\nContent-Type: application/json\r\n${framing}`
  );
}

async function answer(bytes: string) {
  const [first] = parseResponses((await rawExchange(port, bytes, { timeoutMs: 5_000 })).text);
  return { status: first!.status, code: first!.body ? (JSON.parse(first!.body) as { code?: string }).code : undefined };
}

for (const path of ["/v1/health", "/v1/alerts"]) {
  test(`GET ${path} with a body is 400 invalid_request, signed over the body or over nothing`, async () => {
    for (const signedOver of ["hello", ""]) {
      expect(await answer(request("GET", path, signedOver, "Content-Length: 5\r\n\r\nhello"))).toEqual({ status: 400, code: "invalid_request" });
      expect(await answer(request("GET", path, signedOver, "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"))).toEqual({ status: 400, code: "invalid_request" });
    }
    expect((await answer(request("HEAD", path, "", "Content-Length: 5\r\n\r\nhello"))).status).toBe(400);
  });

  test(`GET ${path} with Content-Length: 0 is served`, async () => {
    expect((await answer(request("GET", path, "", "Content-Length: 0\r\n\r\n"))).status).toBe(200);
  });
}
