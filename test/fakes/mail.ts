// A local stand-in for the HTTP mail API, run by miniflare as the Worker's outbound
// service. It keeps what it accepted; a recipient whose address starts with "fail"
// gets HTTP 500, as from a provider outage.
//   GET https://mail.test/__messages -> the messages accepted so far
const messages: unknown[] = [];

export async function fakeMail(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/__messages") return Response.json(messages);
  if (request.method !== "POST" || url.pathname !== "/send") return new Response("not found", { status: 404 });
  const body = (await request.json()) as { to: { email: string }[] };
  if (body.to.some((t) => t.email.startsWith("fail"))) return new Response("provider outage", { status: 500 });
  messages.push({ ...body, authorization: request.headers.get("Authorization") });
  return Response.json({ id: `msg-${messages.length}` }, { status: 202 });
}
