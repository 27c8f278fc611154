// WEBHOOK_EGRESS in the tests: the same public-only network npm start binds
// (scripts/webhook-egress.mjs, bound here as PUBLIC_NETWORK), in front of the fakes.
// - A name with a connection answer of its own (test/fakes/rebind.ts) is connected the
//   way the runtime would: for "loopback", through PUBLIC_NETWORK to localhost, which the
//   system resolver answers with 127.0.0.1, at the port of the real local target. The
//   refusal, if any, is workerd's own, at connect time.
// - Any other name goes to the fakes by name (test/fakes/outbound.ts), as the global
//   fetch of the Worker under test does.
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const res = await fetch(`https://rebind.test/__connect?name=${encodeURIComponent(url.hostname)}`);
    const { answer } = await res.json();
    if (!answer) return fetch(request);
    if (answer.fail) throw new TypeError(answer.fail);
    return env.PUBLIC_NETWORK.fetch(`http://localhost:${answer.port}${url.pathname}${url.search}`, request);
  },
};
