// What an operator is told when Assay serves plain HTTP beyond its host (`--host 0.0.0.0`, an
// evaluation on a team's VM). Nothing stopped it or said a word (seventeenth attack pass), yet
// over plain HTTP every API key and secret-signed body, every dashboard password and session
// cookie crosses the network as written, and a browser sends the session cookie to every other
// app on the same host name, whatever its port (cookies are not kept per port; SameSite treats
// those apps as the same site): any of them can read it from its own requests and sign in as the
// user. Under TLS (Assay's, or a proxy's named by dashboard.public_url) or on loopback, nothing
// is said.

/** A listen address only this host reaches. */
function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === "::ffff:127.0.0.1";
}

/** The warning for serving `host` without TLS, or null when there is nothing to say. */
export function plainHttpWarning(o: { host: string; tls: boolean; dashboardEnabled: boolean; publicUrl: string | undefined }): string | null {
  if (o.tls || isLoopback(o.host)) return null;
  // A TLS proxy in front (its https address named): the browser's cookies are Secure and __Host-.
  if (o.publicUrl?.toLowerCase().startsWith("https:")) return null;
  const dashboard = o.dashboardEnabled
    ? ", dashboard passwords and session cookies cross the network unencrypted, and every other app served on this host name (any port) receives the dashboard's session cookie"
    : " cross the network unencrypted";
  return `serving plain HTTP beyond this host (${o.host}): API keys and signed bodies${dashboard}; set server.tls, or listen on 127.0.0.1 behind a TLS proxy and set dashboard.public_url to its https address (docs/deployment.md)`;
}
