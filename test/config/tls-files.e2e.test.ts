// server.tls names files that cannot serve TLS (ninth attack pass). `assay config check` said
// "ok" to all of these, and `assay serve` failed naming neither the setting nor what to do: a
// missing certificate with `ENOENT: no such file or directory, open …`, a folder with `EISDIR:
// illegal operation on a directory, read`, the certificate and key the wrong way round or a file
// that is not PEM with `error:0900006e:PEM routines:OPENSSL_internal:NO_START_LINE`, a key the
// certificate was not issued for with `…:KEY_VALUES_MISMATCH`; /dev/zero was read until memory
// ran out. Both commands now name the setting, the file and what it must hold, and read a TLS
// file to one byte past 1 MiB.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";

const BINARY = process.env.ASSAY_BINARY;
const MAIN = join(import.meta.dir, "../../src/main.ts");
const dir = makeTempDir("assay-tls-files-");
const cert = join(dir, "cert.pem");
const key = join(dir, "key.pem");

beforeAll(() => {
  const made = Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"]);
  expect(made.exitCode).toBe(0);
  writeFileSync(join(dir, "master.key"), `${"0a".repeat(32)}\n`, { mode: 0o600 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `assay <command> --config` on a config whose server.tls names `tlsCert` and `tlsKey`; killed after 15 s. */
async function withTls(command: string[], tlsCert: string, tlsKey: string) {
  const config = join(dir, "assay.yaml");
  writeFileSync(config, `server: { port: 0, access_log: false, tls: { cert: "${tlsCert}", key: "${tlsKey}" } }\nstorage: { path: ./assay.db }\nsecurity: { master_key_file: ./master.key }\n`);
  const started = performance.now();
  const cmd = BINARY ? [BINARY] : [process.execPath, "run", MAIN];
  const proc = Bun.spawn([...cmd, ...command, "--config", config], { stdout: "pipe", stderr: "pipe", timeout: 15_000, killSignal: "SIGKILL" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr: stderr.trim(), seconds: (performance.now() - started) / 1000 };
}

// Another key, for a certificate that is not its own.
const otherKey = join(dir, "other-key.pem");
Bun.spawnSync(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", otherKey]);
const folder = join(dir, "tls");
mkdirSync(folder, { recursive: true });
const missing = join(dir, "missing.pem");
const cases: [string, string, string, string][] = [
  ["a missing certificate", missing, key, `server.tls.cert (${missing}): the file does not exist`],
  ["a folder", folder, key, `server.tls.cert (${folder}): is a folder: name the PEM file in it`],
  ["/dev/zero", "/dev/zero", key, "server.tls.cert (/dev/zero): more than 1 MiB; a PEM file of a certificate chain is a few KB"],
  ["certificate and key swapped", key, cert, `server.tls.cert (${key}): holds no certificate (-----BEGIN CERTIFICATE-----); is it the key? server.tls.key names the private key`],
  ["a key the certificate was not issued for", cert, otherKey, `server.tls: the certificate (${cert}) is not the private key's (${otherKey}): name the key the certificate was issued for`],
  ["a key file that is not PEM", cert, join(dir, "master.key"), `server.tls.key (${join(dir, "master.key")}): holds no private key (-----BEGIN … PRIVATE KEY-----)`],
];

for (const [what, tlsCert, tlsKey, problem] of cases) {
  test(`${what}: config check and serve name the setting and the file`, async () => {
    const checked = await withTls(["config", "check"], tlsCert, tlsKey);
    expect({ code: checked.code, stderr: checked.stderr }).toEqual({ code: 1, stderr: `assay: ${problem}` });
    const served = await withTls(["serve", "--port", "0"], tlsCert, tlsKey);
    expect({ code: served.code, stderr: served.stderr }).toEqual({ code: 1, stderr: `assay: ${problem}` });
    expect(served.seconds).toBeLessThan(10);
  }, 40_000);
}

test("a certificate and its key pass the check (served over HTTPS: test/dashboard/tls.e2e.test.ts)", async () => {
  const checked = await withTls(["config", "check"], cert, key);
  expect(checked.stderr).toBe("");
  expect(checked.code).toBe(0);
});
