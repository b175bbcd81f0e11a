// `assay serve --host 0.0.0.0` without TLS served the API and the dashboard in clear to the
// network without a word (seventeenth attack pass): keys, signed bodies, passwords and session
// cookies readable on the wire, and the session cookie sent by browsers to every other app on the
// host name. The server now says so once, as a warning after "listening"; on loopback, or with
// TLS in front, it says nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { plainHttpWarning } from "../../src/cli/plain-http-warning.ts";

const BINARY = process.env.ASSAY_BINARY;
const MAIN = join(import.meta.dir, "../../src/main.ts");

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.server.stop();
});
afterAll(() => s.stop());

/** The log lines of `assay serve` with `args` up to its "listening" line and a moment after. */
async function serveLog(args: string[]): Promise<{ msg: string; level: string }[]> {
  const cmd = BINARY ? [BINARY] : [process.execPath, "run", MAIN];
  const proc = Bun.spawn([...cmd, "serve", "--config", s.configFile, "--port", "0", ...args], { stdout: "pipe", stderr: "pipe" });
  let text = "";
  const decoder = new TextDecoder();
  const reader = proc.stdout.getReader();
  const deadline = Date.now() + 15_000;
  while (!text.includes('"msg":"listening"') && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  // The warning follows the listening line in the same turn.
  await Bun.sleep(300);
  proc.kill("SIGKILL");
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  await proc.exited;
  return text.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
}

describe("serving plain HTTP beyond the host", () => {
  test("--host 0.0.0.0 without TLS logs a warning naming what crosses the network and what to do", async () => {
    const lines = await serveLog(["--host", "0.0.0.0"]);
    expect(lines.some((l) => l.msg === "listening")).toBe(true);
    const warning = lines.find((l) => l.level === "warn" && l.msg.startsWith("serving plain HTTP beyond this host"));
    expect(warning?.msg).toContain("session cookie");
    expect(warning?.msg).toContain("server.tls");
  }, 30_000);

  test("on loopback nothing is said", async () => {
    const lines = await serveLog(["--host", "127.0.0.1"]);
    expect(lines.some((l) => l.msg === "listening")).toBe(true);
    expect(lines.some((l) => l.msg.startsWith("serving plain HTTP"))).toBe(false);
  }, 30_000);

  test("the rule: loopback names and TLS (Assay's or a proxy's https public_url) are quiet", () => {
    const plain = { tls: false, dashboardEnabled: true, publicUrl: undefined };
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"]) expect(plainHttpWarning({ ...plain, host })).toBeNull();
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "assay.corp.internal"]) expect(plainHttpWarning({ ...plain, host })).not.toBeNull();
    expect(plainHttpWarning({ ...plain, host: "0.0.0.0", tls: true })).toBeNull();
    expect(plainHttpWarning({ ...plain, host: "0.0.0.0", publicUrl: "https://assay.example.com" })).toBeNull();
    expect(plainHttpWarning({ ...plain, host: "0.0.0.0", publicUrl: "http://assay.example.com" })).not.toBeNull();
    expect(plainHttpWarning({ ...plain, host: "0.0.0.0", dashboardEnabled: false })).not.toContain("session cookie");
  });
});
