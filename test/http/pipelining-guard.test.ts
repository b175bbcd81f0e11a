// The pipelining guard tells a pipelined request (one that follows its own connection's directly,
// from the same socket read) from a connection that waits for each answer. It used to count a
// connection's requests per turn of the event loop, and Bun runs no setImmediate while its poll
// keeps returning a full buffer of ready sockets: under wrk with 3,000 keep-alive connections that
// never pipeline, the turn never ended and every connection's second request counted as
// pipelined — 126–791 of them refused with 429 pipelined_requests in 5 s runs.
import { expect, test } from "bun:test";
import type { Server } from "bun";
import { ApiError } from "../../src/domain/errors.ts";
import { PIPELINED_PER_TURN, PIPELINED_TOTAL_PER_TURN, pipeliningGuard } from "../../src/http/pipelining-guard.ts";

/** A request on connection `port`, and a server that knows each request's peer. */
const peers = new WeakMap<Request, number>();
const server = { requestIP: (r: Request) => ({ address: "127.0.0.1", port: peers.get(r)!, family: "IPv4" }) } as unknown as Server<unknown>;
function on(port: number): Request {
  const r = new Request("http://x/livez");
  peers.set(r, port);
  return r;
}

/**
 * Runs `ports` (each a request on that connection) through one guard in one turn; the answers per
 * connection. A refused request closes its connection: Bun runs nothing of that write after it.
 */
function answersOf(ports: number[]): { answered: Map<number, number>; refused: Set<number> } {
  const check = pipeliningGuard();
  const answered = new Map<number, number>();
  const refused = new Set<number>();
  for (const port of ports) {
    if (refused.has(port)) continue;
    try {
      check(on(port), server);
      answered.set(port, (answered.get(port) ?? 0) + 1);
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).options.extra?.violated_policies).toEqual(["pipelined_requests"]);
      refused.add(port);
    }
  }
  return { answered, refused };
}

test("3,000 connections that each wait for their answer are never refused, however long the turn", () => {
  // Ten rounds of every connection in one turn: what a starved loop (no setImmediate) sees.
  const ports = Array.from({ length: 10 }, () => Array.from({ length: 3_000 }, (_, i) => 10_000 + i)).flat();
  expect(answersOf(ports).refused.size).toBe(0);
});

test("a connection's requests in a row are pipelined: it has 64 answered past the turn's first 64", () => {
  const ports = [...Array.from({ length: PIPELINED_PER_TURN }, (_, i) => 20_000 + i), ...Array(PIPELINED_PER_TURN * 2).fill(7)];
  const { answered, refused } = answersOf(ports);
  expect([...refused]).toEqual([7]);
  expect(answered.get(7)).toBe(PIPELINED_PER_TURN);
});

test("a lone connection pipelining from the turn's start has 128 answered, the 129th refused", () => {
  const { answered, refused } = answersOf(Array(PIPELINED_PER_TURN * 2 + 1).fill(7));
  expect(answered.get(7)).toBe(PIPELINED_PER_TURN * 2);
  expect([...refused]).toEqual([7]);
});

test("many connections pipelining share the turn's bound; each one's first request is answered", () => {
  const connections = 100;
  const { answered, refused } = answersOf(Array.from({ length: connections }, (_, c) => Array(200).fill(30_000 + c)).flat());
  expect(refused.size).toBe(connections);
  expect(answered.size).toBe(connections);
  const total = [...answered.values()].reduce((a, b) => a + b, 0);
  expect(total).toBeLessThanOrEqual(PIPELINED_PER_TURN + connections + PIPELINED_TOTAL_PER_TURN);
});
