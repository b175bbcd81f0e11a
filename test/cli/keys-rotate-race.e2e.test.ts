// `assay keys rotate` started several times at once for the same key (separate processes, one
// database): exactly one rotation wins and mints a key; the others exit 1 naming the key it was
// rotated to, with no key minted. On SQLite and on PostgreSQL (skipped when it is unreachable).
import { afterAll, describe, expect, test } from "bun:test";
import { runCli } from "../support/cli.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { postgresAvailable } from "../support/postgres.ts";

const RACERS = 4;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

for (const driver of ["sqlite", "postgres"] as const) {
  describe(`keys rotate on ${driver}`, () => {
    test("concurrent rotations of one key: one succeeds, the others fail naming the successor", async () => {
      if (driver === "postgres" && !(await postgresAvailable())) return;
      const s = await startTestServer("", { driver });
      servers.push(s);
      const cfg = ["--config", s.configFile];
      const results = await Promise.all(Array.from({ length: RACERS }, () => runCli(["keys", "rotate", s.creds.keyId, "--grace", "1h", "--json", ...cfg])));

      const won = results.filter((r) => r.code === 0);
      expect(won).toHaveLength(1);
      const successor = JSON.parse(won[0]!.stdout) as { id: string; previous: { rotated_to: string } };
      expect(successor.previous.rotated_to).toBe(successor.id);
      for (const lost of results.filter((r) => r.code !== 0)) {
        expect(lost.code).toBe(1);
        expect(JSON.parse(lost.stdout)).toEqual({
          error: { code: "key_rotated", message: `key ${s.creds.keyId} was already rotated to ${successor.id}; rotate ${successor.id} instead` },
        });
      }
      const keys = (await s.rt.keys.listKeys(s.creds.accountId)).map((k) => k.id).sort();
      expect(keys).toEqual([s.creds.keyId, successor.id].sort());

      // The same refusal, in words, for a later rotation of the replaced key.
      const again = await runCli(["keys", "rotate", s.creds.keyId, ...cfg]);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(`assay: key ${s.creds.keyId} was already rotated to ${successor.id}; rotate ${successor.id} instead\n`);
    }, 60_000);
  });
}
