// A request sent to the address that was checked, not to whatever the host name resolves to
// next. `fetch(url)` resolves the name again when it connects: a DNS server answering a public
// address to the SSRF check and 127.0.0.1 a moment later (DNS rebinding) would get a webhook
// delivered (or a connector's request sent) to the appliance itself. So the URL's host is replaced by the checked address, the
// Host header keeps the original name (virtual hosts, the receiver's routing), and for HTTPS the
// TLS server name (SNI) and the certificate check use the original name too — Bun's fetch
// verifies the certificate against `tls.serverName` when it is set, so a certificate for the
// name still passes and one for another name still fails.

/**
 * `fetch` of `url` connected to `address` (an IP the caller checked); by name when `address`
 * is undefined (an IP literal URL, or a host the operator allow-listed).
 */
export function pinnedFetch(url: URL, address: string | undefined, init: BunFetchRequestInit, fetchImpl: typeof fetch = fetch): Promise<Response> {
  if (address === undefined) return fetchImpl(url, init);
  const pinned = new URL(url);
  pinned.hostname = address.includes(":") ? `[${address}]` : address;
  const headers = new Headers(init.headers);
  headers.set("host", url.host);
  const tls = url.protocol === "https:" ? { ...init.tls, serverName: url.hostname } : init.tls;
  return fetchImpl(pinned, { ...init, headers, tls });
}
