import { describe, expect, test } from "bun:test";
import { computeSignature, decodeSignature, signHex, verifySignature } from "../../src/auth/signature.ts";

const SECRET = "sk_test_secret";
const BODY = new TextEncoder().encode('{"connector":"inline","module":"revenue_leakage"}');

describe("signature encodings", () => {
  const raw = Buffer.from(computeSignature(SECRET, BODY));
  const cases: Record<string, string> = {
    "hex lower": raw.toString("hex"),
    "hex upper": raw.toString("hex").toUpperCase(),
    "base64 padded": raw.toString("base64"),
    "base64 unpadded": raw.toString("base64").replace(/=+$/, ""),
    "base64url unpadded": raw.toString("base64url"),
    "base64url padded": `${raw.toString("base64url")}=`,
    "sha256= hex": `sha256=${raw.toString("hex")}`,
    "SHA256= base64": `SHA256=${raw.toString("base64")}`,
    "surrounding spaces": `  ${raw.toString("hex")} `,
  };
  for (const [name, header] of Object.entries(cases)) {
    test(`${name} decodes to the 32 signature bytes and verifies`, () => {
      const decoded = decodeSignature(header);
      expect(decoded).not.toBeNull();
      expect(Buffer.from(decoded!).equals(raw)).toBe(true);
      expect(verifySignature(SECRET, BODY, decoded!)).toBe(true);
    });
  }

  test("matches openssl dgst -sha256 -hmac (known vector)", () => {
    // printf '{}' | openssl dgst -sha256 -hmac s
    expect(signHex("s", "{}")).toBe("143ca8d517ba1b181025d732b1cf275d90104fca57bb02a565542978aa18c4b6");
  });

  test.each([
    ["too short hex", raw.toString("hex").slice(2)],
    ["too long hex", `${raw.toString("hex")}00`],
    ["not an encoding", "not-a-signature"],
    ["empty", ""],
    ["sha1= prefix", `sha1=${raw.toString("hex")}`],
    ["31-byte base64", raw.subarray(1).toString("base64")],
    ["64 characters, not all hex", `${raw.toString("hex").slice(0, 63)}g`],
    ["64 characters, a separator inside", `${raw.toString("hex").slice(0, 31)}:${raw.toString("hex").slice(32)}`],
    ["64 characters of base64 alphabet, not hex", "Zz".repeat(32)],
  ])("%s is refused", (_, header) => {
    expect(decodeSignature(header)).toBeNull();
  });

  test("a different secret, a changed byte or re-serialized JSON does not verify", () => {
    const sig = computeSignature(SECRET, BODY);
    expect(verifySignature("other", BODY, sig)).toBe(false);
    const changed = new Uint8Array(BODY);
    changed[5] = changed[5]! ^ 1;
    expect(verifySignature(SECRET, changed, sig)).toBe(false);
    const reserialized = new TextEncoder().encode(JSON.stringify(JSON.parse(new TextDecoder().decode(BODY)), null, 1));
    expect(verifySignature(SECRET, reserialized, sig)).toBe(false);
  });

  test("no body is signed over the empty string", () => {
    expect(signHex(SECRET, undefined)).toBe(signHex(SECRET, ""));
    expect(verifySignature(SECRET, undefined, computeSignature(SECRET, ""))).toBe(true);
  });

  test("timestamp mode signs `<timestamp>.<body>`", () => {
    const ts = "1700000000";
    expect(signHex(SECRET, BODY, ts)).toBe(signHex(SECRET, `${ts}.${new TextDecoder().decode(BODY)}`));
    expect(verifySignature(SECRET, BODY, computeSignature(SECRET, BODY), ts)).toBe(false);
  });
});

describe("reused HMAC state", () => {
  // Signatures copy a keyed HMAC state kept per secret, and body-less ones come from a cache:
  // any interleaving of secrets, bodies and timestamps must give exactly a fresh HMAC's answer.
  test("agrees with a fresh HMAC for interleaved secrets, bodies and empty bodies", () => {
    const { createHmac } = require("node:crypto") as typeof import("node:crypto");
    const secrets = ["sk_a", "sk_b", "sk_" + "c".repeat(100)];
    const bodies = ["", '{"a":1}', "x".repeat(300), ""];
    for (let round = 0; round < 3; round++) {
      for (const secret of secrets) {
        for (const body of bodies) {
          for (const timestamp of [undefined, "1700000000"]) {
            const payload = timestamp === undefined ? body : `${timestamp}.${body}`;
            const fresh = createHmac("sha256", secret).update(payload).digest();
            expect(Buffer.from(computeSignature(secret, body, timestamp)).equals(fresh)).toBe(true);
            const bytes = new TextEncoder().encode(body);
            expect(verifySignature(secret, bytes.length ? bytes : undefined, fresh, timestamp)).toBe(true);
            expect(verifySignature(secret === "sk_a" ? "sk_b" : "sk_a", bytes.length ? bytes : undefined, fresh, timestamp)).toBe(false);
          }
        }
      }
    }
  });
});
