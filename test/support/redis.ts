// Redis for tests: the shared server (ASSAY_TEST_REDIS_URL) with a random key prefix per run,
// or a private redis-server on a free port that a test may stop and start again.
import { RedisClient } from "bun";
import { randomBytes } from "node:crypto";
import { freePort } from "./ports.ts";

export const REDIS_URL = process.env.ASSAY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

let reachable: Promise<boolean> | null = null;

/** Whether the test Redis answers; under CI=true an unreachable server throws. */
export function redisAvailable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new RedisClient(REDIS_URL, { connectionTimeout: 2000, autoReconnect: false, enableOfflineQueue: false });
    try {
      await client.connect();
      await client.send("PING", []);
      return true;
    } catch (e) {
      if (process.env.CI === "true") throw new Error(`Redis is required under CI=true but ${REDIS_URL} is unreachable: ${(e as Error).message}`);
      return false;
    } finally {
      client.close();
    }
  })();
  return reachable;
}

export const randomPrefix = () => `assay-test:${randomBytes(5).toString("hex")}:`;

/** A redis-server of our own (no persistence) that a test can stop and start on the same port. */
export class PrivateRedis {
  private proc: ReturnType<typeof Bun.spawn> | null = null;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<PrivateRedis> {
    const r = new PrivateRedis(await freePort());
    await r.start();
    return r;
  }

  async start() {
    this.proc = Bun.spawn(["redis-server", "--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdout: "ignore",
      stderr: "ignore",
    });
    const client = new RedisClient(this.url, { autoReconnect: false, enableOfflineQueue: false, connectionTimeout: 500 });
    for (let i = 0; i < 100; i++) {
      try {
        await client.connect();
        await client.send("PING", []);
        client.close();
        return;
      } catch {
        await Bun.sleep(50);
      }
    }
    client.close();
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Stops the process without closing its connections (SIGSTOP): Redis hangs, as behind a partition. */
  pause() {
    this.proc?.kill("SIGSTOP");
  }

  resume() {
    this.proc?.kill("SIGCONT");
  }

  async stop() {
    if (!this.proc) return;
    this.resume();
    this.proc.kill("SIGKILL");
    await this.proc.exited;
    this.proc = null;
  }
}
