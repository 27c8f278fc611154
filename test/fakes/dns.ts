// A DNS-over-HTTPS (JSON) resolver stand-in at https://dns.test/dns-query.
// Tests may change an answer: POST https://dns.test/__set?name=N&ip=A
const records = new Map<string, string[]>([
  ["hooks.test", ["203.0.113.10"]],
  ["private.example", ["10.1.2.3"]],
  ["metadata.example", ["169.254.169.254"]],
  ["v6private.example", ["fd00::1"]],
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
    { Status: records.has(name) ? 0 : 3, Answer: answers.map((data) => ({ name, type: type === "AAAA" ? 28 : 1, TTL: 60, data })) },
    { headers: { "Content-Type": "application/dns-json" } },
  );
}
