// The Worker: the composition root (src/app) wires the routes, the commands and the
// background work; the Durable Object classes are exported for their bindings.
import { handleQueue, handleScheduled } from "./app/jobs";
import { createApp } from "./app/routes";
import type { Env } from "./env";
import type { Job } from "./queue";

export { CompanyWriter } from "../durable-objects/company-writer";
export { RateLimiter } from "../durable-objects/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, env),
  scheduled: (controller, env) => handleScheduled(controller, env),
} satisfies ExportedHandler<Env, Job>;
