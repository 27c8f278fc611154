// A Peppol access point stand-in at https://ap.test/<path> (docs/peppol.md, "Sending through an
// access point"); the path picks the answer. GET https://ap.test/__received?path=/ok lists what
// arrived there (headers and body).
//   /ok/...     200 with {"message_id": "ap-<n>"}
//   /header/... 202 with an X-Peppol-Message-Id header and no body
//   /flaky/...  500 the first time a path is posted to, then 200 with a message id
//   /bad/...    400 with a text saying why
//   /busy/...   429
//   anything else 500
interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
const received: Received[] = [];

export async function fakeAccessPoint(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/__received")
    return Response.json(received.filter((r) => r.path === url.searchParams.get("path")));
  const before = received.filter((r) => r.path === url.pathname).length;
  received.push({ path: url.pathname, headers: Object.fromEntries(request.headers), body: await request.text() });
  const messageId = `ap-${received.length}`;
  switch (`/${url.pathname.split("/")[1]}`) {
    case "/ok":
      return Response.json({ message_id: messageId });
    case "/header":
      return new Response(null, { status: 202, headers: { "X-Peppol-Message-Id": messageId } });
    case "/flaky":
      return before === 0 ? new Response("try later", { status: 500 }) : Response.json({ message_id: messageId });
    case "/bad":
      return new Response("receiver 0007:2120000142 is not registered", {
        status: 400,
        headers: { "Content-Type": "text/plain" },
      });
    case "/busy":
      return new Response("slow down", { status: 429 });
    default:
      return new Response("error", { status: 500 });
  }
}
