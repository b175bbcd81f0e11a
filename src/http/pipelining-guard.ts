// A bound on the requests one connection has answered in one turn of the event loop. Bun parses
// every request of a socket read and runs each handler before it returns to the loop, so a client
// pipelining (sending requests without waiting for answers) had 40,000 `GET /livez` of one 1.3 MB
// write answered in one stretch, ~1.1 s during which no other client was served. Browsers, proxies
// and the usual HTTP clients never pipeline, and a connection that waits for each answer has at
// most one request per turn; a request past the bound is refused with Connection: close, and Bun
// runs nothing of the write behind it.
import type { Server } from "bun";
import { ApiError } from "../domain/errors.ts";

/** Requests of a turn only counted, and then requests of one connection answered, before the next is refused. */
export const PIPELINED_PER_TURN = 64;

/**
 * Pipelined requests (each following its own connection's directly) that one turn answers,
 * whichever connections they came on. The bound was per connection alone before (eleventh attack
 * pass): 1,000 connections each pipelining 200 `GET /livez` had 65,128 answered in one stretch and
 * held another client's /livez ~1 s. Large enough for a client pipelining moderately on many
 * connections (wrk, 16 requests a write on 64 connections: 960 a turn).
 */
export const PIPELINED_TOTAL_PER_TURN = 2048;

/**
 * Returns a check to call with each received request: it throws 429 rate_limited for a request
 * past the bound. It costs a counter per request; only in a turn that has seen more than
 * PIPELINED_PER_TURN requests (from any connections) is each request's connection (the peer's
 * address and port) looked at.
 *
 * A request is pipelined when it follows its own connection's request directly: Bun runs the
 * requests of one socket read one after another, and a client that waits for each answer cannot
 * have its next request read before other connections' — nor in the same turn at all while the
 * loop keeps turning. It did not always: Bun runs no setImmediate while its poll keeps returning a
 * full buffer of ready sockets (more than ~1,000 busy connections), so the turn counted here can
 * last as long as such a load. Counting every request of a connection within the turn, as this
 * guard did, then refused the second request of each of 3,000 wrk connections that never
 * pipeline (test/http/pipelining-guard.test.ts). A connection's first request after another
 * connection's is never refused; those behind it are counted per connection (a pipelined write
 * split over reads still counts as one) and for the turn.
 */
export function pipeliningGuard(): (request: Request, server: Server<unknown>) => void {
  let seen = 0;
  let pipelined = 0;
  let previous = "";
  let byConnection: Map<string, number> | undefined;
  const endTurn = () => {
    seen = 0;
    pipelined = 0;
    previous = "";
    byConnection = undefined;
  };
  return (request, server) => {
    if (seen++ === 0) setImmediate(endTurn);
    if (seen <= PIPELINED_PER_TURN) return;
    const peer = server.requestIP(request);
    if (!peer) return;
    const connection = `${peer.address}|${peer.port}`;
    if (connection !== previous) {
      previous = connection;
      return;
    }
    byConnection ??= new Map();
    const count = (byConnection.get(connection) ?? 0) + 1;
    byConnection.set(connection, count);
    if (count >= PIPELINED_PER_TURN || ++pipelined > PIPELINED_TOTAL_PER_TURN) {
      throw new ApiError("rate_limited", `more than ${PIPELINED_PER_TURN} requests arrived at once on this connection, or too many on connections that did not wait for their answers (HTTP pipelining); send each after the answer to the one before`, {
        headers: { "retry-after": "1", connection: "close" },
        extra: { violated_policies: ["pipelined_requests"] },
      });
    }
  };
}
