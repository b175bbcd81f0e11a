// Which Origin a dashboard form may come from. The site's own origin cannot be taken from the Host
// header alone: a page on a name an attacker controls, re-resolved to Assay's address (DNS
// rebinding), posts with a Host and an Origin that both name the attacker's site, and they agree.
// What no DNS answer can stand for is trusted as the request's own address: an IP address (a
// browser connects to it as written), `localhost` (browsers resolve it to loopback themselves) and
// server.host, which the operator chose. Any other name is the operator's to declare, as
// dashboard.public_url.
import { isIP } from "../domain/ip.ts";

export type OriginVerdict = "trusted" | "other-site" | "unconfigured-name";

export interface TrustedOrigins {
  /** dashboard.public_url's origin, when it is set. */
  publicOrigin?: string;
  /** server.host as configured (an address to listen on, or a name). */
  serverHost: string;
}

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]", "*"]);

/** Judges a POST's Origin header (absent: nothing to judge) against the address it came in on. */
export function judgeOrigin(origin: string | null, url: URL, trusted: TrustedOrigins): OriginVerdict {
  if (!origin) return "trusted";
  if (origin === trusted.publicOrigin) return "trusted";
  if (origin !== url.origin) return "other-site";
  return hostNeedsNoDns(url.hostname, trusted.serverHost) ? "trusted" : "unconfigured-name";
}

function hostNeedsNoDns(hostname: string, serverHost: string): boolean {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  if (isIP(bare) !== 0) return true;
  const name = bare.toLowerCase().replace(/\.$/, "");
  if (name === "localhost") return true;
  const configured = serverHost.toLowerCase().replace(/\.$/, "");
  return !WILDCARDS.has(configured) && name === configured;
}
