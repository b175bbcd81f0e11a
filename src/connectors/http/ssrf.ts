// Where an HTTP connector may connect. Internal REST services on private networks are the point
// of the connector, so private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed; what is
// refused is what an attacker who can edit a URL would aim at: loopback (the appliance itself),
// link-local (169.254/16, fe80::/10: cloud metadata lives there), known metadata addresses and
// names, and unspecified addresses. `allow_hosts` lets an operator allow one explicitly (e.g. a
// sidecar on 127.0.0.1). The check runs on every request and every redirect hop, on the
// resolved addresses, not only on the name.
// node:dns and node:net are loaded on first use, not at start-up (a bundle hoists imports).
import { isIP } from "../../domain/ip.ts";
import { connectorUnavailable } from "../errors.ts";

const dns = () => process.getBuiltinModule("node:dns/promises") as typeof import("node:dns/promises");

const BLOCKED_NAMES = new Set(["localhost", "metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"]);
const METADATA_V4 = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "168.63.129.16", "192.0.0.192"]);

/** Why an address must not be contacted, or undefined when it may be. */
export function blockedReason(address: string): string | undefined {
  const v4 = ipv4Of(address);
  if (v4) {
    const [a, b] = v4;
    if (METADATA_V4.has(v4.join("."))) return "a cloud metadata address";
    if (a === 127) return "a loopback address";
    if (a === 0) return "an unspecified address";
    if (a === 169 && b === 254) return "a link-local address";
    if (a! >= 224) return "a multicast or reserved address";
    return undefined;
  }
  const v6 = address.toLowerCase().replace(/^\[|\]$/g, "").split("%")[0]!;
  if (v6 === "::1" || v6 === "0:0:0:0:0:0:0:1") return "a loopback address";
  if (v6 === "::" || v6 === "0:0:0:0:0:0:0:0") return "an unspecified address";
  if (/^fe[89ab]/.test(v6)) return "a link-local address";
  if (v6 === "fd00:ec2::254") return "a cloud metadata address";
  if (v6.startsWith("ff")) return "a multicast address";
  return undefined;
}

/** The four bytes of an IPv4 address, also when written as IPv4-mapped IPv6 (::ffff:a.b.c.d). */
function ipv4Of(address: string): number[] | undefined {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  const text = mapped ?? (isIP(bare) === 4 ? bare : undefined);
  if (text) return text.split(".").map(Number);
  const hexMapped = /^(?:0*:)*:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    const lo = parseInt(hexMapped[2]!, 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255];
  }
  return undefined;
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await dns().lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Where `url` may be contacted: `refusal` says why not ("… unless listed in allow_hosts"), else
 * `address` is the checked address to connect to — a client that connects by name instead
 * resolves again, and a rebinding DNS server can answer a public address to the check and
 * 127.0.0.1 to the connection. `address` is undefined when there is nothing to pin: the host is
 * an IP literal already, or allow_hosts lists it (the operator trusts that name).
 */
export async function checkedDestination(
  url: URL,
  allowHosts: readonly string[],
  resolve: Resolver = systemResolver,
): Promise<{ refusal: string; address?: undefined } | { refusal?: undefined; address: string | undefined }> {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowHosts.some((h) => h.toLowerCase().replace(/^\[|\]$/g, "") === host)) return { address: undefined };
  const refuse = (why: string) => ({ refusal: `the URL points to ${why}, which is refused unless listed in allow_hosts` });
  if (BLOCKED_NAMES.has(host) || host.endsWith(".localhost")) return refuse("a local or metadata host name");
  const literal = isIP(host) !== 0;
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { refusal: "the host name could not be resolved" };
    }
    if (addresses.length === 0) return { refusal: "the host name could not be resolved" };
  }
  for (const address of addresses) {
    const why = blockedReason(address);
    if (why) return refuse(why);
  }
  return { address: literal ? undefined : addresses[0] };
}

/** Why `url` may not be contacted ("… unless listed in allow_hosts"), or undefined when it may. */
export async function destinationRefusal(url: URL, allowHosts: readonly string[], resolve: Resolver = systemResolver): Promise<string | undefined> {
  return (await checkedDestination(url, allowHosts, resolve)).refusal;
}

/** Throws connector_unavailable when `url` points where this connector may not go. */
export async function checkDestination(connectorId: string, url: URL, allowHosts: readonly string[], resolve: Resolver = systemResolver): Promise<void> {
  await pinnableDestination(connectorId, url, allowHosts, resolve);
}

/**
 * As checkDestination, and returns the checked address to connect to (pinned-fetch.ts), or
 * undefined when the URL is to be fetched as written (an IP literal, an allow-listed host).
 */
export async function pinnableDestination(connectorId: string, url: URL, allowHosts: readonly string[], resolve: Resolver = systemResolver): Promise<string | undefined> {
  const destination = await checkedDestination(url, allowHosts, resolve);
  if (destination.refusal !== undefined) {
    throw connectorUnavailable(connectorId, destination.refusal.replace(/^the URL/, "the source URL").replace(/^the host/, "the source host"));
  }
  return destination.address;
}
