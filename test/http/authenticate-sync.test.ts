// Authentication answers without a promise while every answer is at hand (the key cached, the
// limiter in memory, no recent failures): the hot path then costs no promise jobs. Whatever has
// to wait — a key not yet cached, a recent failure — makes the call return a promise instead,
// with the same outcome.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signHex } from "../../src/auth/signature.ts";
import { ApiError } from "../../src/domain/errors.ts";
import { beginRequest } from "../../src/http/request-state.ts";
import { admit } from "../../src/http/steps.ts";
import { startServer, type Server } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

function signedRequest(key: string, signature: string) {
  const request = new Request(`${s.url}/v1/health`, { headers: { authorization: `Bearer ${key}`, "x-service-signature": signature } });
  const state = beginRequest(request, "10.0.0.1", performance.now());
  state.raw = new Uint8Array(0);
  return { request, state };
}

describe("Authenticator.authenticate", () => {
  test("a key not yet cached is looked up (a promise); once cached the same request is admitted synchronously", async () => {
    const c = await s.account();
    const first = signedRequest(c.key, signHex(c.secret, ""));
    const lookedUp = s.rt.authenticator.authenticate(first.request, first.state);
    expect(lookedUp).toBeInstanceOf(Promise);
    await lookedUp;
    expect(first.state.auth?.key.id).toBe(c.keyId);

    const again = signedRequest(c.key, signHex(c.secret, ""));
    const answer = s.rt.authenticator.authenticate(again.request, again.state);
    expect(answer).toBeUndefined(); // no promise: admitted at once
    expect(again.state.auth?.key.id).toBe(c.keyId);
    expect(again.state.headers["x-ratelimit-remaining"]).toBeDefined();
  });

  test("a bad signature on a cached key is refused (401) and counted; the next calls wait for the failure limiter", async () => {
    const c = await s.account();
    const warm = signedRequest(c.key, signHex(c.secret, ""));
    await s.rt.authenticator.authenticate(warm.request, warm.state);

    const bad = signedRequest(c.key, signHex("not the secret", ""));
    const refused = s.rt.authenticator.authenticate(bad.request, bad.state);
    expect(refused).toBeInstanceOf(Promise); // the failure is counted per address before it is reported
    const error = await (refused as Promise<void>).then(() => null, (e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("invalid_signature");
    expect(bad.state.auth).toBeUndefined();

    // Right after a failure every request first asks the failure limiter: a promise, same outcome.
    const good = signedRequest(c.key, signHex(c.secret, ""));
    const admitted = s.rt.authenticator.authenticate(good.request, good.state);
    expect(admitted).toBeInstanceOf(Promise);
    await admitted;
    expect(good.state.auth?.key.id).toBe(c.keyId);
  });

  test("admit reports a body decoding error only once the caller is authenticated (thrown or rejected)", async () => {
    const c = await s.account();
    const warm = signedRequest(c.key, signHex(c.secret, ""));
    await s.rt.authenticator.authenticate(warm.request, warm.state);
    const r = signedRequest(c.key, signHex(c.secret, ""));
    r.state.bodyError = new ApiError("malformed_json", "the request body could not be parsed");
    let thrown: unknown;
    let returned: unknown;
    try {
      returned = admit(s.rt.authenticator, r.request, r.state);
      if (returned instanceof Promise) await returned;
    } catch (e) {
      thrown = e;
    }
    expect((thrown as ApiError).code).toBe("malformed_json");
    expect(r.state.auth?.key.id).toBe(c.keyId); // authenticated first: the caller is known
  });
});
