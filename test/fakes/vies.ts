// A local stand-in for the EU VAT registry's REST interface, run by miniflare as the
// Worker's outbound service (Node side). Its answer depends on the number only:
//   ...503...   -> HTTP 503 (outage)
//   111111111   -> answers after 2 s (longer than the test timeout of VIES_TIMEOUT_MS)
//   starting 9  -> isValid false
//   otherwise   -> isValid true
// GET https://vies.test/__calls counts the registry calls made so far.
let calls = 0;

export async function fakeVies(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/__calls") return Response.json({ calls });
  const m = /^\/ms\/([A-Z]{2})\/vat\/([0-9A-Z+*]+)$/.exec(url.pathname);
  if (!m) return new Response("not found", { status: 404 });
  calls++;
  const number = m[2];
  if (number.includes("503")) return new Response("Service Unavailable", { status: 503 });
  if (number === "111111111") await new Promise((r) => setTimeout(r, 2000));
  return Response.json({ countryCode: m[1], vatNumber: number, isValid: !number.startsWith("9") });
}
