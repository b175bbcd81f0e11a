// What `assay serve` says when it cannot listen (fifteenth attack pass). The permission error is
// the one Bun.serve throws for port 80 run as a user without CAP_NET_BIND_SERVICE (seen as uid
// 65534: `{ message: "permission denied 127.0.0.1:80", code: "EACCES", syscall: "listen" }`); it
// first read as a problem of server.host. test/cli/serve-host.e2e.test.ts runs the others for real.
import { expect, test } from "bun:test";
import { listenFailure } from "../../src/http/listen-failure.ts";

const bunError = (message: string, code: string) => Object.assign(new Error(message), { code, syscall: "listen" });

test("a privileged port names the port setting and the capability, not the host", () => {
  const e = listenFailure(bunError("permission denied 127.0.0.1:80", "EACCES"), "127.0.0.1", 80);
  expect(e.message).toContain("cannot listen on 127.0.0.1:80: permission denied");
  expect(e.message).toContain("server.port (or --port) 1024 or above");
  expect(e.message).toContain("CAP_NET_BIND_SERVICE");
  expect(e.message).not.toContain("server.host");
});

test("an address that cannot be listened on names server.host; a port in use keeps Bun's message", () => {
  expect(listenFailure(bunError("EINVAL: invalid argument, listen", "EINVAL"), "999.1.1.1", 8080).message).toContain("server.host (or --host)");
  const inUse = new Error("Failed to start server. Is port 8080 in use?");
  expect(listenFailure(inUse, "127.0.0.1", 8080)).toBe(inUse);
});
