// `assay call --config FILE`: the server's own config file tells the client where the server
// listens and how it wants requests signed (signature scope, required timestamp). Before, `call`
// refused --config, although the README says every command accepts it, and a server with
// `scope: request` needed --scope and --url repeated by hand.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let config: string;

beforeAll(async () => {
  s = await startTestServer("security: { master_key_file: ./master.key, signature: { scope: request, timestamp: required } }\n");
  // The file the server would have been started with: its real port instead of the test's 0.
  config = join(s.dir, "served.yaml");
  writeFileSync(config, readFileSync(s.configFile, "utf8").replace("port: 0", `port: ${new URL(s.url).port}`));
});
afterAll(() => s.stop());

const keys = () => ({ ASSAY_API_KEY: s.creds.key, ASSAY_API_SECRET: s.creds.secret });
// Each signed request a different one: the server refuses a replay of a timestamped request.
let n = 0;
const health = () => `/v1/health?n=${++n}`;

test("--config gives the address, the request scope and the timestamp the server requires", async () => {
  const r = await runCli(["call", "GET", "/v1/alerts?limit=1", "--config", config], { env: keys() });
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout).object).toBe("list");
});

test("a --config flag beats $ASSAY_URL; --url beats the config", async () => {
  const flag = await runCli(["call", "GET", health(), "--config", config], { env: { ...keys(), ASSAY_URL: "http://127.0.0.1:9" } });
  expect(flag.code).toBe(0);
  const url = await runCli(["call", "GET", health(), "--config", config, "--url", "http://127.0.0.1:9"], { env: keys() });
  expect(url.code).toBe(1);
  expect(url.stderr).toContain("127.0.0.1:9");
});

test("$ASSAY_CONFIG is read the same way; without a config the body scope fails against this server", async () => {
  expect((await runCli(["call", "GET", health()], { env: { ...keys(), ASSAY_CONFIG: config } })).code).toBe(0);
  // Unset, not empty: an empty ASSAY_CONFIG read the current folder as the configuration and
  // failed for that (exit 1 too); it is a usage error now (config-path-edges.test.ts).
  const plain = await runCli(["call", "GET", health(), "--url", s.url], { env: { ...keys(), ASSAY_CONFIG: undefined } });
  expect(plain.code).toBe(1);
  expect(plain.stdout + plain.stderr).toContain("401");
});

test("a config file with a problem is named in the error", async () => {
  const bad = join(s.dir, "bad.yaml");
  writeFileSync(bad, "server: { port: -1 }\n");
  const r = await runCli(["call", "GET", health(), "--config", bad], { env: keys() });
  expect(r.code).not.toBe(0);
  expect(r.stderr).toContain("bad.yaml");
});
