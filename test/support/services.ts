// Shared by the suites that use the machine's real services: their addresses (env overrides), a check
// that fails loudly under CI when one is missing, unique table prefixes, a TCP proxy that can
// stop or slow a real server on demand, and helpers to read API responses.
import { SQL, type TCPSocketListener, type Socket } from "bun";
import { expect } from "bun:test";
import type { TestServer } from "./harness.ts";

export const PG_URL = process.env.ASSAY_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const MYSQL_URL = process.env.ASSAY_TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";

/**
 * True when the database answers. When it does not: under CI (CI=true) this throws, so the suite
 * fails instead of skipping; elsewhere it warns and the caller skips its tests.
 */
export async function serviceAvailable(name: string, url: string): Promise<boolean> {
  const sql = new SQL({ url, max: 1, connectionTimeout: 3 });
  try {
    await sql`SELECT 1`;
    return true;
  } catch (e) {
    const message = `${name} is not reachable at ${url.replace(/\/\/[^@]*@/, "//")}: ${(e as Error).message}`;
    if (process.env.CI === "true") throw new Error(`${message} (CI=true: the ${name} connector tests must run)`);
    console.warn(`SKIPPING ${name} connector tests: ${message}`);
    return false;
  } finally {
    await sql.close({ timeout: 1 }).catch(() => {});
  }
}

/** A table-name prefix unique to this run, so parallel runs never collide. */
export function uniquePrefix(tag: string): string {
  return `assay_t_${tag}_${process.pid}_${Math.random().toString(36).slice(2, 8)}_`;
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export async function statusOf(server: TestServer, id: string): Promise<Record<string, unknown>> {
  const res = await server.call("GET", `/v1/connectors/${id}/status`);
  expect(res.status).toBe(200);
  return json(res);
}

/**
 * Waits for the background monitor's first probe of a connector (it starts with the server), so
 * that a test driving the status by hand is not raced by it.
 */
export async function firstCheck(server: TestServer, id: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (server.rt.connectors.status(id)?.checked_at === null) {
    if (Date.now() > deadline) throw new Error(`connector ${id} was not probed within ${timeoutMs} ms`);
    await Bun.sleep(5);
  }
  // The probe's outcome is recorded before its promise settles; let it settle.
  await Bun.sleep(5);
}

export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of source) out.push(x);
  return out;
}

/**
 * A TCP proxy in front of a real server: `stop()` makes the source unreachable (connections
 * refused and open ones cut), `start()` brings it back on the same port, `delayMs` slows every
 * chunk from the server.
 */
export class TcpProxy {
  private listener?: TCPSocketListener<{ upstream?: Socket<unknown>; pending: Uint8Array[] }>;
  private readonly sockets = new Set<Socket<unknown>>();
  delayMs = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  start(): number {
    const self = this;
    this.listener = Bun.listen<{ upstream?: Socket<unknown>; pending: Uint8Array[] }>({
      hostname: "127.0.0.1",
      port: this.port,
      socket: {
        open(client) {
          client.data = { pending: [] };
          self.sockets.add(client as Socket<unknown>);
          Bun.connect({
            hostname: self.targetHost,
            port: self.targetPort,
            socket: {
              open(upstream) {
                self.sockets.add(upstream as Socket<unknown>);
                client.data.upstream = upstream as Socket<unknown>;
                for (const chunk of client.data.pending) upstream.write(chunk);
                client.data.pending = [];
              },
              async data(_upstream, chunk) {
                if (self.delayMs > 0) await Bun.sleep(self.delayMs);
                client.write(chunk);
              },
              close() {
                client.end();
              },
              error() {
                client.end();
              },
            },
          }).catch(() => client.end());
        },
        data(client, chunk) {
          if (client.data.upstream) client.data.upstream.write(chunk);
          else client.data.pending.push(new Uint8Array(chunk));
        },
        close(client) {
          client.data.upstream?.end();
        },
        error(client) {
          client.data.upstream?.end();
        },
      },
    });
    this.port = this.listener.port;
    return this.port;
  }

  stop() {
    this.listener?.stop(true);
    this.listener = undefined;
    for (const s of this.sockets) s.terminate();
    this.sockets.clear();
  }
}
