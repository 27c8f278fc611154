// DNS rebinding, modelled: what a name answers to the connection, as opposed to what it
// answers to the guard's DNS-over-HTTPS query (dns.ts). A test sets the connection's
// answer; a real HTTP server on 127.0.0.1 (the "local target") records what reaches it.
//   POST https://rebind.test/__set?name=N&to=loopback   the connection's lookup of N answers 127.0.0.1
//   POST https://rebind.test/__set?name=N&fail=TEXT     the connection to N fails with TEXT
//   GET  https://rebind.test/__connect?name=N           what the connection's lookup answers (for egress-worker.js)
//   GET  https://rebind.test/__received?path=P          what reached the local target at path P
// Without a connection answer set, a name is reached as before: the fakes by host name.
import { createServer, type Server } from "node:http";

type ConnectAnswer = { to: "loopback" } | { fail: string };
const answers = new Map<string, ConnectAnswer>();
const received: { path: string; body: string }[] = [];
let target: Promise<number> | null = null;

/** The local target: a real listener on the loopback interface, started once. */
function localTargetPort(): Promise<number> {
  target ??= new Promise((resolve) => {
    const server: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ path: req.url ?? "", body });
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"local":true}');
      });
    });
    server.listen(0, "127.0.0.1", () => {
      server.unref();
      resolve((server.address() as { port: number }).port);
    });
  });
  return target;
}

export async function fakeRebind(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const name = url.searchParams.get("name") ?? "";
  if (url.pathname === "/__set") {
    const fail = url.searchParams.get("fail");
    answers.set(name, fail !== null ? { fail } : { to: "loopback" });
    return Response.json({ ok: true });
  }
  if (url.pathname === "/__connect") {
    const answer = answers.get(name);
    if (!answer) return Response.json({ answer: null });
    if ("fail" in answer) return Response.json({ answer });
    return Response.json({ answer: { to: "loopback", port: await localTargetPort() } });
  }
  if (url.pathname === "/__received")
    return Response.json(received.filter((r) => r.path === url.searchParams.get("path")));
  return new Response("unknown", { status: 404 });
}

/**
 * The connection as miniflare's default outbound network makes it (public and private
 * addresses allowed): a name whose lookup answers 127.0.0.1 reaches the local target.
 * null when the name has no connection answer of its own.
 */
export async function connectUnrestricted(request: Request): Promise<Response | null> {
  const answer = answers.get(new URL(request.url).hostname);
  if (!answer) return null;
  if ("fail" in answer) throw new TypeError(answer.fail);
  const url = new URL(request.url);
  return fetch(`http://127.0.0.1:${await localTargetPort()}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body: request.body ? await request.text() : undefined,
  });
}
