// A webhook receiver stand-in at https://hooks.test/<path>; the path picks the answer.
// GET https://hooks.test/__received?path=/ok lists what arrived there.
interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
const received: Received[] = [];

export async function fakeReceiver(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/__received")
    return Response.json(received.filter((r) => r.path === url.searchParams.get("path")));
  received.push({ path: url.pathname, headers: Object.fromEntries(request.headers), body: await request.text() });
  switch (`/${url.pathname.split("/")[1]}`) {
    case "/ok":
      return Response.json({ received: true });
    case "/text":
      return new Response("å".repeat(3000), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
    case "/html":
      return new Response("<p>ok</p>", { headers: { "Content-Type": "text/html" } });
    case "/gone":
      return new Response("gone", { status: 410 });
    case "/redirect":
      return new Response(null, { status: 302, headers: { Location: "https://elsewhere.example/" } });
    case "/slow":
      await new Promise((r) => setTimeout(r, 2000));
      return new Response("late");
    default:
      return new Response("error", { status: 500 });
  }
}
