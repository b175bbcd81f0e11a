// Secrets warmed at start-up (WebCrypto) are the ones the request path would decrypt (node:crypto),
// and only active keys are warmed.
import { expect, test } from "bun:test";
import { decodeMasterKey } from "../../src/auth/master-key.ts";
import { KeyService } from "../../src/auth/key-service.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";

test("warmSecrets decrypts the active keys' secrets and authentication uses them", async () => {
  const store = SqliteStore.open({ path: ":memory:", synchronous: "NORMAL", busy_timeout_ms: 1000 });
  const master = decodeMasterKey("33".repeat(32), "test");
  const minting = new KeyService(store, master, systemClock, () => ({ standard: {} }));
  const account = await minting.createAccount("a");
  const active = await minting.createKey(account.id);
  const revoked = await minting.createKey(account.id);
  await minting.revokeKey(revoked.id);

  const fresh = new KeyService(store, master, systemClock, () => ({ standard: {} }));
  expect(await fresh.warmSecrets()).toBe(1);
  expect(await fresh.warmSecrets()).toBe(0); // already warm
  const auth = await fresh.authenticate(active.key);
  expect(auth?.secret).toBe(active.secret);
  expect(await fresh.authenticate(revoked.key)).toBeNull();

  // A wrong master key fails the warm-up loudly (the start-up check refuses such a key first).
  const wrong = new KeyService(store, decodeMasterKey("44".repeat(32), "test"), systemClock, () => ({ standard: {} }));
  await expect(wrong.warmSecrets()).rejects.toThrow();
  await store.close();
});
