// The Worker's isolate under `wrangler dev --inspector-port`, through the DevTools
// protocol: its heap, measured while something runs. wrangler's inspector proxy accepts
// only the DevTools front end's Origin; it answers a client of the `ws` package (a
// development dependency for this), but not some commands (HeapProfiler's) of Node's
// own WebSocket.
import WebSocket from "ws";

/**
 * Connects to the isolate's inspector on `port`; `send` resolves with a command's
 * result. Some commands (a collection) run only when the isolate next has work, so
 * requests to `wakeUrl` (the health route) go with each until it is answered.
 */
export async function connectIsolate(port, wakeUrl) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { origin: "https://devtools.devprod.cloudflare.dev" });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", (err) => reject(new Error(`inspector: ${err.message}`)));
  });
  let nextId = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m.result ?? {});
      pending.delete(m.id);
    }
  });
  return {
    send: async (method, params = {}) => {
      const answer = new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      });
      let answered = false;
      answer.then(() => (answered = true));
      while (!answered) {
        await (await fetch(wakeUrl)).arrayBuffer();
        await Promise.race([answer, new Promise((r) => setTimeout(r, 20))]);
      }
      return answer;
    },
    close: () => ws.close(),
  };
}

/**
 * The isolate's live memory, after a full collection: the V8 heap in use and the
 * backing stores of its ArrayBuffers (the bytes of files and streams), which a
 * Worker's 128 MB limit both counts. Collected first, so garbage V8 has not yet
 * reclaimed is not counted.
 */
async function liveMemory(isolate) {
  await isolate.send("HeapProfiler.collectGarbage");
  const h = await isolate.send("Runtime.getHeapUsage");
  return { heap: h.usedSize, buffers: h.backingStorageSize ?? 0, total: h.usedSize + (h.backingStorageSize ?? 0) };
}

/**
 * Runs `work` while sampling the isolate's live memory as often as a collection allows;
 * returns the work's result, the live memory before it, and the highest sample.
 */
export async function peakLiveMemory(isolate, work) {
  const before = await liveMemory(isolate);
  let peak = before;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const m = await liveMemory(isolate);
      if (m.total > peak.total) peak = m;
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  try {
    return { result: await work(), before, peak };
  } finally {
    running = false;
    await sampling;
  }
}
