// What `assay serve` says when its socket cannot be opened. Bun's own errors named neither the
// address nor the setting (`EINVAL: invalid argument, listen` for 999.1.1.1, `getaddrinfo
// ENOTFOUND evil host`); a port in use keeps Bun's message, which already says so.

/** The error to throw for a failed listen on `hostname`:`port`. */
export function listenFailure(e: unknown, hostname: string, port: number): Error {
  const message = (e as Error)?.message ?? String(e);
  if (/in use/i.test(message)) return e instanceof Error ? e : new Error(message);
  // A port below 1024 for a user without the capability: the port is what to change, not the host.
  if ((e as NodeJS.ErrnoException)?.code === "EACCES" || /permission denied/i.test(message)) {
    return new Error(
      `cannot listen on ${hostname}:${port}: permission denied; a port below 1024 needs root or the CAP_NET_BIND_SERVICE capability: choose server.port (or --port) 1024 or above, or grant it`,
    );
  }
  return new Error(
    `cannot listen on ${hostname}:${port}: ${message}; server.host (or --host) must be an address of this machine, or a name that resolves to one (127.0.0.1, 0.0.0.0, ::1)`,
  );
}
