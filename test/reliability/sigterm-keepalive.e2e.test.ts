// SIGTERM with keep-alive clients: a request sent on an open keep-alive connection after the
// signal is answered (finished, or 503 shutting_down with Connection: close), never reset.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { signHex } from "../../src/auth/signature.ts";
import { startTestServer, type Credentials } from "../support/harness.ts";
import { parseResponses, rawRequest } from "../support/raw-http.ts";
import { spawnServe } from "../support/process.ts";

let configFile: string;
let creds: Credentials;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const seed = await startTestServer();
  configFile = seed.configFile;
  creds = seed.creds;
  await seed.server.stop();
  cleanup = () => seed.stop();
});
afterAll(() => cleanup());

/** A keep-alive connection that sends one request at a time and reads its whole response. */
class KeepAlive {
  private buffer = "";
  private closed = false;
  private waiters: (() => void)[] = [];
  constructor(private readonly socket: Socket) {
    socket.on("data", (d: Buffer) => {
      this.buffer += d.toString("utf8");
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => {});
  }
  static open(port: number) {
    return new Promise<KeepAlive>((resolve) => {
      const s = connect({ host: "127.0.0.1", port }, () => resolve(new KeepAlive(s)));
    });
  }
  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }
  async get(path: string): Promise<{ status: number; headers: Record<string, string> } | "closed"> {
    this.buffer = "";
    const headers = { Host: "127.0.0.1", Authorization: `Bearer ${creds.key}`, "X-Service-Signature": signHex(creds.secret, "") };
    if (this.closed) return "closed";
    this.socket.write(rawRequest("GET", path, headers));
    for (;;) {
      const [r] = parseResponses(this.buffer);
      if (r) return r;
      if (this.closed) return "closed";
      await new Promise<void>((w) => this.waiters.push(w));
    }
  }
  end() {
    this.socket.destroy();
  }
}

test("requests on open keep-alive connections after SIGTERM are answered, not reset", async () => {
  const server = await spawnServe(configFile);
  const clients = await Promise.all(Array.from({ length: 8 }, () => KeepAlive.open(server.port)));
  try {
    for (const c of clients) expect(await c.get("/v1/health")).toMatchObject({ status: 200 });
    server.proc.kill("SIGTERM");
    await Bun.sleep(50);
    const answers = await Promise.all(clients.map((c) => c.get("/v1/health")));
    for (const a of answers) {
      expect(a).not.toBe("closed");
      if (a === "closed") continue;
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) expect(a.headers.connection).toBe("close");
    }
    expect(await server.proc.exited).toBe(0);
  } finally {
    for (const c of clients) c.end();
    server.proc.kill("SIGKILL");
  }
}, 30_000);
