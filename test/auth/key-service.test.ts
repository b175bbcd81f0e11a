// Secrets warmed at start-up (WebCrypto) are the ones the request path would decrypt (node:crypto),
// and only active keys are warmed.
import { expect, test } from "bun:test";
import { decodeMasterKey } from "../../src/auth/master-key.ts";
import { AUTH_CACHE_MS, KeyService } from "../../src/auth/key-service.ts";
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

test("the requests in flight when a key's cached answer expires share one lookup; a revocation starts a new one", async () => {
  const store = SqliteStore.open({ path: ":memory:", synchronous: "NORMAL", busy_timeout_ms: 1000 });
  const master = decodeMasterKey("33".repeat(32), "test");
  let offset = 0;
  const clock = { now: () => Date.now() + offset, monotonic: () => performance.now() + offset };
  const keys = new KeyService(store, master, clock, () => ({ standard: {} }));
  const account = await keys.createAccount("a");
  const minted = await keys.createKey(account.id);
  const other = await keys.createKey(account.id);
  let reads = 0;
  const findByHash = store.apiKeys.findByHash.bind(store.apiKeys);
  store.apiKeys.findByHash = (hash: string) => {
    reads++;
    return findByHash(hash);
  };

  // The first requests of a key, then each time its cached answer has expired: one read each time.
  for (let expiry = 0; expiry < 3; expiry++) {
    const answers = await Promise.all(Array.from({ length: 64 }, () => keys.authenticate(minted.key)));
    expect(new Set(answers.map((a) => a?.key.id))).toEqual(new Set([minted.id]));
    expect(reads).toBe(expiry + 1);
    offset += AUTH_CACHE_MS;
  }
  // Another key is looked up on its own, and an unknown one is refused by each caller alike.
  const [mine, theirs] = await Promise.all([keys.authenticate(minted.key), keys.authenticate(other.key)]);
  expect([mine?.key.id, theirs?.key.id]).toEqual([minted.id, other.id]);
  expect(reads).toBe(5);

  // A lookup under way when the key is revoked on this node is not joined by later requests.
  offset += AUTH_CACHE_MS;
  const before = keys.authenticate(minted.key);
  await keys.revokeKey(minted.id);
  const after = keys.authenticate(minted.key);
  expect(after).not.toBe(before);
  expect(await after).toBeNull();
  await before;
  expect(await keys.authenticate(minted.key)).toBeNull();
  await store.close();
});
