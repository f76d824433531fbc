import { BlockList, isIP } from "node:net";

// Addresses an outbound request from the server must never reach unless the operator allows private
// networks: the server's own host, its LAN, the cloud metadata service, and ranges that are not
// routable on the internet at all.
const blocked = new BlockList();

const IPV4_RANGES: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay anycast"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved and broadcast"],
];

const IPV6_RANGES: Array<[string, number, string]> = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["100::", 64, "discard"],
  ["2001:db8::", 32, "documentation"],
  ["fc00::", 7, "unique local (includes AWS metadata fd00:ec2::254)"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

for (const [address, prefix] of IPV4_RANGES) blocked.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of IPV6_RANGES) blocked.addSubnet(address, prefix, "ipv6");

/** Why an IP address is not a public internet address, or null when it is one. */
export function blockedAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return rangeReason(address, "ipv4", IPV4_RANGES);
  if (family !== 6) return "not an IP address";
  const embedded = embeddedIpv4(address);
  // An IPv6 address that carries an IPv4 one (mapped, compatible, NAT64) reaches that IPv4 host.
  if (embedded) return blockedAddressReason(embedded);
  return rangeReason(address, "ipv6", IPV6_RANGES);
}

function rangeReason(address: string, type: "ipv4" | "ipv6", ranges: Array<[string, number, string]>): string | null {
  if (!blocked.check(address, type)) return null;
  for (const [start, prefix, label] of ranges) {
    const one = new BlockList();
    one.addSubnet(start, prefix, type);
    if (one.check(address, type)) return label;
  }
  return "reserved";
}

/** The IPv4 address inside ::ffff:a.b.c.d, ::a.b.c.d or 64:ff9b::a.b.c.d (in any notation), if any. */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const head = groups.slice(0, 6);
  const isMapped = head.slice(0, 5).every((group) => group === 0) && head[5] === 0xffff;
  const isCompatible = head.every((group) => group === 0) && (groups[6] !== 0 || groups[7] > 1);
  const isNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (!isMapped && !isCompatible && !isNat64) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.split("%")[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = dotted[1].split(".").map(Number);
    text =
      text.slice(0, -dotted[1].length) +
      `${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const [left, right] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const leftGroups = parse(left);
  const rightGroups = right === undefined ? [] : parse(right);
  const zeros = right === undefined ? [] : new Array<number>(8 - leftGroups.length - rightGroups.length).fill(0);
  return [...leftGroups, ...zeros, ...rightGroups];
}
