// Where a webhook may point (spec: Webhooks, Delivery 7): HTTPS only, and never at a
// private, loopback, link-local or cloud-metadata address, checked on the literal
// host, on well-known internal names, and on every address the name resolves to.
import type { Env } from "../../env";

const DEFAULT_RESOLVER = "https://cloudflare-dns.com/dns-query";

function ipv4Private(ip: string): boolean {
  const p = ip.split(".").map(Number);
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return false;
  const [a, b] = p;
  return (
    a === 0 || // "this" network
    a === 10 || // RFC 1918
    a === 127 || // loopback
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT, RFC 6598
    (a === 169 && b === 254) || // link-local, incl. 169.254.169.254 cloud metadata
    (a === 172 && b >= 16 && b <= 31) || // RFC 1918
    (a === 192 && b === 168) || // RFC 1918
    (a === 192 && b === 0 && p[2] === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

function ipv6Private(ip: string): boolean {
  const h = ip.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "::" || h === "::1") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) return ipv4Private(mapped[1]);
  const first = parseInt(h.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 /* unique local fc00::/7, incl. fd00:ec2::254 metadata */ || (first & 0xffc0) === 0xfe80 /* link-local */ || (first & 0xff00) === 0xff00; /* multicast */
}

const isIpv4 = (h: string) => /^\d+\.\d+\.\d+\.\d+$/.test(h);
const isIpv6 = (h: string) => h.includes(":");

export function isPrivateAddress(ip: string): boolean {
  return isIpv4(ip) ? ipv4Private(ip) : isIpv6(ip) ? ipv6Private(ip) : false;
}

const INTERNAL_NAMES = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /^metadata$/, /\.home\.arpa$/];

export type UrlVerdict = { ok: true } | { ok: false; reason: "not_https" | "invalid_url" | "credentials_in_url" | "private_address" | "unresolvable"; detail?: string };

/** Checks the URL itself, without the network. */
export function checkUrlShape(raw: string): UrlVerdict & { host?: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  if (url.protocol !== "https:") return { ok: false, reason: "not_https" };
  if (url.username || url.password) return { ok: false, reason: "credentials_in_url" };
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isPrivateAddress(host) || INTERNAL_NAMES.some((r) => r.test(host))) return { ok: false, reason: "private_address", detail: host };
  return { ok: true, host };
}

/** Resolves A and AAAA over DNS-over-HTTPS (JSON). null when the resolver cannot answer. */
export async function resolveHost(env: Env, host: string): Promise<string[] | null> {
  if (isIpv4(host) || isIpv6(host)) return [host];
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

/** The whole check: shape, then every resolved address. */
export async function checkWebhookUrl(env: Env, raw: string): Promise<UrlVerdict> {
  const shape = checkUrlShape(raw);
  if (!shape.ok) return shape;
  const addresses = await resolveHost(env, shape.host!);
  if (addresses === null || addresses.length === 0) return { ok: false, reason: "unresolvable", detail: shape.host };
  const bad = addresses.find(isPrivateAddress);
  return bad ? { ok: false, reason: "private_address", detail: bad } : { ok: true };
}
