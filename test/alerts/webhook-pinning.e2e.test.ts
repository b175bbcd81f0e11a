// Webhooks (and http connectors) go to the address the SSRF check approved, not to a second resolution of the name:
// a DNS server that answers a public address first and 127.0.0.1 next (DNS rebinding) does not
// get a delivery onto the appliance's loopback. The server's resolver is a test seam
// (RuntimeOptions.resolve); the receivers are real HTTP(S) servers; for HTTPS the certificate
// is still verified against the URL's host name, not the address connected to.
import { afterAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { blockedReason } from "../../src/connectors/http/ssrf.ts";
import { pinnedFetch } from "../../src/connectors/http/pinned-fetch.ts";
import { makeTempDir } from "../support/harness.ts";
import { json, startServer } from "../support/server.ts";
import { firstCheck } from "../support/services.ts";
import { until } from "../support/wait.ts";

const SECRET = "whsec_test_0123456789abcdef";
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** Outside CI a machine without what a test needs passes it by; under CI=true the test must run. */
function requiredUnderCi(what: string): void {
  if (process.env.CI === "true") throw new Error(`this test needs ${what} on the machine (CI=true: it must run)`);
}

/** An IPv4 address of this machine that the SSRF rules allow (not loopback), if it has one. */
function reachableAllowedAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal && blockedReason(a.address) === undefined)?.address;
}

function recorder(hostname: string, port = 0) {
  const got: { host: string | null; type: string | null }[] = [];
  const server = Bun.serve({
    hostname,
    port,
    async fetch(req) {
      await req.text();
      got.push({ host: req.headers.get("host"), type: req.headers.get("x-assay-event-type") });
      return new Response(null, { status: 204 });
    },
  });
  cleanup.push(() => server.stop(true));
  return { got, port: server.port! };
}

describe("webhook connections are pinned to the checked address", () => {
  test("a rebinding answer (public, then 127.0.0.1) delivers to the checked address with the original Host", async () => {
    const allowed = reachableAllowedAddress();
    if (!allowed) return requiredUnderCi("an IPv4 interface that is not loopback"); // nothing to pin to
    const good = recorder(allowed);
    const victim = recorder("127.0.0.1", good.port); // the appliance's own loopback, same port
    const answers: string[] = [];
    // First answer passes the check; every later one points at loopback.
    const resolve = async (host: string) => {
      answers.push(host);
      return answers.length === 1 ? [allowed] : ["127.0.0.1"];
    };
    const s = await startServer(
      `alerts:
  webhooks:
    - { id: ops, url: "http://hooks.rebind.test:${good.port}/hook", secret: "\${HOOK_SECRET}", events: ["alert.created"] }
  webhook_delivery: { backoff_initial_ms: 50, backoff_max_ms: 200, poll_interval_ms: 20 }
`,
      { env: { HOOK_SECRET: SECRET }, resolve },
    );
    cleanup.push(() => s.stop());
    await json(await s.call("POST", "/v1/alerts", { title: "Pinned", severity: "medium" }));
    await until("the delivery", () => good.got.length >= 1);
    expect(good.got[0]).toEqual({ host: `hooks.rebind.test:${good.port}`, type: "alert.created" });
    expect(victim.got).toEqual([]);
    expect(answers).toEqual(["hooks.rebind.test"]); // resolved once: for the check, used to connect
  });

  test("the http connector's requests are pinned the same way", async () => {
    const allowed = reachableAllowedAddress();
    if (!allowed) return requiredUnderCi("an IPv4 interface that is not loopback");
    const seen: { where: string; host: string | null }[] = [];
    const serve = (hostname: string, port = 0) => {
      const server = Bun.serve({
        hostname,
        port,
        fetch(req) {
          seen.push({ where: hostname, host: req.headers.get("host") });
          return Response.json({ transaction_id: "INV-1", type: "invoice", currency: "EUR", amount: 10, lines: [] });
        },
      });
      cleanup.push(() => server.stop(true));
      return server.port!;
    };
    const port = serve(allowed);
    serve("127.0.0.1", port);
    let calls = 0;
    const resolve = async () => (++calls === 1 ? [allowed] : ["127.0.0.1"]);
    const s = await startServer(
      `connectors:
  - { id: svc, type: http, url: "http://source.rebind.test:${port}/api", transactions: /transactions, lookup: "/transactions/{id}", status: { interval_s: 3600 } }
`,
      { resolve },
    );
    cleanup.push(() => s.stop());
    await firstCheck(s, "svc");
    calls = 0; // whatever the start-up probe resolved, the lookup below starts a fresh sequence
    seen.length = 0;
    expect(await s.rt.connectors.get("svc")!.getTransaction("INV-1")).toMatchObject({ transaction_id: "INV-1" });
    expect(seen).toEqual([{ where: allowed, host: `source.rebind.test:${port}` }]);
  });

  test("HTTPS: connected to the address, the certificate is verified for the URL's host name (SNI)", async () => {
    const dir = makeTempDir();
    const made = Bun.spawnSync(
      ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=hooks.example.test", "-addext", "subjectAltName=DNS:hooks.example.test", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
      { stderr: "ignore", stdout: "ignore" },
    );
    if (made.exitCode !== 0) return requiredUnderCi("openssl, to make a certificate"); // no certificate to test with
    const cert = await Bun.file(join(dir, "cert.pem")).text();
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      tls: { cert, key: await Bun.file(join(dir, "key.pem")).text() },
      fetch: (req) => new Response(req.headers.get("host")),
    });
    cleanup.push(() => server.stop(true));
    const right = await pinnedFetch(new URL(`https://hooks.example.test:${server.port}/x`), "127.0.0.1", { tls: { ca: cert } });
    expect(await right.text()).toBe(`hooks.example.test:${server.port}`);
    // The same address under a name the certificate does not carry is refused.
    const wrong = pinnedFetch(new URL(`https://other.example.test:${server.port}/x`), "127.0.0.1", { tls: { ca: cert } });
    await expect(wrong).rejects.toMatchObject({ code: "ERR_TLS_CERT_ALTNAME_INVALID" });
  });
});
