// Which addresses an HTTP connector may reach, on literal addresses and on resolved names.
import { describe, expect, test } from "bun:test";
import { blockedReason, checkDestination } from "../../src/connectors/http/ssrf.ts";

describe("blockedReason", () => {
  test("loopback, link-local, metadata, unspecified and mapped forms are blocked", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "0.0.0.0", "::", "169.254.1.1", "fe80::1", "169.254.169.254", "fd00:ec2::254", "100.100.100.200", "::ffff:127.0.0.1", "::ffff:7f00:1", "[::1]"]) {
      expect(blockedReason(a)).toBeDefined();
    }
    expect(blockedReason("169.254.169.254")).toBe("a cloud metadata address");
  });

  test("private and public addresses are allowed (internal services are the point)", () => {
    for (const a of ["10.0.0.5", "192.168.1.10", "172.16.0.1", "8.8.8.8", "fd12:3456::1", "2001:db8::1"]) expect(blockedReason(a)).toBeUndefined();
  });
});

describe("checkDestination", () => {
  const resolveTo = (addresses: string[]) => async () => addresses;

  test("a name is judged by what it resolves to; allow_hosts lifts the rule for that host only", async () => {
    await expect(checkDestination("c", new URL("http://db.internal/x"), [], resolveTo(["10.1.2.3"]))).resolves.toBeUndefined();
    await expect(checkDestination("c", new URL("http://sneaky.example/x"), [], resolveTo(["10.1.2.3", "127.0.0.1"]))).rejects.toMatchObject({
      code: "connector_unavailable",
    });
    await expect(checkDestination("c", new URL("http://localhost:8080/"), [])).rejects.toMatchObject({ code: "connector_unavailable" });
    await expect(checkDestination("c", new URL("http://metadata.google.internal/"), [])).rejects.toMatchObject({ code: "connector_unavailable" });
    await expect(checkDestination("c", new URL("http://127.0.0.1:9/"), ["127.0.0.1"])).resolves.toBeUndefined();
    await expect(checkDestination("c", new URL("http://[::1]:9/"), ["::1"])).resolves.toBeUndefined();
    await expect(checkDestination("c", new URL("http://127.0.0.2:9/"), ["127.0.0.1"])).rejects.toMatchObject({ code: "connector_unavailable" });
  });

  test("a name that does not resolve is a clear 503", async () => {
    const fail = async () => {
      throw new Error("ENOTFOUND");
    };
    await expect(checkDestination("c", new URL("http://nowhere.invalid/"), [], fail)).rejects.toMatchObject({ detail: expect.stringContaining("could not be resolved") });
  });
});
