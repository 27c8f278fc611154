// Where a webhook may point (spec: Webhooks; Delivery 7): HTTPS on port 443 only, and
// only at globally routable unicast addresses. The same judgement applies to a literal
// host and to every A/AAAA record of a name, at create, at PATCH and at dispatch.
import ipaddr from "ipaddr.js";
import type { Env } from "../../env";

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const DEFAULT_RESOLVER = "https://cloudflare-dns.com/dns-query";

const prefix = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);
/** RFC 4291 2.4 and the IANA IPv6 address space: global unicast is allocated from 2000::/3 only. */
const GLOBAL_UNICAST = prefix("2000::/3");
/** RFC 4291 2.5.5.2 */
const IPV4_MAPPED = prefix("::ffff:0:0/96");
/** RFC 6145 2.1 (SIIT "IPv4-translated") */
const IPV4_TRANSLATED = prefix("::ffff:0:0:0/96");
/** RFC 4291 2.5.5.1 (deprecated, still parsed and routed by some stacks); includes :: and ::1 */
const IPV4_COMPATIBLE = prefix("::/96");
/** RFC 6052 2.1: the NAT64 well-known prefix is always used as a /96 */
const NAT64_WELL_KNOWN = prefix("64:ff9b::/96");
/** RFC 3056 2: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD */
const SIX_TO_FOUR = prefix("2002::/16");
/** RFC 4380 4: server IPv4 in bits 32-63, client IPv4 bit-inverted in bits 96-127 */
const TEREDO = prefix("2001::/32");

const ipv4 = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 transition form carries, or null when it carries none.
 * The NAT64 local-use prefix 64:ff9b:1::/48 (RFC 8215) is deliberately absent: where
 * its IPv4 sits depends on the operator's prefix length (RFC 6052 2.2), so it cannot
 * be read reliably; it falls through to the range check, which refuses it whole.
 */
export function embeddedIpv4(addr: IPv6): IPv4[] | null {
  const p = addr.parts;
  if (
    addr.match(IPV4_MAPPED) ||
    addr.match(IPV4_TRANSLATED) ||
    addr.match(IPV4_COMPATIBLE) ||
    addr.match(NAT64_WELL_KNOWN)
  )
    return [ipv4(p[6], p[7])];
  if (addr.match(SIX_TO_FOUR)) return [ipv4(p[1], p[2])];
  if (addr.match(TEREDO)) return [ipv4(p[2], p[3]), ipv4(p[6] ^ 0xffff, p[7] ^ 0xffff)];
  return null;
}

function parseIpv6(text: string): IPv6 | null {
  // A zone (RFC 6874) only means something on a local link.
  if (text.includes("%")) return null;
  // A dotted tail must be plain decimal, as inet_pton reads it (RFC 4291 2.2 form 3).
  const tail = text.slice(text.lastIndexOf(":") + 1);
  if (tail.includes(".") && !ipaddr.IPv4.isValidFourPartDecimal(tail)) return null;
  return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : null;
}

/**
 * The one IP address a host string names, or null when it is not exactly that.
 * Brackets enclose IPv6 only (RFC 3986 3.2.2). IPv4 must be dotted decimal: the WHATWG
 * URL parser has already turned decimal, octal and hex spellings into it, and any other
 * spelling is ambiguous.
 */
export function parseAddress(text: string): IPv4 | IPv6 | null {
  if (text.startsWith("[") && text.endsWith("]")) return parseIpv6(text.slice(1, -1));
  if (text.includes(":")) return parseIpv6(text);
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null;
}

/** ipaddr's range() names every special-purpose block (RFC 6890); only the rest is "unicast". */
function isPublicIpv4(addr: IPv4): boolean {
  return addr.range() === "unicast";
}

function isPublicIp(addr: IPv4 | IPv6): boolean {
  if (addr instanceof ipaddr.IPv4) return isPublicIpv4(addr);
  const carried = embeddedIpv4(addr);
  if (carried) return carried.every(isPublicIpv4);
  return addr.match(GLOBAL_UNICAST) && addr.range() === "unicast";
}

/** True only for a string that parses as one globally routable unicast address. */
export function isPublicAddress(text: string): boolean {
  const addr = parseAddress(text);
  return addr !== null && isPublicIp(addr);
}

// Names that resolve locally whatever public DNS says (RFC 6761 6.3, RFC 6762, RFC 8375).
const INTERNAL_NAMES = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /\.home\.arpa$/];

/** A single-label name is completed from the platform's search domains, not public DNS. */
const isInternalName = (name: string) => !name.includes(".") || INTERNAL_NAMES.some((r) => r.test(name));

export type UrlRefusal =
  | "invalid_url"
  | "not_https"
  | "credentials_in_url"
  | "port_not_allowed"
  | "private_address"
  | "unresolvable";
export type UrlVerdict = { ok: true } | { ok: false; reason: UrlRefusal; detail?: string };
type ShapeVerdict = { ok: true; host: string; literal: boolean } | { ok: false; reason: UrlRefusal; detail?: string };

/** The host as the URL parser normalised it, without brackets or a root-label dot. */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** Checks the URL itself, without the network. */
export function checkUrlShape(raw: string): ShapeVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  if (url.protocol !== "https:") return { ok: false, reason: "not_https" };
  if (url.username || url.password) return { ok: false, reason: "credentials_in_url" };
  // The parser drops the scheme's default port, so "" means 443 (WHATWG URL, port state).
  if (url.port !== "") return { ok: false, reason: "port_not_allowed" };
  const host = hostOf(url);
  const literal = url.hostname.startsWith("[") || parseAddress(host) !== null;
  if (literal ? !isPublicAddress(host) : isInternalName(host))
    return { ok: false, reason: "private_address", detail: host };
  return { ok: true, host, literal };
}

/** Resolves A and AAAA over DNS-over-HTTPS (JSON). null when the resolver cannot answer. */
export async function resolveHost(env: Env, host: string): Promise<string[] | null> {
  const base = env.DNS_RESOLVER_URL ?? DEFAULT_RESOLVER;
  const addresses: string[] = [];
  for (const type of ["A", "AAAA"]) {
    try {
      const res = await fetch(`${base}?name=${encodeURIComponent(host)}&type=${type}`, {
        headers: { Accept: "application/dns-json" },
        signal: AbortSignal.timeout(3000),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { Answer?: { type: number; data: string }[] };
      for (const a of body.Answer ?? []) if (a.type === 1 || a.type === 28) addresses.push(a.data);
    } catch {
      return null;
    }
  }
  return addresses;
}

/**
 * Development only (docs/clients.md, "Webhooks on your machine"): both settings must say
 * so. WEBHOOK_ALLOW_LOCAL_HTTP=true is the developer's choice (.dev.vars);
 * ENVIRONMENT=development is passed only by scripts/start.mjs to wrangler dev on the
 * command line, is in no wrangler.toml section and no .dev.vars written by the project,
 * so a deployed Worker lacks it. (What a deployed Worker's fetch does with 127.0.0.1 is
 * not stated in Cloudflare's documentation, so nothing relies on it: docs/clients.md.)
 */
export function localReceiverAllowed(env: Pick<Env, "WEBHOOK_ALLOW_LOCAL_HTTP" | "ENVIRONMENT">): boolean {
  return env.WEBHOOK_ALLOW_LOCAL_HTTP === "true" && env.ENVIRONMENT === "development";
}

/** http://127.0.0.1:PORT/... exactly: IPv4 loopback, an explicit port, no credentials. No other private range. */
export function isLocalDevReceiver(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === "http:" && url.hostname === "127.0.0.1" && url.port !== "" && !url.username && !url.password;
}

/** The whole check: shape, then every resolved address (one bad record refuses the name). */
export async function checkWebhookUrl(env: Env, raw: string): Promise<UrlVerdict> {
  if (localReceiverAllowed(env) && isLocalDevReceiver(raw)) return { ok: true };
  const shape = checkUrlShape(raw);
  if (!shape.ok) return shape;
  if (shape.literal) return { ok: true };
  const addresses = await resolveHost(env, shape.host);
  if (addresses === null || addresses.length === 0) return { ok: false, reason: "unresolvable", detail: shape.host };
  const bad = addresses.find((a) => !isPublicAddress(a));
  return bad === undefined ? { ok: true } : { ok: false, reason: "private_address", detail: bad };
}
