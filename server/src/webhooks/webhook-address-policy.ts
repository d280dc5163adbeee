import ipaddr from "ipaddr.js";

/**
 * Which addresses a webhook may go to: only globally routable ones.
 *
 * An allow rule, not a deny list. An IPv4 address passes only when ipaddr.js classifies
 * it as plain `unicast` (none of loopback, private, link-local, CGNAT, benchmarking,
 * documentation, reserved, broadcast, multicast, unspecified...); an IPv6 address only
 * when it is `unicast` and inside 2000::/3, the global unicast block (so unique-local,
 * site-local, discard-only, IPv4-compatible and every block IANA has not assigned stay
 * out). IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo) are judged by
 * the IPv4 address inside. A deny list has to name every special range and every
 * spelling of it, and the one forgotten is the hole (the regexes this replaces missed
 * `::ffff:7f00:1`); with an allow rule a range nobody thought of is refused.
 *
 * Each function answers null for an acceptable address, else a sentence saying why not.
 */

type Range = string;

/** ipaddr.js range names as words, for the refusal messages. */
const RANGE_WORDS: Record<Range, string> = {
  unspecified: "unspecified (this host)",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "shared CGNAT space (100.64.0.0/10)",
  private: "private",
  reserved: "reserved",
  as112: "AS112 (DNS sink)",
  amt: "AMT relay anycast",
  uniqueLocal: "unique-local (fc00::/7)",
  deprecatedSiteLocal: "site-local (fec0::/10)",
  discard: "discard-only (100::/64)",
  rfc6145: "IPv4-translated (::ffff:0:0:0/96)",
  benchmarking: "benchmarking",
  deprecatedOrchid: "ORCHID",
  orchid2: "ORCHIDv2",
  droneRemoteIdProtocolEntityTags: "drone remote ID",
  segmentRouting: "segment routing (5f00::/16)",
  as112v6: "AS112 (DNS sink)",
};

/** Finer names for the blocks ipaddr.js files under `reserved`. */
const RESERVED_DETAIL: Array<[string, string]> = [
  ["198.18.0.0/15", "benchmarking (198.18.0.0/15)"],
  ["192.0.2.0/24", "documentation (TEST-NET-1)"],
  ["198.51.100.0/24", "documentation (TEST-NET-2)"],
  ["203.0.113.0/24", "documentation (TEST-NET-3)"],
  ["240.0.0.0/4", "reserved (240.0.0.0/4)"],
  ["192.0.0.0/24", "IETF protocol assignments (192.0.0.0/24)"],
  ["192.88.99.0/24", "6to4 relay anycast (192.88.99.0/24)"],
  ["2001:db8::/32", "documentation (2001:db8::/32)"],
  ["3fff::/20", "documentation (3fff::/20)"],
  ["2001::/23", "IETF protocol assignments (2001::/23)"],
];

function describeRange(address: ipaddr.IPv4 | ipaddr.IPv6, range: Range): string {
  if (range === "reserved") {
    for (const [cidr, words] of RESERVED_DETAIL) {
      const [network, bits] = ipaddr.parseCIDR(cidr);
      if (network.kind() === address.kind() && address.match(network, bits)) return words;
    }
  }
  return RANGE_WORDS[range] ?? range;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

function v4FromBytes(bytes: number[], at: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(at.map((index) => bytes[index]));
}

/** The words for a non-public IPv4 address's range; null when it is public. */
function ipv4RangeWords(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === "unicast" ? null : describeRange(address, range);
}

/** The IPv4 addresses an IPv6 address carries, each with how it carries it. */
function embeddedIpv4(address: ipaddr.IPv6, range: Range): Array<{ how: string; ipv4: ipaddr.IPv4 }> | null {
  const bytes = address.toByteArray();
  switch (range) {
    case "ipv4Mapped":
      return [{ how: "an IPv4-mapped address of", ipv4: address.toIPv4Address() }];
    case "rfc6052":
      if (address.match(NAT64_WELL_KNOWN))
        return [{ how: "a NAT64 address of", ipv4: v4FromBytes(bytes, [12, 13, 14, 15]) }];
      // 64:ff9b:1::/48 is for local use, under a prefix of /48 to /96 that only the local
      // network knows: the IPv4 inside can sit at any of these places (RFC 6052 §2.2,
      // byte 8 is skipped), so every reading has to be public.
      return [
        [12, 13, 14, 15],
        [9, 10, 11, 12],
        [7, 9, 10, 11],
        [6, 7, 9, 10],
      ].map((at) => ({ how: "a local-use NAT64 address of", ipv4: v4FromBytes(bytes, at) }));
    case "6to4":
      return [{ how: "a 6to4 address of", ipv4: v4FromBytes(bytes, [2, 3, 4, 5]) }];
    case "teredo": {
      // 2001:0:<server IPv4>:<flags>:<port>:<client IPv4>, the client's bits inverted.
      const client = new ipaddr.IPv4([12, 13, 14, 15].map((index) => bytes[index] ^ 0xff));
      return [
        { how: "a Teredo address with server", ipv4: v4FromBytes(bytes, [4, 5, 6, 7]) },
        { how: "a Teredo address with client", ipv4: client },
      ];
    }
    default:
      return null;
  }
}

function ipv6Reason(address: ipaddr.IPv6): string | null {
  const text = address.toString();
  const range = address.range();
  const embedded = embeddedIpv4(address, range);
  if (embedded) {
    for (const { how, ipv4 } of embedded) {
      const words = ipv4RangeWords(ipv4);
      if (words) return `${text} is ${how} ${ipv4.toString()}, which is ${words}`;
    }
    return null;
  }
  if (range !== "unicast") return `${text} is ${describeRange(address, range)}`;
  const parts = address.parts;
  if (parts.slice(0, 6).every((part) => part === 0)) {
    const ipv4 = v4FromBytes(address.toByteArray(), [12, 13, 14, 15]).toString();
    return `${text} is an IPv4-compatible address of ${ipv4} (deprecated, not routable)`;
  }
  if (!address.match(GLOBAL_UNICAST_V6)) return `${text} is outside the global unicast block 2000::/3`;
  return null;
}

/** Why an IP address (any spelling ipaddr.js parses, zone id included) is not public; null when it is. */
export function nonPublicAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return `${address} is not an IP address`;
  }
  if (parsed.kind() === "ipv6") return ipv6Reason(parsed as ipaddr.IPv6);
  const words = ipv4RangeWords(parsed as ipaddr.IPv4);
  return words ? `${parsed.toString()} is ${words}` : null;
}

/**
 * Why a URL's host is refused before any DNS: an IP literal that is not public, or a
 * localhost name. Null for other names, which are checked on each address they resolve
 * to. WHATWG URL has already turned decimal, octal, hex and short IPv4 spellings into
 * dotted quads; ipaddr.js reads them too, for hosts that did not come through it.
 */
export function nonPublicHostReason(hostname: string): string | null {
  const host = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  // A trailing dot names the same host (the root of DNS).
  const name = host.replace(/\.+$/, "");
  if (ipaddr.isValid(name)) return nonPublicAddressReason(name);
  if (name === "localhost" || name.endsWith(".localhost")) return `${hostname} is a local name (localhost)`;
  if (name === "") return `${hostname} is not a host name`;
  return null;
}
