// A TCP port nothing listens on, for a process a test starts on a port it must know in advance.
// Asked of the system (listen on port 0), not drawn at random: a random port in 20000–40000 runs
// into the system's ephemeral range (32768–60999), where the tests' own outgoing connections
// (PostgreSQL, Redis, HTTP) hold ports, and `assay demo` then failed to start ("Is port … in use?").
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}
