// The block of addresses one client controls, for limits counted per address. An IPv4 address
// is its own block. An IPv6 host is normally given a whole /64 (SLAAC, privacy addresses, any
// cloud instance), so counting failures per full IPv6 address lets one client rotate through
// 2^64 fresh allowances: IPv6 addresses are counted per /64 instead. Logs keep the full address.

/** `203.0.113.7` → itself; `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`; `::ffff:203.0.113.7` → `203.0.113.7`. */
export function addressBlock(ip: string): string {
  if (!ip.includes(":")) return ip;
  const bare = ip.startsWith("[") ? ip.slice(1, ip.indexOf("]")) : ip.split("%")[0]!;
  const groups = expandIpv6(bare);
  if (!groups) return ip; // not an address (e.g. "unknown"): counted as given
  // An IPv4 client seen through a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const b = dotted.slice(1).map(Number);
    if (b.some((x) => x > 255)) return null;
    text = `${text.slice(0, dotted.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - left.length - right.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  const groups = [...left, ...new Array<number>(fill).fill(0), ...right];
  return groups.some(Number.isNaN) ? null : groups;
}
