// A local stand-in for the Riksbank's SWEA API (Observations of SEK<CUR>PMI), run by
// miniflare as the Worker's outbound service. Fixed rates, one per banking day:
//   EUR 11.2345, USD 10.5, and nothing on Saturdays or Sundays (the client then takes
//   the latest earlier fixing); any other currency -> 404, as for an unknown series.
//   A range ending on 2029-12-31 -> 503: the service is down on that closing day, for
//   any currency (the year-end's closing rates, test/integration/fiscal-year-end-guards.test.ts).
const OUTAGE_DAY = "2029-12-31";
const RATES: Record<string, number> = { EUR: 11.2345, USD: 10.5 };

export async function fakeFxRates(request: Request): Promise<Response> {
  const m = /\/Observations\/SEK([A-Z]{3})PMI\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(
    new URL(request.url).pathname,
  );
  if (m && m[3] === OUTAGE_DAY) return new Response("Service Unavailable", { status: 503 });
  if (!m || !(m[1] in RATES)) return new Response("not found", { status: 404 });
  const rows = [];
  for (let d = new Date(`${m[2]}T00:00:00Z`); d <= new Date(`${m[3]}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) rows.push({ date: d.toISOString().slice(0, 10), value: RATES[m[1]] });
  }
  return Response.json(rows);
}
