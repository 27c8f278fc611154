// A DNS-over-HTTPS (JSON) resolver stand-in at https://dns.test/dns-query.
// Tests may change an answer: POST https://dns.test/__set?name=N&ip=A
// Webhook hosts must resolve to globally routable unicast addresses (documentation
// ranges such as 203.0.113.0/24 are refused), so the receiver's name answers with a
// public address; nothing is ever sent to it: outbound fetches land in the fakes by name.
const records = new Map<string, string[]>([
  ["hooks.test", ["93.184.215.14"]],
  ["ap.test", ["93.184.215.15"]],
  ["private.example", ["10.1.2.3"]],
  ["metadata.example", ["169.254.169.254"]],
  ["v6private.example", ["fd00::1"]],
  // AAAA answers that carry a non-public IPv4 address in an IPv6 transition form
  ["mapped.example", ["::ffff:7f00:1"]], // IPv4-mapped 127.0.0.1
  ["compat.example", ["::a00:1"]], // IPv4-compatible 10.0.0.1
  ["nat64.example", ["64:ff9b::a9fe:a9fe"]], // NAT64 169.254.169.254
  ["sixtofour.example", ["2002:c0a8:101::1"]], // 6to4 192.168.1.1
  ["teredo.example", ["2001:0:4136:e378:8000:63bf:80ff:fffe"]], // Teredo client 127.0.0.1
  ["dualstack.example", ["93.184.215.14", "::ffff:a00:1"]], // public A, mapped 10.0.0.1 AAAA
  ["v6public.example", ["2606:4700::1111"]],
]);

export async function fakeDns(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/__set") {
    records.set(url.searchParams.get("name")!, [url.searchParams.get("ip")!]);
    return Response.json({ ok: true });
  }
  const name = (url.searchParams.get("name") ?? "").toLowerCase();
  const type = url.searchParams.get("type");
  const answers = (records.get(name) ?? []).filter((ip) => (type === "AAAA" ? ip.includes(":") : !ip.includes(":")));
  return Response.json(
    {
      Status: records.has(name) ? 0 : 3,
      Answer: answers.map((data) => ({ name, type: type === "AAAA" ? 28 : 1, TTL: 60, data })),
    },
    { headers: { "Content-Type": "application/dns-json" } },
  );
}
