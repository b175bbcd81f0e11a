// The admin CLI as a separate process against the database of a running server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { signedFetch, startTestServer, makeTempDir, type TestServer } from "../support/harness.ts";
import { runCli } from "../support/cli.ts";
import { PostgresStore } from "../../src/store/postgres/index.ts";

let s: TestServer;
let cfg: string[];
beforeAll(async () => {
  s = await startTestServer();
  cfg = ["--config", s.configFile];
});
afterAll(() => s.stop());

/** Polls the health route for up to one second until it answers `wanted`; returns the last status. */
async function statusWithinOneSecond(creds: { key: string; secret: string; accountId: string; keyId: string }, wanted: number) {
  const started = performance.now();
  let status = 0;
  while (performance.now() - started < 1000) {
    status = (await signedFetch(s.url, "GET", "/v1/health", undefined, { creds })).status;
    if (status === wanted) break;
    await Bun.sleep(25);
  }
  return status;
}

describe("accounts and keys from the CLI", () => {
  test("a key minted by the CLI works at once on the running server; a revoked one stops within a second", async () => {
    const account = await runCli(["accounts", "create", "--name", "Acme Ltd", "--plan", "enterprise", "--json", ...cfg]);
    expect(account.code).toBe(0);
    const acct = JSON.parse(account.stdout) as { id: string; plan: string; object: string };
    expect(acct).toMatchObject({ plan: "enterprise", object: "account" });

    const created = await runCli(["keys", "create", "--account", acct.id, "--name", "ci", "--json", ...cfg]);
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout) as { id: string; key: string; secret: string; account: string };
    expect(key.account).toBe(acct.id);
    const creds = { accountId: acct.id, keyId: key.id, key: key.key, secret: key.secret };

    const ok = await signedFetch(s.url, "GET", "/v1/health", undefined, { creds });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-policy")).toContain("q=500");

    const list = await runCli(["keys", "list", "--account", acct.id, ...cfg]);
    expect(list.stdout).toContain(key.id);
    expect(list.stdout).not.toContain(key.key);
    expect(list.stdout).not.toContain(key.secret);

    const revoked = await runCli(["keys", "revoke", key.id, ...cfg]);
    expect(revoked.code).toBe(0);
    expect(await statusWithinOneSecond(creds, 401)).toBe(401);
  });

  test("rotate: the new key works and the old one keeps working until the grace ends", async () => {
    const creds = await s.newAccount();
    const rotated = await runCli(["keys", "rotate", creds.keyId, "--grace", "1h", "--json", ...cfg]);
    expect(rotated.code).toBe(0);
    const next = JSON.parse(rotated.stdout) as { key: string; secret: string; id: string; previous: { expires_at: string; rotated_to: string } };
    expect(next.previous.rotated_to).toBe(next.id);
    expect(Date.parse(next.previous.expires_at) - Date.now()).toBeGreaterThan(3_500_000);
    expect((await signedFetch(s.url, "GET", "/v1/health", undefined, { creds })).status).toBe(200);
    const fresh = { ...creds, key: next.key, secret: next.secret };
    expect((await signedFetch(s.url, "GET", "/v1/health", undefined, { creds: fresh })).status).toBe(200);

    const immediate = await runCli(["keys", "rotate", next.id, "--grace", "0s", "--json", ...cfg]);
    expect(immediate.code).toBe(0);
    expect(await statusWithinOneSecond(fresh, 401)).toBe(401);
  });

  // Fifteenth attack pass: a key created with --expires 2d, rotated, had a successor with
  // expires_at null — a routine rotation made a short-lived key one that never expires.
  test("rotate: the new key has the old key's lifetime, counted from the rotation; a key without expiry stays without", async () => {
    const created = JSON.parse((await runCli(["keys", "create", "--account", s.creds.accountId, "--expires", "2d", "--json", ...cfg])).stdout);
    const lifetime = Date.parse(created.expires_at) - Date.parse(created.created_at);
    expect(lifetime).toBe(2 * 86_400_000);
    const rotated = await runCli(["keys", "rotate", created.id, "--json", ...cfg]);
    expect(rotated.code).toBe(0);
    const next = JSON.parse(rotated.stdout) as { created_at: string; expires_at: string | null };
    expect(next.expires_at).not.toBeNull();
    expect(Date.parse(next.expires_at!) - Date.parse(next.created_at)).toBe(lifetime);

    const forever = JSON.parse((await runCli(["keys", "create", "--account", s.creds.accountId, "--json", ...cfg])).stdout);
    const successor = JSON.parse((await runCli(["keys", "rotate", forever.id, "--json", ...cfg])).stdout);
    expect(successor.expires_at).toBeNull();
  });

  test("keys are never stored in plain text", async () => {
    const created = JSON.parse((await runCli(["keys", "create", "--account", s.creds.accountId, "--json", ...cfg])).stdout);
    let haystack: string;
    if (s.rt.store instanceof PostgresStore) {
      haystack = JSON.stringify(await s.rt.store.db.sql.unsafe("SELECT *, encode(secret_enc, 'escape') AS raw FROM api_keys"));
    } else {
      const db = await Bun.file(join(s.dir, "assay.db")).arrayBuffer();
      const wal = existsSync(join(s.dir, "assay.db-wal")) ? await Bun.file(join(s.dir, "assay.db-wal")).arrayBuffer() : new ArrayBuffer(0);
      haystack = Buffer.concat([Buffer.from(db), Buffer.from(wal)]).toString("latin1");
    }
    expect(haystack).not.toContain(created.key);
    expect(haystack).not.toContain(created.secret);
  });
});

describe("CLI errors", () => {
  test.each([
    [["keys", "create"], 2, "--account: required"],
    [["keys", "create", "--account", "acct_x", "--expires", "soon"], 2, "--expires: expected a duration"],
    [["keys", "create", "--acount", "x"], 2, "--acount"],
    [["keys", "create", "--account", "acct_x", "--expires", "99999999999d"], 2, "--expires: at most 3650d"],
    [["keys", "create", "--account", "acct_x", "--expires", "0d"], 2, "--expires: must be longer than 0"],
    [["keys", "rotate", "key_nope", "--grace", "99999999999d"], 2, "--grace: at most 3650d"],
    [["accounts", "create", "--name", "x", "--plan", "gold"], 2, '--plan: unknown plan "gold"'],
    [["keys", "revoke", "key_nope"], 1, "no key key_nope"],
    [["frobnicate"], 2, 'unknown command "frobnicate"'],
  ])("%j exits %i naming the problem", async (args, code, message) => {
    const r = await runCli([...(args as string[]), ...cfg]);
    expect(r.code).toBe(code as number);
    expect(r.stderr).toContain(message as string);
  });

  test("a bad config names the YAML path and exits 1", async () => {
    const dir = makeTempDir();
    await Bun.write(join(dir, "a.yaml"), "server: { port: -1, tls: { cert: x } }\n");
    const r = await runCli(["config", "check", "--config", join(dir, "a.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("server.port:");
    expect(r.stderr).toContain("server.tls.key:");

    await Bun.write(join(dir, "b.yaml"), "connectors:\n  - { id: erp, type: postgres }\n");
    const perType = await runCli(["config", "check", "--config", join(dir, "b.yaml")]);
    expect(perType.code).toBe(1);
    expect(perType.stderr).toContain("connectors[0].url: required for type postgres");
  });

  test("config check names the store in use: the PostgreSQL URL (password redacted), not an unused SQLite path", async () => {
    const dir = makeTempDir();
    await Bun.write(join(dir, "pg.yaml"), 'storage: { driver: postgres, url: "postgres://assay:s3cret@db.internal:5432/assay" }\n');
    const r = await runCli(["config", "check", "--config", join(dir, "pg.yaml")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("storage postgres postgres://assay:");
    expect(r.stdout).toContain("@db.internal:5432/assay");
    expect(r.stdout).not.toContain("s3cret");
    expect(r.stdout).not.toContain("assay.db");
  });
});

describe("init, sign", () => {
  test("init creates config, data folder and a 0600 master key, and never overwrites", async () => {
    const dir = makeTempDir();
    const file = join(dir, "etc", "assay.yaml");
    const first = await runCli(["init", "--config", file, "--json"]);
    expect(first.code).toBe(0);
    const created = JSON.parse(first.stdout).created as string[];
    expect(created.length).toBe(3);
    const keyFile = join(dir, "data", "master.key");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const before = await Bun.file(keyFile).text();
    const second = await runCli(["init", "--config", file, "--json"]);
    expect(JSON.parse(second.stdout).created).toEqual([]);
    expect(await Bun.file(keyFile).text()).toBe(before);
  });

  test("sign prints what openssl dgst -sha256 -hmac prints", async () => {
    const r = await runCli(["sign", "--secret", "s"], { stdin: "{}" });
    expect(r.stdout.trim()).toBe("143ca8d517ba1b181025d732b1cf275d90104fca57bb02a565542978aa18c4b6");
    const env = await runCli(["sign", "--timestamp", "1700000000"], { stdin: "{}", env: { ASSAY_API_SECRET: "s" } });
    expect(env.stdout.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(env.stdout.trim()).not.toBe(r.stdout.trim());
  });

  test("call sends a signed request and prints the response", async () => {
    const r = await runCli(["call", "GET", "/v1/health"], {
      env: { ASSAY_URL: s.url, ASSAY_API_KEY: s.creds.key, ASSAY_API_SECRET: s.creds.secret },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).status).toBe("ok");
    const bad = await runCli(["call", "GET", "/v1/health"], { env: { ASSAY_URL: s.url, ASSAY_API_KEY: s.creds.key, ASSAY_API_SECRET: "wrong" } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("invalid_signature");
  });

  test("call names a key or secret with a line break or space in it, instead of failing to connect", async () => {
    // `export ASSAY_API_KEY=$(jq -r .key out.json)` over a file of several JSON lines copies a line break.
    const key = await runCli(["call", "GET", "/v1/health"], { env: { ASSAY_URL: s.url, ASSAY_API_KEY: `${s.creds.key}\nnull`, ASSAY_API_SECRET: s.creds.secret } });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain("ASSAY_API_KEY");
    expect(key.stderr).not.toContain("cannot reach");
    const secret = await runCli(["call", "GET", "/v1/health"], { env: { ASSAY_URL: s.url, ASSAY_API_KEY: s.creds.key, ASSAY_API_SECRET: `${s.creds.secret} ` } });
    expect(secret.code).toBe(2);
    expect(secret.stderr).toContain("ASSAY_API_SECRET");
    const sign = await runCli(["sign"], { env: { ASSAY_API_SECRET: `${s.creds.secret}\n` }, stdin: "" });
    expect(sign.code).toBe(2);
    expect(sign.stderr).toContain("ASSAY_API_SECRET");
  });

  test("call prints a large answer whole into a pipe that is read late (the process waits for it)", async () => {
    // The OpenAPI document is more than a pipe buffer long; the reader starts only after the CLI
    // would have exited, which is when Bun's process.exit dropped all but the first 64 KiB.
    const expected = await (await fetch(`${s.url}/docs/json`)).text();
    expect(expected.length).toBeGreaterThan(65536);
    // Through the shell: a kernel pipe of 64 KiB, as `assay call … | jq` has (Bun.spawn's own pipe is larger).
    const proc = Bun.spawn(["sh", "-c", '"$@" | (sleep 1; cat)', "sh", process.execPath, "run", join(import.meta.dir, "../../src/main.ts"), "call", "GET", "/docs/json"], {
      env: { ...process.env, ASSAY_URL: s.url, ASSAY_API_KEY: s.creds.key, ASSAY_API_SECRET: s.creds.secret },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(expected));
  });
});
