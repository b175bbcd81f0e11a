// `assay serve --host` (fifteenth attack pass). An empty value — `--host "$ASSAY_HOST"` with the
// variable unset, `--host=` — was handed to Bun.serve, which listened on every interface (`*:port`,
// logged as `http://:port`): the API and the dashboard of a server meant for 127.0.0.1 were open to
// the network, without a word. A host no socket can listen on answered the bare errno (`assay:
// EINVAL: invalid argument, listen`, `getaddrinfo ENOTFOUND …`), naming neither the address nor
// the setting. An empty host is now a usage error (exit 2) before anything starts, and a failed
// listen names the address and `server.host`/`--host` (exit 1).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/harness.ts";

const BINARY = process.env.ASSAY_BINARY;
const MAIN = join(import.meta.dir, "../../src/main.ts");

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.server.stop();
});
afterAll(() => s.stop());

/** `assay serve` with `args`, killed after 10 s (a server that started would still be running). */
async function serve(args: string[]) {
  const cmd = BINARY ? [BINARY] : [process.execPath, "run", MAIN];
  const proc = Bun.spawn([...cmd, "serve", "--config", s.configFile, "--port", "0", ...args], { stdout: "pipe", stderr: "pipe", timeout: 10_000, killSignal: "SIGKILL" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

describe("assay serve --host", () => {
  for (const host of ["", "   "]) {
    test(`an empty host (${JSON.stringify(host)}) is a usage error, not every interface`, async () => {
      const r = await serve([`--host=${host}`]);
      expect(r.stdout + r.stderr).not.toContain('"msg":"listening"');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--host");
    }, 20_000);
  }

  test("a host no socket can listen on is named with the setting", async () => {
    const r = await serve(["--host", "999.1.1.1"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("cannot listen on 999.1.1.1");
    expect(r.stderr).toContain("server.host");
  }, 20_000);
});
