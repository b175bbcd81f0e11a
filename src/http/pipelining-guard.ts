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
 * Returns a check to call with each received request: it throws 429 rate_limited for a request
 * past the bound. It costs a counter per request; only in a turn that has seen more than
 * PIPELINED_PER_TURN requests (from any connections) are the requests after them told apart by
 * connection (the peer's address and port), so a connection has at most twice the bound answered.
 */
export function pipeliningGuard(): (request: Request, server: Server<unknown>) => void {
  let seen = 0;
  let byConnection: Map<string, number> | undefined;
  const endTurn = () => {
    seen = 0;
    byConnection = undefined;
  };
  return (request, server) => {
    if (seen++ === 0) setImmediate(endTurn);
    if (seen <= PIPELINED_PER_TURN) return;
    const peer = server.requestIP(request);
    if (!peer) return;
    const connection = `${peer.address}|${peer.port}`;
    byConnection ??= new Map();
    const count = (byConnection.get(connection) ?? 0) + 1;
    byConnection.set(connection, count);
    if (count > PIPELINED_PER_TURN) {
      throw new ApiError("rate_limited", `more than ${PIPELINED_PER_TURN} requests arrived at once on this connection (HTTP pipelining); send each after the answer to the one before`, {
        headers: { "retry-after": "1", connection: "close" },
        extra: { violated_policies: ["pipelined_requests"] },
      });
    }
  };
}
