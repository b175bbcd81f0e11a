import { describe, expect, test } from "bun:test";
import { displayPrefix, hashApiKey, isWellFormedApiKey, mintApiKey, mintSecret } from "../../src/auth/api-key.ts";
import { decodeMasterKey, open, openAsync, seal } from "../../src/auth/master-key.ts";
import { isId, newId } from "../../src/domain/ids.ts";

describe("api keys", () => {
  test("are prefixed, checksummed and distinct", () => {
    const keys = new Set(Array.from({ length: 200 }, mintApiKey));
    expect(keys.size).toBe(200);
    for (const k of keys) {
      expect(k.startsWith("ak_")).toBe(true);
      expect(isWellFormedApiKey(k)).toBe(true);
    }
  });

  test("a typo fails the checksum", () => {
    const key = mintApiKey();
    const i = 10;
    const typo = key.slice(0, i) + (key[i] === "a" ? "b" : "a") + key.slice(i + 1);
    expect(isWellFormedApiKey(typo)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
  });

  test("are stored as SHA-256 and shown only by a short prefix", () => {
    const key = mintApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(3, 20));
    expect(displayPrefix(key).length).toBe(11);
  });

  test("secrets are 256-bit base62", () => {
    expect(mintSecret()).toMatch(/^sk_[0-9A-Za-z]{43}$/);
  });
});

describe("secret sealing", () => {
  const master = decodeMasterKey("11".repeat(32), "test");

  test("round-trips and is bound to its key id", async () => {
    const sealed = seal(master, "sk_secret", "key_1");
    expect(Buffer.from(sealed).toString()).not.toContain("sk_secret");
    expect(sealed.length).toBe(12 + "sk_secret".length + 16);
    expect(open(master, sealed, "key_1")).toBe("sk_secret");
    expect(() => open(master, sealed, "key_2")).toThrow();
    expect(() => open(decodeMasterKey("22".repeat(32), "t"), sealed, "key_1")).toThrow();
    expect(await openAsync(master, sealed, "key_1")).toBe("sk_secret");
    await expect(openAsync(master, sealed, "key_2")).rejects.toThrow();
    await expect(openAsync(decodeMasterKey("22".repeat(32), "t"), sealed, "key_1")).rejects.toThrow();
    await expect(openAsync(master, sealed.subarray(0, 20), "key_1")).rejects.toThrow();
  });

  // The WebCrypto path must read exactly what node:crypto sealed (iv ‖ ciphertext ‖ tag), or the
  // warmed secrets and the master-key check would disagree with the request path.
  test("openAsync (WebCrypto) reads node:crypto's layout", async () => {
    for (const text of ["", "sk_x", "é".repeat(100)]) {
      expect(await openAsync(master, seal(master, text, "key_9"), "key_9")).toBe(text);
    }
  });

  test("master keys must be 32 bytes", () => {
    expect(() => decodeMasterKey("abcd", "ASSAY_MASTER_KEY")).toThrow(/ASSAY_MASTER_KEY: must hold 32 bytes/);
    expect(decodeMasterKey(Buffer.alloc(32, 7).toString("base64"), "x").length).toBe(32);
  });
});

describe("ids", () => {
  test("are prefixed ULIDs that sort by creation", () => {
    const ids = Array.from({ length: 1000 }, () => newId("alrt"));
    expect(ids.every((id) => isId(id, "alrt"))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(1000);
  });

  test("the time part encodes each id's millisecond (encoded once per millisecond), ids strictly increasing", () => {
    const C = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const encode = (ms: number) => Array.from({ length: 10 }, (_, i) => C[Math.floor(ms / 32 ** (9 - i)) % 32]).join("");
    let previous = "";
    for (let ms = 1_900_000_000_000; ms < 1_900_000_000_040; ms++) {
      for (let k = 0; k < 3; k++) {
        const id = newId("evt", ms);
        expect(id.slice(4, 14)).toBe(encode(ms));
        expect(id > previous).toBe(true);
        previous = id;
      }
    }
  });

  test("ids of one millisecond count up by exactly one in their 80-bit random part, carries included", () => {
    const C = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const value = (text: string) => [...text].reduce((n, ch) => n * 32n + BigInt(C.indexOf(ch)), 0n);
    const ms = 1_900_000_000_100;
    let previous = value(newId("evt", ms).slice(14));
    expect(previous < 2n ** 79n).toBe(true); // the top bit is left clear: room to count up
    for (let k = 0; k < 5000; k++) {
      const id = newId("evt", ms);
      expect(isId(id, "evt")).toBe(true);
      const next = value(id.slice(14));
      expect(next - previous).toBe(1n);
      previous = next;
    }
  });
});
